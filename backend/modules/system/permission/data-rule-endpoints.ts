// 数据规则 (the original's PermissionDataRuleList; api-contract.md §4, §5 sys_permission_data_rule):
// a menu's row-level rules on the module engine (/sys/permissionDataRule/*, our page), and the
// original client's calls on the same resource: getPermRuleListByPermId, addPermissionRule,
// editPermissionRule, deletePermissionRule. A rule is written only by someone who holds its menu
// (docs/decisions/008); raw SQL rules are refused (contract §10); the menu's rule_flag follows
// whether it has rules, so the authorise drawer shows its filter icon.
import { and, asc, eq, inArray, sql, type SQL } from "drizzle-orm";
import { DataRuleAdminMessages, dataRuleModule } from "#contract/modules/data-rule";
import { sysPermission, sysPermissionDataRule } from "../../../db/schema";
import { endpoint, servedAt, type Endpoint } from "../../../http/endpoint";
import { ApiError, ok, okMessage } from "../../../http/envelope";
import { formatDateTime } from "../../../http/format";
import { crudContext, type Executor } from "../../../crud/context";
import { createModuleCrud } from "../../../crud/module";
import { singleId } from "../../../crud/crud-messages";
import { registerDictTable } from "../../../crud/table-dict";
import { USE_SQL_RULES } from "../../../crud/data-rules";
import { LIKE_ESCAPE, likePattern } from "../../../crud/values";
import { requireHeld } from "./delegation";
import { platformWrites } from "./permission-service";
import { PAGES } from "#contract/pages";

const DATA_RULE_PAGE = dataRuleModule.page;
const MENU_PAGE = PAGES["system/PermissionList"];

async function refreshRuleFlags(tx: Executor, permissionIds: readonly string[]): Promise<void> {
  if (permissionIds.length === 0) return;
  await tx.rows(
    sql`update sys_permission p set rule_flag = case when exists (select 1 from sys_permission_data_rule r where r.permission_id = p.id) then 1 else 0 end
        where p.id in (${sql.join([...new Set(permissionIds)].map((id) => sql`${id}`), sql`, `)})`,
  );
}

/** The menus of the rules a delete removes, from beforeDelete to afterDelete (same context). */
const deletedMenus = new WeakMap<object, string[]>();

export const dataRuleCrud = createModuleCrud(dataRuleModule, {
  table: sysPermissionDataRule,
  tenant: null,
  dataRules: false,
  entity: { defaultSort: { property: "createTime", order: "asc" } },
  hooks: {
    prepare: (prepared) => {
      const merged = prepared.values;
      if (String(merged.ruleConditions ?? "").toUpperCase() === USE_SQL_RULES) throw new ApiError(DataRuleAdminMessages.noSql);
      if (prepared.operation === "add" && !String(merged.ruleColumn ?? "").trim()) throw new ApiError(DataRuleAdminMessages.columnRequired);
    },
    beforeSave: async (save) => {
      const menus = [save.existing?.permissionId, save.values.permissionId].filter((id): id is string => typeof id === "string" && id !== "");
      const found = await save.tx.orm
        .select({ id: sysPermission.id })
        .from(sysPermission)
        .where(and(inArray(sysPermission.id, menus), inArray(sysPermission.menuType, [0, 1]), eq(sysPermission.delFlag, 0)));
      if (found.length < new Set(menus).size) throw new ApiError(DataRuleAdminMessages.notMenu);
      await requireHeld(save.tx, save, menus);
    },
    afterSave: async (save) => refreshRuleFlags(save.tx, [save.existing?.permissionId, save.values.permissionId].filter((id): id is string => typeof id === "string")),
    beforeDelete: async (remove) => {
      const rows = await remove.tx.orm
        .select({ id: sysPermissionDataRule.id, permissionId: sysPermissionDataRule.permissionId })
        .from(sysPermissionDataRule)
        .where(inArray(sysPermissionDataRule.id, [...remove.ids]));
      await requireHeld(remove.tx, remove, rows.map((row) => row.permissionId ?? ""));
      deletedMenus.set(remove, rows.map((row) => row.permissionId ?? ""));
      return rows.map((row) => row.id);
    },
    afterDelete: async (remove) => refreshRuleFlags(remove.tx, deletedMenus.get(remove) ?? []),
  },
});

// The menu select of the page: menus and sub-menus, never buttons.
registerDictTable({
  entity: { table: "sys_permission", fields: [{ property: "id", column: "id", type: "string" }, { property: "name", column: "name", type: "string" }] },
  columns: ["id", "name"],
  scope: () => sql`menu_type in (0, 1) and del_flag = 0`,
});

/** The original's answers carry the rule's dates formatted (contract §0). */
function wireRule(row: typeof sysPermissionDataRule.$inferSelect) {
  return { ...row, createTime: formatDateTime(row.createTime), updateTime: formatDateTime(row.updateTime) };
}

/** The engine's answer without its `result` text, as the original's plain message answers. */
const plain = (message: string) => okMessage(message);

// SysPermissionController.getPermRuleListByPermId: a menu's rules, filtered as its drawer asks.
const ruleListOfMenu = endpoint("GET", "/sys/permission/getPermRuleListByPermId", "user", async (request) => {
  const context = crudContext(request);
  const { permissions } = request.services;
  if (!(await permissions.hasMenu(context.auth, DATA_RULE_PAGE)) && !(await permissions.hasMenu(context.auth, MENU_PAGE)))
    throw new ApiError("没有权限，请联系管理员授权", 510);
  const permissionId = singleId(request.query.permissionId);
  if (!permissionId) return ok([]);
  const conditions: SQL[] = [eq(sysPermissionDataRule.permissionId, permissionId)];
  for (const [property, column] of [
    ["ruleName", sysPermissionDataRule.ruleName],
    ["ruleColumn", sysPermissionDataRule.ruleColumn],
    ["ruleValue", sysPermissionDataRule.ruleValue],
  ] as const) {
    const value = (request.query[property] ?? "").trim();
    if (value) conditions.push(sql`${column} like ${likePattern(value, "like")} escape ${LIKE_ESCAPE}`);
  }
  const rows = await context.services.db.orm
    .select()
    .from(sysPermissionDataRule)
    .where(and(...conditions))
    .orderBy(asc(sysPermissionDataRule.createTime), asc(sysPermissionDataRule.id));
  return ok(rows.map(wireRule), "");
}, { doc: { summary: "菜单的数据规则列表" } });

// A menu's data rules are the platform's like the menu (docs/decisions/144); which of them apply to
// a role stays the school's choice (角色管理 → 授权).
export const dataRuleEndpoints: Endpoint[] = platformWrites([
  ...dataRuleCrud.endpoints,

  ruleListOfMenu,
  // The Vue 3 client's 菜单管理 → 数据规则 drawer asks the same list here (queryPermissionRule).
  servedAt(ruleListOfMenu, "/sys/permission/queryPermissionRule"),

  endpoint("POST", "/sys/permission/addPermissionRule", "dataRule:add", async (request) => {
    await dataRuleCrud.insert(dataRuleCrud.context(request), request.body);
    return plain("添加成功!");
  }, { doc: { summary: "添加菜单的数据规则" } }),

  endpoint("PUT", "/sys/permission/editPermissionRule", "dataRule:edit", async (request) => {
    await dataRuleCrud.update(dataRuleCrud.context(request), request.body);
    return plain("修改成功!");
  }, { doc: { summary: "编辑菜单的数据规则" } }),

  endpoint("DELETE", "/sys/permission/deletePermissionRule", "dataRule:delete", async (request) => {
    const id = singleId(request.query.id);
    if (!id) throw new ApiError("参数不正确");
    await dataRuleCrud.remove(dataRuleCrud.context(request), [id], "delete");
    return plain("删除成功!");
  }, { doc: { summary: "删除菜单的数据规则" } }),
], "dataRule");
