// 定时任务 (/sys/quartzJob, api-contract.md §7): the jobs on the CRUD engine (list, add, edit,
// delete, deleteBatch, queryById, exportXls, importExcel), plus pause / resume / execute and the
// run log. A job belongs to the tenant that created it: every endpoint lists and touches only the
// caller's tenant's jobs, and a job runs over its tenant's rows (./job-kinds.ts). Every change
// tells this instance's scheduler at once; other instances see it within their poll (./scheduler.ts).
import { sql } from "drizzle-orm";
import { cronError } from "#contract/cron";
import { JOB_KINDS, JobStatus, QuartzJobMessages, type JobRunRecord } from "#contract/quartz-job";
import { createCrud } from "../../../crud/engine";
import { defineEntity } from "../../../crud/entity";
import { crudContext } from "../../../crud/context";
import { notFound, singleId } from "../../../crud/crud-messages";
import { ApiError, ok, okMessage } from "../../../http/envelope";
import { endpoint, menuAccess, type Endpoint } from "../../../http/endpoint";
import { formatDateTime } from "../../../http/format";
import type { CrudContext } from "../../../crud/context";
import { sysQuartzJob } from "./schema";
import { PAGES } from "#contract/pages";

export const QUARTZ_JOB_PAGE = PAGES["system/QuartzJobList"];
const PREFIX = "quartzJob";

export const quartzJobEntity = defineEntity(sysQuartzJob, {
  fields: { status: { dictCode: "quartz_status" } },
  softDeleteColumn: "del_flag",
  tenantColumn: "tenant_id",
});

const knownClass = (className: unknown) => JOB_KINDS.some((kind) => kind.className === className);

export const quartzJobCrud = createCrud({
  basePath: "/sys/quartzJob",
  title: "定时任务",
  entity: quartzJobEntity,
  table: sysQuartzJob,
  pagePath: QUARTZ_JOB_PAGE,
  permissionPrefix: PREFIX,
  body: {
    fields: {
      jobClassName: { label: "任务类名", required: QuartzJobMessages.classRequired },
      cronExpression: { label: "Cron表达式", required: QuartzJobMessages.cronRequired },
      parameter: { label: "参数" },
      description: { label: "描述" },
      status: { label: "状态" },
    },
  },
  excel: {
    title: "定时任务",
    columns: [
      { property: "jobClassName", title: "任务类名", required: true },
      { property: "cronExpression", title: "Cron表达式", required: true },
      { property: "parameter", title: "参数" },
      { property: "description", title: "描述" },
      { property: "status", title: "状态" },
    ],
  },
  hooks: {
    prepare: ({ values }) => {
      if (values.jobClassName !== undefined && !knownClass(values.jobClassName)) throw new ApiError(QuartzJobMessages.unknownClass);
      if (values.cronExpression !== undefined) {
        const problem = cronError(String(values.cronExpression));
        if (problem) throw new ApiError(problem);
        values.cronExpression = String(values.cronExpression).trim().split(/\s+/).join(" ");
      }
      if (values.status !== undefined && values.status !== null && values.status !== JobStatus.normal && values.status !== JobStatus.stopped) {
        throw new ApiError("状态只能是0（正常）或-1（停止）");
      }
    },
    afterCommit: async (context) => {
      await context.services.scheduler.sync();
    },
  },
});

async function setStatus(request: Parameters<Endpoint["handle"]>[0], status: number, message: string) {
  const context = crudContext(request);
  const id = singleId(request.query.id);
  if (!id) throw notFound();
  const changed = await context.services.db.rows(sql`
    UPDATE sys_quartz_job SET status = ${status}, update_by = ${context.username}, update_time = now()
    WHERE id = ${id} AND del_flag = 0 AND tenant_id = ${context.tenantId} RETURNING id`);
  if (changed.length === 0) throw notFound();
  await context.services.scheduler.sync();
  return okMessage(message);
}

interface RunRow {
  id: string;
  job_id: string;
  fire_time: Date | string | null;
  trigger: JobRunRecord["trigger"];
  instance: string;
  start_time: Date | string;
  end_time: Date | string | null;
  outcome: JobRunRecord["outcome"];
  message: string | null;
}

/** Whether `jobId` is a job of the caller's tenant. */
async function ownJob(context: CrudContext, jobId: string): Promise<boolean> {
  const rows = await context.services.db.rows(sql`SELECT 1 FROM sys_quartz_job WHERE id = ${jobId} AND del_flag = 0 AND tenant_id = ${context.tenantId}`);
  return rows.length > 0;
}

const wireTime = (value: Date | string | null) => (value === null ? null : formatDateTime(new Date(value)));

export const quartzJobEndpoints: Endpoint[] = [
  ...quartzJobCrud.endpoints,
  endpoint("GET", "/sys/quartzJob/pause", `${PREFIX}:pause`, (request) => setStatus(request, JobStatus.stopped, QuartzJobMessages.paused), { doc: { summary: "暂停定时任务" } }),
  endpoint("GET", "/sys/quartzJob/resume", `${PREFIX}:resume`, (request) => setStatus(request, JobStatus.normal, QuartzJobMessages.resumed), { doc: { summary: "恢复定时任务" } }),
  endpoint("GET", "/sys/quartzJob/execute", `${PREFIX}:execute`, async (request) => {
    const id = singleId(request.query.id);
    if (!id || !(await request.services.scheduler.runNow(id, crudContext(request).tenantId))) throw notFound();
    return okMessage(QuartzJobMessages.executed);
  }, { doc: { summary: "立即执行一次定时任务" } }),
  // The run log of one job, newest first (our addition: the original only logs to its console).
  endpoint("GET", "/sys/quartzJob/runs", menuAccess(QUARTZ_JOB_PAGE), async (request) => {
    const jobId = singleId(request.query.jobId);
    if (!jobId || !(await ownJob(crudContext(request), jobId))) throw notFound();
    const pageNo = Math.max(1, Math.floor(Number(request.query.pageNo)) || 1);
    const pageSize = Math.min(100, Math.max(1, Math.floor(Number(request.query.pageSize)) || 10));
    const db = request.services.db;
    const [count] = await db.rows<{ n: number | string }>(sql`SELECT count(*) AS n FROM sys_quartz_job_run WHERE job_id = ${jobId}`);
    const rows = await db.rows<RunRow>(sql`
      SELECT id, job_id, fire_time, trigger, instance, start_time, end_time, outcome, message FROM sys_quartz_job_run
      WHERE job_id = ${jobId} ORDER BY start_time DESC, id DESC LIMIT ${pageSize} OFFSET ${(pageNo - 1) * pageSize}`);
    const total = Number(count?.n ?? 0);
    const records: JobRunRecord[] = rows.map((row) => ({
      id: row.id,
      jobId: row.job_id,
      fireTime: wireTime(row.fire_time),
      trigger: row.trigger,
      instance: row.instance,
      startTime: wireTime(row.start_time) ?? "",
      endTime: wireTime(row.end_time),
      outcome: row.outcome,
      message: row.message,
    }));
    return ok({ records, total, size: pageSize, current: pageNo, pages: Math.ceil(total / pageSize) });
  }, { doc: { summary: "定时任务的执行记录" } }),
];
