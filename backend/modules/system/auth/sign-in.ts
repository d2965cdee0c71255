// The two halves of every way in (api-contract.md §2 "Login"): checking an account's password
// through the sign-in guard, and the signed-in answer (tenants, departments, session, dictionaries)
// that /sys/login, /sys/phoneLogin, the third-party and the CAS sign-ins all give.
import type { Request } from "express";
import { and, asc, eq, inArray, type InferSelectModel } from "drizzle-orm";
import { addressWaitMessage, Messages } from "#contract/messages";
import { ResultCode, type Result } from "#contract/envelope";
import { AccessRuleMessages } from "#contract/modules/access-rule";
import type { Database } from "../../../db/client";
import { sysDepart, sysTenant, sysUser, sysUserDepart } from "../../../db/schema";
import { failure, ok } from "../../../http/envelope";
import { readTenantId } from "../../../http/auth";
import { clientIp } from "../../../http/format";
import { userTenantIds } from "../../../crud/tenant";
import { verifyPasswordEvenly } from "../../../security/password";
import { passwordExpired } from "../../../security/password-history";
import { passwordCandidates } from "../../../security/client-password";
import type { BackendServices } from "../../../services";
import { toDepart, toUserInfo } from "./user-info";
import type { AddressAdmission, CaptchaClient } from "./sign-in-guard";

export type UserRow = InferSelectModel<typeof sysUser>;

export async function userDeparts(db: Database, userId: string) {
  return db.orm
    .select({ depart: sysDepart })
    .from(sysDepart)
    .innerJoin(sysUserDepart, eq(sysUserDepart.depId, sysDepart.id))
    .where(and(eq(sysUserDepart.userId, userId), eq(sysDepart.delFlag, "0")))
    .orderBy(asc(sysDepart.departOrder), asc(sysDepart.orgCode))
    .then((rows) => rows.map((row) => row.depart));
}

/** The client a captcha is bound to (docs/decisions/083). */
export function captchaClient(req: Request): CaptchaClient {
  return { ip: clientIp(req), userAgent: req.get("user-agent") ?? null };
}

/**
 * The refusal of an address that must wait (docs/decisions/132): the message says when to retry;
 * `result` tells a client the same as data (seconds, and the time as ISO 8601).
 */
export function addressRefusal(
  admission: Extract<AddressAdmission, { admitted: false }>,
  extra: Record<string, unknown> = {},
): Result<unknown> {
  const retryAfterSeconds = Math.max(1, Math.ceil((admission.retryAt.getTime() - Date.now()) / 1000));
  return {
    ...failure(addressWaitMessage(retryAfterSeconds, admission.locked)),
    result: { ...extra, retryAfterSeconds, retryAt: admission.retryAt.toISOString() },
  };
}

export interface Credentials {
  username: string;
  password: string;
  captcha: string;
  checkKey: string;
}

/**
 * The account behind a name and password, or the refusal to answer (with whether the next try
 * needs a captcha). Lockout, captcha and failure counts are the sign-in guard's
 * (docs/decisions/010); unknown names and wrong passwords answer alike (docs/decisions/003).
 */
export async function checkCredentials(
  services: BackendServices,
  req: Request,
  { username, password, captcha, checkKey }: Credentials,
  { spendCaptcha = true } = {},
): Promise<{ user: UserRow } | { refusal: Result<unknown> }> {
  const guard = services.signInGuard;
  const ip = clientIp(req);
  const refuse = (message: string, captchaRequired: boolean) => ({ refusal: { ...failure(message), result: { captchaRequired } } });
  const state = await guard.state(username, ip);
  if (state.locked) return refuse(Messages.userLocked, true);
  // The address's budget across all names (docs/decisions/132): this attempt counts from here on,
  // unless it proves right or is refused before the password is checked.
  const admission = await guard.admitAttempt(ip);
  if (!admission.admitted) return { refusal: addressRefusal(admission, { captchaRequired: state.captchaRequired }) };
  // The original client sends `captcha` and `checkKey` on every sign-in: a given captcha is
  // always checked; a required one must be given.
  if (state.captchaRequired || captcha || checkKey) {
    const check = await guard.consumeCaptcha(checkKey, captcha, captchaClient(req), { spend: spendCaptcha });
    if (check !== "ok") {
      await guard.forgiveAttempt(admission.attempt);
      return refuse(check === "missing" ? Messages.captchaMissing : Messages.captchaWrong, true);
    }
  }
  const [user] = username ? await services.db.orm.select().from(sysUser).where(eq(sysUser.username, username)) : [];
  if (!(await passwordMatches(services, password, user?.password)) || !user) {
    const next = await guard.recordFailure(username, ip);
    return refuse(next.locked ? Messages.userLocked : Messages.wrongCredentials, next.captchaRequired);
  }
  await guard.forgiveAttempt(admission.attempt);
  await guard.recordSuccess(username);
  // A password past its maximum age must be changed before anything else (docs/decisions/088),
  // through the first sign-in's obligation (docs/decisions/011).
  if (!user.passwordChangeRequired && passwordExpired(user.passwordTime, services.config.passwordMaxAgeDays)) {
    await services.db.orm.update(sysUser).set({ passwordChangeRequired: true }).where(eq(sysUser.id, user.id));
    user.passwordChangeRequired = true;
  }
  return { user };
}

/**
 * Whether a typed password (plain, or AES-encrypted as the Vue 3 client sends it: docs/decisions/083)
 * is the stored one; each candidate costs one hash, for known and unknown names alike.
 */
export async function passwordMatches(services: BackendServices, typed: string, stored: string | null | undefined): Promise<boolean> {
  for (const candidate of passwordCandidates(typed, services.config.passwordCipher)) {
    if (await verifyPasswordEvenly(candidate, stored)) return true;
  }
  return false;
}

/** Why an account may not sign in at all, whichever way it comes (told only once it is proven). */
export function accountRefusal(user: UserRow): string | null {
  if (user.delFlag === 1) return Messages.userDeleted;
  if (user.status === 2) return Messages.userFrozen;
  return null;
}

/** Opens a session for a proven account and answers the contract's login result. */
export async function completeSignIn(services: BackendServices, req: Request, user: UserRow): Promise<Result<unknown>> {
  const refusal = accountRefusal(user);
  if (refusal) return failure(refusal);
  const db = services.db;
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
  // 访问控制 (docs/decisions/134): the platform's address rules, and at least one of the account's
  // tenants must admit the address; the session starts in one that does.
  const address = clientIp(req);
  const rules = await services.addressRules.current();
  const admitted = tenantList?.filter((tenant) => rules.tenantAdmits(address, tenant.id as number));
  const admittedSomewhere = admitted ? admitted.length > 0 : userTenantIds(user.relTenantIds).some((id) => rules.tenantAdmits(address, id));
  if (!rules.platformAdmits(address) || !admittedSomewhere) return failure(AccessRuleMessages.refused, ResultCode.noPermission);
  // The tenant asked for (the original client's stored choice), else the one chosen last time
  // (sys_user.login_tenant_id), else the first; without a valid last choice, an account of several
  // tenants is asked to choose (chooseTenant, docs/decisions/049).
  const requestedTenant = readTenantId(req);
  const known = (id: unknown) => admitted?.some((tenant) => tenant.id === id) ?? false;
  const tenantId = known(requestedTenant)
    ? requestedTenant
    : known(user.loginTenantId)
      ? user.loginTenantId
      : ((admitted?.[0]?.id as number | undefined) ?? null);
  const chooseTenant = (admitted?.length ?? 0) > 1 && !known(user.loginTenantId);

  const departs = await userDeparts(db, user.id);
  // Several departments and none chosen yet: the first is taken (the contract), and the account
  // is asked to choose (chooseDepart).
  const chooseDepart = departs.length > 1 && !departs.some((depart) => depart.orgCode === user.orgCode);
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
  // The sign-in log (success and failure) is written by the request journal (modules/monitor).
  return ok(
    {
      token,
      userInfo: toUserInfo(user),
      departs: departs.map(toDepart),
      multi_depart: departs.length === 0 ? 0 : departs.length === 1 ? 1 : 2,
      sysAllDictItems: await services.dictionaries.allEnabled(),
      ...(tenantList ? { tenantList } : {}),
      // Our additions: what the sign-in should ask before the first page (docs/decisions/049).
      ...(chooseTenant ? { chooseTenant: true } : {}),
      ...(chooseDepart ? { chooseDepart: true } : {}),
      // The account must choose its own password before anything else (docs/decisions/011).
      ...(user.passwordChangeRequired ? { passwordChangeRequired: true } : {}),
    },
    Messages.loginSuccess,
  );
}
