// The scheduler of 定时任务: every backend instance keeps a timer per running job and, at each fire
// time, tries to claim the fire by inserting the run row (job, fire time) with ON CONFLICT DO
// NOTHING. The unique key lets one instance win, so each fire runs exactly once across all
// instances sharing the database (docs/decisions/020-job-scheduler.md). Fire times come from the
// one cron engine (contract/cron.ts), the same one the editor's preview uses.
//
// Missed fires: a fire whose time passed while no instance was running (a restart, a deploy) is
// run once when an instance starts or learns of the job, if it is at most `misfireGraceMs` old
// and later than the job's last change; older ones are skipped. A fire an instance claimed and
// then crashed in stays claimed (outcome 运行中 with no end): it is never run twice.
import { hostname } from "node:os";
import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import { cronLatestRunBetween, cronNextRun } from "#contract/cron";
import { JobStatus, type RunTrigger } from "#contract/quartz-job";
import type { Database } from "../../../db/client";
import { newId } from "../../../db/ids";
import type { BackendConfig } from "../../../config";
import type { Logger } from "../../../services";
import { JOB_KIND_RUNS } from "./job-kinds";

export interface SchedulerOptions {
  /** How often the job table is read for changes made on other instances. */
  pollMs: number;
  /** How old a missed fire may be and still run once (the misfire policy). */
  misfireGraceMs: number;
  /** The zone of the cron expressions (SCHOOL_TIMEZONE). */
  timezone: string;
  /** Names this instance in the run log. */
  instanceId: string;
}

export const DEFAULT_SCHEDULER_OPTIONS: Omit<SchedulerOptions, "timezone" | "instanceId"> = {
  pollMs: 5_000,
  misfireGraceMs: 5 * 60_000,
};

/** A timer is never set further ahead than this; it wakes and sets the rest (setTimeout's limit). */
const MAX_TIMER_MS = 60_000;
/** close() waits this long for runs in progress. */
const CLOSE_WAIT_MS = 5_000;

interface ScheduledJob {
  id: string;
  cron: string;
  className: string;
  parameter: string;
  /** The tenant the job belongs to (and runs over). */
  tenantId: number;
  /** The fire time the timer waits for. */
  nextFire: Date | null;
  timer: NodeJS.Timeout | null;
}

interface JobRow {
  id: string;
  job_class_name: string;
  cron_expression: string;
  parameter: string | null;
  tenant_id: number;
  changed: Date | string;
}

export class JobScheduler {
  private readonly jobs = new Map<string, ScheduledJob>();
  private readonly inFlight = new Set<Promise<void>>();
  private poller: NodeJS.Timeout | null = null;
  private syncing: Promise<void> | null = null;
  private closed = false;

  constructor(
    private readonly db: Database,
    private readonly config: BackendConfig,
    private readonly logger: Logger,
    readonly options: SchedulerOptions,
  ) {}

  async start(): Promise<void> {
    await this.sync();
    this.poller = setInterval(() => void this.sync().catch((error) => this.logger.error("[jobs] reading the jobs failed", error)), this.options.pollMs);
  }

  /** Reads the running jobs again (after a change here; other instances poll). */
  sync(): Promise<void> {
    // One sync at a time; a request during one waits for it and runs once more.
    const run = (this.syncing ?? Promise.resolve()).catch(() => undefined).then(() => this.syncNow());
    const tracked = run.finally(() => {
      if (this.syncing === tracked) this.syncing = null;
    });
    this.syncing = tracked;
    return tracked;
  }

  private async syncNow(): Promise<void> {
    if (this.closed) return;
    const rows = await this.db.rows<JobRow>(sql`
      SELECT id, job_class_name, cron_expression, parameter, tenant_id, coalesce(update_time, create_time) AS changed
      FROM sys_quartz_job WHERE status = ${JobStatus.normal} AND del_flag = 0`);
    if (this.closed) return;
    const seen = new Set<string>();
    for (const row of rows) {
      seen.add(row.id);
      const known = this.jobs.get(row.id);
      const parameter = row.parameter ?? "";
      if (known && known.cron === row.cron_expression && known.className === row.job_class_name && known.tenantId === row.tenant_id) {
        known.parameter = parameter;
        continue;
      }
      if (known) this.unschedule(known);
      const job: ScheduledJob = { id: row.id, cron: row.cron_expression, className: row.job_class_name, parameter, tenantId: row.tenant_id, nextFire: null, timer: null };
      this.jobs.set(row.id, job);
      const now = new Date();
      this.catchUp(job, new Date(Math.max(now.getTime() - this.options.misfireGraceMs, new Date(row.changed).getTime())), now);
      this.schedule(job, now);
    }
    for (const job of [...this.jobs.values()]) {
      if (!seen.has(job.id)) this.unschedule(job);
    }
  }

  /** The misfire policy: the latest fire in (since, now] runs once if nobody ran it. */
  private catchUp(job: ScheduledJob, since: Date, now: Date): void {
    let missed: Date | null = null;
    try {
      missed = cronLatestRunBetween(job.cron, since, now, this.options.timezone);
    } catch (error) {
      this.logger.error(`[jobs] job ${job.id} has an invalid cron expression "${job.cron}"`, error);
    }
    if (missed) this.track(this.claimAndRun(job, missed, "misfire"));
  }

  private schedule(job: ScheduledJob, after: Date): void {
    if (this.closed) return;
    let next: Date | null = null;
    try {
      next = cronNextRun(job.cron, after, this.options.timezone);
    } catch (error) {
      this.logger.error(`[jobs] job ${job.id} has an invalid cron expression "${job.cron}"`, error);
    }
    job.nextFire = next;
    if (next) this.arm(job, next);
  }

  private arm(job: ScheduledJob, fire: Date): void {
    const wait = fire.getTime() - Date.now();
    job.timer = setTimeout(
      () => {
        job.timer = null;
        if (this.jobs.get(job.id) !== job || this.closed) return;
        if (Date.now() < fire.getTime()) return this.arm(job, fire); // a long wait, in steps
        this.fire(job, fire);
      },
      Math.max(0, Math.min(wait, MAX_TIMER_MS)),
    );
  }

  private fire(job: ScheduledJob, fire: Date): void {
    // Next first, so a slow run never delays the following fire. Fires that passed while the
    // process was stalled are caught up to the grace window, older ones skipped.
    const now = Date.now();
    const floor = new Date(Math.max(fire.getTime(), now - this.options.misfireGraceMs));
    this.schedule(job, floor);
    this.track(this.claimAndRun(job, fire, "cron"));
  }

  private track(run: Promise<void>): void {
    const tracked = run.catch((error) => this.logger.error("[jobs] a run failed to record", error)).finally(() => this.inFlight.delete(tracked));
    this.inFlight.add(tracked);
  }

  /**
   * Claims the fire (job, fire time) and runs it when this instance won. The claim holds only
   * while the job is still running with the same expression, so an instance that has not yet
   * seen a pause or an edit made elsewhere cannot run a stale fire.
   */
  private async claimAndRun(job: ScheduledJob, fire: Date, trigger: RunTrigger): Promise<void> {
    const runId = newId();
    const claimed = await this.db.rows<{ id: string }>(sql`
      INSERT INTO sys_quartz_job_run (id, job_id, fire_time, trigger, instance, start_time, outcome)
      SELECT ${runId}, j.id, ${fire.toISOString()}::timestamptz, ${trigger}, ${this.options.instanceId}, clock_timestamp(), 'running'
      FROM sys_quartz_job j
      WHERE j.id = ${job.id} AND j.status = ${JobStatus.normal} AND j.del_flag = 0 AND j.cron_expression = ${job.cron}
      ON CONFLICT (job_id, fire_time) DO NOTHING
      RETURNING id`);
    if (claimed.length === 0) return;
    await this.execute(runId, job.className, job.parameter, job.tenantId);
  }

  /**
   * 立即执行: one run now of a job of `tenantId`, whatever its status; answers once it is recorded
   * as started (false: no such job in that tenant).
   */
  async runNow(jobId: string, tenantId: number): Promise<boolean> {
    const [row] = await this.db.rows<{ job_class_name: string; parameter: string | null; tenant_id: number }>(
      sql`SELECT job_class_name, parameter, tenant_id FROM sys_quartz_job WHERE id = ${jobId} AND del_flag = 0 AND tenant_id = ${tenantId}`,
    );
    if (!row) return false;
    const runId = newId();
    await this.db.rows(sql`
      INSERT INTO sys_quartz_job_run (id, job_id, fire_time, trigger, instance, start_time, outcome)
      VALUES (${runId}, ${jobId}, NULL, ${"manual"}, ${this.options.instanceId}, clock_timestamp(), 'running')`);
    this.track(this.execute(runId, row.job_class_name, row.parameter ?? "", row.tenant_id));
    return true;
  }

  private async execute(runId: string, className: string, parameter: string, tenantId: number): Promise<void> {
    const lines: string[] = [];
    let outcome: "success" | "failed" = "success";
    try {
      const run = JOB_KIND_RUNS[className];
      if (!run) throw new Error(`未知的任务类名：${className}`);
      await run({ db: this.db, config: this.config, tenantId, parameter, log: (line) => lines.push(line) });
    } catch (error) {
      outcome = "failed";
      lines.push(error instanceof Error ? error.message : String(error));
      this.logger.error(`[jobs] ${className} failed`, error);
    }
    await this.db.rows(sql`
      UPDATE sys_quartz_job_run SET end_time = clock_timestamp(), outcome = ${outcome}, message = ${lines.join("\n").slice(0, 4000) || null}
      WHERE id = ${runId}`);
  }

  private unschedule(job: ScheduledJob): void {
    if (job.timer) clearTimeout(job.timer);
    job.timer = null;
    this.jobs.delete(job.id);
  }

  /** Stops every timer and waits (bounded) for runs in progress; nothing runs afterwards. */
  async close(): Promise<void> {
    this.closed = true;
    if (this.poller) clearInterval(this.poller);
    this.poller = null;
    for (const job of [...this.jobs.values()]) this.unschedule(job);
    await this.syncing?.catch(() => undefined);
    let timeout: NodeJS.Timeout | undefined;
    await Promise.race([
      Promise.allSettled([...this.inFlight]),
      new Promise((resolve) => {
        timeout = setTimeout(resolve, CLOSE_WAIT_MS);
      }),
    ]);
    clearTimeout(timeout);
  }
}

export function defaultInstanceId(): string {
  return `${hostname()}:${process.pid}:${randomBytes(2).toString("hex")}`.slice(0, 100);
}
