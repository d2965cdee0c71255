// A role's data rules per menu (api-contract.md §4, SysRoleController.loadDatarule / saveDatarule):
// the authorise drawer lists the rules of a menu and which of them the role has; saving writes
// sys_role_permission.data_rule_ids, which row-level permissions read (backend/crud/data-rules.ts).
import { and, asc, eq } from "drizzle-orm";
import { sysPermissionDataRule, sysRolePermission } from "../../../db/schema";
import { endpoint, menuAccess, type Endpoint } from "../../../http/endpoint";
import { ApiError, failure, ok, okMessage } from "../../../http/envelope";
import { formatDateTime } from "../../../http/format";
import { crudContext, databaseExecutor, inTransaction, type Executor } from "../../../crud/context";
import { singleId, splitIds } from "../../../crud/crud-messages";
import { requireRole, ROLE_PAGE } from "./role-crud";
import { requireHeld, requireNotOwn, requireRoleManageable } from "../permission/delegation";

export const DataRuleMessages = {
  noRules: "未找到权限配置信息",
  saveMenuFirst: "请先保存角色菜单权限!",
  unknownRule: "所选数据规则不存在",
  saved: "保存成功!",
  badPermission: "参数不正确",
  tooLong: "所选数据规则过多",
} as const;

/** sys_role_permission.data_rule_ids and sys_depart_permission.data_rule_ids are varchar(1000). */
const MAX_RULE_IDS_LENGTH = 1000;

/** A menu's data rules in their order (a role's or a department's grant picks among them). */
export async function rulesOf(executor: Executor, permissionId: string) {
  return executor.orm
    .select()
    .from(sysPermissionDataRule)
    .where(eq(sysPermissionDataRule.permissionId, permissionId))
    .orderBy(asc(sysPermissionDataRule.createTime), asc(sysPermissionDataRule.id));
}

function grantOf(executor: Executor, roleId: string, permissionId: string) {
  return executor.orm
    .select({ id: sysRolePermission.id, dataRuleIds: sysRolePermission.dataRuleIds })
    .from(sysRolePermission)
    .where(and(eq(sysRolePermission.roleId, roleId), eq(sysRolePermission.permissionId, permissionId)))
    .limit(1);
}

/** A data-rule read's answer (role or department): the menu's rules, and drChecked, the ids the grant holds, only when it holds some. */
export function dataRuleAnswer(rules: Awaited<ReturnType<typeof rulesOf>>, grantedIds: string | null | undefined): Record<string, unknown> {
  const answer: Record<string, unknown> = {
    datarule: rules.map((rule) => ({ ...rule, createTime: formatDateTime(rule.createTime), updateTime: formatDateTime(rule.updateTime) })),
  };
  const checked = splitIds(grantedIds ?? "");
  if (checked.length > 0) answer.drChecked = checked.join(",");
  return answer;
}

/** The rule ids a data-rule save posts ("id,id"), and their stored text, refused when too long for the column. */
export function postedRuleIds(posted: unknown): { ruleIds: string[]; stored: string } {
  const ruleIds = splitIds(typeof posted === "string" ? posted : "");
  const stored = ruleIds.join(",");
  if (stored.length > MAX_RULE_IDS_LENGTH) throw new ApiError(DataRuleMessages.tooLong);
  return { ruleIds, stored };
}

/** Refuses rule ids that are not the menu's own rules. */
export async function requireKnownRules(executor: Executor, permissionId: string, ruleIds: string[]): Promise<void> {
  const known = new Set((await rulesOf(executor, permissionId)).map((rule) => rule.id));
  if (ruleIds.some((id) => !known.has(id))) throw new ApiError(DataRuleMessages.unknownRule);
}

export const roleDataRuleEndpoints: Endpoint[] = [
  // → {datarule: [rules], drChecked: "id,id"}; drChecked only when the role has some.
  endpoint("GET", "/sys/role/datarule/:permissionId/:roleId", menuAccess(ROLE_PAGE), async (request) => {
    const context = crudContext(request);
    const executor = databaseExecutor(context.services.db);
    const roleId = await requireRole(executor, context, request.params.roleId);
    const permissionId = singleId(request.params.permissionId);
    if (!permissionId) throw new ApiError(DataRuleMessages.badPermission);
    const rules = await rulesOf(executor, permissionId);
    if (rules.length === 0) return failure(DataRuleMessages.noRules);
    const [grant] = await grantOf(executor, roleId, permissionId);
    return ok(dataRuleAnswer(rules, grant?.dataRuleIds));
  }, { doc: { summary: "查询角色在一个菜单上的数据规则" } }),

  // {permissionId, roleId, dataRuleIds: "id,id"}: the menu must be granted to the role first.
  endpoint("POST", "/sys/role/datarule", "role:authorize", async (request) => {
    const context = crudContext(request);
    const permissionId = singleId(request.body.permissionId);
    if (!permissionId) throw new ApiError(DataRuleMessages.badPermission);
    const { ruleIds, stored } = postedRuleIds(request.body.dataRuleIds);
    await inTransaction(context.services.db, async (tx) => {
      const roleId = await requireRole(tx, context, request.body.roleId);
      // A role's data rules narrow what it sees: loosening one's own is widening it (decision 008).
      await requireRoleManageable(tx, context, roleId);
      await requireNotOwn(tx, context, { roleId });
      await requireHeld(tx, context, [permissionId]);
      await requireKnownRules(tx, permissionId, ruleIds);
      const [grant] = await grantOf(tx, roleId, permissionId);
      if (!grant) throw new ApiError(DataRuleMessages.saveMenuFirst);
      await tx.orm.update(sysRolePermission).set({ dataRuleIds: stored }).where(eq(sysRolePermission.id, grant.id));
    });
    return okMessage(DataRuleMessages.saved);
  }, { doc: { summary: "保存角色在一个菜单上的数据规则" } }),
];
