// Roles (/sys/role, api-contract.md §7 "Other base paths"), role authorisation
// (/sys/permission/queryTreeList, queryRolePermission, saveRolePermission, §4), a role's data
// rules per menu (/sys/role/datarule, §4) and the users of a role (./role-users.ts).
import { sql } from "drizzle-orm";
import { ResultCode } from "#contract/envelope";
import { Messages } from "#contract/messages";
import { endpoint, menuAccess, servedAt, type Endpoint } from "../../../http/endpoint";
import { ApiError, failure, ok, okMessage } from "../../../http/envelope";
import { crudContext, databaseExecutor, inTransaction } from "../../../crud/context";
import { notFound, singleId } from "../../../crud/crud-messages";
import { columnRef } from "../../../crud/conditions";
import { fieldByProperty } from "../../../crud/entity";
import { selectRecords } from "../../../crud/page";
import { allOf, findRow } from "../../../crud/store";
import { commaIds } from "../user/user-relations";
import { roleEntity } from "./role-entity";
import { ROLE_PAGE, ROLE_PICKER_COLUMNS, RoleMessages, roleCrud } from "./role-crud";
import { pickColumns } from "../../../crud/picker-columns";
import { roleDataRuleEndpoints } from "./role-data-rules";
import { roleUserEndpoints } from "./role-users";
import { roleHomeEndpoints } from "./role-home";
import { DEPART_PAGE } from "../depart/depart-endpoints";
import { permissionTree, rolePermissionIds, saveRolePermissions } from "./role-permissions";
import { requireHeld, requireNotOwn, requireRoleManageable } from "../permission/delegation";

export { ROLE_PAGE, roleCrud };

const roleCode = () => columnRef(roleEntity, fieldByProperty(roleEntity, "roleCode")!);

const queryAll = endpoint("GET", "/sys/role/queryall", "user", async (request) => {
    const context = crudContext(request);
    const records = await selectRecords(context.services.db, roleEntity, {
      where: roleCrud.visibility(context),
      orderBy: sql`${roleCode()} asc`,
      limit: 1000,
    });
    if (await request.services.permissions.hasMenu(context.auth, ROLE_PAGE)) return ok(records);
    return ok(records.map((record) => pickColumns(record, ROLE_PICKER_COLUMNS)));
}, { doc: { summary: "当前租户的全部角色" } });

export const roleEndpoints: Endpoint[] = [
  ...roleCrud.endpoints,
  queryAll,
  // The Vue 3.9 client's 租户角色 list: the roles of the tenant the caller works in, which is what
  // 角色管理's own list answers here (docs/decisions/125).
  servedAt(roleCrud.endpoints.find((served) => served.path === "/sys/role/list")!, "/sys/role/listByTenant"),
  // The Vue 3 client's user drawer (v3.7): "without tenant isolation" in JeecgBoot; here a tenant
  // never sees another's roles, so the same answer as queryall (docs/decisions/085).
  servedAt(queryAll, "/sys/role/queryallNoByTenant"),

  // Taken within the tenant; `id` is the role being edited, which may keep its own code.
  endpoint("GET", "/sys/role/checkRoleCode", "user", async (request) => {
    const context = crudContext(request);
    const code = (request.query.roleCode ?? "").trim();
    if (!code) return failure(RoleMessages.codeEmpty);
    const id = singleId(request.query.id);
    const [taken] = await selectRecords(context.services.db, roleEntity, {
      where: allOf([sql`${roleCode()} = ${code}`, roleCrud.visibility(context)]),
      orderBy: sql`1`,
      limit: 1,
    });
    if (taken && taken.id !== id) return failure(RoleMessages.codeTaken);
    return ok(true, "");
  }, { doc: { summary: "校验角色编码唯一" } }),

  endpoint("GET", "/sys/permission/queryTreeList", menuAccess(ROLE_PAGE), async ({ services }) =>
    ok(await permissionTree(databaseExecutor(services.db))), { doc: { summary: "菜单权限树（全部菜单）" } },
  ),

  // The original client's 授权 drawer and the department's 部门权限 tab ask the same tree here
  // (SysRoleController.queryTreeList): the role page or the department page may read it.
  endpoint("GET", "/sys/role/queryTreeList", "user", async (request) => {
    const auth = crudContext(request).auth;
    const { permissions } = request.services;
    if (!(await permissions.hasMenu(auth, ROLE_PAGE)) && !(await permissions.hasMenu(auth, DEPART_PAGE)))
      throw new ApiError(Messages.noPermission, ResultCode.noPermission);
    return ok(await permissionTree(databaseExecutor(request.services.db)));
  }, { doc: { summary: "角色授权用的菜单树" } }),

  endpoint("GET", "/sys/permission/queryRolePermission", menuAccess(ROLE_PAGE), async (request) => {
    const context = crudContext(request);
    const roleId = singleId(request.query.roleId);
    const executor = databaseExecutor(context.services.db);
    if (!roleId || !(await findRow(executor, roleEntity, roleId, roleCrud.visibility(context)))) throw notFound();
    return ok(await rolePermissionIds(executor, roleId));
  }, { doc: { summary: "查询角色已授权的菜单" } }),

  endpoint("POST", "/sys/permission/saveRolePermission", "role:authorize", async (request) => {
    const context = crudContext(request);
    const roleId = singleId(request.body.roleId);
    if (!roleId) throw new ApiError("参数不正确");
    await inTransaction(context.services.db, async (tx) => {
      if (!(await findRow(tx, roleEntity, roleId, roleCrud.visibility(context)))) throw notFound();
      // Grant only what you hold, and never to a role of your own (docs/decisions/008).
      await requireRoleManageable(tx, context, roleId);
      await requireNotOwn(tx, context, { roleId });
      await saveRolePermissions(tx, roleId, commaIds(request.body.permissionIds), commaIds(request.body.lastpermissionIds), (changed) =>
        requireHeld(tx, context, changed),
      );
    });
    return okMessage("保存成功！");
  }, { doc: { summary: "保存角色的菜单授权" } }),

  ...roleDataRuleEndpoints,
  ...roleUserEndpoints,
  ...roleHomeEndpoints,
];
