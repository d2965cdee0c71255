// Phone codes and what they open (issue #17 parts 1 and 6; api-contract.md §2 "SMS login" and the
// anonymous self-service user endpoints; docs/decisions/049-phone-codes.md, 050-registration.md):
// POST /sys/sms, /sys/phoneLogin, /sys/user/register, /sys/user/phoneVerification,
// /sys/user/passwordChange, and GET /sys/user/registration (whether self-registration is open).
// Wrong codes count in the sign-in guard's failures under the phone's own key, so guessing codes is
// locked like guessing passwords; each code also answers at most 5 checks (sms-codes.ts). Every
// check also counts against the client address's budget across all phones and names
// (docs/decisions/132).
import { and, eq } from "drizzle-orm";
import { Messages } from "#contract/messages";
import { fieldErrors } from "#contract/auth";
import {
  MOBILE_PATTERN,
  PhoneTexts,
  registerFormSchema,
  SmsMode,
  type SmsModeCode,
} from "#contract/phone-auth";
import { passwordProblem } from "#contract/password-policy";
import { newId } from "../../../db/ids";
import { sysUser } from "../../../db/schema";
import { contactHash, sealedContacts } from "../user/user-entity";
import {
  endpoint,
  type Endpoint,
  type EndpointRequest,
} from "../../../http/endpoint";
import { failure, ok, okMessage } from "../../../http/envelope";
import { clientIp } from "../../../http/format";
import { hashPassword, legacySalt } from "../../../security/password";
import { isRecentPassword, rememberPassword } from "../../../security/password-history";
import type { Database } from "../../../db/client";
import {
  checkCode,
  dropCode,
  issueCode,
  phoneLockKey,
  sendCode,
} from "./sms-codes";
import { addressRefusal, completeSignIn } from "./sign-in";

function text(value: unknown): string {
  return typeof value === "string"
    ? value.trim()
    : value === undefined || value === null
      ? ""
      : String(value).trim();
}

/**
 * The live account with this phone; none for text that is not a phone number. Phones are stored
 * encrypted: the account is found by the phone's search hash (docs/decisions/145).
 */
async function userByPhone(db: Database, mobile: string) {
  if (!MOBILE_PATTERN.test(mobile)) return undefined;
  const [user] = await db.orm
    .select()
    .from(sysUser)
    .where(and(eq(sysUser.phoneHash, contactHash("phone", mobile)), eq(sysUser.delFlag, 0)))
    .limit(1);
  return user;
}

function firstTenant(relTenantIds: string | null | undefined): number | null {
  const id = Number((relTenantIds ?? "").split(",")[0]);
  return Number.isInteger(id) && id > 0 ? id : null;
}

/**
 * Checks a code under the sign-in guard: a locked phone is refused whatever is typed, a wrong code
 * is a failure of the phone's key (5 in 10 minutes lock it for 10), a right one clears them.
 * Answers the refusal to send, or null when the code was right.
 */
async function guardedCheck(
  { req, services }: EndpointRequest,
  mobile: string,
  mode: SmsModeCode,
  code: string,
  spend: boolean,
  accountExists: boolean,
) {
  const guard = services.signInGuard;
  const key = phoneLockKey(mobile);
  const ip = clientIp(req);
  if ((await guard.state(key, ip)).locked) return failure(Messages.userLocked);
  // The address's budget across all phones and names (docs/decisions/132), as at /sys/login.
  const admission = await guard.admitAttempt(ip);
  if (!admission.admitted) return addressRefusal(admission);
  const check = await checkCode(services.db, mobile, mode, code, { spend });
  if (check !== "ok" || !accountExists) {
    const next = await guard.recordFailure(key, ip);
    return failure(next.locked ? Messages.userLocked : PhoneTexts.codeWrong);
  }
  await guard.forgiveAttempt(admission.attempt);
  await guard.recordSuccess(key);
  return null;
}

export const phoneEndpoints: Endpoint[] = [
  endpoint(
    "GET",
    "/sys/user/registration",
    "public",
    async ({ services }) => ok({ open: services.config.selfRegistration }, ""),
    {
      doc: { summary: "自助注册是否开放 (SELF_REGISTRATION)" },
    },
  ),

  // smsmode 0 sign-in, 1 registration, 2 forgotten password. For 0 and 2 an unknown phone gets the
  // same answer as a known one (a code is kept, none is sent): phones cannot be enumerated here.
  endpoint("POST", "/sys/sms", "public", async ({ body, services }) => {
    const mobile = text(body.mobile);
    const mode = text(body.smsmode) || SmsMode.login;
    if (!mobile) return failure(PhoneTexts.mobileEmpty);
    if (!MOBILE_PATTERN.test(mobile)) return failure(Messages.mobilePattern);
    if (
      mode !== SmsMode.login &&
      mode !== SmsMode.register &&
      mode !== SmsMode.forgot
    )
      return failure(PhoneTexts.sendFailed);
    const user = await userByPhone(services.db, mobile);
    if (mode === SmsMode.register) {
      if (!services.config.selfRegistration)
        return failure(PhoneTexts.registrationClosed);
      if (user) return failure(PhoneTexts.mobileRegistered);
    }
    const code = await issueCode(services.db, mobile, mode);
    if (!code) return failure(PhoneTexts.codeStillValid);
    if (mode === SmsMode.register || user) {
      const tenantId =
        firstTenant(user?.relTenantIds) ??
        services.config.selfRegistrationTenant;
      if (!(await sendCode(services, mobile, code, tenantId))) {
        await dropCode(services.db, mobile);
        return failure(PhoneTexts.sendFailed);
      }
    }
    return okMessage(PhoneTexts.codeSent);
  }, { doc: { summary: "发送短信验证码（登录、注册、找回密码）" } }),

  // The original answers a wrong code with success:true, code:0; ours is a plain failure (code 500).
  endpoint("POST", "/sys/phoneLogin", "public", async (request) => {
    const mobile = text(request.body.mobile);
    const code = text(request.body.captcha);
    if (!mobile) return failure(PhoneTexts.mobileEmpty);
    if (!code) return failure(PhoneTexts.codeRequired);
    const user = await userByPhone(request.services.db, mobile);
    const refused = await guardedCheck(
      request,
      mobile,
      SmsMode.login,
      code,
      true,
      Boolean(user),
    );
    if (refused) return refused;
    return completeSignIn(request.services, request.req, user!);
  }, { doc: { summary: "手机号和短信验证码登录" } }),

  // Registration: {username, password, phone (or mobile), smscode, email}. The account joins the
  // registration tenant with no role and no department (docs/decisions/050).
  endpoint("POST", "/sys/user/register", "public", async (request) => {
    const { body, services } = request;
    if (!services.config.selfRegistration)
      return failure(PhoneTexts.registrationClosed);
    const form = {
      mobile: text(body.phone ?? body.mobile),
      smscode: text(body.smscode),
      username: text(body.username),
      email: text(body.email),
      password: typeof body.password === "string" ? body.password : "",
      confirmpassword:
        typeof body.confirmpassword === "string"
          ? body.confirmpassword
          : typeof body.password === "string"
            ? body.password
            : "",
    };
    const checked = registerFormSchema.safeParse(form);
    if (!checked.success)
      return failure(
        Object.values(fieldErrors(checked.error))[0] ??
          Messages.operationFailed,
      );
    const values = checked.data;
    const taken = async () => {
      const db = services.db;
      if (await userByPhone(db, values.mobile))
        return PhoneTexts.mobileRegistered;
      const [byName] = await db.orm
        .select({ id: sysUser.id })
        .from(sysUser)
        .where(eq(sysUser.username, values.username))
        .limit(1);
      if (byName) return PhoneTexts.usernameTaken;
      if (values.email) {
        const [byEmail] = await db.orm
          .select({ id: sysUser.id })
          .from(sysUser)
          .where(eq(sysUser.emailHash, contactHash("email", values.email)))
          .limit(1);
        if (byEmail) return PhoneTexts.emailTaken;
      }
      return null;
    };
    const before = await taken();
    if (before) return failure(before);
    const refused = await guardedCheck(
      request,
      values.mobile,
      SmsMode.register,
      values.smscode,
      true,
      true,
    );
    if (refused) return refused;
    const password = await hashPassword(values.password);
    try {
      await services.db.orm.insert(sysUser).values({
        id: newId(),
        username: values.username,
        realname: values.username,
        password,
        salt: legacySalt(),
        ...sealedContacts({ phone: values.mobile, email: values.email || null }),
        status: 1,
        delFlag: 0,
        relTenantIds: String(services.config.selfRegistrationTenant),
        createBy: values.username,
        createTime: new Date(),
      });
    } catch (error) {
      // A concurrent registration took the name, phone or e-mail first (the unique indexes).
      const after = await taken();
      if (after) return failure(after);
      throw error;
    }
    return okMessage(PhoneTexts.registered);
  }, { doc: { summary: "注册新用户" } }),

  // Account alteration, step 2: the phone's code proves the account; answers its username.
  endpoint("POST", "/sys/user/phoneVerification", "public", async (request) => {
    const mobile = text(request.body.phone ?? request.body.mobile);
    const code = text(request.body.smscode);
    if (!mobile) return failure(PhoneTexts.mobileEmpty);
    if (!code) return failure(PhoneTexts.codeRequired);
    const user = await userByPhone(request.services.db, mobile);
    const refused = await guardedCheck(
      request,
      mobile,
      SmsMode.forgot,
      code,
      false,
      Boolean(user),
    );
    if (refused) return refused;
    return ok({ username: user!.username }, "");
  }, { doc: { summary: "校验找回密码的短信验证码" } }),

  // Account alteration, step 3: the new password, with the same code (spent now).
  endpoint("POST", "/sys/user/passwordChange", "public", async (request) => {
    const { body, services } = request;
    const mobile = text(body.phone ?? body.mobile);
    const code = text(body.smscode);
    const password = typeof body.password === "string" ? body.password : "";
    if (!mobile) return failure(PhoneTexts.mobileEmpty);
    if (!code) return failure(PhoneTexts.codeRequired);
    if (!password) return failure(Messages.newPasswordEmpty);
    // The same answers for a known and an unknown phone (issue #27 item 5): the policy without the
    // user name first, for every phone; the code next, counted and locked as the sign-in's; only
    // the holder of a valid code learns that the password is the account's user name (the code
    // is spent then: ask a new one).
    const policy = passwordProblem(password);
    if (policy) return failure(policy);
    const user = await userByPhone(services.db, mobile);
    const username = text(body.username);
    const matches = Boolean(user) && (!username || username === user!.username);
    const refused = await guardedCheck(
      request,
      mobile,
      SmsMode.forgot,
      code,
      true,
      matches,
    );
    if (refused) return refused;
    const problem = passwordProblem(password, user!.username);
    if (problem) return failure(problem);
    if (await isRecentPassword(services.db, user!.id, password)) return failure(Messages.passwordReused);
    const hash = await hashPassword(password);
    await services.db.orm
      .update(sysUser)
      .set({
        password: hash,
        salt: legacySalt(),
        passwordChangeRequired: false,
        passwordTime: new Date(),
        updateBy: user!.username,
        updateTime: new Date(),
      })
      .where(eq(sysUser.id, user!.id));
    await rememberPassword(services.db, user!.id, hash);
    // Whoever held the account's sessions is out: the phone's owner chose a new password.
    await services.sessions.endAllForUser(user!.id, "password");
    return okMessage(PhoneTexts.passwordReset);
  }, { doc: { summary: "通过短信验证码重置密码" } }),
];
