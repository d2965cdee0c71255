// What makes password sign-in resist guessing (issue #10 part B, docs/decisions/010-sign-in-guard.md):
// captchas stored in sys_captcha (used once, 60 s), failures counted per typed user name and per
// client address in sys_login_failure, and a 10-minute lock in sys_login_lock after 5 failures of
// one name. Beside it, the failure budget of a client address across all names (issue #27 item 6,
// docs/decisions/132-address-failure-budget.md): after 10 failures in 10 minutes the address waits
// (1 s, doubling with each failure), after 50 it is locked out. Everything lives in the database,
// so every backend instance on it agrees.
import { createHash, randomInt } from "node:crypto";
import { and, eq, gt, lt, or, sql } from "drizzle-orm";
import type { AddressBudgetRules } from "../../../config";
import type { Database } from "../../../db/client";
import { sysCaptcha, sysLoginAddress, sysLoginAddressFailure, sysLoginFailure, sysLoginLock } from "../../../db/schema";
import { captchaCode, captchaPng } from "./captcha-image";

/** The address budget's defaults (README "Security model"; LOGIN_ADDRESS_* variables). */
export const DEFAULT_ADDRESS_BUDGET: AddressBudgetRules = {
  slowAfterFailures: 10,
  firstWaitSeconds: 1,
  lockAfterFailures: 50,
  lockMinutes: 30,
};

export const SIGN_IN_RULES = {
  /** Failures older than this no longer count. */
  windowMs: 10 * 60_000,
  /** From this many failures (of one name, or from one address) on, a captcha is required. */
  captchaAfterFailures: 3,
  /** This many failures of one name lock its password sign-in … */
  lockAfterFailures: 5,
  /** … for this long. */
  lockMs: 10 * 60_000,
  captchaTtlMs: 60_000,
} as const;

/** The client's check key (`Date.now()` in the original client): short and plain. */
const CHECK_KEY = /^[A-Za-z0-9_-]{1,64}$/;

export type CaptchaCheck = "ok" | "missing" | "wrong";

/**
 * Who asked for a captcha. JeecgBoot Vue 3.7 sends one constant check key for every captcha; the
 * stored key is therefore the client's key bound to its address and browser (docs/decisions/083), so
 * two people signing in at once no longer replace each other's captcha, and a captcha read by one
 * client cannot be answered from another.
 */
export interface CaptchaClient {
  ip: string | null;
  userAgent: string | null;
}

/** The sys_captcha key of the captcha `client` asked for under its check key `key`. */
export function captchaStoredKey(key: string, client: CaptchaClient): string {
  return createHash("sha256").update(`${client.ip ?? ""}\u0000${client.userAgent ?? ""}\u0000${key}`).digest("base64url");
}

export interface SignInState {
  locked: boolean;
  captchaRequired: boolean;
}

/**
 * The address budget's answer to an attempt: go ahead (the attempt already counts as a failure of
 * the address until `forgiveAttempt` says it proved right or tested nothing), or wait until `retryAt`.
 */
export type AddressAdmission =
  | { admitted: true; attempt: AddressAttempt }
  | { admitted: false; retryAt: Date; locked: boolean };

/** An admitted attempt: its failure row, or null for a request without a known address. */
export interface AddressAttempt {
  failureId: number | null;
}

export class SignInGuard {
  constructor(
    private readonly db: Database,
    private readonly budget: AddressBudgetRules = DEFAULT_ADDRESS_BUDGET,
  ) {}

  static validKey(key: string): boolean {
    return CHECK_KEY.test(key);
  }

  /** A new captcha for `key` (a second request for the same key replaces the first): a PNG data URL. */
  async issueCaptcha(key: string, client: CaptchaClient): Promise<string> {
    const code = captchaCode(randomInt);
    const expiresAt = new Date(Date.now() + SIGN_IN_RULES.captchaTtlMs);
    await this.db.orm
      .insert(sysCaptcha)
      .values({ checkKey: captchaStoredKey(key, client), code: code.toLowerCase(), expiresAt })
      .onConflictDoUpdate({ target: sysCaptcha.checkKey, set: { code: code.toLowerCase(), expiresAt } });
    // Expired captchas of other clients go on the way (the table stays small without a job).
    await this.db.orm.delete(sysCaptcha).where(lt(sysCaptcha.expiresAt, new Date()));
    return `data:image/png;base64,${captchaPng(code, randomInt).toString("base64")}`;
  }

  /**
   * Checks and spends the captcha of `key` for this client: a key answers one check, right or wrong.
   * `spend: false` (the Vue 3 client's department look-up before its sign-in) leaves a right one for
   * the sign-in that follows; a wrong one is spent all the same.
   */
  async consumeCaptcha(key: string, typed: string, client: CaptchaClient, { spend = true } = {}): Promise<CaptchaCheck> {
    if (!key || !typed) return "missing";
    if (!SignInGuard.validKey(key)) return "wrong";
    const where = eq(sysCaptcha.checkKey, captchaStoredKey(key, client));
    if (!spend) {
      const [kept] = await this.db.orm.select().from(sysCaptcha).where(where);
      if (kept && kept.expiresAt.getTime() > Date.now() && kept.code === typed.trim().toLowerCase()) return "ok";
    }
    const [row] = await this.db.orm.delete(sysCaptcha).where(where).returning();
    if (!row || row.expiresAt.getTime() <= Date.now()) return "wrong";
    return row.code === typed.trim().toLowerCase() ? "ok" : "wrong";
  }

  async state(username: string, ip: string | null): Promise<SignInState> {
    const now = new Date();
    const [lock] = await this.db.orm
      .select({ until: sysLoginLock.lockedUntil })
      .from(sysLoginLock)
      .where(and(eq(sysLoginLock.username, username), gt(sysLoginLock.lockedUntil, now)));
    if (lock) return { locked: true, captchaRequired: true };
    const failures = await this.failureCounts(username, ip);
    return { locked: false, captchaRequired: this.captchaNeeded(failures) };
  }

  /** Records a failed password; locks the name at the limit. Answers the state that follows. */
  async recordFailure(username: string, ip: string | null): Promise<SignInState> {
    await this.db.orm.insert(sysLoginFailure).values({ username: username.slice(0, 100), ip: ip?.slice(0, 100) ?? null });
    const failures = await this.failureCounts(username, ip);
    if (failures.byName >= SIGN_IN_RULES.lockAfterFailures) {
      const lockedUntil = new Date(Date.now() + SIGN_IN_RULES.lockMs);
      await this.db.orm
        .insert(sysLoginLock)
        .values({ username: username.slice(0, 100), lockedUntil })
        .onConflictDoUpdate({ target: sysLoginLock.username, set: { lockedUntil } });
      return { locked: true, captchaRequired: true };
    }
    return { locked: false, captchaRequired: this.captchaNeeded(failures) };
  }

  /** A right password: the name's failures are forgotten (the address's are not). */
  async recordSuccess(username: string): Promise<void> {
    await this.db.orm.delete(sysLoginFailure).where(eq(sysLoginFailure.username, username));
  }

  /** The administrator's 解锁: the lock and the name's failures go. True when there was a lock. */
  async unlock(username: string): Promise<boolean> {
    const removed = await this.db.orm.delete(sysLoginLock).where(eq(sysLoginLock.username, username)).returning();
    await this.recordSuccess(username);
    return removed.some((row) => row.lockedUntil.getTime() > Date.now());
  }

  /**
   * Admits one attempt of `ip` at a secret (a password, a phone code), or refuses it while the
   * address waits or is locked out. The attempt is counted as a failure before the secret is
   * checked, inside a transaction holding the address's row: of concurrent attempts each sees the
   * ones before it, so a burst is counted exactly and cannot slip past the limits together (on
   * PGlite the transaction runs alone; on PostgreSQL the row lock orders it, across instances).
   * An attempt refused while the address waits counts too (a script that does not wait reaches the
   * lockout sooner); one refused while it is locked out does not.
   */
  async admitAttempt(ip: string | null): Promise<AddressAdmission> {
    if (!ip) return { admitted: true, attempt: { failureId: null } };
    const address = ip.slice(0, 100);
    const rules = this.budget;
    return this.db.orm.transaction(async (tx) => {
      await tx.insert(sysLoginAddress).values({ ip: address }).onConflictDoNothing();
      const [row] = await tx.select().from(sysLoginAddress).where(eq(sysLoginAddress.ip, address)).for("update");
      const now = new Date();
      if (row?.lockedUntil && row.lockedUntil > now) return { admitted: false, retryAt: row.lockedUntil, locked: true };
      const ofAddress = eq(sysLoginAddressFailure.ip, address);
      await tx.delete(sysLoginAddressFailure).where(and(ofAddress, lt(sysLoginAddressFailure.failedAt, new Date(now.getTime() - SIGN_IN_RULES.windowMs))));
      const [counted] = await tx.select({ count: sql<number>`count(*)` }).from(sysLoginAddressFailure).where(ofAddress);
      const [failure] = await tx.insert(sysLoginAddressFailure).values({ ip: address, failedAt: now }).returning({ id: sysLoginAddressFailure.id });
      // This attempt included: it is a failure until proven otherwise.
      const failures = Number(counted?.count ?? 0) + 1;
      const waiting = row?.nextAttemptAt && row.nextAttemptAt > now ? row.nextAttemptAt : null;
      if (failures >= rules.lockAfterFailures) {
        const lockedUntil = new Date(now.getTime() + rules.lockMinutes * 60_000);
        await tx.update(sysLoginAddress).set({ lockedUntil, nextAttemptAt: null }).where(eq(sysLoginAddress.ip, address));
        if (waiting) return { admitted: false, retryAt: lockedUntil, locked: true };
      } else if (waiting) {
        return { admitted: false, retryAt: waiting, locked: false };
      } else if (failures >= rules.slowAfterFailures) {
        const waitMs = Math.min(rules.firstWaitSeconds * 1000 * 2 ** (failures - rules.slowAfterFailures), SIGN_IN_RULES.windowMs);
        await tx.update(sysLoginAddress).set({ nextAttemptAt: new Date(now.getTime() + waitMs) }).where(eq(sysLoginAddress.ip, address));
      }
      return { admitted: true, attempt: { failureId: failure!.id } };
    });
  }

  /**
   * An admitted attempt that proved right, or that was refused before any secret was checked (a
   * missing or wrong captcha): it no longer counts against the address. The wait it may have set
   * stays (a success between guesses must not shorten the guesses' wait).
   */
  async forgiveAttempt(attempt: AddressAttempt): Promise<void> {
    if (attempt.failureId === null) return;
    await this.db.orm.delete(sysLoginAddressFailure).where(eq(sysLoginAddressFailure.id, attempt.failureId));
  }

  private captchaNeeded(failures: { byName: number; byAddress: number }): boolean {
    return Math.max(failures.byName, failures.byAddress) >= SIGN_IN_RULES.captchaAfterFailures;
  }

  private async failureCounts(username: string, ip: string | null): Promise<{ byName: number; byAddress: number }> {
    const since = new Date(Date.now() - SIGN_IN_RULES.windowMs);
    const byIp = ip ? eq(sysLoginFailure.ip, ip) : sql`false`;
    const [row] = await this.db.orm
      .select({
        byName: sql<number>`count(*) filter (where ${sysLoginFailure.username} = ${username})`,
        byAddress: sql<number>`count(*) filter (where ${byIp})`,
      })
      .from(sysLoginFailure)
      .where(and(gt(sysLoginFailure.failedAt, since), or(eq(sysLoginFailure.username, username), byIp)));
    return { byName: Number(row?.byName ?? 0), byAddress: Number(row?.byAddress ?? 0) };
  }
}
