// Roles (/sys/role, api-contract.md §7 "Other base paths") and role authorisation
// (/sys/permission/queryTreeList, queryRolePermission, saveRolePermission, §4). Roles belong to
// a tenant; the role list is also the role picker, so it needs a signed-in user only.
import { sql } from "drizzle-orm";
import { sysRole } from "../../db/schema";
import { endpoint, menuAccess, type Endpoint } from "../../http/endpoint";
import { ApiError, failure, ok, okMessage } from "../../http/envelope";
import { createCrud } from "../../crud/engine";
import { crudContext, databaseExecutor, inTransaction } from "../../crud/context";
import { notFound, singleId } from "../../crud/crud-messages";
import { columnRef } from "../../crud/conditions";
import { fieldByProperty } from "../../crud/entity";
import { selectRecords } from "../../crud/page";
import { allOf, findRow } from "../../crud/store";
import { commaIds } from "../user/user-relations";
import { roleEntity } from "./role-entity";
import { permissionTree, rolePermissionIds, saveRolePermissions } from "./role-permissions";

export const ROLE_PAGE = "/isystem/roleUserList";

export const roleCrud = createCrud({
  basePath: "/sys/role",
  entity: roleEntity,
  table: sysRole,
  pagePath: ROLE_PAGE,
  permissionPrefix: "role",
  access: { list: "user" },
  body: {
    fields: {
      roleName: { label: "角色名称", required: "请输入角色名称!" },
      roleCode: {
        label: "角色编码",
        required: "请输入角色编码!",
        pattern: /^[^\u4E00-\u9FA5]+$/,
        patternMessage: "角色编码不可输入汉字!",
      },
      description: { label: "描述" },
    },
  },
});

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
    if (!code) return failure("角色编码不能为空");
    const id = singleId(request.query.id);
    const [taken] = await selectRecords(context.services.db, roleEntity, {
      where: allOf([sql`${roleCode()} = ${code}`, roleCrud.visibility(context)]),
      orderBy: sql`1`,
      limit: 1,
    });
    if (taken && taken.id !== id) return failure("角色编码已存在");
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
];
