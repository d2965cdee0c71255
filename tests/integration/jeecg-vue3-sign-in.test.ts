// The JeecgBoot Vue 3 client's sign-in against the embedded backend (issue #31 item 1), each call made
// as its defHttp makes it (tests/support/vue3-client.ts) and each answer checked for what the client
// reads: v3.9.3 encrypts the password (LoginForm.vue, MiniLogin.vue), asks loginGetUserDeparts before
// signing in, then getUserInfo (store/modules/user.ts), and on every page verifyIzDefaultPwd and
// getUnreadMessageCount (layouts/default/header/components/notify); v3.7.0 sends one constant checkKey.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { postgresReachable, startTestBackend, type TestBackend } from "../support/backend";
import { TEST_ADMIN_PASSWORD } from "../support/constants";
import { captchaStoredKey } from "../../backend/modules/system/auth/sign-in-guard";
import { encryptLikeVue3, encryptZeroPadded, vue3Client } from "../support/vue3-client";

const databases = ["pglite", ...((await postgresReachable()) ? ["postgres"] : [])] as const;
/** v3.7.0's LoginForm.vue: `randCodeData.checkKey = 1629428467008`, for every captcha. */
const CONSTANT_CHECK_KEY = "1629428467008";
const BROWSER = "Mozilla/5.0 (vue3-client-test)";

describe.each(databases)("the JeecgBoot Vue 3 client signs in on %s", (kind) => {
  let server: TestBackend;
  let base: string;
  let addressCounter = 20;
  const newAddress = () => `198.51.100.${++addressCounter}`;

  /** The captcha the client at `address` shows for `key` (read from the database, as a person reads the picture). */
  async function captcha(key: string, address: string): Promise<string> {
    const image = await vue3Client(base, { address }).get(`/sys/randomImage/${key}`);
    expect(image.json).toMatchObject({ success: true, result: expect.stringMatching(/^data:image\/png;base64,/) });
    const [row] = await server.backend.db.rows<{ code: string }>(
      sql`select code from sys_captcha where check_key = ${captchaStoredKey(key, { ip: address, userAgent: BROWSER })}`,
    );
    return row!.code;
  }

  async function signIn(password: string, address = newAddress(), checkKey = `${Date.now()}ab12`) {
    const code = await captcha(checkKey, address);
    return vue3Client(base, { address }).post("/sys/login", { username: "admin", password, captcha: code, checkKey });
  }

  beforeAll(async () => {
    server = await startTestBackend(kind as "pglite" | "postgres");
    base = server.url;
  });
  afterAll(async () => server?.close());

  it("accepts the AES-encrypted password of v3.9 (PKCS#7), the zero-padded one of older clients, and a plain one", async () => {
    for (const password of [encryptLikeVue3(TEST_ADMIN_PASSWORD), encryptZeroPadded(TEST_ADMIN_PASSWORD), TEST_ADMIN_PASSWORD]) {
      const answer = await signIn(password);
      expect(answer.json).toMatchObject({ success: true, code: 200, result: { token: expect.any(String), userInfo: { username: "admin", loginTenantId: expect.any(Number) } } });
    }
    const wrong = await signIn(encryptLikeVue3(`${TEST_ADMIN_PASSWORD}x`));
    expect(wrong.json).toMatchObject({ success: false, message: "用户名或密码错误" });
  });

  it("keeps each client's captcha apart when v3.7 sends the same checkKey from two places at once", async () => {
    const [first, second] = [newAddress(), newAddress()];
    const firstCode = await captcha(CONSTANT_CHECK_KEY, first);
    const secondCode = await captcha(CONSTANT_CHECK_KEY, second);
    const [a, b] = await Promise.all([
      vue3Client(base, { address: first }).post("/sys/login", { username: "admin", password: TEST_ADMIN_PASSWORD, captcha: firstCode, checkKey: CONSTANT_CHECK_KEY }),
      vue3Client(base, { address: second }).post("/sys/login", { username: "admin", password: TEST_ADMIN_PASSWORD, captcha: secondCode, checkKey: CONSTANT_CHECK_KEY }),
    ]);
    expect([a.json.success, b.json.success]).toEqual([true, true]);
    // A captcha read at one address cannot be answered from another.
    const third = newAddress();
    const stolen = await captcha(CONSTANT_CHECK_KEY, third);
    const elsewhere = await vue3Client(base, { address: newAddress() }).post("/sys/login", {
      username: "admin",
      password: TEST_ADMIN_PASSWORD,
      captcha: stolen,
      checkKey: CONSTANT_CHECK_KEY,
    });
    expect(elsewhere.json).toMatchObject({ success: false, message: "验证码错误" });
  });

  it("answers loginGetUserDeparts as MiniLogin reads it, and leaves the captcha for the sign-in", async () => {
    const address = newAddress();
    const checkKey = `${Date.now()}cd34`;
    const code = await captcha(checkKey, address);
    const client = vue3Client(base, { address });
    const departs = await client.post("/sys/loginGetUserDeparts", {
      username: "admin",
      password: encryptLikeVue3(TEST_ADMIN_PASSWORD),
      inputCode: code,
      checkKey,
      loginType: "account",
    });
    expect(departs.json).toMatchObject({ success: true, result: { currentOrgCode: expect.any(String), departs: expect.any(Array) } });
    for (const depart of departs.json.result.departs) expect(depart).toEqual({ orgCode: expect.any(String), departName: expect.any(String) });
    const signedIn = await client.post("/sys/login", { username: "admin", password: encryptLikeVue3(TEST_ADMIN_PASSWORD), captcha: code, checkKey });
    expect(signedIn.json).toMatchObject({ success: true });

    const wrongAddress = newAddress();
    const wrongCode = await captcha("k-departs", wrongAddress);
    const wrong = await vue3Client(base, { address: wrongAddress }).post("/sys/loginGetUserDeparts", {
      username: "admin",
      password: encryptLikeVue3("not-the-password"),
      inputCode: wrongCode,
      checkKey: "k-departs",
      loginType: "account",
    });
    expect(wrong.json).toMatchObject({ success: false, message: "用户名或密码错误" });
    expect(wrong.json.result).not.toHaveProperty("departs");
  });

  it("answers getUserInfo, verifyIzDefaultPwd and getUnreadMessageCount to the signed-in client", async () => {
    const signedIn = await signIn(encryptLikeVue3(TEST_ADMIN_PASSWORD));
    const client = vue3Client(base, { token: signedIn.json.result.token, tenantId: String(signedIn.json.result.userInfo.loginTenantId) });

    const info = await client.get("/sys/user/getUserInfo");
    expect(info.json).toMatchObject({ success: true, code: 200, result: { userInfo: { id: expect.any(String), username: "admin", realname: expect.any(String) } } });
    expect(info.json.result.userInfo).not.toHaveProperty("password");
    expect(Object.keys(info.json.result.sysAllDictItems).length).toBeGreaterThan(5);

    const defaultPassword = await client.get("/sys/user/verifyIzDefaultPwd");
    expect(defaultPassword.json).toMatchObject({ success: true, message: "no" });

    const unread = await client.get("/sys/annountCement/getUnreadMessageCount");
    expect(unread.json).toMatchObject({
      success: true,
      result: { count: expect.any(Number), systemCount: expect.any(Number), flowCount: 0, fileCount: 0, planCount: 0 },
    });
    expect(unread.json.result.count).toBe(unread.json.result.systemCount);

    const signedOut = await vue3Client(base).get("/sys/user/getUserInfo");
    expect(signedOut.json?.success ?? false).toBe(false);
  });
});
