// 租户管理 (/sys/tenant, issue #16 part 1): only a platform administrator adds, edits and deletes
// tenants; a tenant's number comes from the server, distinct however many are added at once; a
// tenant that still has users is not deleted; queryList and the sign-in offer enabled tenants.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { TenantMessages } from "#contract/modules/tenant";
import { stableId } from "../../backend/db/ids";
import { call, loginToken, postgresReachable, startTestBackend, type TestBackend } from "../support/backend";
import { TEST_DEMO_PASSWORD } from "../support/constants";
import { databaseExecutor, inTransaction, type Executor } from "../../backend/crud/context";
import { lockTenants } from "../../backend/modules/system/tenant/tenant-locks";

const databases = ["pglite", ...((await postgresReachable()) ? ["postgres"] : [])] as const;

describe.each(databases)("租户管理 on %s", (kind) => {
  let server: TestBackend;
  let base: string;
  let admin: string;
  /** dean_liu, whose role is granted the tenant page and its buttons but is no platform administrator. */
  let dean: string;
  const as = (token: string) => ({
    get: (path: string) => call(base, "GET", path, { token }),
    send: (method: string, path: string, body?: unknown) => call(base, method, path, { token, body }),
  });
  const tenantIds = async () => (await server.backend.db.rows<{ id: number }>(sql`SELECT id FROM sys_tenant ORDER BY id`)).map((row) => Number(row.id));

  beforeAll(async () => {
    server = await startTestBackend(kind as "pglite" | "postgres");
    base = server.url;
    admin = await loginToken(base);
    const grants = [stableId("menu", "/isystem/tenant"), ...["add", "edit", "delete", "batch_delete"].map((action) => stableId("button", `tenant:${action}`))];
    for (const permissionId of grants)
      await server.backend.db.rows(
        sql`INSERT INTO sys_role_permission (id, role_id, permission_id) SELECT ${stableId("test", permissionId)}, id, ${permissionId} FROM sys_role WHERE role_code = 'office' AND tenant_id = 1`,
      );
    dean = await loginToken(base, "dean_liu", TEST_DEMO_PASSWORD);
  });
  afterAll(async () => server?.close());

  it("lets the platform administrator add a tenant, numbered by the server, and edit it", async () => {
    const added = await as(admin).send("POST", "/sys/tenant/add", { id: 99, name: "浦东校区", status: 1, beginDate: "2026-09-01 00:00:00", endDate: "2030-08-31 23:59:59" });
    expect(added.json).toMatchObject({ success: true, code: 200 });
    const list = await as(admin).get("/sys/tenant/list?name=浦东校区");
    expect(list.json.result.records).toHaveLength(1);
    const tenant = list.json.result.records[0];
    expect(tenant).toMatchObject({ name: "浦东校区", status: 1, status_dictText: "正常", beginDate: "2026-09-01 00:00:00" });
    expect(tenant.id).toBeGreaterThan(2);
    expect(tenant.id).not.toBe(99);
    const edited = await as(admin).send("PUT", "/sys/tenant/edit", { id: String(tenant.id), name: "浦东新校区", status: 1, updateTime: tenant.updateTime ?? "" });
    expect(edited.json.success).toBe(true);
    expect((await as(admin).get(`/sys/tenant/queryById?id=${tenant.id}`)).json.result).toMatchObject({ name: "浦东新校区" });
  });

  it("refuses an end before the beginning", async () => {
    const added = await as(admin).send("POST", "/sys/tenant/add", { name: "倒序校区", status: 1, beginDate: "2026-09-01 00:00:00", endDate: "2026-08-01 00:00:00" });
    expect(added.json).toMatchObject({ success: false, message: TenantMessages.endBeforeBegin });
  });

  it("refuses tenant changes to anyone but a platform administrator, whatever his buttons", async () => {
    const before = await tenantIds();
    const added = await as(dean).send("POST", "/sys/tenant/add", { name: "越权校区", status: 1 });
    expect(added.json).toMatchObject({ success: false, code: 510, message: TenantMessages.platformOnly });
    const edited = await as(dean).send("PUT", "/sys/tenant/edit", { id: "1", name: "改名", status: 1 });
    expect(edited.json).toMatchObject({ success: false, message: TenantMessages.platformOnly });
    const removed = await as(dean).send("DELETE", "/sys/tenant/delete?id=2");
    expect(removed.json).toMatchObject({ success: false, message: TenantMessages.platformOnly });
    expect(await tenantIds()).toEqual(before);
    // He sees only the tenants of his own account.
    const list = await as(dean).get("/sys/tenant/list");
    expect(list.json.result.records.map((record: { id: number }) => record.id)).toEqual([1]);
  });

  it("refuses to delete a tenant that still has users, in Chinese, and deletes an empty one", async () => {
    const refused = await as(admin).send("DELETE", "/sys/tenant/delete?id=2");
    expect(refused.json.success).toBe(false);
    expect(refused.json.message).toMatch(/^租户「.+」下还有\d+个用户，不能删除！请先移除这些用户$/);
    expect(await tenantIds()).toContain(2);
    const batch = await as(admin).send("DELETE", "/sys/tenant/deleteBatch?ids=1,2");
    expect(batch.json.success).toBe(false);
    expect(await tenantIds()).toEqual(expect.arrayContaining([1, 2]));

    await as(admin).send("POST", "/sys/tenant/add", { name: "临时校区", status: 1 });
    const [temporary] = await server.backend.db.rows<{ id: number }>(sql`SELECT id FROM sys_tenant WHERE name = '临时校区'`);
    const removed = await as(admin).send("DELETE", `/sys/tenant/delete?id=${temporary!.id}`);
    expect(removed.json.success).toBe(true);
    expect(await tenantIds()).not.toContain(Number(temporary!.id));
  });

  it("locks a tenant once per transaction (an import of many users), and refuses a tenant that is gone", async () => {
    const counting = (executor: Executor) => {
      const counted = { ...executor, queries: 0 };
      counted.rows = (query) => {
        counted.queries++;
        return executor.rows(query);
      };
      return counted;
    };
    await inTransaction(server.backend.db, async (tx) => {
      const counted = counting(tx);
      for (let row = 0; row < 100; row++) await lockTenants(counted, [1]);
      expect(counted.queries).toBe(1);
      await lockTenants(counted, [1, 2, 2]);
      await lockTenants(counted, [2, 1]);
      expect(counted.queries).toBe(2);
      await expect(lockTenants(counted, [1, 987654])).rejects.toThrow("所选租户不存在");
    });
    // Outside a transaction a lock ends with its statement: every call asks again.
    const plain = counting(databaseExecutor(server.backend.db));
    await lockTenants(plain, [1]);
    await lockTenants(plain, [1]);
    expect(plain.queries).toBe(2);
  });

  it("offers only enabled tenants in queryList and at sign-in", async () => {
    const offered = await as(admin).get("/sys/tenant/queryList");
    expect(offered.json.success).toBe(true);
    expect(offered.json.result.map((tenant: { id: number }) => tenant.id)).toEqual(expect.arrayContaining([1, 2]));
    expect(offered.json.result[0]).toMatchObject({ id: 1, name: expect.any(String), status: 1 });
    const some = await as(admin).get("/sys/tenant/queryList?ids=2");
    expect(some.json.result.map((tenant: { id: number }) => tenant.id)).toEqual([2]);
    // Freeze tenant 2: it leaves queryList and the sign-in's tenantList.
    const tenant2 = (await as(admin).get("/sys/tenant/queryById?id=2")).json.result;
    expect((await as(admin).send("PUT", "/sys/tenant/edit", { ...tenant2, status: 0 })).json.success).toBe(true);
    expect((await as(admin).get("/sys/tenant/queryList")).json.result.map((tenant: { id: number }) => tenant.id)).not.toContain(2);
    const login = await call(base, "POST", "/sys/login", { body: { username: "principal_zhang", password: TEST_DEMO_PASSWORD } });
    expect(login.json.result.tenantList.map((tenant: { id: number }) => tenant.id)).toEqual([1]);
    // A non-platform user is offered only his own tenants.
    expect((await as(dean).get("/sys/tenant/queryList")).json.result.map((tenant: { id: number }) => tenant.id)).toEqual([1]);
  });

  it("numbers tenants added at the same moment without a repeat", async () => {
    const before = await tenantIds();
    const answers = await Promise.all(Array.from({ length: 20 }, (_, index) => as(admin).send("POST", "/sys/tenant/add", { name: `并发校区${index}`, status: 1 })));
    expect(answers.every((answer) => answer.json?.success)).toBe(true);
    const after = await tenantIds();
    expect(after.length).toBe(before.length + 20);
    expect(new Set(after).size).toBe(after.length);
  });
});
