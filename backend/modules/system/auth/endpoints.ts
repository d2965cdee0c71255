// Sign-in, sign-out, the permission answer, password change and department choice
// (api-contract.md §2, §4; docs/spec/app-shell.md §7).
import { and, asc, eq, inArray } from "drizzle-orm";
import { Messages } from "#contract/messages";
import type { Database } from "../../../db/client";
import { sysDepart, sysTenant, sysUser, sysUserDepart } from "../../../db/schema";
import { ApiError, failure, ok, okMessage, okWithoutCode } from "../../../http/envelope";
import { endpoint, requireAuth, type Endpoint } from "../../../http/endpoint";
import { readTenantId, readToken } from "../../../http/auth";
import { clientIp } from "../../../http/format";
import { hashPassword, legacySalt, verifyPassword, verifyPasswordEvenly } from "../../../security/password";
import { isRecentPassword, rememberPassword } from "../../../security/password-history";
import { passwordProblem } from "#contract/password-policy";
import { ResultCode } from "#contract/envelope";
import { SignInGuard } from "./sign-in-guard";
import { menuForClient, withHomePage } from "../permission/client-menus";
import { clientOf } from "../../../http/client";
import { actorOf } from "../permission/permission-service";
import { homePageFor } from "../role/role-home";
import { toDepart, toUserInfo } from "./user-info";
import { accountRefusal, captchaClient, checkCredentials, completeSignIn, userDeparts } from "./sign-in";

function text(value: unknown): string {
  return typeof value === "string" ? value : value === undefined || value === null ? "" : String(value);
}

/** The answer of the QR sign-in, which this backend does not offer. */
export const QR_SIGN_IN_REFUSED = "本系统不支持扫码登录，请使用账号密码或手机号登录";

export const authEndpoints: Endpoint[] = [
  endpoint("GET", "/sys/randomImage/:key", "public", async ({ req, params, services }) => {
    const key = params.key ?? "";
    if (!SignInGuard.validKey(key)) return failure(Messages.captchaMissing);
    // Drawing a picture costs real CPU: an address asking too often waits (captcha-rate-limit.ts).
    if (!services.captchaRateLimit.take(clientIp(req))) return failure(Messages.captchaTooFrequent);
    return ok(await services.signInGuard.issueCaptcha(key, captchaClient(req)), "", ResultCode.unset);
  }, { doc: { summary: "获取登录页的图形验证码" } }),

  endpoint("POST", "/sys/checkCaptcha", "public", async ({ req, body, services }) => {
    const check = await services.signInGuard.consumeCaptcha(text(body.checkKey), text(body.captcha), captchaClient(req));
    if (check === "missing") return failure(Messages.captchaMissing);
    return check === "ok" ? okMessage(Messages.captchaChecked) : failure(Messages.captchaWrong);
  }, { doc: { summary: "校验图形验证码" } }),

  endpoint("POST", "/sys/login", "public", async ({ req, body, services }) => {
    const checked = await checkCredentials(services, req, {
      username: text(body.username).trim(),
      password: text(body.password),
      captcha: text(body.captcha),
      checkKey: text(body.checkKey),
    });
    if ("refusal" in checked) return checked.refusal;
    return completeSignIn(services, req, checked.user);
  }, { doc: { summary: "账号密码登录" } }),

  // The Vue 3 client's department choice on its sign-in page (docs/decisions/083): the same proof as
  // /sys/login (guard, captcha, password), the captcha left for the sign-in that follows.
  endpoint("POST", "/sys/loginGetUserDeparts", "public", async ({ req, body, services }) => {
    // The phone way proves a code only at /sys/phoneLogin; here it offers no choice.
    if (text(body.loginType) === "phone") return ok({});
    const checked = await checkCredentials(
      services,
      req,
      { username: text(body.username).trim(), password: text(body.password), captcha: text(body.inputCode), checkKey: text(body.checkKey) },
      { spendCaptcha: false },
    );
    if ("refusal" in checked) return checked.refusal;
    const refusal = accountRefusal(checked.user);
    if (refusal) return failure(refusal);
    const departs = await userDeparts(services.db, checked.user.id);
    return ok({
      currentOrgCode: checked.user.orgCode,
      departs: departs.map((depart) => ({ orgCode: depart.orgCode, departName: depart.departName })),
    });
  }, { doc: { summary: "登录后选择部门：当前用户可选的部门" } }),

  // The Vue 3 client's reading of the signed-in user (LoginController.getUserInfo).
  endpoint("GET", "/sys/user/getUserInfo", "user", async (request) => {
    const auth = requireAuth(request);
    const [user] = await request.services.db.orm.select().from(sysUser).where(eq(sysUser.id, auth.user.id));
    // The Vue 3 client opens the home page of the user's roles after signing in (docs/decisions/135).
    const home = clientOf(request.req) === "vue3" ? await homePageFor(request.services.db, actorOf(auth)) : undefined;
    const userInfo = { ...toUserInfo(user!), ...(home ? { homePath: home.url } : {}) };
    return ok({ userInfo, sysAllDictItems: await request.services.dictionaries.allEnabled() }, "");
  }, { doc: { summary: "获取当前登录用户的信息" } }),

  // Whether the user still has JeecgBoot's default password: no account here has one (there is no
  // default password; docs/decisions/011), so always "no", in the message as the client reads it.
  endpoint("GET", "/sys/user/verifyIzDefaultPwd", "user", async () => okMessage("no"), { doc: { summary: "当前用户是否仍在使用初始密码" } }),

  endpoint("ALL", "/sys/logout", "public", async ({ req, services }) => {
    const token = readToken(req);
    if (!token) return failure(Messages.logoutFailed);
    const ended = await services.sessions.end(token, "logout");
    return ended ? okMessage(Messages.logoutSuccess) : failure(Messages.logoutTokenInvalid);
  }, { doc: { summary: "退出登录" } }),

  endpoint("GET", "/sys/permission/getUserPermissionByToken", "user", async (request) => {
    const auth = requireAuth(request);
    const answer = await request.services.permissions.answerFor(auth, request.services.config.safeMode);
    // One menu definition, in the terms of the client that asks (docs/decisions/084); the Vue 3
    // client's 首页 is the home page of the user's roles where one is set (docs/decisions/135).
    const client = clientOf(request.req);
    const menu = menuForClient(answer.menu, client);
    const home = client === "vue3" ? await homePageFor(request.services.db, actorOf(auth)) : undefined;
    return okWithoutCode({ ...answer, menu: home ? withHomePage(menu, home) : menu });
  }, { doc: { summary: "获取当前用户的菜单和按钮权限" } }),

  // The Vue 3 client's permission codes (its permission store): the caller's button codes beside
  // the same auth / allAuth as getUserPermissionByToken (docs/decisions/125).
  endpoint("GET", "/sys/permission/getPermCode", "user", async (request) => {
    const auth = requireAuth(request);
    const answer = await request.services.permissions.answerFor(auth, request.services.config.safeMode);
    return ok({
      codeList: answer.auth.map((entry) => entry.action),
      auth: answer.auth,
      allAuth: answer.allAuth,
      sysSafeMode: answer.sysSafeMode,
    });
  }, { doc: { summary: "获取当前用户的权限编码" } }),

  // The Vue 3.9 sign-in page's 扫码登录 needs JeecgBoot's mobile app to confirm the code: there is
  // none for this backend, so the QR sign-in is refused plainly (docs/decisions/125).
  endpoint("GET", "/sys/getLoginQrcode", "public", async () => failure(QR_SIGN_IN_REFUSED), { doc: { summary: "生成扫码登录的二维码" } }),
  endpoint("GET", "/sys/getQrcodeToken", "public", async () => failure(QR_SIGN_IN_REFUSED), { doc: { summary: "查询扫码登录的状态" } }),

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
    const problem = passwordProblem(password, auth.user.username);
    if (problem) return failure(problem);
    const [user] = await services.db.orm.select().from(sysUser).where(eq(sysUser.id, auth.user.id));
    if (!user || !(await verifyPassword(oldPassword, user.password))) return failure(Messages.oldPasswordWrong);
    // Choosing one's own password ends the obligation to (docs/decisions/011); the same one again does not.
    if (await verifyPassword(password, user.password)) return failure(Messages.passwordUnchanged);
    if (await isRecentPassword(services.db, user.id, password)) return failure(Messages.passwordReused);
    const hash = await hashPassword(password);
    await services.db.orm
      .update(sysUser)
      .set({
        password: hash,
        salt: legacySalt(),
        passwordChangeRequired: false,
        passwordTime: new Date(),
        updateBy: user.username,
        updateTime: new Date(),
      })
      .where(eq(sysUser.id, user.id));
    await rememberPassword(services.db, user.id, hash);
    // Other sessions of this account end with the old password; the caller's stays open.
    await services.sessions.endAllForUser(user.id, "password", auth.session.id);
    return okMessage(Messages.passwordChanged);
  }, { doc: { summary: "修改当前用户的密码" } }),

  endpoint("GET", "/sys/user/getCurrentUserDeparts", "user", async (request) => {
    const auth = requireAuth(request);
    const departs = await userDeparts(request.services.db, auth.user.id);
    return ok({ list: departs.map(toDepart), orgCode: auth.user.orgCode });
  }, { doc: { summary: "当前用户所属的部门" } }),

  // The choice at sign-in (docs/decisions/049): the department (orgCode) and, as JeecgBoot 3.4's
  // selectDepart, the tenant to sign in to next time (loginTenantId); either may be left out.
  endpoint(["PUT", "POST"], "/sys/selectDepart", "user", async (request) => {
    const auth = requireAuth(request);
    const orgCode = text(request.body.orgCode);
    const tenantText = text(request.body.loginTenantId);
    const changes: { orgCode?: string; loginTenantId?: number } = {};
    if (orgCode || !tenantText) {
      const departs = await userDeparts(request.services.db, auth.user.id);
      if (!departs.some((depart) => depart.orgCode === orgCode)) return failure("部门不存在或不属于当前用户");
      changes.orgCode = orgCode;
    }
    if (tenantText) {
      const tenantId = Number(tenantText);
      const mine = (auth.user.relTenantIds ?? "").split(",").map(Number);
      const [tenant] = mine.includes(tenantId)
        ? await request.services.db.orm
            .select({ id: sysTenant.id })
            .from(sysTenant)
            .where(and(eq(sysTenant.id, tenantId), eq(sysTenant.status, 1)))
        : [];
      if (!tenant) return failure("租户不存在或不属于当前用户");
      changes.loginTenantId = tenantId;
    }
    const [user] = await request.services.db.orm.update(sysUser).set(changes).where(eq(sysUser.id, auth.user.id)).returning();
    return ok({ userInfo: toUserInfo(user!) });
  }, { doc: { summary: "切换当前用户的部门" } }),
];
