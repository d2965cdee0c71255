// Checking a value against a sys_check_rule (api-contract.md §5 rule_json, §7 "Check rules"), as
// SysCheckRuleServiceImpl.checkValue: the rules run in order; `digits` n checks the next n
// characters (the position moves on), `*` checks the whole value; the first failure answers.
// Patterns are whole-value matches (Java's Pattern.matches).

export interface CheckRuleItem {
  digits: string;
  pattern: string;
  message: string;
}

export interface CheckFailure {
  digits: string;
  pattern: string;
  message: string;
}

/** Values longer than this are refused before any pattern runs (patterns are admin-written). */
export const MAX_CHECKED_LENGTH = 1000;

/** The rule items of rule_json; malformed JSON or items give undefined. */
export function parseRuleJson(json: string | null | undefined): CheckRuleItem[] | undefined {
  if (!json || json.trim() === "") return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    return undefined;
  }
  if (!Array.isArray(parsed)) return undefined;
  const items: CheckRuleItem[] = [];
  for (const item of parsed) {
    if (typeof item !== "object" || item === null) return undefined;
    const { digits, pattern, message } = item as Record<string, unknown>;
    if (typeof pattern !== "string") return undefined;
    const digitText = typeof digits === "number" ? String(digits) : typeof digits === "string" ? digits.trim() : "";
    if (digitText !== "*" && !/^\d{1,4}$/.test(digitText)) return undefined;
    items.push({ digits: digitText, pattern, message: typeof message === "string" ? message : "" });
  }
  return items;
}

/** The first failing item, or null when the value passes (an empty value always passes). */
export function checkValue(items: readonly CheckRuleItem[], value: string): CheckFailure | null {
  if (value.trim() === "") return null;
  const characters = [...value];
  let begin = 0;
  for (const item of items) {
    let part: string;
    if (item.digits === "*") part = value;
    else {
      const count = Number(item.digits);
      const end = Math.min(begin + count, characters.length);
      part = begin > end ? "" : characters.slice(begin, end).join("");
      begin += count;
    }
    let expression: RegExp;
    try {
      expression = new RegExp(`^(?:${item.pattern})$`, "u");
    } catch {
      return { digits: item.digits, pattern: item.pattern, message: item.message || "校验规则配置有误" };
    }
    if (!expression.test(part)) return { digits: item.digits, pattern: item.pattern, message: item.message };
  }
  return null;
}
