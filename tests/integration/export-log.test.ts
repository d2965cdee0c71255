// Audited exports (issue #34 item 6, docs/decisions/120) on PGlite and (when reachable)
// PostgreSQL: every export leaves one entry in 系统日志 → 导出日志 (operation log, 导出) saying
// who, when, which page, which filter, how many rows, and whether personal data went out masked;
// the 导出日志 tab lists exactly those entries through the log list's own filters.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { call, loginToken, postgresReachable, startTestBackend, type TestBackend } from "../support/backend";
import { TEST_DEMO_PASSWORD } from "../support/constants";
import { ExportLogText } from "../../backend/modules/monitor/log/request-journal";

const databases = ["pglite", ...((await postgresReachable()) ? ["postgres"] : [])] as const;

describe.each(databases)("export log on %s", (kind) => {
  let server: TestBackend;
  let base: string;
  let admin: string;
  let teacher: string;
  let clerk: string;
  const rows = <T>(text: string) => server.backend.db.rows<T>(sql.raw(text));

  beforeAll(async () => {
    server = await startTestBackend(kind as "pglite" | "postgres");
    base = server.url;
    admin = await loginToken(base);
    teacher = await loginToken(base, "teacher_li", TEST_DEMO_PASSWORD);
    clerk = await loginToken(base, "clerk_sun", TEST_DEMO_PASSWORD);
  });
  afterAll(async () => server?.close());

  async function download(token: string, path: string): Promise<void> {
    const response = await fetch(`${base}${path}`, { headers: { "X-Access-Token": token } });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("spreadsheetml");
    await response.arrayBuffer();
  }

  async function exportEntries(): Promise<Array<{ log_content: string; userid: string; operate_type: number; request_url: string; ip: string | null }>> {
    await server.backend.services.logs.flush();
    return rows(`SELECT log_content, userid, operate_type, request_url, ip FROM sys_log WHERE log_type = 2 AND operate_type = 6 AND log_content LIKE '${ExportLogText.prefix}：%' ORDER BY userid, create_time`);
  }

  it("logs each export with its page, filter, rows and masking", async () => {
    const [grade] = await rows<{ n: unknown }>(`SELECT count(*) AS n FROM school_student WHERE tenant_id = 1 AND grade = '5'`);
    const inGrade = Number(grade!.n);
    expect(inGrade).toBeGreaterThan(0);
    await download(teacher, `/school/student/exportXls?grade=5&_t=1700000000`);
    await download(clerk, `/school/student/exportXls?grade=5`);
    await download(admin, `/school/corporation/exportXls`);
    const [corporations] = await rows<{ n: unknown }>(`SELECT count(*) AS n FROM school_corporation WHERE tenant_id = 1`);

    const entries = await exportEntries();
    expect(entries.map(({ log_content, userid }) => ({ log_content, userid }))).toEqual([
      { log_content: `${ExportLogText.prefix}：企业信息，共${Number(corporations!.n)}行`, userid: "admin" },
      { log_content: `${ExportLogText.prefix}：学生信息，共${inGrade}行，${ExportLogText.unmasked}，条件：grade=5`, userid: "clerk_sun" },
      { log_content: `${ExportLogText.prefix}：学生信息，共${inGrade}行，${ExportLogText.masked}，条件：grade=5`, userid: "teacher_li" },
    ]);
    expect(entries[2]).toMatchObject({ operate_type: 6, request_url: "/school/student/exportXls" });
    expect(entries[2]!.ip).toBeTruthy();
  });

  it("lists them under 导出日志: the log list filtered to exports", async () => {
    const list = await call(base, "GET", `/sys/log/list?logType=2&operateType=6&pageSize=50`, { token: admin });
    expect(list.json.success).toBe(true);
    const contents = (list.json.result.records as Array<{ logContent: string }>).map((record) => record.logContent);
    expect(contents.length).toBeGreaterThanOrEqual(3);
    // The entries of unmasked exports (decision 087's 导出敏感信息（未脱敏）) are exports too.
    for (const content of contents) expect(content.startsWith(ExportLogText.prefix)).toBe(true);
    expect(contents.filter((content) => content.startsWith(`${ExportLogText.prefix}：`)).length).toBe(3);
  });
});
