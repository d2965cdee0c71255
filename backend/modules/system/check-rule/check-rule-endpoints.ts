// Check rules (/sys/checkRule, api-contract.md §7 "Check rules"): the rule page's engine CRUD and
// checkByCode, which every form with a check-rule field calls (a signed-in user suffices).
import { eq } from "drizzle-orm";
import { sysCheckRule } from "../../../db/schema";
import { endpoint, type Endpoint } from "../../../http/endpoint";
import { ApiError, failure, ok } from "../../../http/envelope";
import { createModuleCrud } from "../../../crud/module";
import { checkRuleModule, checkRuleRowProblem, parseCheckRuleRows } from "#contract/modules/check-rule";
import { checkValue, MAX_CHECKED_LENGTH, parseRuleJson } from "../../../crud/check-value";
import { platformWrites } from "../permission/permission-service";

export const checkRuleCrud = createModuleCrud(checkRuleModule, {
  table: sysCheckRule,
  tenant: null,
  hooks: {
    beforeSave: (save) => {
      if (typeof save.values.ruleJson !== "string") return;
      // The editor's checks again, naming the item: a direct post must not store a rule that cannot run.
      for (const [index, item] of parseCheckRuleRows(save.values.ruleJson).entries()) {
        const problem = checkRuleRowProblem(item);
        if (problem) throw new ApiError(`第${index + 1}条规则：${problem}`);
      }
      if (parseRuleJson(save.values.ruleJson) === undefined) throw new ApiError("规则内容格式不正确");
    },
  },
});

/** The value as the client sent it: URL-encoded once more before axios encoded it (contract §7). */
function decodedValue(raw: string): string {
  try {
    return decodeURIComponent(raw.replace(/\+/g, " "));
  } catch {
    return raw;
  }
}

// The rules are the platform's (docs/decisions/144): only a platform administrator changes one.
export const checkRuleEndpoints: Endpoint[] = [
  ...platformWrites(checkRuleCrud.endpoints, "checkRule"),

  endpoint("GET", "/sys/checkRule/checkByCode", "user", async ({ query, services }) => {
    const ruleCode = (query.ruleCode ?? "").trim();
    const [rule] = ruleCode
      ? await services.db.orm.select().from(sysCheckRule).where(eq(sysCheckRule.ruleCode, ruleCode)).limit(1)
      : [];
    if (!rule) return failure("该编码不存在");
    const value = decodedValue(query.value ?? "");
    if ([...value].length > MAX_CHECKED_LENGTH) return failure(`值的长度不能超过${MAX_CHECKED_LENGTH}个字符`);
    const items = parseRuleJson(rule.ruleJson);
    if (!items) return failure("校验规则配置有误");
    const failed = checkValue(items, value);
    if (!failed) return ok(null);
    return { ...failure(failed.message), result: failed };
  }, { doc: { summary: "按规则编码校验一个值" } }),
];
