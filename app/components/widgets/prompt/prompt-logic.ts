// Rules of the prompt dialog (JPrompt, docs/spec/widgets.md §2): one value checked by its rules in
// order, the first failure's message shown; Enter submits. Unit-tested in tests/unit/widget-small.test.ts.

export interface PromptRule {
  required?: boolean;
  /** A regular expression the (non-empty) value must match. */
  pattern?: RegExp;
  /** A check answering an error message, or nothing when the value is fine. */
  validator?: (value: string) => string | undefined | null;
  message?: string;
}

/** The message of the first failing rule, or null. Pattern rules skip empty values (spec §5). */
export function promptProblem(value: string, rules: readonly PromptRule[]): string | null {
  for (const rule of rules) {
    if (rule.required && value.trim() === "") return rule.message ?? "请输入内容";
    if (rule.pattern && value !== "" && !rule.pattern.test(value)) return rule.message ?? "格式不正确";
    if (rule.validator) {
      const problem = rule.validator(value);
      if (problem) return problem;
    }
  }
  return null;
}
