// 审计员 (issue #34 item 5, docs/decisions/137) on PGlite and (when reachable) PostgreSQL: the
// seeded role reads 系统日志 — sign-in, operation, export and sensitive-view entries — and exports
// them for a period, and nothing else of the administration; migration 0661 gives an older
// database the same role. Every school has its own (docs/decisions/146): the demo's second school,
// a school added by the platform administrator, and older schools through migration 0712.
import { readFileSync } from "node:fs";
import path from "node:path";
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { formatWireDateTime } from "#contract/clock";
import { migrationsFolder } from "../../backend/db/migrate";
import { SensitiveLogText } from "../../backend/crud/sensitive";
import { call, loginToken, loginTokenAfterChange, postgresReachable, startTestBackend, type TestBackend } from "../support/backend";
import { TEST_DEMO_PASSWORD } from "../support/constants";

const databases = ["pglite", ...((await postgresReachable()) ? ["postgres"] : [])] as const;
const PASSWORD = "Auditor-Test-2026!";
const DAY_MS = 86_400_000;

describe.each(databases)("the auditor role on %s", (kind) => {
  let server: TestBackend;
  let base: string;
  let admin: string;
  let auditor: string;
  let parentId: string;
  const rows = <T>(text: string) => server.backend.db.rows<T>(sql.raw(text));
  const get = (path: string) => call(base, "GET", path, { token: auditor });
  const wire = (at: number) => encodeURIComponent(formatWireDateTime(new Date(at), server.backend.services.config.schoolTimeZone));

  async function sheetRows(path: string): Promise<string[]> {
    const response = await fetch(`${base}${path}`, { headers: { "X-Access-Token": auditor } });
    expect(response.status).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(Buffer.from(await response.arrayBuffer()) as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    const header = (sheet.getRow(3).values as unknown[]).slice(1);
    const content = header.indexOf("日志内容");
    expect(content).toBeGreaterThanOrEqual(0);
    const lines: string[] = [];
    for (let row = 4; row <= sheet.rowCount; row++) lines.push(String((sheet.getRow(row).values as unknown[]).slice(1)[content] ?? ""));
    return lines;
  }

  beforeAll(async () => {
    server = await startTestBackend(kind as "pglite" | "postgres");
    base = server.url;
    admin = await loginToken(base);
    const [role] = await rows<{ id: string; role_name: string }>(`SELECT id, role_name FROM sys_role WHERE role_code = 'auditor' AND tenant_id = 1`);
    expect(role!.role_name).toBe("审计员");
    expect((await call(base, "POST", "/sys/user/add", { token: admin, body: { username: "audit_zhou", realname: "周审计", password: PASSWORD, selectedroles: role!.id } })).json.success).toBe(true);
    auditor = await loginTokenAfterChange(base, "audit_zhou", PASSWORD);

    // Something to audit: a sign-in, an export, a full view of personal data.
    const teacher = await loginToken(base, "teacher_li", TEST_DEMO_PASSWORD);
    const exported = await fetch(`${base}/school/student/exportXls?grade=5`, { headers: { "X-Access-Token": teacher } });
    await exported.arrayBuffer();
    const clerk = await loginToken(base, "clerk_sun", TEST_DEMO_PASSWORD);
    [{ id: parentId }] = await rows<{ id: string }>(`SELECT id FROM school_parent WHERE tenant_id = 1 ORDER BY id LIMIT 1`);
    expect((await call(base, "GET", `/school/parent/queryById?id=${parentId}`, { token: clerk })).json.success).toBe(true);
    await server.backend.services.logs.flush();
  });
  afterAll(async () => server?.close());

  it("reads sign-in, operation, export and sensitive-view entries", async () => {
    const signIns = await get("/sys/log/list?logType=1&pageSize=100");
    expect(signIns.json.success).toBe(true);
    expect(signIns.json.result.records.some((record: { userid: string }) => record.userid === "teacher_li")).toBe(true);
    const exports = await get("/sys/log/list?logType=2&operateType=6&pageSize=100");
    expect(exports.json.result.records.map((record: { logContent: string }) => record.logContent)).toEqual(
      expect.arrayContaining([expect.stringMatching(/^导出：学生信息，共\d+行，敏感信息已脱敏，条件：grade=5$/)]),
    );
    const views = await get(`/sys/log/list?logType=2&keyWord=${encodeURIComponent(SensitiveLogText.view)}`);
    expect(views.json.result.records.map((record: { logContent: string }) => record.logContent)).toContain(`${SensitiveLogText.view}：家长信息 ${parentId}`);
  });

  it("exports the log of a period, and only that period", async () => {
    const now = Date.now();
    const today = `createTime_begin=${wire(now - DAY_MS)}&createTime_end=${wire(now + DAY_MS)}`;
    const lines = await sheetRows(`/sys/log/exportXls?logType=2&${today}`);
    expect(lines).toContain(`${SensitiveLogText.view}：家长信息 ${parentId}`);
    expect(lines.some((line) => line.startsWith("导出：学生信息"))).toBe(true);
    const lastYear = `createTime_begin=${wire(now - 400 * DAY_MS)}&createTime_end=${wire(now - 300 * DAY_MS)}`;
    expect(await sheetRows(`/sys/log/exportXls?logType=2&${lastYear}`)).toEqual([]);
    // The auditor's exports are audited too.
    await server.backend.services.logs.flush();
    const own = await rows<{ log_content: string }>(`SELECT log_content FROM sys_log WHERE userid = 'audit_zhou' AND operate_type = 6 ORDER BY create_time`);
    expect(own.map((row) => row.log_content)).toEqual([expect.stringMatching(/^导出：系统日志，共\d+行，条件：/), expect.stringMatching(/^导出：系统日志，共0行，条件：/)]);
  });

  it("holds nothing else of the administration", async () => {
    const menu = (await get("/sys/permission/getUserPermissionByToken")).json.result;
    const paths: string[] = [];
    const walk = (nodes: Array<{ path: string; children?: unknown[] }>) => {
      for (const node of nodes) {
        paths.push(node.path);
        if (node.children) walk(node.children as typeof nodes);
      }
    };
    walk(menu.menu);
    expect(paths.sort()).toEqual(["/dashboard/analysis", "/monitor", "/monitor/log"]);
    expect(menu.auth.map((entry: { action: string }) => entry.action)).toEqual(["log:export"]);
    const [teacher] = await rows<{ id: string }>(`SELECT id FROM sys_user WHERE username = 'teacher_li'`);
    for (const path of [
      `/sys/user/queryById?id=${teacher!.id}`,
      "/sys/user/exportXls",
      "/sys/role/exportXls",
      "/sys/permission/list",
      "/sys/quartzJob/list",
      "/sys/online/list",
      "/sys/accessRule/list",
      "/sys/dict/list",
      "/school/student/list",
      "/online/cgreport/head/list",
    ]) {
      const answer = await get(path);
      expect(answer.json?.success, path).not.toBe(true);
    }
    expect((await call(base, "DELETE", "/sys/log/delete?id=x", { token: auditor })).json?.success).not.toBe(true);
  });

  it("is given to an older database by migration 0661, once", async () => {
    const [before] = await rows<{ id: string }>(`SELECT id FROM sys_role WHERE role_code = 'auditor' AND tenant_id = 1`);
    await rows(`DELETE FROM sys_user_role WHERE role_id = '${before!.id}'`);
    await rows(`DELETE FROM sys_role_permission WHERE role_id = '${before!.id}'`);
    await rows(`DELETE FROM sys_role WHERE id = '${before!.id}'`);
    const migration = readFileSync(path.join(migrationsFolder(), "0661_auditor_role.sql"), "utf8");
    await server.backend.db.execInTransaction(migration);
    await server.backend.db.execInTransaction(migration);
    const roles = await rows<{ id: string }>(`SELECT id FROM sys_role WHERE role_code = 'auditor' AND tenant_id = 1`);
    expect(roles).toHaveLength(1);
    const granted = await rows<{ url: string | null; perms: string | null }>(
      `SELECT p.url, p.perms FROM sys_role_permission rp JOIN sys_permission p ON p.id = rp.permission_id WHERE rp.role_id = '${roles[0]!.id}' ORDER BY p.url NULLS LAST`,
    );
    expect(granted).toEqual([
      { url: "/dashboard/analysis", perms: null },
      { url: "/monitor", perms: null },
      { url: "/monitor/log", perms: null },
      { url: null, perms: "log:export" },
    ]);
  });
  /** What a school's auditor role holds, by page and button. */
  const grantsOf = async (tenantId: number) =>
    rows<{ url: string | null; perms: string | null }>(
      `SELECT p.url, p.perms FROM sys_role r JOIN sys_role_permission rp ON rp.role_id = r.id JOIN sys_permission p ON p.id = rp.permission_id
        WHERE r.role_code = 'auditor' AND r.tenant_id = ${tenantId} ORDER BY p.url NULLS LAST, p.perms`,
    );
  const AUDITOR_GRANTS = [
    { url: "/dashboard/analysis", perms: null },
    { url: "/monitor", perms: null },
    { url: "/monitor/log", perms: null },
    { url: null, perms: "log:export" },
  ];

  it("exists in every school: the demo's second school, a school added, and older schools by migration 0712", async () => {
    expect(await rows(`SELECT role_name FROM sys_role WHERE role_code = 'auditor' AND tenant_id = 2`)).toEqual([{ role_name: "审计员" }]);
    expect(await grantsOf(2)).toEqual(AUDITOR_GRANTS);

    const added = await call(base, "POST", "/sys/tenant/add", { token: admin, body: { name: "审计新校", status: 1 } });
    expect(added.json.success).toBe(true);
    const [school] = await rows<{ id: number }>(`SELECT id FROM sys_tenant WHERE name = '审计新校'`);
    expect(await rows(`SELECT role_name, platform_admin FROM sys_role WHERE role_code = 'auditor' AND tenant_id = ${school!.id}`)).toEqual([{ role_name: "审计员", platform_admin: 0 }]);
    expect(await grantsOf(school!.id)).toEqual(AUDITOR_GRANTS);

    // A school from before: its auditor role gone, as if it never had one.
    for (const tenantId of [2, school!.id]) {
      await rows(`DELETE FROM sys_role_permission WHERE role_id IN (SELECT id FROM sys_role WHERE role_code = 'auditor' AND tenant_id = ${tenantId})`);
      await rows(`DELETE FROM sys_role WHERE role_code = 'auditor' AND tenant_id = ${tenantId}`);
    }
    // One school made its own role coded auditor: it keeps it as it is.
    await rows(`INSERT INTO sys_role (id, role_name, role_code, tenant_id, platform_admin) VALUES ('own-auditor-role', '本校审计', 'auditor', ${school!.id}, 0)`);
    const migration = readFileSync(path.join(migrationsFolder(), "0712_auditor_role_every_school.sql"), "utf8");
    await server.backend.db.execInTransaction(migration);
    await server.backend.db.execInTransaction(migration);
    expect(await grantsOf(2)).toEqual(AUDITOR_GRANTS);
    expect(await rows(`SELECT id, role_name FROM sys_role WHERE role_code = 'auditor' AND tenant_id = ${school!.id}`)).toEqual([{ id: "own-auditor-role", role_name: "本校审计" }]);
    expect(await grantsOf(school!.id)).toEqual([]);
    const [{ tenants, roles }] = await rows<{ tenants: number; roles: number }>(
      `SELECT (SELECT count(*)::int FROM sys_tenant) AS tenants, (SELECT count(*)::int FROM sys_role WHERE role_code = 'auditor') AS roles`,
    );
    expect(roles).toBe(tenants);
  });
});
