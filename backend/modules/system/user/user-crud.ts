// The user page's CRUD (/sys/user, api-contract.md §6, §7 "Other base paths"): the engine plus what
// is special about users. Passwords are hashed on add and never written on edit; the body's
// `selectedroles` / `selecteddeparts` (comma ids) become the user's roles and departments of the
// current tenant in the same transaction; rel_tenant_ids can only name tenants the caller has.
import { lockTenants } from "../tenant/tenant-locks";
import { sql, type SQL } from "drizzle-orm";
import { Messages } from "#contract/messages";
import { sysUser } from "../../../db/schema";
import { ApiError } from "../../../http/envelope";
import { generatePassword, hashPassword, legacySalt, legacySalts } from "../../../security/password";
import { passwordProblem } from "#contract/password-policy";
import { createCrud, type PrepareContext, type RowProblem, type SaveContext } from "../../../crud/engine";
import { columnRef } from "../../../crud/conditions";
import { fieldByProperty } from "../../../crud/entity";
import { userTenantIds } from "../../../crud/tenant";
import type { CrudContext, Executor } from "../../../crud/context";
import type { ListRecord } from "../../../crud/page";
import { userEntity, userTenantScope } from "./user-entity";
import { commaIds, dropTenantRelations, replaceUserDeparts, replaceUserRoles, tenantRoleIds, userDepartments, userRoleIds } from "./user-relations";
import { requireInEveryTenant, requireInTenants, requireNoPlatformAccount, requireNotOwn, requireRolesWithin } from "../permission/delegation";
import { PAGES } from "#contract/pages";

export const USER_PAGE = PAGES["system/UserList"];
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
 * The import's batch preparation: the status check of `prepare`, and a password nobody knows.
 * JeecgBoot gives imported users `123456`; the sheet has no password column, so ours get a random
 * password that passes the policy (hashed once per file: 50,000 rows cost one hash), and must choose
 * their own at their first sign-in, after an administrator gave them one with 重置密码
 * (docs/decisions/011-password-policy.md).
 */
async function prepareMany(_context: CrudContext, rows: readonly PrepareContext[]): Promise<RowProblem[]> {
  const problems: RowProblem[] = [];
  const password = rows.length > 0 ? await hashPassword(`${generatePassword(24)}-1a`) : "";
  const salts = legacySalts(rows.length);
  rows.forEach((row, index) => {
    if (!validStatus(row.values.status)) problems.push({ index, property: "status", message: BAD_STATUS });
    row.values.password = password;
    row.values.salt = salts[index];
    row.values.passwordChangeRequired = true;
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
  const problem = passwordProblem(password, text(body.username));
  if (problem) throw new ApiError(problem);
  values.password = await hashPassword(password);
  values.salt = legacySalt();
  // An administrator chose it: the user chooses their own at the first sign-in.
  values.passwordChangeRequired = true;
}

/**
 * Properties that belong to the account's place in one tenant (its position, its current
 * department, its tenants, checked on their own); every other property is the account's own, the
 * same in every tenant (docs/decisions/007).
 */
const TENANT_LOCAL_PROPERTIES: ReadonlySet<string> = new Set(["post", "orgCode", "relTenantIds", "departIds"]);

function wireText(value: unknown): string {
  return value === null || value === undefined ? "" : value instanceof Date ? value.toISOString() : String(value);
}

/** Does the edit change the account as a whole (its name, status, e-mail, phone…)? */
function changesAccount(save: SaveContext): boolean {
  return Object.entries(save.values).some(
    ([property, value]) => value !== undefined && !TENANT_LOCAL_PROPERTIES.has(property) && wireText(value) !== wireText(save.existing?.[property]),
  );
}

/** The ids in exactly one of two lists. */
function changedIds<T>(before: readonly T[], after: readonly T[]): T[] {
  return [...before.filter((id) => !after.includes(id)), ...after.filter((id) => !before.includes(id))];
}

async function beforeSave(save: SaveContext): Promise<void> {
  const { values, body } = save;
  const tenantsBefore = save.existing ? userTenantIds(text(save.existing.relTenantIds)) : [];
  if (save.operation === "add") {
    values.status ??= 1;
    values.relTenantIds = mergedTenants(save);
  } else {
    // Edit keeps the hash (contract §7): password fields of the body are ignored, as is the name
    // the user signs in with, which other rows refer to.
    if (values.username !== undefined && values.username !== save.existing?.username) throw new ApiError("用户账号不允许修改");
    delete values.username;
    if (changesAccount(save)) await requireInEveryTenant(save.tx, save, "user:edit", [save.existing!]);
    if ("relTenantIds" in values || body.relTenantIds !== undefined) values.relTenantIds = mergedTenants(save);
  }
  // Adding the account to another tenant, or taking it out of one, needs the right there too.
  if (typeof values.relTenantIds === "string") {
    const otherTenants = changedIds(tenantsBefore, userTenantIds(values.relTenantIds)).filter((id) => id !== save.tenantId);
    await requireInTenants(save.tx, save, `user:${save.operation}`, otherTenants);
    // The tenants must exist until the save commits (a tenant with users is never deleted).
    await lockTenants(save.tx, userTenantIds(values.relTenantIds));
  }
}

/**
 * The user's roles in the current tenant become `selectedroles`. Roles that change must be within
 * what the actor holds, and never the actor's own (docs/decisions/008).
 */
async function saveRoles(save: SaveContext, selected: string[]): Promise<void> {
  const before = save.operation === "edit" ? await userRoleIds(save.tx, save.id, save.tenantId) : [];
  const inTenant = await tenantRoleIds(save.tx, save.tenantId);
  const changed = changedIds(before, selected).filter((id) => inTenant.includes(id));
  if (changed.length > 0) {
    await requireNotOwn(save.tx, save, { userIds: [save.id] });
    await requireRolesWithin(save.tx, save, changed);
  }
  await replaceUserRoles(save.tx, save.id, selected, save.tenantId);
}

async function afterSave(save: SaveContext): Promise<void> {
  const { body } = save;
  if (typeof body.selectedroles === "string") await saveRoles(save, commaIds(body.selectedroles));
  if (typeof body.selecteddeparts === "string")
    await replaceUserDeparts(save.tx, save.id, commaIds(body.selecteddeparts), save.tenantId);
}

export const userCrud = createCrud({
  basePath: "/sys/user",
  entity: userEntity,
  table: sysUser,
  pagePath: USER_PAGE,
  permissionPrefix: "user",
  title: "用户管理",
  tenant: userTenantScope,
  // Staff phones and e-mails (issue #34, docs/decisions/136): masked in every answer of the user
  // page (list, 详情, export, the role's and department's user lists, 回收站, 离职) to a caller
  // without user:viewSensitive (查看敏感信息). Stored encrypted (userEntity, docs/decisions/145):
  // found by whole value only, through their search hashes, by everyone.
  sensitive: { phone: "phone", email: "email" },
  body: {
    fields: {
      username: { label: "用户账号", required: "请输入用户账号!", pattern: USERNAME_PATTERN, patternMessage: Messages.usernamePattern },
      realname: { label: "用户姓名", required: "请输入用户名称!" },
      // The columns hold ciphertext (text); the values keep the lengths they always had.
      phone: { label: "手机号码", pattern: MOBILE_PATTERN, patternMessage: Messages.mobilePattern, maxLength: 45 },
      email: { label: "邮箱", pattern: EMAIL_PATTERN, patternMessage: Messages.emailPattern, maxLength: 45 },
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
      await requireNoPlatformAccount(remove.tx, remove, remove.ids);
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
