// The users of a department (JeecgBoot's departUserList, editSysDepartWithUser,
// deleteUserInDepart(Batch) of /sys/user): the 用户信息 tab of 部门管理. Reading needs the
// department page; changing who belongs to a department is editing it (`depart:edit`). The
// department and the users must be visible in the caller's tenant; another tenant's id behaves as
// an unknown one. As in the original, a department's list also shows the users of the departments
// below it, and only a direct membership can be removed.
import { sql, type SQL } from "drizzle-orm";
import { newId } from "../../../db/ids";
import { endpoint, menuAccess, type Endpoint, type EndpointRequest } from "../../../http/endpoint";
import { ApiError, failure, ok, okMessage } from "../../../http/envelope";
import { crudContext, databaseExecutor, inTransaction, type CrudContext, type Executor } from "../../../crud/context";
import { notFound, singleId, splitIds } from "../../../crud/crud-messages";
import { columnRef } from "../../../crud/conditions";
import { fieldByProperty } from "../../../crud/entity";
import { runListQuery } from "../../../crud/page";
import { allOf, findRow, presentCondition } from "../../../crud/store";
import { LIKE_ESCAPE, likePattern } from "../../../crud/values";
import { userEntity } from "../user/user-entity";
import { userCrud } from "../user/user-crud";
import { departEntity, departTenantScope } from "./depart-entity";

export const DepartUserMessages = {
  added: "添加成功!",
  removed: "删除成功!",
  notMember: "当前选中部门与用户无关联关系!",
  noUsers: "请选择用户",
  unknownUser: "所选用户不存在",
} as const;

/** Checks `departId` is a present department of the caller's tenant (else "未找到对应数据"). */
async function requireDepart(executor: Executor, context: CrudContext, departId: string | undefined): Promise<string> {
  if (!departId) throw notFound();
  const visible = allOf([departTenantScope.condition(context.tenantId), presentCondition(departEntity)]);
  const depart = await findRow(executor, departEntity, departId, visible);
  if (!depart) throw notFound();
  return departId;
}

/** The department and every present department below it, in the same tenant. */
export async function departSubtreeIds(executor: Executor, departId: string, tenantId: number): Promise<string[]> {
  const rows = await executor.rows<{ id: string }>(sql`
    with recursive tree(id) as (
      select id from sys_depart where id = ${departId} and tenant_id = ${tenantId} and del_flag = '0'
      union
      select d.id from sys_depart d join tree t on d.parent_id = t.id where d.tenant_id = ${tenantId} and d.del_flag = '0'
    )
    select id from tree`);
  return rows.map((row) => row.id);
}

/**
 * After users left departments: a user whose current department (sys_user.org_code) is no longer
 * one of theirs moves to their first remaining department, or to none. Without this, data rules on
 * `#{sys_org_code}` would keep matching a department the user has left.
 */
export async function refreshCurrentDepartments(executor: Executor, userIds: readonly string[]): Promise<void> {
  if (userIds.length === 0) return;
  const memberCodes = sql`select d.org_code from sys_user_depart ud join sys_depart d on d.id = ud.dep_id where ud.user_id = u.id and d.del_flag = '0'`;
  await executor.rows(sql`
    update sys_user u set org_code = (${memberCodes} order by d.depart_order asc nulls first, d.org_code asc limit 1)
    where u.id in (${sql.join(userIds.map((id) => sql`${id}`), sql`, `)})
      and u.org_code is not null
      and u.org_code not in (${memberCodes})`);
}

/** Ids from a JSON array or a comma list (`userIdList` is an array in the original's body). */
function idList(raw: unknown): string[] {
  if (Array.isArray(raw)) return splitIds(raw.filter((item) => typeof item === "string" || typeof item === "number").join(","));
  return splitIds(raw);
}

const userId = () => columnRef(userEntity, fieldByProperty(userEntity, "id")!);

/** The users of the department `departId` and of those below it, a page of the user list. */
async function departUsersPage(request: EndpointRequest, departIdAsked: string | undefined) {
  const context = crudContext(request);
  const executor = databaseExecutor(context.services.db);
  const departId = await requireDepart(executor, context, departIdAsked);
  const departIds = await departSubtreeIds(executor, departId, context.tenantId);
  // `username` matches anywhere, as the original's `like %x%`; the list's own `*x*` form too.
  const { username: rawUsername, departId: _picker, depId: _depart, orgCode: _orgCode, ...query } = request.req.query as Record<string, unknown>;
  const username = typeof rawUsername === "string" ? rawUsername.trim().replace(/^\*|\*$/g, "") : "";
  const conditions: SQL[] = [
    sql`${userId()} in (select user_id from sys_user_depart where dep_id in (${sql.join(departIds.map((id) => sql`${id}`), sql`, `)}))`,
  ];
  if (username)
    conditions.push(
      sql`${columnRef(userEntity, fieldByProperty(userEntity, "username")!)} ilike ${likePattern(username, "like")} escape ${sql.raw(`'${LIKE_ESCAPE}'`)}`,
    );
  const built = await userCrud.listQuery(context, query, { conditions });
  const page = await runListQuery(context.services.db, userEntity, built);
  await userCrud.decorate(context, page.records);
  return ok(page);
}

export const departUserEndpoints: Endpoint[] = [
  // GET ?depId&username&pageNo&pageSize: the users of the department and of its sub-departments.
  endpoint("GET", "/sys/user/departUserList", menuAccess("/isystem/depart"), async (request) => departUsersPage(request, singleId(request.query.depId)), { doc: { summary: "部门下的用户列表" } }),

  // The Vue 3 client's 部门管理 names the department by its org code (queryDepartPostByOrgCode).
  endpoint("GET", "/sys/user/queryDepartPostByOrgCode", menuAccess("/isystem/depart"), async (request) => {
    const context = crudContext(request);
    const orgCode = (request.query.orgCode ?? "").trim();
    const [depart] = orgCode
      ? await context.services.db.rows<{ id: string }>(
          sql`select id from sys_depart where org_code = ${orgCode} and tenant_id = ${context.tenantId} and del_flag = '0' limit 1`,
        )
      : [];
    return departUsersPage(request, depart?.id);
  }, { doc: { summary: "按机构编码查询部门及岗位" } }),

  // POST {depId, userIdList}: adds existing users; a user already in the department stays once.
  endpoint("POST", "/sys/user/editSysDepartWithUser", "depart:edit", async (request) => {
    const context = crudContext(request);
    const userIds = idList(request.body.userIdList);
    const departId = singleId(request.body.depId);
    await inTransaction(context.services.db, async (tx) => {
      await requireDepart(tx, context, departId);
      if (userIds.length === 0) throw new ApiError(DepartUserMessages.noUsers);
      const visible = await tx.rows<{ id: string }>(
        sql`select ${userId()} as "id" from ${sql.identifier(userEntity.table)} where ${userId()} in (${sql.join(userIds.map((id) => sql`${id}`), sql`, `)}) and ${userCrud.visibility(context) ?? sql`true`}`,
      );
      if (visible.length !== userIds.length) throw new ApiError(DepartUserMessages.unknownUser);
      for (const id of userIds)
        await tx.rows(
          sql`insert into sys_user_depart (id, user_id, dep_id) values (${newId()}, ${id}, ${departId!}) on conflict (user_id, dep_id) do nothing`,
        );
    });
    return okMessage(DepartUserMessages.added);
  }, { doc: { summary: "为部门添加用户" } }),

  // DELETE ?userId&depId: one membership; refused when there is none.
  endpoint("DELETE", "/sys/user/deleteUserInDepart", "depart:edit", async (request) => {
    const context = crudContext(request);
    const userIdValue = singleId(request.query.userId ?? request.body.userId);
    const departId = singleId(request.query.depId ?? request.body.depId);
    const removed = await inTransaction(context.services.db, async (tx) => {
      await requireDepart(tx, context, departId);
      if (!userIdValue) throw new ApiError(DepartUserMessages.noUsers);
      const gone = await tx.rows(sql`delete from sys_user_depart where dep_id = ${departId!} and user_id = ${userIdValue} returning id`);
      await refreshCurrentDepartments(tx, [userIdValue]);
      return gone;
    });
    return removed.length > 0 ? okMessage(DepartUserMessages.removed) : failure(DepartUserMessages.notMember);
  }, { doc: { summary: "从部门中移除一个用户" } }),

  // DELETE ?depId&userIds=a,b,: several memberships of one department at once.
  endpoint("DELETE", "/sys/user/deleteUserInDepartBatch", "depart:edit", async (request) => {
    const context = crudContext(request);
    const userIds = splitIds(request.query.userIds ?? request.body.userIds);
    const departId = singleId(request.query.depId ?? request.body.depId);
    await inTransaction(context.services.db, async (tx) => {
      await requireDepart(tx, context, departId);
      if (userIds.length === 0) throw new ApiError(DepartUserMessages.noUsers);
      await tx.rows(
        sql`delete from sys_user_depart where dep_id = ${departId!} and user_id in (${sql.join(userIds.map((id) => sql`${id}`), sql`, `)})`,
      );
      await refreshCurrentDepartments(tx, userIds);
    });
    return okMessage(DepartUserMessages.removed);
  }, { doc: { summary: "从部门中批量移除用户" } }),
];
