// 个人中心 and 账户设置 (issue #17 part 7, docs/decisions/053). Every endpoint works on the caller's
// own account only: the user id comes from the session, never from the request, and the body
// may hold the descriptive fields of contract/account.ts and nothing else (no roles, tenants,
// departments, status or username).
import { sql } from "drizzle-orm";
import {
  ACCOUNT_API,
  AccountMessages,
  avatarSchema,
  preferencesSchema,
  preferencesUpdateSchema,
  profileFormSchema,
  RECENT_SIGN_INS,
  visitSchema,
  type AccountProfile,
  type Preferences,
  type SignInEntry,
} from "#contract/account";
import type { z } from "zod";
import { crudContext } from "../../crud/context";
import { databaseError } from "../../db/errors";
import { endpoint, requireAuth, type Endpoint } from "../../http/endpoint";
import { failure, ok } from "../../http/envelope";
import { formatDateTime } from "../../http/format";
import { openedContacts, sealedContacts } from "../system/user/user-entity";
import { LogType } from "../../log-service";

/** The first message of a refused body. */
function firstIssue(error: z.ZodError): string {
  return error.issues[0]?.message ?? "参数错误";
}

const PROFILE_FIELDS = new Set(Object.keys(profileFormSchema.shape));
const NOT_ALLOWED = "只能修改本人的基本信息";

async function loadProfile(db: { rows<T>(query: ReturnType<typeof sql>): Promise<T[]> }, userId: string, tenantId: number): Promise<AccountProfile | null> {
  const [row] = await db.rows<Omit<AccountProfile, "createTime" | "departs" | "roles"> & { createTime: Date | null; departs: string[] | null; roles: string[] | null }>(sql`
    select u.id, u.username, u.realname, u.avatar, u.email, u.phone, u.telephone, u.sex, u.birthday::text as birthday,
           u.work_no as "workNo", u.post, u.create_time as "createTime",
           (select array_agg(d.depart_name order by d.depart_name) from sys_user_depart ud join sys_depart d on d.id = ud.dep_id
             where ud.user_id = u.id and d.tenant_id = ${tenantId}) as departs,
           (select array_agg(r.role_name order by r.role_name) from sys_user_role ur join sys_role r on r.id = ur.role_id
             where ur.user_id = u.id and (r.tenant_id = ${tenantId} or r.platform_admin = 1)) as roles
      from sys_user u where u.id = ${userId} and u.del_flag = 0`);
  if (!row) return null;
  // The user's own phone and e-mail, stored encrypted (docs/decisions/145), in clear.
  return { ...openedContacts(row), createTime: formatDateTime(row.createTime), departs: row.departs ?? [], roles: row.roles ?? [] };
}

export async function loadPreferences(db: { rows<T>(query: ReturnType<typeof sql>): Promise<T[]> }, userId: string): Promise<Preferences & { customSaved: boolean }> {
  const [row] = await db.rows<{ notify: unknown; custom: unknown }>(sql`select notify, custom from sys_user_preference where user_id = ${userId}`);
  // Stored values are merged over the defaults: a setting added later gets its default.
  const parsed = preferencesSchema.safeParse({ notify: row?.notify ?? {}, custom: row?.custom ?? {} });
  const customSaved = Boolean(row?.custom && typeof row.custom === "object" && Object.keys(row.custom).length > 0);
  return { ...(parsed.success ? parsed.data : preferencesSchema.parse({})), customSaved };
}

export const accountEndpoints: Endpoint[] = [
  endpoint(
    "GET",
    ACCOUNT_API.profile,
    "user",
    async (request) => {
      const context = crudContext(request);
      const profile = await loadProfile(request.services.db, context.auth.user.id, context.tenantId);
      return profile ? ok(profile) : failure("未找到对应用户");
    },
    { doc: { summary: "个人信息" } },
  ),

  endpoint(
    ["PUT", "POST"],
    ACCOUNT_API.profile,
    "user",
    async (request) => {
      const context = crudContext(request);
      const keys = Object.keys(request.body);
      if (keys.some((key) => !PROFILE_FIELDS.has(key))) return failure(NOT_ALLOWED);
      const checked = profileFormSchema.safeParse(request.body);
      if (!checked.success) return failure(firstIssue(checked.error));
      const form = checked.data;
      const contacts = sealedContacts({ phone: form.phone, email: form.email });
      try {
        await request.services.db.rows(sql`
          update sys_user set realname = ${form.realname}, email = ${contacts.email ?? null}, email_hash = ${contacts.emailHash ?? null},
                 phone = ${contacts.phone ?? null}, phone_hash = ${contacts.phoneHash ?? null}, telephone = ${form.telephone},
                 sex = ${form.sex}, birthday = ${form.birthday}::date, update_by = ${context.username}, update_time = now()
           where id = ${context.auth.user.id}`);
      } catch (error) {
        const problem = databaseError(error);
        if (problem?.code === "23505") return failure(problem.detail?.includes("phone") ? AccountMessages.phoneTaken : AccountMessages.emailTaken);
        throw error;
      }
      const profile = await loadProfile(request.services.db, context.auth.user.id, context.tenantId);
      return ok(profile, AccountMessages.saved);
    },
    { doc: { summary: "修改个人信息", body: profileFormSchema } },
  ),

  // The avatar is a file the user uploaded himself (POST /sys/common/upload records it in oss_file).
  endpoint(
    ["PUT", "POST"],
    ACCOUNT_API.avatar,
    "user",
    async (request) => {
      const context = crudContext(request);
      const checked = avatarSchema.safeParse(request.body);
      if (!checked.success) return failure(firstIssue(checked.error));
      const { avatar } = checked.data;
      const [updated] = await request.services.db.rows<{ avatar: string }>(sql`
        update sys_user set avatar = ${avatar}, update_by = ${context.username}, update_time = now()
         where id = ${context.auth.user.id}
           and exists (select 1 from oss_file f where f.url = ${avatar} and f.create_by = ${context.auth.user.username.slice(0, 32)})
        returning avatar`);
      return updated ? ok({ avatar: updated.avatar }, AccountMessages.avatarSaved) : failure(AccountMessages.avatarInvalid);
    },
    { doc: { summary: "修改头像", body: avatarSchema } },
  ),

  endpoint(
    "GET",
    ACCOUNT_API.signIns,
    "user",
    async (request) => {
      const auth = requireAuth(request);
      const rows = await request.services.db.rows<{ createTime: Date; ip: string | null; browser: string | null; content: string | null }>(sql`
        select create_time as "createTime", ip, browser, log_content as content from sys_log
         where log_type = ${LogType.login} and userid = ${auth.user.username.slice(0, 32)} and log_content not like '%退出%'
         order by create_time desc limit ${RECENT_SIGN_INS}`);
      const entries: SignInEntry[] = rows.map((row) => ({ time: formatDateTime(row.createTime) ?? "", ip: row.ip, browser: row.browser, content: row.content ?? "" }));
      return ok(entries);
    },
    { doc: { summary: "最近登录" } },
  ),

  endpoint(
    "GET",
    ACCOUNT_API.preferences,
    "user",
    async (request) => ok(await loadPreferences(request.services.db, requireAuth(request).user.id)),
    { doc: { summary: "个人偏好" } },
  ),

  endpoint(
    ["PUT", "POST"],
    ACCOUNT_API.preferences,
    "user",
    async (request) => {
      const auth = requireAuth(request);
      const checked = preferencesUpdateSchema.safeParse(request.body);
      if (!checked.success) return failure(firstIssue(checked.error));
      const { notify, custom } = checked.data;
      // One statement: two tabs saved at once each keep their part.
      await request.services.db.rows(sql`
        insert into sys_user_preference (user_id, notify, custom, update_time)
        values (${auth.user.id}, ${JSON.stringify(notify ?? {})}::jsonb, ${JSON.stringify(custom ?? {})}::jsonb, now())
        on conflict (user_id) do update set
          notify = case when ${notify !== undefined} then excluded.notify else sys_user_preference.notify end,
          custom = case when ${custom !== undefined} then excluded.custom else sys_user_preference.custom end,
          update_time = now()`);
      return ok(await loadPreferences(request.services.db, auth.user.id), AccountMessages.preferencesSaved);
    },
    { doc: { summary: "保存个人偏好", body: preferencesUpdateSchema } },
  ),

  // 工作台's 常用页面: a page the user opened (the web app posts it once per page opened).
  endpoint(
    "POST",
    ACCOUNT_API.visit,
    "user",
    async (request) => {
      const context = crudContext(request);
      const checked = visitSchema.safeParse(request.body);
      if (!checked.success) return failure(firstIssue(checked.error));
      await request.services.db.rows(sql`
        insert into sys_user_page_visit (user_id, tenant_id, path, visits, last_visit)
        values (${context.auth.user.id}, ${context.tenantId}, ${checked.data.path}, 1, now())
        on conflict (user_id, tenant_id, path) do update set visits = sys_user_page_visit.visits + 1, last_visit = now()`);
      return ok(null);
    },
    { doc: { summary: "记录页面访问", body: visitSchema } },
  ),
];
