// The job kinds the scheduler can run, by class name: the one registry file. To add a kind, list
// it in contract/quartz-job.ts JOB_KINDS (class name, label, parameter hint) and give it a `run`
// here; the form offers it and the backend accepts it (README "Scheduled jobs").
import { sql } from "drizzle-orm";
import { JOB_KINDS } from "#contract/quartz-job";
import type { Database } from "../../../db/client";
import { LOG_RETENTION_MIN_DAYS, type BackendConfig } from "../../../config";
import { retryFailedMails } from "../../communication/mail/mail-service";
import { retryFailedCompose } from "../../communication/compose/compose-service";
import { remindUnpaidBills } from "../../billing/bill/bill-reminder";
import { chargeLateFees } from "../../billing/bill/late-fee";
import { SIGN_IN_RULES } from "../../system/auth/sign-in-guard";
import { DEFAULT_TENANT_ID } from "../../../crud/tenant";

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

/** How the purge's own entry in 系统日志 begins. */
export const LOG_PURGE_TEXT = "清理";

const affected = (result: Array<{ n: number | string }>) => Number(result[0]?.n ?? 0);

/**
 * Expired sessions, captchas and sign-in address records: of use to nobody, the installation's.
 * Sessions are deleted only once their token has expired too (its lifetime from sign-in), so a
 * deleted row can never be asked for again; until then the row answers 登录已过期.
 */
async function purgeInstallationRows({ db, config, log }: Pick<JobRunContext, "db" | "config" | "log">): Promise<void> {
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
  // The address failure budget (docs/decisions/132): failures past the window no longer count,
  // and an address with none left in it and neither a wait nor a lock running is forgotten. A row
  // an attempt holds right now is skipped (the attempt may be setting its wait).
  const windowSeconds = SIGN_IN_RULES.windowMs / 1000;
  await db.rows(sql`DELETE FROM sys_login_address_failure WHERE failed_at < now() - make_interval(secs => ${windowSeconds})`);
  const addresses = await db.rows<{ n: number }>(sql`
    WITH gone AS (
      DELETE FROM sys_login_address
      WHERE ip IN (
        SELECT address.ip FROM sys_login_address address
        WHERE (address.next_attempt_at IS NULL OR address.next_attempt_at < now())
          AND (address.locked_until IS NULL OR address.locked_until < now())
          AND NOT EXISTS (
            SELECT 1 FROM sys_login_address_failure failure
            WHERE failure.ip = address.ip AND failure.failed_at >= now() - make_interval(secs => ${windowSeconds}))
        FOR UPDATE SKIP LOCKED)
      RETURNING 1)
    SELECT count(*) AS n FROM gone`);
  log(`清理过期登录地址记录 ${affected(addresses)} 条`);
  // The per-name guard (./sign-in-guard.ts): failures past the window no longer count toward a
  // captcha or a lock, and a lock whose time has passed no longer refuses anything.
  const failures = await db.rows<{ n: number }>(sql`
    WITH gone AS (DELETE FROM sys_login_failure WHERE failed_at < now() - make_interval(secs => ${windowSeconds}) RETURNING 1)
    SELECT count(*) AS n FROM gone`);
  log(`清理过期登录失败记录 ${affected(failures)} 条`);
  const locks = await db.rows<{ n: number }>(sql`WITH gone AS (DELETE FROM sys_login_lock WHERE locked_until < now() RETURNING 1) SELECT count(*) AS n FROM gone`);
  log(`清理过期登录锁定 ${affected(locks)} 条`);
}

export const JOB_KIND_RUNS: Record<string, JobKindRun> = {
  "org.jeecg.modules.quartz.job.SampleParamJob": async ({ parameter, log }) => {
    log(`示例任务执行，参数：${parameter || "（无）"}`);
  },

  // Run logs and 系统日志 of the job's own tenant; the installation's rows in the default tenant's job.
  "org.jeecg.modules.quartz.job.PurgeExpiredJob": async ({ db, config, tenantId, parameter, log }) => {
    const keepDays = positiveInteger(parameter, 30);
    // The installation's rows (sessions, captchas, sign-in addresses) are the platform's: only the
    // default tenant's job purges them and counts them in its log; a school's job tells its school
    // nothing of the others (docs/decisions/144).
    if (tenantId === DEFAULT_TENANT_ID) await purgeInstallationRows({ db, config, log });
    const runs = await db.rows<{ n: number }>(sql`
      WITH gone AS (
        DELETE FROM sys_quartz_job_run
        WHERE start_time < now() - make_interval(days => ${keepDays})
          AND job_id IN (SELECT id FROM sys_quartz_job WHERE tenant_id = ${tenantId})
        RETURNING 1)
      SELECT count(*) AS n FROM gone`);
    log(`清理 ${keepDays} 天前的运行日志 ${affected(runs)} 条`);
    // 系统日志 are kept LOG_RETENTION_DAYS (never less than 180: docs/decisions/121), the tenant's
    // own (the default tenant's job also takes the entries of no tenant), and the purge is itself
    // an entry of the operation log.
    const retention = Math.max(LOG_RETENTION_MIN_DAYS, config.logRetentionDays ?? LOG_RETENTION_MIN_DAYS);
    const logs = await db.rows<{ n: number }>(sql`
      WITH gone AS (
        DELETE FROM sys_log
        WHERE create_time < now() - make_interval(days => ${retention})
          AND (tenant_id = ${tenantId} OR (tenant_id IS NULL AND ${tenantId} = 1))
        RETURNING 1)
      SELECT count(*) AS n FROM gone`);
    const purged = `${LOG_PURGE_TEXT}${retention}天前的系统日志 ${affected(logs)} 条`;
    await db.rows(sql`
      INSERT INTO sys_log (id, log_type, log_content, operate_type, userid, username, method, create_by, create_time, tenant_id)
      VALUES (replace(gen_random_uuid()::text, '-', ''), 2, ${purged}, 4, 'system', '定时任务', 'PurgeExpiredJob', 'system', now(), ${tenantId})`);
    log(purged);
  },

  // The tenant's mails kept as 失败 (SMTP down, refused address) are sent again, oldest first.
  "org.jeecg.modules.quartz.job.RetryFailedMailJob": async ({ db, config, tenantId, parameter, log }) => {
    const { tried, sent } = await retryFailedMails({ db, config }, positiveInteger(parameter, 100), tenantId);
    log(`重发失败邮件 ${tried} 封，成功 ${sent} 封`);
  },

  // The tenant's 群发 messages kept as 失败 that have an address, sent again (../../communication/compose).
  "org.jeecg.modules.quartz.job.RetryFailedComposeJob": async ({ db, config, tenantId, log }) => {
    const { tried, sent } = await retryFailedCompose({ db, config }, tenantId);
    log(`重发失败的群发消息 ${tried} 条，成功 ${sent} 条`);
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

  // Each project's late fee rule on the tenant's overdue bills, once per bill and school day
  // (../../billing/bill/late-fee.ts, docs/decisions/159).
  "org.jeecg.modules.quartz.job.ChargeLateFeeJob": async ({ db, config, tenantId, log }) => {
    const outcome = await chargeLateFees({ db, config }, tenantId);
    log(`逾期且设有滞纳金规则的账单 ${outcome.overdueBills} 张；本次计收 ${outcome.chargedBills} 张，合计 ${outcome.charged} 元`);
    if (outcome.chargedBefore > 0) log(`今天已计收的账单 ${outcome.chargedBefore} 张，不再计收`);
  },
};

/**
 * The jobs a school starts with (docs/decisions/144): copied into each new tenant when it is
 * created (and by migration 0700 into tenants made before), as the default tenant got them in
 * migration 0050. The purge runs; reminders and mail and 群发 retries (migration 0940) wait until the school starts them, and
 * so does the late fee (migration 0871, docs/decisions/165): charging families is the school's call.
 */
export const SCHOOL_DEFAULT_JOBS = [
  { jobClassName: "org.jeecg.modules.quartz.job.PurgeExpiredJob", cronExpression: "0 0 3 * * ?", parameter: "30", description: "每天凌晨3点清理30天前的运行日志和保留期外的系统日志", status: 0 },
  { jobClassName: "org.jeecg.modules.quartz.job.RetryFailedMailJob", cronExpression: "0 0/10 * * * ?", parameter: "50", description: "每10分钟重发失败的邮件", status: -1 },
  { jobClassName: "org.jeecg.modules.quartz.job.RetryFailedComposeJob", cronExpression: "0 5/10 * * * ?", parameter: "", description: "每10分钟重发失败的群发消息和停机前未能发出的待发送消息", status: -1 },
  { jobClassName: "org.jeecg.modules.quartz.job.RemindUnpaidBillJob", cronExpression: "0 0 9 ? * 2-6", parameter: "0", description: "工作日上午9点提醒未缴账单", status: -1 },
  { jobClassName: "org.jeecg.modules.quartz.job.ChargeLateFeeJob", cronExpression: "0 30 1 * * ?", parameter: "", description: "每天凌晨1点30分按收费项目的滞纳金规则计收逾期账单的滞纳金", status: -1 },
] as const;

// Every kind the contract lists has code, and no code lacks a listing.
for (const kind of JOB_KINDS) {
  if (!JOB_KIND_RUNS[kind.className]) throw new Error(`job kind without code: ${kind.className}`);
}
for (const className of Object.keys(JOB_KIND_RUNS)) {
  if (!JOB_KINDS.some((kind) => kind.className === className)) throw new Error(`job kind not listed in contract/quartz-job.ts: ${className}`);
}
