// The users of a role (角色管理 → 用户; SysUserController's userRoleList, addSysUserRole,
// deleteUserRole, deleteUserRoleBatch). The role and every user must be visible in the caller's
// tenant; a user of another tenant can neither be listed here nor added. Changes are one
// transaction each: all of them, or none.
import { and, eq, inArray, sql } from "drizzle-orm";
import { sysUserRole } from "../../../db/schema";
import { newId } from "../../../db/ids";
import { endpoint, type Endpoint } from "../../../http/endpoint";
import { ApiError, ok, okMessage } from "../../../http/envelope";
import { crudContext, databaseExecutor, inTransaction, type CrudContext } from "../../../crud/context";
import { singleId, splitIds } from "../../../crud/crud-messages";
import { columnRef } from "../../../crud/conditions";
import { fieldByProperty } from "../../../crud/entity";
import { runListQuery } from "../../../crud/page";
import { findRows } from "../../../crud/store";
import type { ListQueryParams } from "../../../crud/query-generator";
import { userEntity } from "../user/user-entity";
import { userCrud } from "../user/user-crud";
import { requireRole } from "./role-crud";
import { requireNotOwn, requireRolesWithin } from "../permission/delegation";

/** The button of the role page that opens its users (seed: 角色管理 → 用户). */
export const ROLE_USERS_ACCESS = "role:users";

export const RoleUserMessages = {
  added: "添加成功!",
  removed: "删除成功!",
  noUsers: "请选择用户",
  unknownUsers: "所选用户不存在",
} as const;


/** `sys_user.id in (users holding roleId)`. */
function holdsRole(roleId: string) {
  const id = columnRef(userEntity, fieldByProperty(userEntity, "id")!);
  return sql`${id} in (select ur.user_id from sys_user_role ur where ur.role_id = ${roleId})`;
}

/** ids from a JSON array (addSysUserRole's userIdList) or a comma list. */
function idList(raw: unknown): string[] {
  if (Array.isArray(raw)) return splitIds(raw.filter((item) => typeof item === "string").join(","));
  return splitIds(raw);
}

export const roleUserEndpoints: Endpoint[] = [
    // A page of the role's users, with the user list's filters (username, realname…) and sort.
    endpoint("GET", "/sys/user/userRoleList", ROLE_USERS_ACCESS, async (request) => {
      const context = crudContext(request);
      const roleId = await requireRole(databaseExecutor(context.services.db), context, request.query.roleId);
      const { roleId: _roleId, ...rest } = request.req.query as Record<string, unknown>;
      const built = await userCrud.listQuery(context, rest as ListQueryParams, { conditions: [holdsRole(roleId)] });
      const page = await runListQuery(context.services.db, userEntity, built);
      await userCrud.decorate(context, page.records);
      return ok(page);
    }, { doc: { summary: "角色下的用户列表" } }),

    // {roleId, userIdList}: users who already hold the role are left as they are.
    endpoint("POST", "/sys/user/addSysUserRole", ROLE_USERS_ACCESS, async (request) => {
      const context = crudContext(request);
      const userIds = idList(request.body.userIdList);
      if (userIds.length === 0) throw new ApiError(RoleUserMessages.noUsers);
      await inTransaction(context.services.db, async (tx) => {
        const roleId = await requireRole(tx, context, request.body.roleId);
        const users = await findRows(tx, userEntity, userIds, userCrud.visibility(context));
        if (users.length !== userIds.length) throw new ApiError(RoleUserMessages.unknownUsers);
        // Hand out only a role within your own rights, and never to yourself (docs/decisions/008).
        await requireNotOwn(tx, context, { userIds });
        await requireRolesWithin(tx, context, [roleId]);
        await tx.orm
          .insert(sysUserRole)
          .values(userIds.map((userId) => ({ id: newId(), userId, roleId })))
          .onConflictDoNothing();
      });
      return okMessage(RoleUserMessages.added);
    }, { doc: { summary: "为角色添加用户" } }),

    endpoint("DELETE", "/sys/user/deleteUserRole", ROLE_USERS_ACCESS, async (request) => {
      const context = crudContext(request);
      const userId = singleId(request.query.userId);
      if (!userId) throw new ApiError(RoleUserMessages.noUsers);
      await removeUsers(context, request.query.roleId, [userId]);
      return okMessage(RoleUserMessages.removed);
    }, { doc: { summary: "从角色中移除一个用户" } }),

    endpoint("DELETE", "/sys/user/deleteUserRoleBatch", ROLE_USERS_ACCESS, async (request) => {
      const context = crudContext(request);
      const userIds = splitIds(request.query.userIds);
      if (userIds.length === 0) throw new ApiError(RoleUserMessages.noUsers);
      await removeUsers(context, request.query.roleId, userIds);
      return okMessage(RoleUserMessages.removed);
    }, { doc: { summary: "从角色中批量移除用户" } }),
];

async function removeUsers(context: CrudContext, rawRoleId: unknown, userIds: string[]): Promise<void> {
  await inTransaction(context.services.db, async (tx) => {
    const roleId = await requireRole(tx, context, rawRoleId);
    // Only users this tenant sees: ids of other tenants' users are not even acknowledged.
    const users = await findRows(tx, userEntity, userIds, userCrud.visibility(context));
    if (users.length !== userIds.length) throw new ApiError(RoleUserMessages.unknownUsers);
    await requireRolesWithin(tx, context, [roleId]);
    await tx.orm.delete(sysUserRole).where(and(eq(sysUserRole.roleId, roleId), inArray(sysUserRole.userId, userIds)));
  });
}
