// The tenant and department choice at sign-in (issue #17 part 5, docs/decisions/049) over real HTTP
// on PGlite: an account of two schools is asked until it chose (remembered in login_tenant_id), an
// account of two departments without a current one is asked too, and the choice accepts only the
// account's own tenants and departments.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { call, startTestBackend, type TestBackend } from "../support/backend";
import { TEST_ADMIN_PASSWORD, TEST_DEMO_PASSWORD } from "../support/constants";

let server: TestBackend;
let base: string;

const login = (username: string, password = TEST_DEMO_PASSWORD) => call(base, "POST", "/sys/login", { body: { username, password } });

// A loaded machine may take more than a minute to start a backend.
beforeAll(async () => {
  server = await startTestBackend();
  base = server.url;
}, 180_000);
afterAll(async () => server?.close());

describe("choice at sign-in", () => {
  it("asks an account of two schools which one until it chose; the platform administrator starts in the main school", async () => {
    const admin = await login("admin", TEST_ADMIN_PASSWORD);
    expect(admin.json.result.chooseTenant).toBeUndefined();
    expect(admin.json.result.userInfo.loginTenantId).toBe(1);

    const first = await login("principal_zhang");
    expect(first.json.result).toMatchObject({ chooseTenant: true, tenantList: [{ id: 1 }, { id: 2 }] });
    const token = first.json.result.token as string;
    const foreign = await call(base, "PUT", "/sys/selectDepart", { token, body: { loginTenantId: 3 } });
    expect(foreign.json).toMatchObject({ success: false, message: "租户不存在或不属于当前用户" });
    const chosen = await call(base, "PUT", "/sys/selectDepart", { token, body: { loginTenantId: 2 } });
    expect(chosen.json).toMatchObject({ success: true, result: { userInfo: { loginTenantId: 2 } } });

    const next = await login("principal_zhang");
    expect(next.json.result.chooseTenant).toBeUndefined();
    const [session] = await server.backend.db.rows<{ tenant_id: number }>(
      sql`select tenant_id from sys_session where username = 'principal_zhang' order by create_time desc limit 1`,
    );
    expect(session!.tenant_id).toBe(2);
    // A frozen school is no longer offered: with one school left, the account goes there unasked.
    await server.backend.db.rows(sql`update sys_tenant set status = 0 where id = 2`);
    const frozen = await login("principal_zhang");
    expect(frozen.json.result.chooseTenant).toBeUndefined();
    expect(frozen.json.result.tenantList).toHaveLength(1);
    await server.backend.db.rows(sql`update sys_tenant set status = 1 where id = 2`);
  });

  it("asks an account of two departments without a current one, and keeps its choice", async () => {
    await server.backend.db.rows(sql`
      insert into sys_user_depart (id, user_id, dep_id)
      select 'e2echoice01', u.id, d.id from sys_user u, sys_depart d where u.username = 'dean_liu' and d.org_code = 'A01A01'`);
    await server.backend.db.rows(sql`update sys_user set org_code = null where username = 'dean_liu'`);
    const first = await login("dean_liu");
    expect(first.json.result).toMatchObject({ chooseDepart: true, multi_depart: 2 });
    const token = first.json.result.token as string;
    expect((await call(base, "PUT", "/sys/selectDepart", { token, body: { orgCode: "A01A03" } })).json.success).toBe(false);
    expect((await call(base, "PUT", "/sys/selectDepart", { token, body: { orgCode: "A01A01" } })).json.success).toBe(true);
    const next = await login("dean_liu");
    expect(next.json.result.chooseDepart).toBeUndefined();
    expect(next.json.result.userInfo.orgCode).toBe("A01A01");
  });
});
