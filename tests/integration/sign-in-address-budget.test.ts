// The failure budget of a client address across all user names (issue #27 item 6,
// docs/decisions/132), over real HTTP on PGlite and PostgreSQL: 100 wrong passwords over 100 names
// from one address are checked 10 times, then refused with the time to retry, then locked out,
// while another address signs in as usual; a burst of parallel failures is counted exactly; phone
// codes and registration spend the same budget; right passwords spend none.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { Messages } from "#contract/messages";
import { PhoneTexts } from "#contract/phone-auth";
import { call, postgresReachable, startTestBackend, type TestBackend } from "../support/backend";
import { TEST_ADMIN_PASSWORD } from "../support/constants";
import { captchaStoredKey } from "../../backend/modules/system/auth/sign-in-guard";

const databases = ["pglite", ...((await postgresReachable()) ? ["postgres"] : [])] as const;

const USER_AGENT = "address-budget-test";
// The first wait is a minute here (1 s by default), so that no wait runs out while a test is still
// sending: which attempts are checked is then exact, however loaded the machine.
const BUDGET = { slowAfterFailures: 10, firstWaitSeconds: 60, lockAfterFailures: 50, lockMinutes: 30 };
// A hundred captchas from one address in a few seconds: above the 30 a minute a real client gets.
const CAPTCHA_IMAGES_PER_MINUTE = 1000;
const WAIT = /^登录失败次数过多，请(\d+)(秒|分钟)后重试$/;
const LOCKED = /^此地址登录失败次数过多，已被暂停登录，请(\d+)分钟后重试$/;

let server: TestBackend;
let base: string;
let addressCounter = 0;

/** A fresh client address per scenario (TEST-NET-2). */
function newAddress(): string {
  addressCounter += 1;
  return `198.51.100.${addressCounter}`;
}

const headersOf = (address: string) => ({ "X-Forwarded-For": address, "User-Agent": USER_AGENT });

/** A captcha `address` asked for under `key`, and its code as stored. */
async function captchaFor(key: string, address: string): Promise<string> {
  const answer = await call(base, "GET", `/sys/randomImage/${key}`, { headers: headersOf(address) });
  expect(answer.json).toMatchObject({ success: true });
  const stored = captchaStoredKey(key, { ip: address, userAgent: USER_AGENT });
  const [row] = await server.backend.db.rows<{ code: string }>(sql`select code from sys_captcha where check_key = ${stored}`);
  return row!.code;
}

/** A sign-in with a solved captcha (one is required after the address's third failure). */
async function signIn(username: string, password: string, address: string, key: string) {
  const captcha = await captchaFor(key, address);
  return call(base, "POST", "/sys/login", { body: { username, password, captcha, checkKey: key }, headers: headersOf(address) });
}

async function countedFailures(address: string): Promise<number> {
  const [row] = await server.backend.db.rows<{ count: number }>(sql`select count(*)::int as count from sys_login_address_failure where ip = ${address}`);
  return Number(row!.count);
}

describe.each(databases)("the address failure budget on %s", (kind) => {
  beforeAll(async () => {
    server = await startTestBackend(kind as "pglite" | "postgres", { signInAddressBudget: BUDGET, selfRegistration: true, captchaImagesPerMinute: CAPTCHA_IMAGES_PER_MINUTE });
    base = server.url;
  });
  afterAll(async () => server?.close());

  it("checks 10 wrong passwords over 10 names, refuses the next ones with a retry time, locks the address out at 50; another address is unaffected", async () => {
    const guesser = newAddress();
    const messages: string[] = [];
    for (let index = 0; index < 100; index++) {
      const answer = await signIn(`guess_${index}`, `wrong-${index}`, guesser, `guess-${index}`);
      expect(answer.json.success).toBe(false);
      messages.push(answer.json.message);
    }
    expect(messages.slice(0, 10)).toEqual(Array(10).fill(Messages.wrongCredentials));
    // Failures 11 to 49 wait the first wait (refused attempts count, they do not lengthen it) …
    for (const message of messages.slice(10, 49)) expect(message).toMatch(WAIT);
    expect(messages[10]).toBe("登录失败次数过多，请1分钟后重试");
    // … the 50th locks the address out for 30 minutes.
    for (const message of messages.slice(49)) expect(message).toMatch(LOCKED);
    expect(messages[99]).toBe("此地址登录失败次数过多，已被暂停登录，请30分钟后重试");
    expect(await countedFailures(guesser)).toBe(50);

    // The right password is not even checked from the locked address …
    const locked = await signIn("admin", TEST_ADMIN_PASSWORD, guesser, "right-1");
    expect(locked.json).toMatchObject({ success: false, result: { retryAfterSeconds: expect.any(Number) } });
    expect(locked.json.message).toMatch(LOCKED);
    expect(locked.json.result.retryAfterSeconds).toBeGreaterThan(29 * 60);
    expect(Date.parse(locked.json.result.retryAt)).toBeGreaterThan(Date.now() + 29 * 60_000);

    // … while another address is checked and signs in as ever.
    const other = newAddress();
    const wrong = await call(base, "POST", "/sys/login", { body: { username: "guess_1", password: "x" }, headers: headersOf(other) });
    expect(wrong.json.message).toBe(Messages.wrongCredentials);
    const right = await call(base, "POST", "/sys/login", { body: { username: "admin", password: TEST_ADMIN_PASSWORD }, headers: headersOf(other) });
    expect(right.json).toMatchObject({ success: true, result: { token: expect.any(String) } });
  });

  it("counts a burst of parallel failures exactly: only the first 10 are checked", async () => {
    const address = newAddress();
    const captchas = await Promise.all(Array.from({ length: 30 }, (_, index) => captchaFor(`burst-${index}`, address)));
    const answers = await Promise.all(
      captchas.map((captcha, index) =>
        call(base, "POST", "/sys/login", {
          body: { username: `burst_${index}`, password: "wrong", captcha, checkKey: `burst-${index}` },
          headers: headersOf(address),
        }),
      ),
    );
    const messages = answers.map((answer) => answer.json.message as string);
    expect(messages.filter((message) => message === Messages.wrongCredentials)).toHaveLength(10);
    expect(messages.filter((message) => WAIT.test(message))).toHaveLength(20);
    expect(await countedFailures(address)).toBe(30);
  });

  it("spends one budget on phone codes, registration and passwords alike", async () => {
    const address = newAddress();
    for (let index = 0; index < 10; index++) {
      const answer = await call(base, "POST", "/sys/phoneLogin", {
        body: { mobile: `1390000${String(index).padStart(4, "0")}`, captcha: "123456" },
        headers: headersOf(address),
      });
      expect(answer.json.message).toBe(PhoneTexts.codeWrong);
    }
    const phone = await call(base, "POST", "/sys/phoneLogin", { body: { mobile: "13900009999", captcha: "123456" }, headers: headersOf(address) });
    expect(phone.json.message).toMatch(WAIT);
    const registration = await call(base, "POST", "/sys/user/register", {
      body: { username: "budget_new", password: "Budget#2026x", phone: "13900008888", smscode: "123456" },
      headers: headersOf(address),
    });
    expect(registration.json.message).toMatch(WAIT);
    const verification = await call(base, "POST", "/sys/user/phoneVerification", {
      body: { phone: "13900007777", smscode: "123456" },
      headers: headersOf(address),
    });
    expect(verification.json.message).toMatch(WAIT);
    const password = await signIn("admin", TEST_ADMIN_PASSWORD, address, "after-phone");
    expect(password.json.message).toMatch(WAIT);
  });

  it("spends nothing on right passwords, nor on attempts refused for their captcha", async () => {
    const address = newAddress();
    for (let index = 0; index < 15; index++) {
      const answer = await call(base, "POST", "/sys/login", { body: { username: "admin", password: TEST_ADMIN_PASSWORD }, headers: headersOf(address) });
      expect(answer.json).toMatchObject({ success: true });
    }
    for (let index = 0; index < 12; index++) {
      await captchaFor(`wrong-captcha-${index}`, address);
      const answer = await call(base, "POST", "/sys/login", {
        body: { username: "admin", password: TEST_ADMIN_PASSWORD, captcha: "????", checkKey: `wrong-captcha-${index}` },
        headers: headersOf(address),
      });
      expect(answer.json.message).toBe(Messages.captchaWrong);
    }
    expect(await countedFailures(address)).toBe(0);
    const right = await signIn("admin", TEST_ADMIN_PASSWORD, address, "finally");
    expect(right.json).toMatchObject({ success: true });
  });
});
