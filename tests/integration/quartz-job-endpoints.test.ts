// /sys/quartzJob on the embedded backend (PGlite): the engine's CRUD with the cron and class-name
// checks, pause / resume / execute, the run log, permissions, and the misfire policy.
import { spawn } from "node:child_process";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { MAIL_NOT_CONFIGURED } from "../../backend/modules/communication/mail/mail-service";
import { sql } from "drizzle-orm";
import { call, loginToken, startTestBackend, type TestBackend } from "../support/backend";
import { TEST_DEMO_PASSWORD } from "../support/constants";
import { schoolDay } from "../../backend/modules/system/fill-rule/fill-number";

const SAMPLE = "org.jeecg.modules.quartz.job.SampleParamJob";
const PURGE = "org.jeecg.modules.quartz.job.PurgeExpiredJob";
/** The purge job's description (migration 0690): everything it forgets. */
const PURGE_DESCRIPTION = "每天凌晨3点清理过期会话、验证码、登录失败记录、登录锁定、登录地址记录、30天前的运行日志和保留期外的系统日志";

let server: TestBackend;
let token: string;

beforeAll(async () => {
  server = await startTestBackend();
  token = await loginToken(server.url);
});
afterAll(async () => server?.close());

async function jobIdOf(description: string): Promise<string> {
  const answer = await call(server.url, "GET", `/sys/quartzJob/list?description=${encodeURIComponent(description)}`, { token });
  expect(answer.json.success).toBe(true);
  return answer.json.result.records[0].id;
}

async function runsOf(jobId: string) {
  const answer = await call(server.url, "GET", `/sys/quartzJob/runs?jobId=${jobId}&pageSize=50`, { token });
  expect(answer.json.success).toBe(true);
  return answer.json.result.records as Array<{ trigger: string; outcome: string; message: string | null; fireTime: string | null; endTime: string | null }>;
}

/** Runs the job once (执行一次) and answers that run once it has ended (newest first, the list grows by one). */
async function runOnce(jobId: string) {
  const before = (await runsOf(jobId)).length;
  await call(server.url, "GET", `/sys/quartzJob/execute?id=${jobId}`, { token });
  await expect.poll(async () => {
    const runs = await runsOf(jobId);
    return runs.length > before ? runs[0]!.outcome : "waiting";
  }).toBe("success");
  return (await runsOf(jobId))[0]!;
}

describe("/sys/quartzJob", () => {
  it("refuses an invalid expression, both day and weekday, and an unknown class", async () => {
    const add = (body: Record<string, unknown>) => call(server.url, "POST", "/sys/quartzJob/add", { token, body });
    expect((await add({ jobClassName: SAMPLE, cronExpression: "0 0 25 * * ?", description: "bad" })).json).toMatchObject({ success: false, message: expect.stringContaining("Cron表达式不正确") });
    expect((await add({ jobClassName: SAMPLE, cronExpression: "0 0 12 1 * 2", description: "bad" })).json).toMatchObject({ success: false, message: "日和周不能同时指定，其中一个必须为?" });
    expect((await add({ jobClassName: "com.example.Evil", cronExpression: "0 0 12 * * ?", description: "bad" })).json).toMatchObject({ success: false, message: "任务类名不存在" });
    expect((await add({ cronExpression: "0 0 12 * * ?" })).json).toMatchObject({ success: false, message: "请选择任务类名" });
  });

  it("adds a job, runs it once with its parameter, and pauses and resumes it", async () => {
    const added = await call(server.url, "POST", "/sys/quartzJob/add", {
      token,
      body: { jobClassName: SAMPLE, cronExpression: "0   0 12 L * ? 2099", parameter: "三年级", description: "endpoint test", status: -1 },
    });
    expect(added.json.success).toBe(true);
    const id = await jobIdOf("endpoint test");
    const stored = await call(server.url, "GET", `/sys/quartzJob/queryById?id=${id}`, { token });
    // Blanks are collapsed; the status is shown with its dictionary text.
    expect(stored.json.result).toMatchObject({ cronExpression: "0 0 12 L * ? 2099", status: -1, status_dictText: "停止" });

    expect((await call(server.url, "GET", `/sys/quartzJob/execute?id=${id}`, { token })).json).toMatchObject({ success: true, message: "执行成功!" });
    await expect.poll(async () => (await runsOf(id)).map((run) => [run.trigger, run.outcome, run.message, run.fireTime])).toEqual([["manual", "success", "示例任务执行，参数：三年级", null]]);

    expect((await call(server.url, "GET", `/sys/quartzJob/resume?id=${id}`, { token })).json).toMatchObject({ success: true, message: "启动定时任务成功" });
    expect((await call(server.url, "GET", `/sys/quartzJob/queryById?id=${id}`, { token })).json.result.status).toBe(0);
    expect((await call(server.url, "GET", `/sys/quartzJob/pause?id=${id}`, { token })).json).toMatchObject({ success: true, message: "停止定时任务成功" });
    expect((await call(server.url, "GET", `/sys/quartzJob/queryById?id=${id}`, { token })).json.result.status).toBe(-1);
    expect((await call(server.url, "GET", "/sys/quartzJob/execute?id=nope", { token })).json.success).toBe(false);
  });

  it("runs a running job at its fire times and stops at once when paused", async () => {
    await call(server.url, "POST", "/sys/quartzJob/add", {
      token,
      body: { jobClassName: SAMPLE, cronExpression: "* * * * * ?", parameter: "tick", description: "every second", status: 0 },
    });
    const id = await jobIdOf("every second");
    await expect.poll(async () => (await runsOf(id)).filter((run) => run.trigger === "cron" && run.outcome === "success").length, { timeout: 5_000 }).toBeGreaterThanOrEqual(2);
    await call(server.url, "GET", `/sys/quartzJob/pause?id=${id}`, { token });
    const afterPause = (await runsOf(id)).length;
    await new Promise((resolve) => setTimeout(resolve, 2_200));
    expect((await runsOf(id)).length).toBe(afterPause);
    // Fire times are whole seconds of the expression.
    expect((await runsOf(id)).every((run) => run.fireTime !== null && run.endTime !== null)).toBe(true);
  });

  it("runs a fire missed within the grace window once when the job becomes known, and not again", async () => {
    const scheduler = server.backend.services.scheduler;
    const db = server.backend.db;
    // A daily job at a time a minute ago, changed before it: its fire was missed.
    const now = new Date(Date.now() - 60_000);
    const local = new Date(now.getTime() + 8 * 3600_000);
    const cron = `${local.getUTCSeconds()} ${local.getUTCMinutes()} ${local.getUTCHours()} * * ?`;
    await db.rows(sql`INSERT INTO sys_quartz_job (id, job_class_name, cron_expression, parameter, description, status, create_time)
      VALUES ('misfire000000000000000000000001', ${SAMPLE}, ${cron}, 'missed', 'misfire test', 0, now() - interval '10 minutes')`);
    await scheduler.sync();
    await expect.poll(async () => (await runsOf("misfire000000000000000000000001")).map((run) => [run.trigger, run.outcome])).toEqual([["misfire", "success"]]);
    await scheduler.sync();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await runsOf("misfire000000000000000000000001")).toHaveLength(1);
  });

  it("purges expired sessions whose token has expired too, and expired captchas", async () => {
    const id = await jobIdOf(PURGE_DESCRIPTION);
    const [user] = await server.backend.db.rows<{ id: string }>(sql`SELECT id FROM sys_user WHERE username = 'admin'`);
    await server.backend.db.rows(sql`INSERT INTO sys_session (id, token_hash, user_id, username, create_time, last_active, expires_at)
      VALUES ('oldsession00000000000000000001', ${"a".repeat(64)}, ${user!.id}, 'admin', now() - interval '30 days', now() - interval '29 days', now() - interval '29 days'),
             ('livesession0000000000000000001', ${"b".repeat(64)}, ${user!.id}, 'admin', now() - interval '30 days', now(), now() + interval '1 hour')`);
    await server.backend.db.rows(sql`INSERT INTO sys_captcha (check_key, code, expires_at)
      VALUES ('expired-captcha-key', 'abcd', now() - interval '1 minute'), ('live-captcha-key', 'efgh', now() + interval '1 minute')`);
    const { message } = await runOnce(id);
    expect(message).toContain("清理过期会话 1 条");
    expect(message).toContain("清理过期验证码 1 条");
    const captchas = await server.backend.db.rows<{ check_key: string }>(sql`SELECT check_key FROM sys_captcha WHERE check_key LIKE '%-captcha-key'`);
    expect(captchas.map((row) => row.check_key)).toEqual(["live-captcha-key"]);
    const left = await server.backend.db.rows<{ id: string }>(sql`SELECT id FROM sys_session WHERE id IN ('oldsession00000000000000000001', 'livesession0000000000000000001')`);
    expect(left.map((row) => row.id)).toEqual(["livesession0000000000000000001"]);
  });

  it("forgets sign-in failures past the window and locks whose time has passed, and keeps the others", async () => {
    const id = await jobIdOf(PURGE_DESCRIPTION);
    await server.backend.db.rows(sql`INSERT INTO sys_login_failure (username, ip, failed_at) VALUES
      ('purge_old_name', '192.0.2.201', now() - interval '11 minutes'),
      ('purge_recent_name', '192.0.2.202', now() - interval '2 minutes')`);
    await server.backend.db.rows(sql`INSERT INTO sys_login_lock (username, locked_until) VALUES
      ('purge_lock_over', now() - interval '1 minute'),
      ('purge_lock_running', now() + interval '9 minutes')`);
    const { message } = await runOnce(id);
    expect(message).toContain("清理过期登录失败记录 1 条");
    expect(message).toContain("清理过期登录锁定 1 条");
    const failures = await server.backend.db.rows<{ username: string }>(sql`SELECT username FROM sys_login_failure WHERE username LIKE 'purge_%'`);
    expect(failures.map((row) => row.username)).toEqual(["purge_recent_name"]);
    const locks = await server.backend.db.rows<{ username: string }>(sql`SELECT username FROM sys_login_lock WHERE username LIKE 'purge_%'`);
    expect(locks.map((row) => row.username)).toEqual(["purge_lock_running"]);
  });

  it("forgets the sign-in addresses whose failures, wait and lock have all run out, and keeps the others", async () => {
    const id = await jobIdOf(PURGE_DESCRIPTION);
    await server.backend.db.rows(sql`INSERT INTO sys_login_address (ip, next_attempt_at, locked_until) VALUES
      ('192.0.2.101', NULL, NULL),
      ('192.0.2.102', now() - interval '1 hour', now() - interval '1 minute'),
      ('192.0.2.103', NULL, now() + interval '20 minutes'),
      ('192.0.2.104', now() + interval '30 seconds', NULL),
      ('192.0.2.105', NULL, NULL)`);
    await server.backend.db.rows(sql`INSERT INTO sys_login_address_failure (ip, failed_at) VALUES
      ('192.0.2.101', now() - interval '11 minutes'),
      ('192.0.2.105', now() - interval '2 minutes'),
      ('192.0.2.105', now() - interval '20 minutes')`);
    // The run of this test (the job may have run before).
    expect((await runOnce(id)).message).toContain("清理过期登录地址记录 2 条");
    const addresses = await server.backend.db.rows<{ ip: string }>(sql`SELECT ip FROM sys_login_address WHERE ip LIKE '192.0.2.1%' ORDER BY ip`);
    expect(addresses.map((row) => row.ip)).toEqual(["192.0.2.103", "192.0.2.104", "192.0.2.105"]);
    // Failures past the 10-minute window no longer count and go too; the recent one stays.
    const failures = await server.backend.db.rows<{ ip: string }>(sql`SELECT ip FROM sys_login_address_failure WHERE ip LIKE '192.0.2.1%'`);
    expect(failures.map((row) => row.ip)).toEqual(["192.0.2.105"]);
  });

  it("retries the mails kept as 失败, and counts the overdue bills it reminds", async () => {
    await server.backend.db.rows(sql`INSERT INTO comm_mail (id, tenant_id, mail_to, subject, body, status, error)
      VALUES ('retryjobmail00000000000000000001', 1, 'corp@example.com', '账单', '正文', '2', 'SMTP 未配置')`);
    const retry = await jobIdOf("每10分钟重发失败的邮件");
    // No SMTP server in this test: the mail is tried again and stays 失败.
    expect((await runOnce(retry)).message).toMatch(/重发失败邮件 [1-9]\d* 封，成功 0 封/);
    // …with its reason in Chinese, as 邮件 shows it (issue #30).
    const [mail] = await server.backend.db.rows<{ error: string }>(sql`SELECT error FROM comm_mail WHERE id = 'retryjobmail00000000000000000001'`);
    expect(mail!.error).toBe(MAIL_NOT_CONFIGURED);

    // The reminders themselves: tests/integration/bill-reminders.test.ts.
    const remind = await jobIdOf("工作日上午9点提醒未缴账单");
    const { year, month, day } = schoolDay(new Date(), server.backend.services.config.schoolTimeZone);
    const [{ n: overdue }] = (await server.backend.db.rows<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM bill_bill WHERE tenant_id = 1 AND status IN ('1', '2') AND payable > paid_amount AND due_date < ${`${year}-${month}-${day}`}::date`,
    )) as [{ n: number }];
    expect((await runOnce(remind)).message).toContain(`逾期 0 天以上未缴清的账单 ${overdue} 张`);
  });

  it("refuses pause, resume and execute without their buttons, and the run log without the page", async () => {
    const teacher = await loginToken(server.url, "teacher_li", TEST_DEMO_PASSWORD);
    const id = await jobIdOf("endpoint test");
    for (const path of [`/sys/quartzJob/pause?id=${id}`, `/sys/quartzJob/resume?id=${id}`, `/sys/quartzJob/execute?id=${id}`, `/sys/quartzJob/runs?jobId=${id}`]) {
      const answer = await call(server.url, "GET", path, { token: teacher });
      expect(answer.json?.success, path).toBe(false);
    }
  });
});

describe("the scheduler's lifetime", () => {
  it("leaves nothing running once the backend is closed: the process ends by itself", async () => {
    const child = spawn(process.execPath, ["--import", "tsx", "tests/support/backend-lifetime.ts", inject("pgliteTemplate")], { stdio: ["ignore", "pipe", "inherit"] });
    let output = "";
    child.stdout.on("data", (chunk) => (output += String(chunk)));
    let timer: NodeJS.Timeout | undefined;
    const exit = await Promise.race([
      new Promise<number | null>((resolve) => child.once("exit", resolve)),
      new Promise<"hung">((resolve) => {
        // A start and close take about 10 s on a quiet machine and 44 s at load 16: hung means far beyond.
        timer = setTimeout(() => resolve("hung"), 100_000);
      }),
    ]);
    clearTimeout(timer);
    if (exit === "hung") child.kill("SIGKILL");
    expect(output).toContain("closed");
    expect(exit).toBe(0);
  }, 150_000);
});
