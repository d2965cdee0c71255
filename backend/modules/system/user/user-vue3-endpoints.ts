// What the JeecgBoot Vue 3 client's 用户管理 calls beyond the original contract (issue #31 item 3,
// docs/decisions/123): the recycle bin of deleted users, 离职 (a user leaves the tenant, a colleague
// takes over) and its list, a user's agent (代理人), the list without tenant filter (answered within
// the tenant: a tenant never sees another's users), the reset to a "system password" (refused:
// there is none here) and the import's progress. Every query is limited to the caller's tenant.
import { sql, type SQL } from "drizzle-orm";
import { newId } from "../../../db/ids";
import { parseSchoolDate } from "../../../clock";
import { endpoint, menuAccess, servedAt, type Endpoint } from "../../../http/endpoint";
import { ApiError, failure, ok, okMessage } from "../../../http/envelope";
import { crudContext, databaseExecutor, inTransaction, type CrudContext, type Executor } from "../../../crud/context";
import { splitIds } from "../../../crud/crud-messages";
import { columnRef } from "../../../crud/conditions";
import { fieldByProperty } from "../../../crud/entity";
import { runListQuery, selectRecords, type ListRecord } from "../../../crud/page";
import { allOf, findRows } from "../../../crud/store";
import { requireInEveryTenant, requireNoPlatformAccount } from "../permission/delegation";
import { userEntity, userTenantScope } from "./user-entity";
import { USER_PAGE, userCrud } from "./user-crud";

export const UserVue3Messages = {
  restored: "还原成功",
  removed: "删除成功",
  notInRecycleBin: "所选用户不在回收站中",
  quit: "离职成功",
  quitCancelled: "取消离职成功",
  notQuit: "所选用户未离职",
  unknownUser: "离职失败，该用户已不存在",
  ownQuit: "不能将当前登录用户设为离职",
  agentMissing: "请选择代理人",
  agentSelf: "代理人不能是用户本人",
  agentUnknown: "代理人不存在",
  noAgent: "未找到对应数据",
  agentSaved: "代理人设置成功！",
  noSystemPassword: "本系统没有统一的初始密码，请用「密码」为每位用户设置新密码",
  standingChanged: "更新用户租户状态成功",
  noJoinRequests: "本系统没有加入租户的申请，只能设为离职（2）或正常（1）",
} as const;

/** A user's standing in a tenant, as JeecgBoot's sys_user_tenant.status names it. */
const TenantStanding = { working: "1", quit: "2" } as const;

/** Most rows one list of these answers (they have no paging, as the original's). */
const MAX_ROWS = 1000;

function text(value: unknown): string {
  return typeof value === "string" ? value.trim() : typeof value === "number" ? String(value) : "";
}

const column = (property: string) => columnRef(userEntity, fieldByProperty(userEntity, property)!);
const inIds = (ids: readonly string[]) => sql`${column("id")} in (${sql.join(ids.map((id) => sql`${id}`), sql`, `)})`;
const deleted = () => sql`${column("delFlag")} = 1`;
const quitHere = (tenantId: number) => sql`${column("id")} in (select user_id from sys_user_quit where tenant_id = ${tenantId})`;

/** Users of the caller's tenant matching `condition`, with their departments' names (orgCodeTxt). */
async function tenantUsers(context: CrudContext, condition: SQL): Promise<ListRecord[]> {
  const records = await selectRecords(context.services.db, userEntity, {
    where: allOf([userTenantScope.condition(context.tenantId), condition]),
    orderBy: sql`${column("updateTime")} desc nulls last, ${column("username")} asc`,
    limit: MAX_ROWS,
  });
  await userCrud.decorate(context, records);
  return records;
}

/** Marks `userId` as having left the caller's tenant and freezes the account (its status kept to give back). */
async function markQuit(tx: Executor, context: CrudContext, userId: string): Promise<void> {
  await tx.rows(sql`
    insert into sys_user_quit (user_id, tenant_id, status, create_by)
    values (${userId}, ${context.tenantId}, (select status from sys_user where id = ${userId}), ${context.username.slice(0, 32)})
    on conflict (user_id, tenant_id) do nothing`);
  await tx.rows(sql`update sys_user set status = 2, update_by = ${context.username.slice(0, 32)}, update_time = now() where id = ${userId}`);
}

/** 取消离职 of those of `ids` who left the caller's tenant: each account gets back the status it had. */
async function cancelQuit(tx: Executor, context: CrudContext, ids: readonly string[]): Promise<number> {
  const users = await findRows(tx, userEntity, [...ids], allOf([userTenantScope.condition(context.tenantId), quitHere(context.tenantId)]));
  if (users.length === 0) return 0;
  await requireInEveryTenant(tx, context, "user:freeze", users);
  const userIds = users.map((user) => String(user.id));
  const rows = await tx.rows<{ user_id: string; status: number }>(
    sql`delete from sys_user_quit where tenant_id = ${context.tenantId} and user_id in (${sql.join(userIds.map((id) => sql`${id}`), sql`, `)}) returning user_id, status`,
  );
  for (const row of rows)
    await tx.rows(sql`update sys_user set status = ${row.status}, update_by = ${context.username.slice(0, 32)}, update_time = now() where id = ${row.user_id}`);
  return rows.length;
}

/** The user of that username in the caller's tenant, present (not deleted). */
async function presentUser(context: CrudContext, username: string): Promise<ListRecord | undefined> {
  if (!username) return undefined;
  const [user] = await selectRecords(context.services.db, userEntity, {
    where: allOf([sql`${column("username")} = ${username}`, userCrud.visibility(context)]),
    orderBy: sql`1`,
    limit: 1,
  });
  return user;
}

interface AgentValues {
  userName: string;
  agentUserName: string;
  startTime: string | null;
  endTime: string | null;
  status: string;
}

async function agentValues(context: CrudContext, body: Record<string, unknown>): Promise<AgentValues> {
  const userName = text(body.userName);
  const agentUserName = text(body.agentUserName);
  if (!(await presentUser(context, userName))) throw new ApiError(UserVue3Messages.unknownUser);
  if (!agentUserName) throw new ApiError(UserVue3Messages.agentMissing);
  if (agentUserName === userName) throw new ApiError(UserVue3Messages.agentSelf);
  if (!(await presentUser(context, agentUserName))) throw new ApiError(UserVue3Messages.agentUnknown);
  const time = (value: unknown) => {
    const raw = text(value);
    if (!raw) return null;
    // ISO text carries its own offset; the wire form (seconds optional) is the school's clock.
    const parsed = raw.includes("T") ? new Date(raw) : parseSchoolDate(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/.test(raw) ? `${raw}:00` : raw)?.start;
    if (!parsed || Number.isNaN(parsed.getTime())) throw new ApiError("时间格式不正确");
    return parsed.toISOString();
  };
  const startTime = time(body.startTime);
  const endTime = time(body.endTime);
  if (startTime && endTime && endTime < startTime) throw new ApiError("结束时间不能早于开始时间");
  return { userName, agentUserName, startTime, endTime, status: text(body.status) === "0" ? "0" : "1" };
}

/** Saves the agent of `values.userName` in the caller's tenant (one per user: add and edit alike). */
async function saveAgent(executor: { rows: CrudContext["services"]["db"]["rows"] }, context: CrudContext, values: AgentValues): Promise<void> {
  await executor.rows(sql`
    insert into sys_user_agent (id, tenant_id, user_name, agent_user_name, start_time, end_time, status, create_by)
    values (${newId()}, ${context.tenantId}, ${values.userName}, ${values.agentUserName}, ${values.startTime}, ${values.endTime}, ${values.status}, ${context.username.slice(0, 32)})
    on conflict (tenant_id, user_name) do update set agent_user_name = excluded.agent_user_name, start_time = excluded.start_time,
      end_time = excluded.end_time, status = excluded.status, update_by = excluded.create_by, update_time = now()`);
}

const saveAgentEndpoint = endpoint("POST", "/sys/sysUserAgent/add", "user:edit", async (request) => {
  const context = crudContext(request);
  await saveAgent(context.services.db, context, await agentValues(context, request.body));
  return okMessage(UserVue3Messages.agentSaved);
}, { doc: { summary: "保存用户的代理人设置" } });

export const userVue3Endpoints: Endpoint[] = [
  // 回收站: the tenant's deleted users (a user of several tenants only leaves one, and stays present).
  endpoint("GET", "/sys/user/recycleBin", menuAccess(USER_PAGE), async (request) => ok(await tenantUsers(crudContext(request), deleted())), { doc: { summary: "用户回收站列表" } }),

  // PUT {userIds}: 还原.
  endpoint("PUT", "/sys/user/putRecycleBin", "user:delete", async (request) => {
    const context = crudContext(request);
    const ids = splitIds(request.body.userIds);
    if (ids.length === 0) throw new ApiError(UserVue3Messages.notInRecycleBin);
    const restored = await context.services.db.rows(
      sql`update sys_user set del_flag = 0, update_by = ${context.username.slice(0, 32)}, update_time = now()
          where ${allOf([inIds(ids), deleted(), userTenantScope.condition(context.tenantId)])} returning id`,
    );
    if (restored.length === 0) throw new ApiError(UserVue3Messages.notInRecycleBin);
    return okMessage(UserVue3Messages.restored);
  }, { doc: { summary: "从回收站还原用户" } }),

  // DELETE ?userIds=: 彻底删除 (their roles, departments and messages go with them).
  endpoint("DELETE", "/sys/user/deleteRecycleBin", "user:delete", async (request) => {
    const context = crudContext(request);
    const ids = splitIds(request.query.userIds);
    if (ids.length === 0) throw new ApiError(UserVue3Messages.notInRecycleBin);
    const removed = await inTransaction(context.services.db, async (tx) => {
      await requireNoPlatformAccount(tx, context, ids);
      return tx.rows(sql`delete from sys_user where ${allOf([inIds(ids), deleted(), userTenantScope.condition(context.tenantId)])} returning id`);
    });
    if (removed.length === 0) throw new ApiError(UserVue3Messages.notInRecycleBin);
    return okMessage(UserVue3Messages.removed);
  }, { doc: { summary: "彻底删除回收站中的用户" } }),

  // 离职列表: who left this tenant.
  endpoint("GET", "/sys/user/getQuitList", menuAccess(USER_PAGE), async (request) => {
    const context = crudContext(request);
    return ok(await tenantUsers(context, sql`${quitHere(context.tenantId)} and ${column("delFlag")} = 0`));
  }, { doc: { summary: "离职人员列表" } }),

  // PUT {userName, agentUserName, startTime, endTime}: the user leaves; the account is frozen (it
  // cannot sign in) and the colleague becomes their agent. Freezing changes the account as a whole,
  // so it needs 冻结 in every tenant of the account (as /sys/user/frozenBatch).
  endpoint("PUT", "/sys/user/userQuitAgent", "user:freeze", async (request) => {
    const context = crudContext(request);
    const values = await agentValues(context, request.body);
    const user = (await presentUser(context, values.userName))!;
    if (String(user.id) === context.auth.user.id) throw new ApiError(UserVue3Messages.ownQuit);
    await inTransaction(context.services.db, async (tx) => {
      await requireInEveryTenant(tx, context, "user:freeze", [user]);
      await saveAgent(tx, context, values);
      await markQuit(tx, context, String(user.id));
    });
    await context.services.sessions.endAllForUser(String(user.id), "frozen");
    return okMessage(UserVue3Messages.quit);
  }, { doc: { summary: "办理离职并指定交接人" } }),

  // PUT {userIds}: 取消离职; the account gets back the status it had.
  endpoint("PUT", "/sys/user/putCancelQuit", "user:freeze", async (request) => {
    const context = crudContext(request);
    const ids = splitIds(request.body.userIds);
    const cancelled = await inTransaction(context.services.db, (tx) => cancelQuit(tx, context, ids));
    if (cancelled === 0) throw new ApiError(UserVue3Messages.notQuit);
    return okMessage(UserVue3Messages.quitCancelled);
  }, { doc: { summary: "取消离职" } }),

  // GET ?userName=: the user's agent in this tenant; the client reads `result` (null: none yet).
  endpoint("GET", "/sys/sysUserAgent/queryByUserName", menuAccess(USER_PAGE), async (request) => {
    const context = crudContext(request);
    const userName = text(request.query.userName);
    if (!(await presentUser(context, userName))) return failure(UserVue3Messages.noAgent);
    const [agent] = await context.services.db.rows<Record<string, unknown>>(sql`
      select id, user_name as "userName", agent_user_name as "agentUserName",
             to_char(start_time at time zone ${context.services.config.schoolTimeZone}, 'YYYY-MM-DD HH24:MI:SS') as "startTime",
             to_char(end_time at time zone ${context.services.config.schoolTimeZone}, 'YYYY-MM-DD HH24:MI:SS') as "endTime", status
      from sys_user_agent where tenant_id = ${context.tenantId} and user_name = ${userName}`);
    return agent ? ok(agent) : failure(UserVue3Messages.noAgent);
  }, { doc: { summary: "查询用户的代理人设置" } }),
  saveAgentEndpoint,
  servedAt(saveAgentEndpoint, "/sys/sysUserAgent/edit"),

  // JeecgBoot's listNoCareTenant lists every tenant's users; here it is 用户管理's own list.
  // Unlike /sys/user/list, which answers a picker's short list to every signed-in user, it needs the page.
  listAllUsers(userCrud.endpoints.find((served) => served.path === "/sys/user/list")!),

  // PUT ?usernames=: JeecgBoot resets to its one system password; there is none here (decision 083).
  endpoint("PUT", "/sys/user/resetPassword", "user:reset_password", async () => failure(UserVue3Messages.noSystemPassword), { doc: { summary: "重置用户的密码" } }),

  // 租户用户列表 (SysTenantController.getUserTenantPageList, ?userTenantStatus=1,3,4): 用户管理's
  // list of the tenant, each user with their standing in it: 1 正常, 2 离职 (sys_user_quit). Nobody
  // applies to join a tenant here, so 3 审核中 and 4 拒绝 are never anyone's (docs/decisions/135).
  endpoint("GET", "/sys/tenant/getUserTenantPageList", menuAccess(USER_PAGE), async (request) => {
    const context = crudContext(request);
    const wanted = new Set(splitIds(request.query.userTenantStatus));
    const conditions: SQL[] = [];
    if (wanted.size > 0) {
      const quit = wanted.has(TenantStanding.quit);
      const working = wanted.has(TenantStanding.working);
      if (!quit && !working) conditions.push(sql`false`);
      else if (!quit) conditions.push(sql`not ${quitHere(context.tenantId)}`);
      else if (!working) conditions.push(quitHere(context.tenantId));
    }
    const { userTenantStatus: _status, ...query } = request.req.query as Record<string, unknown>;
    const built = await userCrud.listQuery(context, query, { conditions });
    const page = await runListQuery(context.services.db, userEntity, built);
    await userCrud.decorate(context, page.records);
    const quitIds = new Set(
      (await context.services.db.rows<{ user_id: string }>(sql`select user_id from sys_user_quit where tenant_id = ${context.tenantId}`)).map((row) => row.user_id),
    );
    for (const record of page.records) record.userTenantStatus = quitIds.has(String(record.id)) ? TenantStanding.quit : TenantStanding.working;
    return ok(page);
  }, { doc: { summary: "租户的用户及其在租户中的状态" } }),

  // PUT ?userId=&status= (the client joins its parameters to the URL): 2 sets the user as having
  // left the tenant (离职, as userQuitAgent without an agent), 1 takes it back (取消离职).
  endpoint("PUT", "/sys/tenant/updateUserTenantStatus", "user:freeze", async (request) => {
    const context = crudContext(request);
    const userId = text(request.query.userId ?? request.body.userId);
    const status = text(request.query.status ?? request.body.status);
    if (status === TenantStanding.working) {
      const cancelled = await inTransaction(context.services.db, (tx) => cancelQuit(tx, context, [userId]));
      if (cancelled === 0) throw new ApiError(UserVue3Messages.notQuit);
    } else if (status === TenantStanding.quit) {
      if (userId === context.auth.user.id) throw new ApiError(UserVue3Messages.ownQuit);
      await inTransaction(context.services.db, async (tx) => {
        const [user] = await findRows(tx, userEntity, [userId], userCrud.visibility(context));
        if (!user) throw new ApiError(UserVue3Messages.unknownUser);
        await requireInEveryTenant(tx, context, "user:freeze", [user]);
        await markQuit(tx, context, userId);
      });
      await context.services.sessions.endAllForUser(userId, "frozen");
    } else throw new ApiError(UserVue3Messages.noJoinRequests);
    return okMessage(UserVue3Messages.standingChanged);
  }, { doc: { summary: "设置用户在租户中的状态" } }),

  // The import answers when it is done (all or nothing, in one request): no progress to follow.
  endpoint("GET", "/sys/user/getUploadFileProgress", menuAccess(USER_PAGE), async () => ok(0), { doc: { summary: "用户导入的进度（导入一次完成，总为0）" } }),
];

function listAllUsers(pageList: Endpoint): Endpoint {
  return { ...servedAt(pageList, "/sys/user/listAll"), doc: { ...pageList.doc, summary: "用户管理-全部用户的分页列表（需要用户管理菜单）" } };
}
