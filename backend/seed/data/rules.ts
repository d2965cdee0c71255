// Shared configuration rows: check rules (sys_check_rule, contract §7 "Check rules") and a small
// category tree (sys_category, contract §7 "Category"; root pid '0', hierarchical codes).
import type { CategorySeed, CheckRuleSeed } from "../types";

export const checkRules: CheckRuleSeed[] = [
  {
    code: "common",
    name: "通用编码规则",
    description: "首位字母，其余为字母、数字或下划线，3到12位",
    items: [
      { digits: "1", pattern: "[a-zA-Z]", message: "第一位只能是字母" },
      { digits: "*", pattern: "[0-9a-zA-Z_]*", message: "只能填写数字、大小写字母、下划线" },
      { digits: "*", pattern: ".{3,}", message: "最少输入3位数" },
      { digits: "*", pattern: ".{3,12}", message: "最多输入12位数" },
    ],
  },
  {
    code: "work_no",
    name: "工号规则",
    description: "三位大写字母加四位数字，例如 BIS0001",
    items: [
      { digits: "3", pattern: "[A-Z]{3}", message: "前三位必须是大写字母" },
      { digits: "4", pattern: "\\d{4}", message: "后四位必须是数字" },
      { digits: "*", pattern: ".{7}", message: "工号必须是7位" },
    ],
  },
  {
    code: "mobile",
    name: "手机号码",
    description: "中国大陆手机号码",
    items: [{ digits: "*", pattern: "1[3-9]\\d{9}", message: "请输入正确的手机号码" }],
  },
];

export const categories: CategorySeed[] = [
  {
    code: "A01",
    name: "学科",
    children: [
      { code: "A01A01", name: "语文" },
      { code: "A01A02", name: "数学" },
      { code: "A01A03", name: "英语" },
      { code: "A01A04", name: "科学" },
    ],
  },
  {
    code: "A02",
    name: "活动类别",
    children: [
      { code: "A02A01", name: "体育" },
      { code: "A02A02", name: "艺术" },
      { code: "A02A03", name: "社会实践" },
    ],
  },
  {
    // 商品 (issue #14): the commodity categories of the shop.
    code: "A03",
    name: "商品类别",
    children: [
      { code: "A03A01", name: "校服" },
      { code: "A03A02", name: "图书" },
      { code: "A03A03", name: "餐卡" },
      { code: "A03A04", name: "文具用品" },
    ],
  },
];
