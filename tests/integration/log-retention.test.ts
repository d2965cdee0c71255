// Logs kept and sealed (issue #34 item 5, docs/decisions/121) on PGlite and (when reachable)
// PostgreSQL: the nightly purge removes 系统日志 entries older than LOG_RETENTION_DAYS, never
// younger than 180 days whatever the setting says, writes its own entry, and nobody can delete a
// log entry through the product.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { call, loginToken, postgresReachable, startTestBackend, type TestBackend } from "../support/backend";
import { readBackendConfig } from "../../backend/config";
import { JOB_KIND_RUNS, LOG_PURGE_TEXT } from "../../backend/modules/monitor/quartz-job/job-kinds";

const databases = ["pglite", ...((await postgresReachable()) ? ["postgres"] : [])] as const;
const PURGE = "org.jeecg.modules.quartz.job.PurgeExpiredJob";

describe.each(databases)("log retention on %s", (kind) => {
  let server: TestBackend;
  let admin: string;
  const rows = <T>(text: string) => server.backend.db.rows<T>(sql.raw(text));

  beforeAll(async () => {
    server = await startTestBackend(kind as "pglite" | "postgres");
    admin = await loginToken(server.url);
  });
  afterAll(async () => server?.close());

  it("reads LOG_RETENTION_DAYS with a floor of 180 days", () => {
    expect(readBackendConfig({}).logRetentionDays).toBe(180);
    expect(readBackendConfig({ LOG_RETENTION_DAYS: "30" }).logRetentionDays).toBe(180);
    expect(readBackendConfig({ LOG_RETENTION_DAYS: "400" }).logRetentionDays).toBe(400);
  });

  it("purges only entries past the retention, never younger than 180 days, and logs the purge", async () => {
    await rows(`INSERT INTO sys_log (id, log_type, log_content, tenant_id, create_time) VALUES
      ('retention-old-1', 1, 'old sign-in', 1, now() - interval '200 days'),
      ('retention-mid-1', 2, 'half a year less a bit', 1, now() - interval '170 days'),
      ('retention-old-2', 1, 'other school, old', 2, now() - interval '200 days')`);
    const lines: string[] = [];
    // A job configured to keep 30 days still keeps 180.
    const config = { ...server.backend.services.config, logRetentionDays: 30 };
    await JOB_KIND_RUNS[PURGE]!({ db: server.backend.db, config, tenantId: 1, parameter: "30", log: (line) => lines.push(line) });
    const left = await rows<{ id: string }>(`SELECT id FROM sys_log WHERE id LIKE 'retention-%' ORDER BY id`);
    expect(left.map((row) => row.id)).toEqual(["retention-mid-1", "retention-old-2"]);
    const purge = `${LOG_PURGE_TEXT}180天前的系统日志 1 条`;
    expect(lines).toContain(purge);
    const [entry] = await rows<{ log_type: number; operate_type: number; tenant_id: number; username: string }>(
      `SELECT log_type, operate_type, tenant_id, username FROM sys_log WHERE log_content = '${purge}'`,
    );
    expect(entry).toMatchObject({ log_type: 2, operate_type: 4, tenant_id: 1, username: "定时任务" });
  });

  it("offers no way to delete a log entry", async () => {
    const [one] = await rows<{ id: string }>(`SELECT id FROM sys_log WHERE id = 'retention-mid-1'`);
    for (const path of [`/sys/log/delete?id=${one!.id}`, `/sys/log/deleteBatch?ids=${one!.id}`]) {
      const answer = await call(server.url, "DELETE", path, { token: admin });
      expect(answer.json?.success ?? false).toBe(false);
    }
    expect(await rows(`SELECT id FROM sys_log WHERE id = 'retention-mid-1'`)).toHaveLength(1);
  });
});
