// Roles (/sys/role, api-contract.md §7 "Other base paths"), role authorisation
// (/sys/permission/queryTreeList, queryRolePermission, saveRolePermission, §4), a role's data
// rules per menu (/sys/role/datarule, §4) and the users of a role (./role-users.ts).
import { sql } from "drizzle-orm";
import { endpoint, menuAccess, type Endpoint } from "../../http/endpoint";
import { ApiError, failure, ok, okMessage } from "../../http/envelope";
import { crudContext, databaseExecutor, inTransaction } from "../../crud/context";
import { notFound, singleId } from "../../crud/crud-messages";
import { columnRef } from "../../crud/conditions";
import { fieldByProperty } from "../../crud/entity";
import { selectRecords } from "../../crud/page";
import { allOf, findRow } from "../../crud/store";
import { commaIds } from "../user/user-relations";
import { roleEntity } from "./role-entity";
import { ROLE_PAGE, RoleMessages, roleCrud } from "./role-crud";
import { roleDataRuleEndpoints } from "./role-data-rules";
import { roleUserEndpoints } from "./role-users";
import { permissionTree, rolePermissionIds, saveRolePermissions } from "./role-permissions";

export { ROLE_PAGE, roleCrud };

const roleCode = () => columnRef(roleEntity, fieldByProperty(roleEntity, "roleCode")!);

export const roleEndpoints: Endpoint[] = [
  ...roleCrud.endpoints,

  endpoint("GET", "/sys/role/queryall", "user", async (request) => {
    const context = crudContext(request);
    const records = await selectRecords(context.services.db, roleEntity, {
      where: roleCrud.visibility(context),
      orderBy: sql`${roleCode()} asc`,
      limit: 1000,
    });
    return ok(records);
  }),

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
  }),

  endpoint("GET", "/sys/permission/queryTreeList", menuAccess(ROLE_PAGE), async ({ services }) =>
    ok(await permissionTree(databaseExecutor(services.db))),
  ),

  endpoint("GET", "/sys/permission/queryRolePermission", menuAccess(ROLE_PAGE), async (request) => {
    const context = crudContext(request);
    const roleId = singleId(request.query.roleId);
    const executor = databaseExecutor(context.services.db);
    if (!roleId || !(await findRow(executor, roleEntity, roleId, roleCrud.visibility(context)))) throw notFound();
    return ok(await rolePermissionIds(executor, roleId));
  }),

  endpoint("POST", "/sys/permission/saveRolePermission", "role:authorize", async (request) => {
    const context = crudContext(request);
    const roleId = singleId(request.body.roleId);
    if (!roleId) throw new ApiError("参数不正确");
    await inTransaction(context.services.db, async (tx) => {
      if (!(await findRow(tx, roleEntity, roleId, roleCrud.visibility(context)))) throw notFound();
      await saveRolePermissions(tx, roleId, commaIds(request.body.permissionIds), commaIds(request.body.lastpermissionIds));
    });
    return okMessage("保存成功！");
  }),

  ...roleDataRuleEndpoints,
  ...roleUserEndpoints,
];
