// 填值规则 (/sys/fillRule, api-contract.md §5 sys_fill_rule): the rule page on the module engine,
// and executeRuleByCode, which any signed-in form calls for a new number (GET as issue #12 names
// it; PUT with the form as body, as the original, answers the same).
import { fillRuleModule } from "#contract/modules/fill-rule";
import { sysFillRule } from "../../../db/schema";
import { endpoint, menuAccess, type Endpoint } from "../../../http/endpoint";
import { ApiError, ok } from "../../../http/envelope";
import { crudContext, databaseExecutor } from "../../../crud/context";
import { createModuleCrud } from "../../../crud/module";
import { DATE_PATTERNS, resetProblem, RESET_CYCLES, type ResetCycle } from "./fill-number";
import { nextNumber, previewNumber } from "./fill-rule-service";
import { platformWrites } from "../permission/permission-service";

export const fillRuleCrud = createModuleCrud(fillRuleModule, {
  table: sysFillRule,
  tenant: null,
  hooks: {
    beforeSave: async (save) => {
      const merged = { ...save.existing, ...save.values } as Record<string, unknown>;
      const datePattern = String(merged.datePattern ?? "");
      const resetCycle = String(merged.resetCycle ?? "never");
      if (merged.ruleClass !== "serial") throw new ApiError("规则类型不支持");
      if (!(DATE_PATTERNS as readonly string[]).includes(datePattern)) throw new ApiError("日期格式不支持");
      if (!(RESET_CYCLES as readonly string[]).includes(resetCycle)) throw new ApiError("重置周期不支持");
      const problem = resetProblem(datePattern, resetCycle as ResetCycle);
      if (problem) throw new ApiError(problem);
      // The original's rule_params, kept in step for clients that read it.
      save.values.ruleParams = JSON.stringify({ prefix: merged.prefix ?? "", datePattern, seqDigits: merged.seqDigits, resetCycle });
    },
  },
});

// The number is the caller's school's (its own sequence: no school learns another's pace).
const execute = endpoint(["GET", "PUT"], "/sys/fillRule/executeRuleByCode/:ruleCode", "user", async (request) =>
  ok(await nextNumber(databaseExecutor(request.services.db), crudContext(request).tenantId, request.params.ruleCode ?? "", request.services.config.schoolTimeZone)), { doc: { summary: "按填值规则编码生成下一个编号" } },
);

// 功能测试 of the rule page (both JeecgBoot clients, GET ?ruleCode=): the caller's school's next number,
// not taken (docs/decisions/151).
const test = endpoint("GET", "/sys/fillRule/testFillRule", menuAccess(fillRuleModule.page), async (request) =>
  ok(await previewNumber(databaseExecutor(request.services.db), crudContext(request).tenantId, String(request.query.ruleCode ?? ""), request.services.config.schoolTimeZone)), { doc: { summary: "测试填值规则（不占用编号）" } },
);

// The rules are the platform's (docs/decisions/144): only a platform administrator changes one;
// taking a number (execute) is every signed-in form's.
export const fillRuleEndpoints: Endpoint[] = [...platformWrites(fillRuleCrud.endpoints, "fillRule"), execute, test];
