// 填值规则 (/isystem/fillRule, api-contract.md §5 sys_fill_rule): code-number rules. The kind
// `serial` makes prefix + date + a sequence of `seqDigits` digits, reset per day / month / year
// or never (backend/modules/system/fill-rule).
import { defineModule } from "./module";

export const fillRuleModule = defineModule({
  title: "填值规则",
  table: "sys_fill_rule",
  api: "/sys/fillRule",
  page: "/isystem/fillRule",
  permissionPrefix: "fillRule",
  fields: {
    ruleName: { label: "规则名称", required: "请输入规则名称!", maxLength: 100, show: { search: true } },
    ruleCode: { label: "规则编码", required: "请输入规则编码!", pattern: "code", maxLength: 100, unique: true, fixed: true, show: { search: true } },
    ruleClass: { label: "规则类型", dict: "fill_rule_kind", required: "请选择规则类型!" },
    prefix: { label: "前缀", pattern: { regex: /^[A-Za-z0-9_-]*$/, message: "前缀只能是字母、数字、下划线和横线" }, maxLength: 20 },
    datePattern: { label: "日期格式", dict: "fill_rule_date" },
    seqDigits: { label: "流水号位数", type: "int", required: "请输入流水号位数!", pattern: { regex: /^([1-9]|1[0-2])$/, message: "流水号位数为1到12" } },
    resetCycle: { label: "重置周期", dict: "fill_rule_reset", required: "请选择重置周期!" },
    ruleParams: { label: "规则参数", readOnly: true, show: { list: false, excel: false, query: false, detail: false } },
    createTime: { label: "创建时间", type: "datetime", readOnly: true, show: { excel: false } },
  },
});
