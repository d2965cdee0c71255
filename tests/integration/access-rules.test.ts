// 访问控制 (/sys/accessRule, issue #34 item 4, docs/decisions/134): allow and block lists of client
// addresses, for the platform and per tenant, applied at sign-in and on every request through the
// address Express sees (`trust proxy`: the test server trusts X-Forwarded-For from loopback only);
// a rule that would refuse the administrator's own address is refused. On PGlite and PostgreSQL.
import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { migrationsFolder } from "../../backend/db/migrate";
import { ResultCode } from "#contract/envelope";
import { AccessRuleMessages } from "#contract/modules/access-rule";
import { allEndpoints } from "../../backend/endpoints";
import { call, postgresReachable, serveEndpoints, startTestBackend, type ServedEndpoints, type TestBackend } from "../support/backend";
import { TEST_ADMIN_PASSWORD, TEST_DEMO_PASSWORD } from "../support/constants";

const databases = ["pglite", ...((await postgresReachable()) ? ["postgres"] : [])] as const;

describe.each(databases)("访问控制 on %s", (kind) => {
  let server: TestBackend;
  let admin: string;

  const from = (address: string) => ({ "X-Forwarded-For": address });
  const signIn = (username: string, password: string, address: string, base = server.url) =>
    call(base, "POST", "/sys/login", { body: { username, password }, headers: from(address) });
  const userInfo = (token: string, address: string, headers: Record<string, string> = {}) =>
    call(server.url, "GET", "/sys/user/getUserInfo", { token, headers: { ...from(address), ...headers } });
  /** Saves a rule as the administrator from `address` (127.0.0.1 when none). */
  const addRule = (rule: Record<string, unknown>, address?: string) =>
    call(server.url, "POST", "/sys/accessRule/add", { token: admin, body: { tenantId: 0, status: 1, ...rule }, headers: address ? from(address) : {} });
  const ruleId = async (address: string): Promise<string> => {
    const [row] = await server.backend.db.rows<{ id: string }>(sql`SELECT id FROM sys_access_rule WHERE address = ${address}`);
    return row!.id;
  };
  const refused = { success: false, code: ResultCode.noPermission, message: AccessRuleMessages.refused };

  beforeAll(async () => {
    server = await startTestBackend(kind as "pglite" | "postgres");
    const answer = await call(server.url, "POST", "/sys/login", { body: { username: "admin", password: TEST_ADMIN_PASSWORD } });
    admin = answer.json.result.token as string;
  });
  afterAll(async () => server?.close());
  // Every test starts without rules (straight in the table, then the running backend is told).
  afterEach(async () => {
    await server.backend.db.rows(sql`DELETE FROM sys_access_rule`);
    await server.backend.services.addressRules.reload();
  });

  it("a blocked network refuses sign-in and a request with a valid token, at once and without a restart, and logs the refusal", async () => {
    const token = (await signIn("dean_liu", TEST_DEMO_PASSWORD, "203.0.113.7")).json.result.token as string;
    expect((await userInfo(token, "203.0.113.7")).json.success).toBe(true);

    expect((await addRule({ ruleType: "block", address: "203.0.113.0/24", description: "测试网段" })).json).toMatchObject({ success: true });
    expect((await userInfo(token, "203.0.113.7")).json).toMatchObject(refused);
    expect((await signIn("dean_liu", TEST_DEMO_PASSWORD, "203.0.113.200")).json).toMatchObject({ success: false, message: AccessRuleMessages.refused });
    // Outside the network nothing changes, and the list shows the rule in words.
    expect((await userInfo(token, "203.0.114.1")).json.success).toBe(true);
    const list = await call(server.url, "GET", "/sys/accessRule/list", { token: admin });
    expect(list.json.result.records[0]).toMatchObject({ address: "203.0.113.0/24", ruleType: "block", ruleType_dictText: "禁止", status_dictText: "有效" });

    // Disabled: the address is admitted again, with no restart.
    const record = list.json.result.records[0] as Record<string, unknown>;
    const edited = await call(server.url, "PUT", "/sys/accessRule/edit", { token: admin, body: { ...record, status: 0 } });
    expect(edited.json.success).toBe(true);
    expect((await userInfo(token, "203.0.113.7")).json.success).toBe(true);

    await server.backend.services.logs.flush();
    const logged = await server.backend.db.rows<{ ip: string; log_content: string }>(
      sql`SELECT ip, log_content FROM sys_log WHERE log_content LIKE ${"%" + AccessRuleMessages.refused + "%"} ORDER BY create_time`,
    );
    expect(logged.map((row) => row.ip)).toEqual(expect.arrayContaining(["203.0.113.7", "203.0.113.200"]));
    expect(logged.some((row) => row.log_content.includes("登录失败"))).toBe(true);
  });

  it("with an enabled allow entry only the listed addresses come in, and the block list still wins", async () => {
    const inside = "198.51.100.5";
    expect((await addRule({ ruleType: "allow", address: "198.51.100.0/24" }, inside)).json).toMatchObject({ success: true });
    // A disabled allow entry opens nothing.
    expect((await addRule({ ruleType: "allow", address: "192.0.2.0/24", status: 0 }, inside)).json).toMatchObject({ success: true });
    expect((await userInfo(admin, inside)).json.success).toBe(true);
    expect((await userInfo(admin, "192.0.2.9")).json).toMatchObject(refused);
    expect((await userInfo(admin, "127.0.0.1")).json).toMatchObject(refused);
    expect((await signIn("dean_liu", TEST_DEMO_PASSWORD, "192.0.2.9")).json).toMatchObject({ success: false, message: AccessRuleMessages.refused });
    expect((await signIn("dean_liu", TEST_DEMO_PASSWORD, "198.51.100.77")).json.success).toBe(true);

    expect((await addRule({ ruleType: "block", address: "198.51.100.77" }, inside)).json).toMatchObject({ success: true });
    expect((await userInfo(admin, "198.51.100.77")).json).toMatchObject(refused);
    expect((await userInfo(admin, inside)).json.success).toBe(true);
  });

  it("matches IPv6 networks and IPv4-mapped addresses", async () => {
    expect((await addRule({ ruleType: "block", address: "2001:db8:abcd::/48" })).json).toMatchObject({ success: true });
    expect((await userInfo(admin, "2001:db8:abcd:12::1")).json).toMatchObject(refused);
    expect((await signIn("dean_liu", TEST_DEMO_PASSWORD, "2001:db8:abcd::99")).json).toMatchObject({ success: false, message: AccessRuleMessages.refused });
    expect((await userInfo(admin, "2001:db8:abce::1")).json.success).toBe(true);

    expect((await addRule({ ruleType: "block", address: "10.20.0.0/16" })).json).toMatchObject({ success: true });
    expect((await userInfo(admin, "::ffff:10.20.3.4")).json).toMatchObject(refused);

    for (const address of ["10.0.0.0/33", "2001:db8::/129", "300.1.1.1", "10.0.0.0/8/1", "2001:db8:::1"]) {
      const answer = await addRule({ ruleType: "block", address });
      expect(answer.json.success, address).toBe(false);
    }
  });

  it("refuses a rule, an edit or a delete that would refuse the administrator's own address", async () => {
    // Blocking one's own network, or allowing only another one.
    const blocked = await addRule({ ruleType: "block", address: "127.0.0.0/8" });
    expect(blocked.json).toMatchObject({ success: false, message: AccessRuleMessages.selfLockout("127.0.0.1") });
    const otherOnly = await addRule({ ruleType: "allow", address: "198.51.100.0/24" }, "192.0.2.1");
    expect(otherOnly.json).toMatchObject({ success: false, message: AccessRuleMessages.selfLockout("192.0.2.1") });
    expect(await server.backend.db.rows(sql`SELECT id FROM sys_access_rule`)).toEqual([]);
    expect((await userInfo(admin, "192.0.2.1")).json.success).toBe(true);

    // An allow list holding the administrator's address: removing that entry would shut him out.
    expect((await addRule({ ruleType: "allow", address: "127.0.0.1" })).json.success).toBe(true);
    expect((await addRule({ ruleType: "allow", address: "198.51.100.0/24" })).json.success).toBe(true);
    const own = await ruleId("127.0.0.1");
    const removed = await call(server.url, "DELETE", `/sys/accessRule/delete?id=${own}`, { token: admin });
    expect(removed.json).toMatchObject({ success: false, message: AccessRuleMessages.selfLockout("127.0.0.1") });
    const record = (await call(server.url, "GET", `/sys/accessRule/queryById?id=${own}`, { token: admin })).json.result as Record<string, unknown>;
    const edited = await call(server.url, "PUT", "/sys/accessRule/edit", { token: admin, body: { ...record, address: "127.0.0.2" } });
    expect(edited.json).toMatchObject({ success: false, message: AccessRuleMessages.selfLockout("127.0.0.1") });
    expect((await userInfo(admin, "127.0.0.1")).json.success).toBe(true);
  });

  it("a tenant's rules refuse requests in that tenant only", async () => {
    const address = "192.0.2.5";
    expect((await addRule({ ruleType: "block", address: "192.0.2.0/24", tenantId: 1 })).json).toMatchObject({ success: true });
    // teacher_li works in tenant 1 only: refused at sign-in.
    expect((await signIn("teacher_li", TEST_DEMO_PASSWORD, address)).json).toMatchObject({ success: false, message: AccessRuleMessages.refused });
    // principal_zhang works in both: signed in to tenant 2, refused in tenant 1 only.
    const answer = await signIn("principal_zhang", TEST_DEMO_PASSWORD, address);
    expect(answer.json.success).toBe(true);
    const token = answer.json.result.token as string;
    expect((await userInfo(token, address, { "tenant-id": "2" })).json.success).toBe(true);
    expect((await userInfo(token, address, { "tenant-id": "1" })).json).toMatchObject(refused);
    expect((await userInfo(token, address)).json.success).toBe(true);
    // Tenant 1 from elsewhere is untouched.
    expect((await userInfo(token, "192.0.3.5", { "tenant-id": "1" })).json.success).toBe(true);
  });

  it("reads X-Forwarded-For only from a trusted proxy", async () => {
    let untrusted: ServedEndpoints | null = null;
    try {
      // The same backend behind an Express app that trusts no proxy: the header is the caller's word.
      untrusted = await serveEndpoints(allEndpoints, server.backend.services);
      expect((await addRule({ ruleType: "block", address: "203.0.113.0/24" })).json.success).toBe(true);
      const answer = await call(untrusted.base, "GET", "/sys/user/getUserInfo", { token: admin, headers: from("203.0.113.7") });
      expect(answer.json.success).toBe(true);
      expect((await userInfo(admin, "203.0.113.7")).json).toMatchObject(refused);
    } finally {
      await untrusted?.close();
    }
  });

  it("migration 0641 gives an older database the page under 系统管理 with its buttons, for platform administrators only", async () => {
    const db = server.backend.db;
    await db.rows(sql`DELETE FROM sys_permission WHERE url = '/isystem/accessRule' OR perms LIKE 'accessRule:%'`);
    await db.execInTransaction(readFileSync(path.join(migrationsFolder(), "0641_address_rules_page.sql"), "utf8"));
    const [page] = await db.rows<{ id: string; name: string; parent_url: string }>(
      sql`SELECT p.id, p.name, g.url AS parent_url FROM sys_permission p JOIN sys_permission g ON g.id = p.parent_id WHERE p.url = '/isystem/accessRule'`,
    );
    expect(page).toMatchObject({ name: "访问控制", parent_url: "/isystem" });
    const buttons = await db.rows<{ perms: string }>(sql`SELECT perms FROM sys_permission WHERE menu_type = 2 AND parent_id = ${page!.id} ORDER BY sort_no`);
    expect(buttons.map((button) => button.perms)).toEqual(["add", "edit", "delete", "batch_delete", "export", "import"].map((action) => `accessRule:${action}`));
    const holders = await db.rows<{ platform_admin: number }>(
      sql`SELECT DISTINCT r.platform_admin FROM sys_role_permission rp JOIN sys_role r ON r.id = rp.role_id WHERE rp.permission_id = ${page!.id}`,
    );
    expect(holders).toEqual([{ platform_admin: 1 }]);
    // Applied again, it changes nothing.
    await db.execInTransaction(readFileSync(path.join(migrationsFolder(), "0641_address_rules_page.sql"), "utf8"));
    expect(await db.rows(sql`SELECT id FROM sys_permission WHERE url = '/isystem/accessRule'`)).toHaveLength(1);
  });

  it("only a platform administrator manages the rules", async () => {
    const dean = (await signIn("dean_liu", TEST_DEMO_PASSWORD, "198.51.100.1")).json.result.token as string;
    const answer = await call(server.url, "POST", "/sys/accessRule/add", { token: dean, body: { ruleType: "allow", address: "198.51.100.1", tenantId: 1, status: 1 } });
    expect(answer.json.success).toBe(false);
    expect(await server.backend.db.rows(sql`SELECT id FROM sys_access_rule`)).toEqual([]);
  });
});
