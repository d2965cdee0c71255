// Sign-in, sign-out, the permission answer, password change and department choice
// (api-contract.md §2, §4; spec/app-shell.md §7).
import { and, asc, eq, inArray } from "drizzle-orm";
import { Messages } from "#contract/messages";
import type { Database } from "../../db/client";
import { sysDepart, sysTenant, sysUser, sysUserDepart } from "../../db/schema";
import { ApiError, failure, ok, okMessage, okWithoutCode } from "../../http/envelope";
import { endpoint, requireAuth, type Endpoint } from "../../http/endpoint";
import { readTenantId, readToken } from "../../http/auth";
import { clientIp } from "../../http/format";
import { hashPassword, legacySalt, verifyPassword } from "../../security/password";
import { LogType } from "../log-service";
import { toDepart, toUserInfo } from "./user-info";

async function userDeparts(db: Database, userId: string) {
  return db.orm
    .select({ depart: sysDepart })
    .from(sysDepart)
    .innerJoin(sysUserDepart, eq(sysUserDepart.depId, sysDepart.id))
    .where(and(eq(sysUserDepart.userId, userId), eq(sysDepart.delFlag, "0")))
    .orderBy(asc(sysDepart.departOrder), asc(sysDepart.orgCode))
    .then((rows) => rows.map((row) => row.depart));
}

function text(value: unknown): string {
  return typeof value === "string" ? value : value === undefined || value === null ? "" : String(value);
}

export const authEndpoints: Endpoint[] = [
  endpoint("POST", "/sys/login", "public", async ({ req, body, services }) => {
    const username = text(body.username).trim();
    const password = text(body.password);
    const db = services.db;
    const [user] = username ? await db.orm.select().from(sysUser).where(eq(sysUser.username, username)) : [];
    // Unknown user and wrong password answer alike, so accounts cannot be enumerated
    // (docs/decisions/003-login-answers.md); the account state is told only to its owner.
    if (!user || !(await verifyPassword(password, user.password))) return failure(Messages.wrongCredentials);
    if (user.delFlag === 1) return failure(Messages.userDeleted);
    if (user.status === 2) return failure(Messages.userFrozen);

    const tenantIds = (user.relTenantIds ?? "").split(",").map((id) => Number(id)).filter((id) => id > 0);
    let tenantList: Array<Record<string, unknown>> | undefined;
    if (tenantIds.length > 0) {
      const tenants = await db.orm
        .select()
        .from(sysTenant)
        .where(and(inArray(sysTenant.id, tenantIds), eq(sysTenant.status, 1)))
        .orderBy(asc(sysTenant.id));
      if (tenants.length === 0) return failure(Messages.tenantsFrozen);
      tenantList = tenants;
    }
    const requestedTenant = readTenantId(req);
    const tenantId = tenantList?.some((tenant) => tenant.id === requestedTenant)
      ? requestedTenant
      : ((tenantList?.[0]?.id as number | undefined) ?? null);

    const departs = await userDeparts(db, user.id);
    if (departs.length > 0 && (departs.length === 1 || !user.orgCode)) {
      const orgCode = departs[0]!.orgCode;
      if (user.orgCode !== orgCode) {
        await db.orm.update(sysUser).set({ orgCode }).where(eq(sysUser.id, user.id));
        user.orgCode = orgCode;
      }
    }
    const token = await services.sessions.create(user, {
      tenantId,
      ip: clientIp(req),
      userAgent: req.get("user-agent") ?? null,
    });
    await services.logs.write({
      logType: LogType.login,
      content: `用户名: ${user.username},登录成功！`,
      username: user.username,
      realname: user.realname,
      ip: clientIp(req),
      requestUrl: "/sys/login",
      requestType: "POST",
    });
    return ok(
      {
        token,
        userInfo: toUserInfo(user),
        departs: departs.map(toDepart),
        multi_depart: departs.length === 0 ? 0 : departs.length === 1 ? 1 : 2,
        sysAllDictItems: await services.dictionaries.allEnabled(),
        ...(tenantList ? { tenantList } : {}),
      },
      Messages.loginSuccess,
    );
  }),

  endpoint("ALL", "/sys/logout", "public", async ({ req, services }) => {
    const token = readToken(req);
    if (!token) return failure(Messages.logoutFailed);
    const ended = await services.sessions.end(token, "logout");
    return ended ? okMessage(Messages.logoutSuccess) : failure(Messages.logoutTokenInvalid);
  }),

  endpoint("GET", "/sys/permission/getUserPermissionByToken", "user", async (request) => {
    const auth = requireAuth(request);
    const answer = await request.services.permissions.answerFor(auth.user.id, request.services.config.safeMode);
    return okWithoutCode(answer);
  }),

  endpoint(["PUT", "POST"], "/sys/user/updatePassword", "user", async (request) => {
    const auth = requireAuth(request);
    const { body, services } = request;
    const username = text(body.username);
    const oldPassword = text(body.oldpassword);
    const password = text(body.password);
    const confirm = text(body.confirmpassword);
    if (username && username !== auth.user.username) throw new ApiError("只能修改当前登录用户的密码");
    if (!password) return failure(Messages.newPasswordEmpty);
    if (password !== confirm) return failure(Messages.passwordsDiffer);
    const [user] = await services.db.orm.select().from(sysUser).where(eq(sysUser.id, auth.user.id));
    if (!user || !(await verifyPassword(oldPassword, user.password))) return failure(Messages.oldPasswordWrong);
    await services.db.orm
      .update(sysUser)
      .set({ password: await hashPassword(password), salt: legacySalt(), updateBy: user.username, updateTime: new Date() })
      .where(eq(sysUser.id, user.id));
    // Other sessions of this account end with the old password; the caller's stays open.
    await services.sessions.endAllForUser(user.id, "password", auth.session.id);
    return okMessage(Messages.passwordChanged);
  }),

  endpoint("GET", "/sys/user/getCurrentUserDeparts", "user", async (request) => {
    const auth = requireAuth(request);
    const departs = await userDeparts(request.services.db, auth.user.id);
    return ok({ list: departs.map(toDepart), orgCode: auth.user.orgCode });
  }),

  endpoint(["PUT", "POST"], "/sys/selectDepart", "user", async (request) => {
    const auth = requireAuth(request);
    const orgCode = text(request.body.orgCode);
    const departs = await userDeparts(request.services.db, auth.user.id);
    if (!departs.some((depart) => depart.orgCode === orgCode)) return failure("部门不存在或不属于当前用户");
    const [user] = await request.services.db.orm
      .update(sysUser)
      .set({ orgCode })
      .where(eq(sysUser.id, auth.user.id))
      .returning();
    return ok({ userInfo: toUserInfo(user!) });
  }),
];
