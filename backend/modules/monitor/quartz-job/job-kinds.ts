// The job kinds the scheduler can run, by class name: the one registry file. To add a kind, list
// it in contract/quartz-job.ts JOB_KINDS (class name, label, parameter hint) and give it a `run`
// here; the form offers it and the backend accepts it (README "Scheduled jobs").
import { sql } from "drizzle-orm";
import { JOB_KINDS } from "#contract/quartz-job";
import type { Database } from "../../../db/client";
import type { BackendConfig } from "../../../config";
import { retryFailedMails } from "../../communication/mail/mail-service";
import { remindUnpaidBills } from "../../billing/bill/bill-reminder";

export interface JobRunContext {
  db: Database;
  /** The job's tenant: a kind touches only this tenant's rows. */
  tenantId: number;
  config: BackendConfig;
  /** The job's `parameter` ("" when none). */
  parameter: string;
  /** A line of the run's log (kept in the run row's message). */
  log(line: string): void;
}

export type JobKindRun = (context: JobRunContext) => Promise<void>;

function positiveInteger(text: string, fallback: number): number {
  const value = Number(text.trim());
  return Number.isInteger(value) && value > 0 ? value : fallback;
}

const affected = (result: Array<{ n: number | string }>) => Number(result[0]?.n ?? 0);

export const JOB_KIND_RUNS: Record<string, JobKindRun> = {
  "org.jeecg.modules.quartz.job.SampleParamJob": async ({ parameter, log }) => {
    log(`示例任务执行，参数：${parameter || "（无）"}`);
  },

  // Sessions are deleted only once their token has expired too (its lifetime from sign-in), so a
  // deleted row can never be asked for again; until then the row answers 登录已过期.
  // Expired sessions and captchas are the installation's (useless to anyone); run logs only the
  // tenant's own jobs'.
  "org.jeecg.modules.quartz.job.PurgeExpiredJob": async ({ db, config, tenantId, parameter, log }) => {
    const keepDays = positiveInteger(parameter, 30);
    const sessions = await db.rows<{ n: number }>(sql`
      WITH gone AS (
        DELETE FROM sys_session
        WHERE (ended_at IS NOT NULL OR expires_at < now())
          AND create_time < now() - make_interval(secs => ${config.tokenLifetimeSeconds})
        RETURNING 1)
      SELECT count(*) AS n FROM gone`);
    log(`清理过期会话 ${affected(sessions)} 条`);
    const captchas = await db.rows<{ n: number }>(
      sql`WITH gone AS (DELETE FROM sys_captcha WHERE expires_at < now() RETURNING 1) SELECT count(*) AS n FROM gone`,
    );
    log(`清理过期验证码 ${affected(captchas)} 条`);
    const runs = await db.rows<{ n: number }>(sql`
      WITH gone AS (
        DELETE FROM sys_quartz_job_run
        WHERE start_time < now() - make_interval(days => ${keepDays})
          AND job_id IN (SELECT id FROM sys_quartz_job WHERE tenant_id = ${tenantId})
        RETURNING 1)
      SELECT count(*) AS n FROM gone`);
    log(`清理 ${keepDays} 天前的运行日志 ${affected(runs)} 条`);
  },

  // The tenant's mails kept as 失败 (SMTP down, refused address) are sent again, oldest first.
  "org.jeecg.modules.quartz.job.RetryFailedMailJob": async ({ db, config, tenantId, parameter, log }) => {
    const { tried, sent } = await retryFailedMails({ db, config }, positiveInteger(parameter, 100), tenantId);
    log(`重发失败邮件 ${tried} 封，成功 ${sent} 封`);
  },

  // A reminder mail to each payer (with an e-mail address) of the tenant's bills still 未付 or 部分
  // more than N days after their due date, once per bill and day (../../billing/bill/bill-reminder.ts).
  "org.jeecg.modules.quartz.job.RemindUnpaidBillJob": async ({ db, config, tenantId, parameter, log }) => {
    const days = /^\d+$/.test(parameter.trim()) ? Number(parameter.trim()) : 0;
    const outcome = await remindUnpaidBills({ db, config }, tenantId, days);
    log(`逾期 ${days} 天以上未缴清的账单 ${outcome.overdueBills} 张；本次提醒 ${outcome.remindedBills} 张（今天已提醒的不再提醒）`);
    log(`提醒邮件 ${outcome.mails} 封，已发送 ${outcome.sent} 封${outcome.mails > outcome.sent ? "，未发出的留在消息中心 → 邮件（失败）待重发" : ""}`);
    if (outcome.payersWithoutEmail > 0) log(`没有邮箱的付款方 ${outcome.payersWithoutEmail} 个，未提醒`);
  },
};

// Every kind the contract lists has code, and no code lacks a listing.
for (const kind of JOB_KINDS) {
  if (!JOB_KIND_RUNS[kind.className]) throw new Error(`job kind without code: ${kind.className}`);
}
for (const className of Object.keys(JOB_KIND_RUNS)) {
  if (!JOB_KINDS.some((kind) => kind.className === className)) throw new Error(`job kind not listed in contract/quartz-job.ts: ${className}`);
}
