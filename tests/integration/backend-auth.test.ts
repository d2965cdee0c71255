// Sign-in, sessions, permissions and signatures of the embedded backend, over real HTTP, on PGlite
// and (when reachable) on the local PostgreSQL server.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { computeSign, formatSignTimestamp } from "#contract/sign";
import pg from "pg";
import { call, loginToken, postgresAdminUrl, postgresReachable, startTestBackend, type TestBackend } from "../support/backend";
import { TEST_ADMIN_PASSWORD, TEST_DEMO_PASSWORD } from "../support/constants";

const databases = ["pglite", ...((await postgresReachable()) ? ["postgres"] : [])] as const;

describe.each(databases)("backend sign-in on %s", (kind) => {
  let server: TestBackend;
  let base: string;
  beforeAll(async () => {
    server = await startTestBackend(kind as "pglite" | "postgres");
    base = server.url;
  });
  afterAll(async () => server?.close());

  it("signs the admin in with code 200, a token, the user and the dictionaries", async () => {
    const { json } = await call(base, "POST", "/sys/login", { body: { username: "admin", password: TEST_ADMIN_PASSWORD } });
    expect(json).toMatchObject({ success: true, code: 200, message: "登录成功" });
    expect(json.result.token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(json.result.userInfo).toMatchObject({ username: "admin", realname: "管理员", status: 1, delFlag: 0 });
    expect(json.result.userInfo).not.toHaveProperty("password");
    expect(json.result.userInfo).not.toHaveProperty("salt");
    expect(json.result.sysAllDictItems.sex).toEqual([
      { value: "1", text: "男", title: "男" },
      { value: "2", text: "女", title: "女" },
    ]);
    expect(json.result.tenantList.map((tenant: { id: number }) => tenant.id)).toEqual([1, 2]);
    expect(json.result.multi_depart).toBe(1);
    expect(typeof json.timestamp).toBe("number");
  });

  it("answers a wrong password and an unknown user alike", async () => {
    for (const body of [
      { username: "admin", password: "not-the-password" },
      { username: "nobody_here", password: "whatever" },
      { username: "", password: "" },
    ]) {
      // Each from its own address: three from one would require a captcha of every later sign-in.
      const headers = { "X-Forwarded-For": `198.51.100.${body.username.length}` };
      const { status, json } = await call(base, "POST", "/sys/login", { body, headers });
      expect(status).toBe(200);
      expect(json).toMatchObject({ success: false, code: 500, message: "用户名或密码错误", result: { captchaRequired: false } });
    }
  });

  it("tells a frozen account so only with its right password", async () => {
    await server.backend.db.rows(sql.raw(`UPDATE sys_user SET status = 2 WHERE username = 'teacher_li'`));
    const right = await call(base, "POST", "/sys/login", { body: { username: "teacher_li", password: TEST_DEMO_PASSWORD } });
    expect(right.json).toMatchObject({ success: false, message: "该用户已冻结" });
    const wrong = await call(base, "POST", "/sys/login", { body: { username: "teacher_li", password: "x" }, headers: { "X-Forwarded-For": "198.51.100.99" } });
    expect(wrong.json.message).toBe("用户名或密码错误");
    await server.backend.db.rows(sql.raw(`UPDATE sys_user SET status = 1 WHERE username = 'teacher_li'`));
  });

  it("writes a login log row", async () => {
    await loginToken(base);
    // The request journal writes in batches (backend/log-service.ts).
    await server.backend.services.logs.flush();
    const rows = await server.backend.db.rows<{ log_content: string }>(
      sql.raw(`SELECT log_content FROM sys_log WHERE log_type = 1 AND userid = 'admin'`),
    );
    expect(rows.some((row) => row.log_content === "用户名: admin,登录成功！")).toBe(true);
  });

  it("gives a token the user's menu tree, buttons and the all-buttons list", async () => {
    const token = await loginToken(base);
    const { json } = await call(base, "GET", "/sys/permission/getUserPermissionByToken", { token });
    expect(json).toMatchObject({ success: true, code: 0 });
    const { menu, auth, allAuth, sysSafeMode } = json.result;
    expect(menu[0]).toMatchObject({ path: "/dashboard/analysis", meta: { title: "首页" } });
    const system = menu.find((node: { path: string }) => node.path === "/isystem");
    expect(system.children.map((child: { path: string }) => child.path)).toContain("/isystem/user");
    expect(auth.map((entry: { action: string }) => entry.action)).toContain("user:add");
    expect(allAuth.length).toBeGreaterThanOrEqual(auth.length);
    expect(sysSafeMode).toBe(false);
  });

  it("limits a teacher to the teacher's menus and buttons", async () => {
    const token = await loginToken(base, "teacher_li", TEST_DEMO_PASSWORD);
    const { json } = await call(base, "GET", "/sys/permission/getUserPermissionByToken", { token });
    const paths = JSON.stringify(json.result.menu);
    expect(paths).toContain("/school/student");
    expect(paths).not.toContain("/isystem");
    expect(json.result.auth.map((entry: { action: string }) => entry.action)).not.toContain("user:add");
  });

  it("refuses calls without a token, with a forged one and after logout", async () => {
    const missing = await call(base, "GET", "/sys/permission/getUserPermissionByToken");
    expect(missing.status).toBe(401);
    expect(missing.json).toMatchObject({ success: false, code: 401, message: "Token失效，请重新登录!" });

    const token = await loginToken(base);
    const [header, payload] = token.split(".");
    const forged = await call(base, "GET", "/sys/permission/getUserPermissionByToken", { token: `${header}.${payload}.AAAA` });
    expect(forged.json).toMatchObject({ code: 401, message: "token非法无效!" });

    const logout = await call(base, "POST", "/sys/logout", { token });
    expect(logout.json).toMatchObject({ success: true, message: "退出登录成功！" });
    const after = await call(base, "GET", "/sys/permission/getUserPermissionByToken", { token });
    expect(after.status).toBe(401);
    const again = await call(base, "POST", "/sys/logout", { token });
    expect(again.json).toMatchObject({ success: false, message: "Token无效!" });
    const none = await call(base, "POST", "/sys/logout");
    expect(none.json).toMatchObject({ success: false, message: "退出登录失败！" });
  });

  it("refuses a tenant the user does not belong to", async () => {
    const token = await loginToken(base, "teacher_li", TEST_DEMO_PASSWORD);
    const other = await call(base, "GET", "/sys/permission/getUserPermissionByToken", { token, headers: { "tenant-id": "2" } });
    expect(other.json).toMatchObject({ code: 401, message: "用户租户信息变更,请重新登陆!" });
    const own = await call(base, "GET", "/sys/permission/getUserPermissionByToken", { token, headers: { "tenant-id": "1" } });
    expect(own.json.success).toBe(true);
  });

  it("changes the password: checks, then ends the other sessions but not the caller's", async () => {
    const username = "finance_wang";
    const mine = await loginToken(base, username, TEST_DEMO_PASSWORD);
    const other = await loginToken(base, username, TEST_DEMO_PASSWORD);
    const change = (body: Record<string, string>) => call(base, "PUT", "/sys/user/updatePassword", { token: mine, body: { username, ...body } });
    expect((await change({ oldpassword: TEST_DEMO_PASSWORD, password: "", confirmpassword: "" })).json.message).toBe("新密码不允许为空!");
    expect((await change({ oldpassword: TEST_DEMO_PASSWORD, password: "a1", confirmpassword: "a2" })).json.message).toBe("两次输入密码不一致!");
    expect((await change({ oldpassword: "wrong", password: "New-Pass-1", confirmpassword: "New-Pass-1" })).json.message).toBe("旧密码输入错误!");
    const someoneElse = await call(base, "PUT", "/sys/user/updatePassword", {
      token: mine,
      body: { username: "admin", oldpassword: TEST_ADMIN_PASSWORD, password: "x", confirmpassword: "x" },
    });
    expect(someoneElse.json.success).toBe(false);

    const done = await change({ oldpassword: TEST_DEMO_PASSWORD, password: "New-Pass-1", confirmpassword: "New-Pass-1" });
    expect(done.json).toMatchObject({ success: true, message: "密码修改成功!" });
    expect((await call(base, "GET", "/sys/permission/getUserPermissionByToken", { token: mine })).json.success).toBe(true);
    expect((await call(base, "GET", "/sys/permission/getUserPermissionByToken", { token: other })).status).toBe(401);
    expect((await call(base, "POST", "/sys/login", { body: { username, password: TEST_DEMO_PASSWORD } })).json.success).toBe(false);
    await loginToken(base, username, "New-Pass-1");
  });

  it("lists the user's departments and switches the current one", async () => {
    const token = await loginToken(base, "clerk_sun", TEST_DEMO_PASSWORD);
    const departs = await call(base, "GET", "/sys/user/getCurrentUserDeparts", { token });
    expect(departs.json.result.list.length).toBeGreaterThan(1);
    const target = departs.json.result.list[1].orgCode;
    const switched = await call(base, "PUT", "/sys/selectDepart", { token, body: { orgCode: target, username: "clerk_sun" } });
    expect(switched.json.result.userInfo.orgCode).toBe(target);
    const refused = await call(base, "PUT", "/sys/selectDepart", { token, body: { orgCode: "ZZZ" } });
    expect(refused.json.success).toBe(false);
  });

  it("checks the signature of signed endpoints, in real time", async () => {
    const token = await loginToken(base);
    const path = "/sys/dict/getDictItems/sex";
    const signed = (timestamp: string, sign = computeSign(path)) =>
      call(base, "GET", path, { token, headers: { "X-Sign": sign, "X-TIMESTAMP": timestamp } });
    const good = await signed(formatSignTimestamp());
    expect(good.json).toMatchObject({ success: true, result: [{ value: "1", text: "男" }, { value: "2", text: "女" }] });
    expect((await signed(String(Date.now())).then((answer) => answer.json.success))).toBe(true);
    expect((await signed(formatSignTimestamp(), "0".repeat(32))).json.message).toBe("Sign签名校验失败！");
    const stale = formatSignTimestamp(new Date(Date.now() - 6 * 60 * 1000));
    expect((await signed(stale)).json.message).toBe("签名验证失败，请求时效性验证失败！");
    const future = formatSignTimestamp(new Date(Date.now() + 6 * 60 * 1000));
    expect((await signed(future)).json.message).toBe("签名验证失败，请求时效性验证失败！");
    const unsigned = await call(base, "GET", path, { token });
    expect(unsigned.json.message).toBe("Sign签名校验失败，请求参数不完整！");
  });

  it("answers unknown paths, wrong methods and broken JSON with the envelope, never SQL", async () => {
    const unknown = await call(base, "GET", "/sys/nothing/here");
    expect(unknown.status).toBe(404);
    expect(unknown.json).toMatchObject({ success: false, code: 404, message: "路径不存在，请检查路径是否正确" });
    const method = await call(base, "DELETE", "/sys/login");
    expect(method.json).toMatchObject({ success: false, code: 405 });
    const broken = await call(base, "POST", "/sys/login", { body: "{not json", headers: { "Content-Type": "application/json" } });
    expect(broken.json.success).toBe(false);
    expect(broken.text).not.toMatch(/select|insert|syntax|stack/i);
    // A malformed escape in a path parameter is the caller's mistake, said plainly.
    const token = await loginToken(base);
    const malformed = await call(base, "GET", "/sys/dict/getDictText/%E0%A4%A/1", { token });
    expect(malformed.status).toBe(400);
    expect(malformed.json).toMatchObject({ success: false, message: "操作失败，请求格式不正确" });
  });

  it.runIf(kind === "postgres")("keeps answering when the database server ends its idle connections", async () => {
    const token = await loginToken(base);
    const admin = new pg.Client({ connectionString: postgresAdminUrl() });
    await admin.connect();
    const [{ name: database }] = await server.backend.db.rows<{ name: string }>(sql`SELECT current_database() AS name`);
    const ended = await admin.query("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()", [database]);
    await admin.end();
    expect(ended.rowCount).toBeGreaterThan(0);
    // The pool drops the dead connections and opens new ones; the process lives on.
    await expect
      .poll(async () => (await call(base, "GET", "/sys/permission/getUserPermissionByToken", { token })).json?.success, { timeout: 10_000 })
      .toBe(true);
  });

  it("answers a duplicate key the database refused as a duplicate record, however it was wrapped", async () => {
    let refused: unknown;
    try {
      await server.backend.db.rows(sql.raw(`INSERT INTO sys_user (id, username, realname, password, salt) SELECT 'dup1', username, realname, password, salt FROM sys_user WHERE username = 'admin'`));
    } catch (error) {
      refused = error;
    }
    const { databaseError } = await import("../../backend/db/errors");
    expect(databaseError(refused)?.code).toBe("23505");
    expect(databaseError(new Error("outer", { cause: new Error("middle", { cause: refused }) }))?.code).toBe("23505");
    expect(databaseError(new Error("plain"))).toBeUndefined();
  });
});

describe("session idle expiry", () => {
  it("ends a session after the idle time, with the token-expired answer", async () => {
    // 3 s of idle time: long enough that a loaded machine answers the first call inside it.
    const server = await startTestBackend("pglite", { sessionIdleMinutes: 0.05 });
    try {
      const token = await loginToken(server.url);
      expect((await call(server.url, "GET", "/sys/permission/getUserPermissionByToken", { token })).json.success).toBe(true);
      await new Promise((resolve) => setTimeout(resolve, 3_300));
      const expired = await call(server.url, "GET", "/sys/permission/getUserPermissionByToken", { token });
      expect(expired.status).toBe(401);
      expect(expired.json.message).toBe("Token失效，请重新登录!");
    } finally {
      await server.close();
    }
  });
});
