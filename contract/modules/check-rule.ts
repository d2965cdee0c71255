// 校验规则 (/isystem/checkRule, api-contract.md §5 sys_check_rule, §7 "Check rules"): rules a form
// value must pass (a field's `checkRule`). rule_json is a list of items run in order: `digits` n
// checks the next n characters, `*` the whole value, against `pattern`; the first failure's
// `message` answers (backend/crud/check-value.ts).
import { defineModule } from "./module";

export const checkRuleModule = defineModule({
  title: "校验规则",
  table: "sys_check_rule",
  api: "/sys/checkRule",
  page: "/isystem/checkRule",
  permissionPrefix: "checkRule",
  fields: {
    ruleName: { label: "规则名称", required: "请输入规则名称!", maxLength: 100, show: { search: true } },
    // Forms name a rule by its code, so it is fixed once saved.
    ruleCode: {
      label: "规则编码",
      required: "请输入规则编码!",
      pattern: { regex: /^[A-Za-z0-9_]+$/, message: "规则编码只允许字母、数字、下划线" },
      maxLength: 100,
      unique: true,
      fixed: true,
      show: { search: true },
    },
    ruleJson: { label: "规则内容", type: "text", maxLength: 1024, show: { list: false } },
    ruleDescription: { label: "规则描述", maxLength: 200 },
    createTime: { label: "创建时间", type: "datetime", readOnly: true, show: { excel: false } },
  },
});

/** One item of rule_json as the rule editor's grid edits it. */
export interface CheckRuleRow {
  /** A count of characters (1-9999) or `*` for the whole value. */
  digits: string;
  /** A regular expression the part must match whole. */
  pattern: string;
  message: string;
}

/** The editor's refusals of an item. */
export const CheckRuleRowMessages = {
  digits: "位数须为1到9999的整数或*",
  pattern: "请输入规则（正则表达式）",
  badPattern: "规则不是有效的正则表达式",
  message: "请输入提示文本",
  none: "请至少添加一条规则",
} as const;

/** The problem of an item, or null. */
export function checkRuleRowProblem(row: CheckRuleRow): string | null {
  if (row.digits !== "*" && !/^[1-9]\d{0,3}$/.test(row.digits)) return CheckRuleRowMessages.digits;
  if (row.pattern.trim() === "") return CheckRuleRowMessages.pattern;
  try {
    new RegExp(`^(?:${row.pattern})$`, "u");
  } catch {
    return CheckRuleRowMessages.badPattern;
  }
  if (row.message.trim() === "") return CheckRuleRowMessages.message;
  return null;
}

/** rule_json → rows (malformed text gives none). */
export function parseCheckRuleRows(json: string | null | undefined): CheckRuleRow[] {
  if (!json) return [];
  try {
    const parsed: unknown = JSON.parse(json);
    if (!Array.isArray(parsed)) return [];
    return parsed.map((item: Record<string, unknown>) => ({
      digits: String(item?.digits ?? ""),
      pattern: String(item?.pattern ?? ""),
      message: String(item?.message ?? ""),
    }));
  } catch {
    return [];
  }
}

export function serializeCheckRuleRows(rows: readonly CheckRuleRow[]): string {
  return JSON.stringify(rows.map(({ digits, pattern, message }) => ({ digits, pattern, message })));
}
