// The user endpoints beyond the generated CRUD (api-contract.md §7 "User picker", "Other base
// paths"): freezing, the administrator's password reset, role and department lookups of the user
// dialog, and the pickers every page uses. Every lookup is limited to the current tenant's present
// users, and no answer carries password or salt (selectRecords never selects secrets).
import { eq, sql } from "drizzle-orm";
import { Messages } from "#contract/messages";
import { sysUser } from "../../../db/schema";
import { endpoint, menuAccess, servedAt, type Endpoint } from "../../../http/endpoint";
import { ApiError, failure, ok, okMessage } from "../../../http/envelope";
import { hashPassword, legacySalt } from "../../../security/password";
import { isRecentPassword, rememberPassword } from "../../../security/password-history";
import { passwordProblem } from "#contract/password-policy";
import { crudContext, databaseExecutor, type CrudContext } from "../../../crud/context";
import { notFound, singleId, splitIds } from "../../../crud/crud-messages";
import { columnRef } from "../../../crud/conditions";
import { fieldByProperty } from "../../../crud/entity";
import { likePattern, LIKE_ESCAPE } from "../../../crud/values";
import { runListQuery, selectRecords, type ListRecord } from "../../../crud/page";
import { pickColumns } from "../../../crud/picker-columns";
import { allOf, findRow, findRows } from "../../../crud/store";
import type { ListQueryParams } from "../../../crud/query-generator";
import { userEntity } from "./user-entity";
import { inDepartCondition, USER_PAGE, userCrud } from "./user-crud";
import { userDepartments, userRoleIds } from "./user-relations";
import { requireInEveryTenant } from "../permission/delegation";
import { userVue3Endpoints } from "./user-vue3-endpoints";

/**
 * What the user picker shows (docs/spec/widgets.md §3 "User row"): pickers serve every signed-in user,
 * so they answer these columns only; e-mail, phone, birthday and tenants need the user page
 * (/sys/user/list, queryById).
 */
export const USER_PICKER_COLUMNS = ["id", "username", "realname", "sex", "avatar", "orgCodeTxt"] as const;

const pickerRecords = (records: ListRecord[]) => records.map((record) => pickColumns(record, USER_PICKER_COLUMNS));

/**
 * The query parameters a picker may use: paging, a sort, and filters on what it shows. A filter or
 * sort on e-mail, phone or birthday would tell them one guess at a time.
 */
function pickerQuery(query: Record<string, unknown>, filters: readonly string[]): ListQueryParams {
  const allowed = new Set(["pageNo", "pageSize", "column", "order", "_t", ...filters]);
  const sortable = new Set([...USER_PICKER_COLUMNS, "createTime"]);
  const picked = Object.fromEntries(Object.entries(query).filter(([key]) => allowed.has(key)));
  if (typeof picked.column === "string" && !sortable.has(picked.column)) delete picked.column;
  return picked as ListQueryParams;
}

/** Most users one picker answer carries (getMultiUser has no paging). */
const MAX_PICKER_USERS = 1000;

function text(value: unknown): string {
  return typeof value === "string" ? value : typeof value === "number" ? String(value) : "";
}

function containsCondition(property: "username" | "realname", value: string) {
  const column = columnRef(userEntity, fieldByProperty(userEntity, property)!);
  return sql`${column} ilike ${likePattern(value, "like")} escape ${sql.raw(`'${LIKE_ESCAPE}'`)}`;
}

/** The user of that username among those the caller may manage (tenant, data rules). */
async function visibleUserByName(context: CrudContext, username: string) {
  if (!username) return undefined;
  const [user] = await selectRecords(context.services.db, userEntity, {
    where: allOf([sql`${columnRef(userEntity, fieldByProperty(userEntity, "username")!)} = ${username}`, userCrud.visibility(context)]),
    orderBy: sql`1`,
    limit: 1,
  });
  return user;
}

const userPickerPage = endpoint("GET", "/sys/user/queryUserComponentData", "user", async (request) => {
  const context = crudContext(request);
  const { username, realname, departId, ...rest } = request.req.query as Record<string, unknown>;
  const conditions = [];
  if (typeof username === "string" && username.trim()) conditions.push(containsCondition("username", username.trim()));
  if (typeof realname === "string" && realname.trim()) conditions.push(containsCondition("realname", realname.trim()));
  if (typeof departId === "string" && departId.trim()) conditions.push(inDepartCondition(departId.trim(), context.tenantId));
  const built = await userCrud.listQuery(context, pickerQuery(rest, ["sex"]), { conditions });
  const page = await runListQuery(context.services.db, userEntity, built);
  await userCrud.decorate(context, page.records);
  return ok({ ...page, records: pickerRecords(page.records) });
}, { doc: { summary: "用户选择组件的用户列表" } });

/**
 * /sys/user/list for everyone signed in, as JeecgBoot answers it: with the user page, 用户管理's own
 * list; without it, a page of the tenant's users in the picker's columns, `username` matched exactly
 * (the Vue 2 client's notice pop-up asks the sender's real name so, for every user; docs/decisions/135).
 */
function userListForEveryone(pageList: Endpoint): Endpoint {
  return {
    ...pageList,
    access: "user",
    handle: async (request) => {
      const context = crudContext(request);
      if (await request.services.permissions.hasMenu(context.auth, USER_PAGE)) return pageList.handle(request);
      const { username, realname, ...rest } = request.req.query as Record<string, unknown>;
      const conditions = [];
      if (typeof username === "string" && username.trim())
        conditions.push(sql`${columnRef(userEntity, fieldByProperty(userEntity, "username")!)} = ${username.trim()}`);
      if (typeof realname === "string" && realname.trim()) conditions.push(containsCondition("realname", realname.trim()));
      const built = await userCrud.listQuery(context, pickerQuery(rest, []), { conditions });
      const page = await runListQuery(context.services.db, userEntity, built);
      await userCrud.decorate(context, page.records);
      return ok({ ...page, records: pickerRecords(page.records) });
    },
  };
}

export const userEndpoints: Endpoint[] = [
  ...userCrud.endpoints.map((served) => (served.path === "/sys/user/list" ? userListForEveryone(served) : served)),
  ...userVue3Endpoints,

  endpoint(["PUT", "POST"], "/sys/user/frozenBatch", "user:freeze", async (request) => {
    const context = crudContext(request);
    const ids = splitIds(request.body.ids);
    const status = Number(text(request.body.status));
    if (ids.length === 0 || (status !== 1 && status !== 2)) throw new ApiError("参数不正确");
    if (status === 2 && ids.includes(context.auth.user.id)) throw new ApiError("不能冻结当前登录用户");
    const executor = databaseExecutor(context.services.db);
    await requireInEveryTenant(executor, context, "user:freeze", await findRows(executor, userEntity, ids, userCrud.visibility(context)));
    const updated = await context.services.db.rows(
      sql`update sys_user set status = ${status}, update_by = ${context.username.slice(0, 32)}, update_time = now() where ${allOf([
        sql`id in (${sql.join(ids.map((id) => sql`${id}`), sql`, `)})`,
        userCrud.visibility(context),
      ])} returning id`,
    );
    if (updated.length === 0) throw notFound();
    return okMessage("操作成功!");
  }, { doc: { summary: "批量冻结或解冻用户" } }),

  // The administrator's reset (PasswordModal): {username, password, confirmpassword}.
  endpoint(["PUT", "POST"], "/sys/user/changePassword", "user:reset_password", async (request) => {
    const context = crudContext(request);
    const username = text(request.body.username).trim();
    const password = text(request.body.password);
    if (!password) throw new ApiError(Messages.newPasswordEmpty);
    if (request.body.confirmpassword !== undefined && text(request.body.confirmpassword) !== password)
      throw new ApiError(Messages.passwordsDiffer);
    const user = await visibleUserByName(context, username);
    if (!user) throw new ApiError("用户不存在！");
    const problem = passwordProblem(password, username);
    if (problem) throw new ApiError(problem);
    await requireInEveryTenant(databaseExecutor(context.services.db), context, "user:reset_password", [user]);
    const userId = String(user.id);
    // Someone else chose it: the owner chooses their own at the next sign-in (docs/decisions/011),
    // unless administrators reset their own password.
    const passwordChangeRequired = userId !== context.auth.user.id;
    if (await isRecentPassword(context.services.db, userId, password)) throw new ApiError(Messages.passwordReused);
    const hash = await hashPassword(password);
    await context.services.db.orm
      .update(sysUser)
      .set({
        password: hash,
        salt: legacySalt(),
        passwordChangeRequired,
        passwordTime: new Date(),
        updateBy: context.username.slice(0, 32),
        updateTime: new Date(),
      })
      .where(eq(sysUser.id, userId));
    await rememberPassword(context.services.db, userId, hash);
    // Sessions opened with the old password end; the caller's own stays open.
    await context.services.sessions.endAllForUser(userId, "password", context.auth.session.id);
    return okMessage(Messages.passwordChanged);
  }, { doc: { summary: "管理员修改用户的密码" } }),

  // 解锁: ends the sign-in lock of a user the caller may manage (docs/decisions/010). The lock is
  // kept per typed name, so this is the account's username; the freeze right covers it, in every
  // tenant of the account as for 冻结 (issue #27 item 5).
  endpoint(["PUT", "POST"], "/sys/user/unlock", "user:freeze", async (request) => {
    const context = crudContext(request);
    const username = text(request.body.username).trim();
    const user = await visibleUserByName(context, username);
    if (!user) throw new ApiError("用户不存在！");
    await requireInEveryTenant(databaseExecutor(context.services.db), context, "user:freeze", [user]);
    await context.services.signInGuard.unlock(username);
    return okMessage(Messages.userUnlocked);
  }, { doc: { summary: "解除用户的登录锁定" } }),

  // Signed-in only (the original is anonymous): an anonymous oracle would undo the sign-in
  // answers that never tell whether an account exists (docs/decisions/003).
  endpoint("GET", "/sys/user/checkOnlyUser", "user", async ({ query, services }) => {
    const username = (query.username ?? "").trim();
    if (!username) return failure("用户账号不能为空");
    const [taken] = await services.db.orm.select({ id: sysUser.id }).from(sysUser).where(eq(sysUser.username, username)).limit(1);
    return taken ? failure("用户账号已存在") : ok(true, "");
  }, { doc: { summary: "校验用户名、手机号或邮箱唯一" } }),

  endpoint("GET", "/sys/user/queryUserRole", menuAccess(USER_PAGE), async (request) => {
    const context = crudContext(request);
    const userId = singleId(request.query.userid ?? request.query.userId);
    const user = userId ? await findRow(databaseExecutor(context.services.db), userEntity, userId, userCrud.visibility(context)) : undefined;
    if (!user || !userId) throw notFound();
    return ok(await userRoleIds(databaseExecutor(context.services.db), userId, context.tenantId));
  }, { doc: { summary: "查询用户拥有的角色" } }),

  endpoint("GET", "/sys/user/userDepartList", menuAccess(USER_PAGE), async (request) => {
    const context = crudContext(request);
    const userId = singleId(request.query.userId ?? request.query.userid);
    const user = userId ? await findRow(databaseExecutor(context.services.db), userEntity, userId, userCrud.visibility(context)) : undefined;
    if (!user || !userId) throw notFound();
    const departs = await userDepartments(databaseExecutor(context.services.db), [userId], context.tenantId);
    return ok(departs.map((depart) => ({ key: depart.id, value: depart.id, title: depart.departName })));
  }, { doc: { summary: "查询用户所属的部门" } }),

  // The user picker's page: username / realname contain the text, departId narrows to a department.
  userPickerPage,
  // The Vue 3 client's 部门岗位 picker asks the same (departId, username, realname); no posts here.
  servedAt(userPickerPage, "/sys/user/queryDepartPostUserPageList"),

  // A bare array, no envelope (contract §1, §7); filters as a list (`id=a,b,` → IN).
  endpoint("GET", "/sys/user/getMultiUser", "user", async (request) => {
    const context = crudContext(request);
    const built = await userCrud.listQuery(context, pickerQuery(request.req.query as Record<string, unknown>, ["id", "username"]));
    return pickerRecords(await selectRecords(context.services.db, userEntity, { where: built.where, orderBy: built.orderBy, limit: MAX_PICKER_USERS }));
  }, { doc: { summary: "按用户名或ID查询多个用户" } }),

  endpoint("GET", "/sys/user/queryByIds", "user", async (request) => {
    const context = crudContext(request);
    const ids = splitIds(request.query.userIds);
    const records = await findRows(databaseExecutor(context.services.db), userEntity, ids, userCrud.visibility(context));
    await userCrud.decorate(context, records);
    return ok(pickerRecords(records));
  }, { doc: { summary: "按多个ID查询用户" } }),

  endpoint("GET", "/sys/user/queryUserByDepId", "user", async (request) => {
    const context = crudContext(request);
    const departId = singleId(request.query.id);
    if (!departId) return ok([]);
    const realname = (request.query.realname ?? "").trim();
    const records = await selectRecords(context.services.db, userEntity, {
      where: allOf([
        inDepartCondition(departId, context.tenantId),
        userCrud.visibility(context),
        realname ? containsCondition("realname", realname) : undefined,
      ]),
      orderBy: sql`${columnRef(userEntity, fieldByProperty(userEntity, "username")!)} asc`,
      limit: MAX_PICKER_USERS,
    });
    return ok(pickerRecords(records));
  }, { doc: { summary: "查询部门下的用户" } }),
];
