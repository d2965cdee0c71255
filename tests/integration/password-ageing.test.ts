// Passwords that age (issue #34 item 3) over real HTTP, on PGlite and (when reachable)
// PostgreSQL: a password older than the maximum age (180 days by default) must be changed at the
// next sign-in before anything else; none of the account's last five passwords may be chosen again,
// on the self-change (the first sign-in's change included), an administrator's 密码 and the phone's
// 忘记密码 alike.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { Messages } from "#contract/messages";
import { passwordExpired, PASSWORD_HISTORY_SIZE } from "../../backend/security/password-history";
import { PhoneTexts, SmsMode } from "#contract/phone-auth";
import { sealedContacts } from "../../backend/modules/system/user/user-entity";
import { searchHash } from "../../backend/security/personal-data";
import { call, loginToken, postgresReachable, startTestBackend, type TestBackend } from "../support/backend";

const databases = ["pglite", ...((await postgresReachable()) ? ["postgres"] : [])] as const;

describe.each(databases)("passwords that age on %s", (kind) => {
  let server: TestBackend;
  let base: string;
  let admin: string;
  const rows = <T>(text: string) => server.backend.db.rows<T>(sql.raw(text));
  const change = (token: string, from: string, to: string) =>
    call(base, "PUT", "/sys/user/updatePassword", { token, body: { username: "ageing_user", oldpassword: from, password: to, confirmpassword: to } });
  const signIn = (password: string) => call(base, "POST", "/sys/login", { body: { username: "ageing_user", password } });
  const passwords = Array.from({ length: 7 }, (_, index) => `Ageing-2026!${index}`);

  beforeAll(async () => {
    server = await startTestBackend(kind as "pglite" | "postgres");
    base = server.url;
    admin = await loginToken(base);
    const added = await call(base, "POST", "/sys/user/add", { token: admin, body: { username: "ageing_user", realname: "老化测试", password: passwords[0] } });
    expect(added.json.success).toBe(true);
  });
  afterAll(async () => server?.close());

  it("refuses any of the last five passwords on the first sign-in's change and every change after", async () => {
    let token = (await signIn(passwords[0]!)).json.result.token as string;
    expect((await change(token, passwords[0]!, passwords[0]!)).json.message).toBe(Messages.passwordUnchanged);
    for (let index = 1; index <= PASSWORD_HISTORY_SIZE; index++) {
      const answer = await change(token, passwords[index - 1]!, passwords[index]!);
      expect(answer.json).toMatchObject({ success: true });
    }
    // The current one is passwords[5]; passwords[1..4] are the four before it.
    for (const old of passwords.slice(1, PASSWORD_HISTORY_SIZE)) {
      expect((await change(token, passwords[5]!, old)).json).toMatchObject({ success: false, message: Messages.passwordReused });
    }
    // An administrator's 密码 is held to the same rule.
    const reset = await call(base, "PUT", "/sys/user/changePassword", { token: admin, body: { username: "ageing_user", password: passwords[2], confirmpassword: passwords[2] } });
    expect(reset.json).toMatchObject({ success: false, message: Messages.passwordReused });
    // The sixth back is free again.
    expect((await change(token, passwords[5]!, passwords[0]!)).json).toMatchObject({ success: true });
    expect(await rows(`SELECT count(*)::int AS count FROM sys_user_password_history h JOIN sys_user u ON u.id = h.user_id WHERE u.username = 'ageing_user'`)).toEqual([
      { count: PASSWORD_HISTORY_SIZE },
    ]);
    const admins = await call(base, "PUT", "/sys/user/changePassword", { token: admin, body: { username: "ageing_user", password: passwords[6], confirmpassword: passwords[6] } });
    expect(admins.json.success).toBe(true);
    token = (await signIn(passwords[6]!)).json.result.token as string;
    expect((await change(token, passwords[6]!, passwords[0]!)).json).toMatchObject({ success: false, message: Messages.passwordReused });
    // About seventy scrypt hashes and verifications, on purpose slow: longer than the default timeout under load.
  }, 120_000);

  it("sends a password older than 180 days to a change at the next sign-in, and no earlier", async () => {
    const current = passwords[6]!;
    const [chosen, later] = ["Chosen-2026!a", "Later-2026!b"];
    // The account chose its own: nothing is asked of it.
    const token = (await signIn(current)).json.result.token as string;
    expect((await change(token, current, chosen)).json.success).toBe(true);
    await rows(`UPDATE sys_user SET password_time = now() - interval '179 days' WHERE username = 'ageing_user'`);
    const young = await signIn(chosen);
    expect(young.json.result.passwordChangeRequired).toBeUndefined();
    expect((await call(base, "GET", "/sys/user/getCurrentUserDeparts", { token: young.json.result.token })).json.success).toBe(true);

    await rows(`UPDATE sys_user SET password_time = now() - interval '181 days' WHERE username = 'ageing_user'`);
    const old = await signIn(chosen);
    expect(old.json.result.passwordChangeRequired).toBe(true);
    const refused = await call(base, "GET", "/sys/user/getCurrentUserDeparts", { token: old.json.result.token });
    expect(refused.json).toMatchObject({ success: false, message: Messages.passwordChangeRequired });
    // Sessions opened before the expiry are held to it too: the obligation is the account's.
    expect((await call(base, "GET", "/sys/user/getCurrentUserDeparts", { token: young.json.result.token })).json.message).toBe(Messages.passwordChangeRequired);
    expect((await change(old.json.result.token, chosen, current)).json).toMatchObject({ success: false, message: Messages.passwordReused });
    expect((await change(old.json.result.token, chosen, later)).json.success).toBe(true);
    expect((await call(base, "GET", "/sys/user/getCurrentUserDeparts", { token: old.json.result.token })).json.success).toBe(true);
    const [{ fresh }] = await rows<{ fresh: boolean }>(`SELECT password_time > now() - interval '1 minute' AS fresh FROM sys_user WHERE username = 'ageing_user'`);
    expect(fresh).toBe(true);
    expect((await signIn(later)).json.result.passwordChangeRequired).toBeUndefined();
  }, 120_000);

  it("refuses one of the last five passwords on the phone's 忘记密码 too, and remembers the one it sets", async () => {
    const mobile = "13907070707";
    const sealed = sealedContacts({ phone: mobile });
    await server.backend.db.rows(sql`UPDATE sys_user SET phone = ${sealed.phone}, phone_hash = ${sealed.phoneHash} WHERE username = 'ageing_user'`);
    let address = 20;
    const post = (path: string, body: Record<string, unknown>) => call(base, "POST", path, { body, headers: { "X-Forwarded-For": `198.51.100.${(address += 1)}` } });
    /** A new 忘记密码 code for the phone, read where a developer reads it (消息), the last one made a minute old first. */
    const freshCode = async () => {
      await server.backend.db.rows(sql`UPDATE sys_sms_code SET sent_at = sent_at - interval '61 seconds' WHERE mobile_hash = ${searchHash("phone", mobile)}`);
      expect((await post("/sys/sms", { mobile, smsmode: SmsMode.forgot })).json.success).toBe(true);
      const [row] = await server.backend.db.rows<{ es_content: string }>(
        sql`SELECT es_content FROM sys_message WHERE es_receiver_hash = ${searchHash("phone", mobile)} AND template_code = 'sms_code' ORDER BY create_time DESC LIMIT 1`,
      );
      return /(\d{6})/.exec(row!.es_content)![1]!;
    };
    const reset = async (password: string) => (await post("/sys/user/passwordChange", { phone: mobile, smscode: await freshCode(), password })).json;
    // The current password and one of the four before it: refused, nothing changed.
    const [{ before }] = await rows<{ before: string }>(`SELECT password AS before FROM sys_user WHERE username = 'ageing_user'`);
    expect(await reset("Later-2026!b")).toMatchObject({ success: false, message: Messages.passwordReused });
    expect(await reset("Chosen-2026!a")).toMatchObject({ success: false, message: Messages.passwordReused });
    expect(await rows(`SELECT password AS before FROM sys_user WHERE username = 'ageing_user'`)).toEqual([{ before }]);
    // A new one is taken, signs in, and is one of the last five from then on.
    expect(await reset("Phone-Reset-2026!c")).toMatchObject({ success: true, message: PhoneTexts.passwordReset });
    const token = (await signIn("Phone-Reset-2026!c")).json.result.token as string;
    expect((await change(token, "Phone-Reset-2026!c", "Chosen-2026!a")).json).toMatchObject({ success: false, message: Messages.passwordReused });
    expect((await change(token, "Phone-Reset-2026!c", "Phone-Reset-2026!d")).json.success).toBe(true);
    expect(await reset("Phone-Reset-2026!c")).toMatchObject({ success: false, message: Messages.passwordReused });
  }, 120_000);

  it("takes the maximum age from PASSWORD_MAX_AGE_DAYS", () => {
    const now = new Date("2026-06-30T00:00:00Z");
    expect(passwordExpired(new Date("2025-12-31T00:00:00Z"), 180, now)).toBe(true);
    expect(passwordExpired(new Date("2026-01-02T00:00:00Z"), 180, now)).toBe(false);
    expect(passwordExpired(new Date("2026-06-01T00:00:00Z"), 20, now)).toBe(true);
    expect(server.backend.services.config.passwordMaxAgeDays).toBe(180);
  });
});
