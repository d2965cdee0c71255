// 部门权限 (issue #31 items 3 and 4, docs/decisions/135): the menus and buttons granted to a
// department and its data rules per menu, as both JeecgBoot clients' 部门管理 → 部门权限 tab read and
// save them (SysPermissionController.queryDepartPermission / saveDepartPermission,
// SysDepartPermissionController.datarule). The tab draws the tree of /sys/role/queryTreeList.
// Reading is the department page's; saving is editing the department (`depart:edit`), and like a
// role's grants only what the saver holds may change (docs/decisions/008). A department of another
// tenant behaves as an unknown one.
import { and, asc, eq, inArray } from "drizzle-orm";
import { sysDepartPermission, sysPermission } from "../../../db/schema";
import { newId } from "../../../db/ids";
import { endpoint, menuAccess, type Endpoint } from "../../../http/endpoint";
import { ApiError, failure, ok, okMessage } from "../../../http/envelope";
import { crudContext, databaseExecutor, inTransaction, type CrudContext, type Executor } from "../../../crud/context";
import { notFound, singleId } from "../../../crud/crud-messages";
import { allOf, findRow, presentCondition } from "../../../crud/store";
import { commaIds } from "../user/user-relations";
import { requireHeld } from "../permission/delegation";
import { dataRuleAnswer, DataRuleMessages, postedRuleIds, requireKnownRules, rulesOf } from "../role/role-data-rules";
import { departEntity, departTenantScope } from "./depart-entity";
import { PAGES } from "#contract/pages";

const DEPART_PAGE = PAGES["system/DepartList"];

export const DepartPermissionMessages = {
  saved: "保存成功！",
  unknownPermission: "所选权限不存在",
  saveMenuFirst: "请先保存部门菜单权限!",
} as const;


async function requireDepart(executor: Executor, context: CrudContext, id: unknown): Promise<string> {
  const departId = singleId(id);
  const visible = allOf([departTenantScope.condition(context.tenantId), presentCondition(departEntity)]);
  if (!departId || !(await findRow(executor, departEntity, departId, visible))) throw notFound();
  return departId;
}

export async function departPermissionIds(executor: Executor, departId: string): Promise<string[]> {
  const rows = await executor.orm
    .select({ id: sysDepartPermission.permissionId })
    .from(sysDepartPermission)
    .innerJoin(sysPermission, eq(sysPermission.id, sysDepartPermission.permissionId))
    .where(and(eq(sysDepartPermission.departId, departId), eq(sysPermission.delFlag, 0)))
    .orderBy(asc(sysPermission.sortNo), asc(sysPermission.id));
  return rows.map((row) => row.id);
}

/**
 * Saves what the tab changed, as a role's grants are saved: ids only in `permissionIds` are added,
 * ids only in `lastPermissionIds` removed, so someone else's changes to other ids meanwhile survive.
 */
async function saveDepartPermissions(tx: Executor, context: CrudContext, departId: string, permissionIds: readonly string[], lastPermissionIds: readonly string[]) {
  const now = new Set(permissionIds);
  const before = new Set(lastPermissionIds);
  const added = [...now].filter((id) => !before.has(id));
  const removed = [...before].filter((id) => !now.has(id));
  await requireHeld(tx, context, [...added, ...removed]);
  if (added.length > 0) {
    const known = await tx.orm
      .select({ id: sysPermission.id })
      .from(sysPermission)
      .where(and(inArray(sysPermission.id, added), eq(sysPermission.delFlag, 0)));
    if (known.length !== added.length) throw new ApiError(DepartPermissionMessages.unknownPermission);
    await tx.orm
      .insert(sysDepartPermission)
      .values(added.map((permissionId) => ({ id: newId(), departId, permissionId })))
      .onConflictDoNothing();
  }
  if (removed.length > 0)
    await tx.orm
      .delete(sysDepartPermission)
      .where(and(eq(sysDepartPermission.departId, departId), inArray(sysDepartPermission.permissionId, removed)));
}

function grantOf(executor: Executor, departId: string, permissionId: string) {
  return executor.orm
    .select({ id: sysDepartPermission.id, dataRuleIds: sysDepartPermission.dataRuleIds })
    .from(sysDepartPermission)
    .where(and(eq(sysDepartPermission.departId, departId), eq(sysDepartPermission.permissionId, permissionId)))
    .limit(1);
}

export const departPermissionEndpoints: Endpoint[] = [
  // GET ?departId= → the granted ids (a plain array, which the tab checks in the tree).
  endpoint("GET", "/sys/permission/queryDepartPermission", menuAccess(DEPART_PAGE), async (request) => {
    const context = crudContext(request);
    const executor = databaseExecutor(context.services.db);
    const departId = await requireDepart(executor, context, request.query.departId);
    return ok(await departPermissionIds(executor, departId));
  }, { doc: { summary: "查询部门已授权的菜单" } }),

  // POST {departId, permissionIds: "id,id", lastpermissionIds: "id,id"}.
  endpoint("POST", "/sys/permission/saveDepartPermission", "depart:edit", async (request) => {
    const context = crudContext(request);
    await inTransaction(context.services.db, async (tx) => {
      const departId = await requireDepart(tx, context, request.body.departId);
      await saveDepartPermissions(tx, context, departId, commaIds(request.body.permissionIds), commaIds(request.body.lastpermissionIds));
    });
    return okMessage(DepartPermissionMessages.saved);
  }, { doc: { summary: "保存部门的菜单授权" } }),

  // → {datarule: [rules], drChecked: "id,id"}; drChecked only when the department has some.
  endpoint("GET", "/sys/sysDepartPermission/datarule/:permissionId/:departId", menuAccess(DEPART_PAGE), async (request) => {
    const context = crudContext(request);
    const executor = databaseExecutor(context.services.db);
    const departId = await requireDepart(executor, context, request.params.departId);
    const permissionId = singleId(request.params.permissionId);
    if (!permissionId) throw new ApiError(DataRuleMessages.badPermission);
    const rules = await rulesOf(executor, permissionId);
    if (rules.length === 0) return failure(DataRuleMessages.noRules);
    const [grant] = await grantOf(executor, departId, permissionId);
    return ok(dataRuleAnswer(rules, grant?.dataRuleIds));
  }, { doc: { summary: "查询部门在一个菜单上的数据规则" } }),

  // POST {permissionId, departId, dataRuleIds: "id,id"}: the menu must be granted to the department first.
  endpoint("POST", "/sys/sysDepartPermission/datarule", "depart:edit", async (request) => {
    const context = crudContext(request);
    const permissionId = singleId(request.body.permissionId);
    if (!permissionId) throw new ApiError(DataRuleMessages.badPermission);
    const { ruleIds, stored } = postedRuleIds(request.body.dataRuleIds);
    await inTransaction(context.services.db, async (tx) => {
      const departId = await requireDepart(tx, context, request.body.departId);
      await requireHeld(tx, context, [permissionId]);
      await requireKnownRules(tx, permissionId, ruleIds);
      const [grant] = await grantOf(tx, departId, permissionId);
      if (!grant) throw new ApiError(DepartPermissionMessages.saveMenuFirst);
      await tx.orm.update(sysDepartPermission).set({ dataRuleIds: stored || null }).where(eq(sysDepartPermission.id, grant.id));
    });
    return okMessage(DataRuleMessages.saved);
  }, { doc: { summary: "保存部门在一个菜单上的数据规则" } }),
];
