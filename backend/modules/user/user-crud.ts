// The user page's CRUD (/sys/user, api-contract.md §6, §7 "Other base paths"): the engine plus what
// is special about users. Passwords are hashed on add and never written on edit; the body's
// `selectedroles` / `selecteddeparts` (comma ids) become the user's roles and departments of the
// current tenant in the same transaction; rel_tenant_ids can only name tenants the caller has.
import { sql, type SQL } from "drizzle-orm";
import { Messages } from "#contract/messages";
import { sysUser } from "../../db/schema";
import { ApiError } from "../../http/envelope";
import { hashPassword, legacySalt } from "../../security/password";
import { createCrud, type PrepareContext, type RowProblem, type SaveContext } from "../../crud/engine";
import { columnRef } from "../../crud/conditions";
import { fieldByProperty } from "../../crud/entity";
import { userTenantIds } from "../../crud/tenant";
import type { CrudContext, Executor } from "../../crud/context";
import type { ListRecord } from "../../crud/page";
import { userEntity, userTenantScope } from "./user-entity";
import { commaIds, dropTenantRelations, replaceUserDeparts, replaceUserRoles, userDepartments } from "./user-relations";

export const USER_PAGE = "/isystem/user";
const USERNAME_PATTERN = /^[A-Za-z0-9_]+$/;
const MOBILE_PATTERN = /^1[3-9]\d{9}$/;
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function text(value: unknown): string {
  return typeof value === "string" ? value : typeof value === "number" ? String(value) : "";
}

/** `"users"."id" in (users of department departId in the tenant)`. */
export function inDepartCondition(departId: string, tenantId: number): SQL {
  const id = columnRef(userEntity, fieldByProperty(userEntity, "id")!);
  return sql`${id} in (select ud.user_id from sys_user_depart ud join sys_depart d on d.id = ud.dep_id where ud.dep_id = ${departId} and d.tenant_id = ${tenantId})`;
}

/** orgCodeTxt: the names of the user's departments in the current tenant (user list, pickers). */
export async function addDepartNames(context: CrudContext, records: ListRecord[], executor?: Executor): Promise<void> {
  const ids = records.map((record) => String(record.id));
  const rows = await userDepartments(executor ?? { orm: context.services.db.orm, rows: (query) => context.services.db.rows(query) }, ids, context.tenantId);
  const names = new Map<string, string[]>();
  for (const row of rows) names.set(row.userId, [...(names.get(row.userId) ?? []), row.departName]);
  for (const record of records) record.orgCodeTxt = names.get(String(record.id))?.join(",") ?? null;
}

/**
 * rel_tenant_ids after a save: the caller may add or remove only tenants the caller belongs to,
 * the current tenant always stays (a user saved here belongs here), other tenants are kept.
 */
function mergedTenants(save: SaveContext): string {
  const callerTenants = userTenantIds(save.auth.user.relTenantIds);
  const requested = commaIds(save.body.relTenantIds).map(Number).filter((id) => callerTenants.includes(id));
  const existing = save.existing ? userTenantIds(text(save.existing.relTenantIds)) : [];
  const kept = existing.filter((id) => !callerTenants.includes(id));
  const merged = new Set([...kept, ...requested, save.tenantId]);
  return [...merged].sort((a, b) => a - b).join(",");
}

const BAD_STATUS = "用户状态不正确";

function validStatus(status: unknown): boolean {
  return status === undefined || status === null || status === 1 || status === 2;
}

/**
 * The password of users added by an Excel import, as JeecgBoot's (`123456`): the sheet has no
 * password column, and the school tells its staff to change it at first sign-in (or an
 * administrator sets one with 重置密码). Hashed with scrypt once per file — every imported row of
 * the file shares the hash, so 50,000 rows cost one hash, not 50,000 — each row keeps its own
 * legacy salt.
 */
export const IMPORTED_USER_PASSWORD = "123456";

/** The import's batch preparation: the status check of `prepare`, one password hash for the file. */
async function prepareMany(_context: CrudContext, rows: readonly PrepareContext[]): Promise<RowProblem[]> {
  const problems: RowProblem[] = [];
  const password = rows.length > 0 ? await hashPassword(IMPORTED_USER_PASSWORD) : "";
  rows.forEach((row, index) => {
    if (!validStatus(row.values.status)) problems.push({ index, property: "status", message: BAD_STATUS });
    row.values.password = password;
    row.values.salt = legacySalt();
  });
  return problems;
}

/** Checks and hashing that need no rows, before the transaction (scrypt is slow on purpose). */
async function prepare(prepared: PrepareContext): Promise<void> {
  const { values, body } = prepared;
  if (!validStatus(values.status)) throw new ApiError(BAD_STATUS);
  if (prepared.operation !== "add") return;
  const password = text(body.password);
  if (!password) throw new ApiError("请输入密码!");
  if (body.confirmpassword !== undefined && text(body.confirmpassword) !== password) throw new ApiError(Messages.confirmPasswordMismatch);
  values.password = await hashPassword(password);
  values.salt = legacySalt();
}

async function beforeSave(save: SaveContext): Promise<void> {
  const { values, body } = save;
  if (save.operation === "add") {
    values.status ??= 1;
    values.relTenantIds = mergedTenants(save);
    return;
  }
  // Edit keeps the hash (contract §7): password fields of the body are ignored, as is the name
  // the user signs in with, which other rows refer to.
  if (values.username !== undefined && values.username !== save.existing?.username) throw new ApiError("用户账号不允许修改");
  delete values.username;
  if ("relTenantIds" in values || body.relTenantIds !== undefined) values.relTenantIds = mergedTenants(save);
}

async function afterSave(save: SaveContext): Promise<void> {
  const { body } = save;
  if (typeof body.selectedroles === "string") await replaceUserRoles(save.tx, save.id, commaIds(body.selectedroles), save.tenantId);
  if (typeof body.selecteddeparts === "string")
    await replaceUserDeparts(save.tx, save.id, commaIds(body.selecteddeparts), save.tenantId);
}

export const userCrud = createCrud({
  basePath: "/sys/user",
  entity: userEntity,
  table: sysUser,
  pagePath: USER_PAGE,
  permissionPrefix: "user",
  tenant: userTenantScope,
  body: {
    fields: {
      username: { label: "用户账号", required: "请输入用户账号!", pattern: USERNAME_PATTERN, patternMessage: Messages.usernamePattern },
      realname: { label: "用户姓名", required: "请输入用户名称!" },
      phone: { label: "手机号码", pattern: MOBILE_PATTERN, patternMessage: Messages.mobilePattern },
      email: { label: "邮箱", pattern: EMAIL_PATTERN, patternMessage: Messages.emailPattern },
      workNo: { label: "工号" },
      telephone: { label: "座机" },
      post: { label: "职务" },
      orgCode: { label: "机构编码" },
      avatar: { label: "头像" },
      birthday: { label: "生日" },
      sex: { label: "性别" },
      status: { label: "状态" },
      // Set by sign-in integrations, never by the user form.
      thirdId: { readOnly: true },
      thirdType: { readOnly: true },
      clientId: { readOnly: true },
    },
  },
  // JeecgBoot's user sheet (SysUser's @Excel fields). Usernames, work numbers, e-mails and phones
  // are unique across all tenants (migration 0001's unique indexes), so an import checks them
  // against every row.
  excel: {
    title: "用户列表",
    columns: [
      { property: "username", title: "登录账号", required: true },
      { property: "realname", title: "真实姓名", required: true },
      { property: "workNo", title: "工号" },
      { property: "sex", title: "性别" },
      { property: "birthday", title: "生日" },
      { property: "email", title: "电子邮件" },
      { property: "phone", title: "手机号码" },
      { property: "telephone", title: "座机" },
      { property: "post", title: "职务" },
      { property: "status", title: "状态" },
    ],
    unique: ["username", "workNo", "email", "phone"],
    uniqueScope: "all",
  },
  hooks: {
    listConditions: (context, query) => {
      const departId = typeof query.departId === "string" ? query.departId.trim() : "";
      return departId ? [inDepartCondition(departId, context.tenantId)] : [];
    },
    decorate: (context, records) => addDepartNames(context, records),
    prepare,
    prepareMany,
    beforeSave,
    afterSave,
    beforeDelete: async (remove) => {
      if (remove.ids.includes(remove.auth.user.id)) throw new ApiError("不能删除当前登录用户");
      // A user who also works for other tenants only leaves this one; the others keep the account.
      const rows = await remove.tx.rows<{ id: string; rel_tenant_ids: string | null }>(
        sql`select id, rel_tenant_ids from sys_user where id in (${sql.join(remove.ids.map((id) => sql`${id}`), sql`, `)})`,
      );
      const deleteIds: string[] = [];
      for (const row of rows) {
        const tenants = userTenantIds(row.rel_tenant_ids);
        const others = tenants.filter((id) => id !== remove.tenantId);
        if (others.length === 0) {
          deleteIds.push(row.id);
          continue;
        }
        await remove.tx.rows(
          sql`update sys_user set rel_tenant_ids = ${others.join(",")}, update_by = ${remove.username.slice(0, 32)}, update_time = now() where id = ${row.id}`,
        );
        await dropTenantRelations(remove.tx, row.id, remove.tenantId);
      }
      return deleteIds;
    },
  },
});
