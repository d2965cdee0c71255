// 工作台, 图表, 任务 and 监控 (issue #17 part 8, docs/decisions/054): each one GET, permission-checked by
// its menu row, scoped to the caller's tenant, every figure one aggregate statement (GROUP BY /
// FILTER), no rows listed beyond the few named ones (frequent pages, recent sessions and runs).
import { sql, type SQL } from "drizzle-orm";
import {
  CHART_PAGE,
  DASHBOARD_BOARD_API,
  DRAFT_VOUCHER,
  FAILED_MAIL,
  MONITOR_DASHBOARD_PAGE,
  OPEN_RECEIVABLE_STATUSES,
  PENDING_SIGNUP,
  PENDING_WORK,
  TASK_PAGE,
  WORKPLACE_PAGE,
  type ChartMonth,
  type MonitorFigures,
  type PendingWorkKind,
  type TaskColumn,
  type WorkplaceFigures,
} from "#contract/dashboard";
import { PaymentStatus } from "#contract/modules/billing";
import { crudContext, type CrudContext } from "../../../crud/context";
import { DEFAULT_TENANT_ID } from "../../../crud/tenant";
import { endpoint, menuAccess, type Endpoint } from "../../../http/endpoint";
import { ok } from "../../../http/envelope";
import { formatDateTime } from "../../../http/format";
import { heldPermissions } from "../../system/permission/permission-service";
import { unreadNoticeCount } from "../figures/figures-endpoints";

const FREQUENT_PAGES = 8;
const RECENT_RUNS = 10;
const RECENT_SESSIONS = 10;

/** The counts of pending work of a tenant, one statement. */
async function pendingCounts(context: CrudContext): Promise<Record<PendingWorkKind, number>> {
  const tenant = context.tenantId;
  const [row] = await context.services.db.rows<Record<PendingWorkKind, number>>(sql`
    select (select count(*)::int from act_signup where tenant_id = ${tenant} and status = ${PENDING_SIGNUP}) as "signupsToConfirm",
           (select count(*)::int from bill_voucher where tenant_id = ${tenant} and status = ${DRAFT_VOUCHER}) as "vouchersToPost",
           (select count(*)::int from comm_mail where tenant_id = ${tenant} and status = ${FAILED_MAIL}) as "failedMails",
           (select count(*)::int from bill_receivable where tenant_id = ${tenant}
             and status = any(${`{${OPEN_RECEIVABLE_STATUSES.join(",")}}`}::varchar[])) as "openReceivables"`);
  return row!;
}

/** Whether the caller may do a kind of pending work (its button, or its page). */
async function mayDo(context: CrudContext, kind: PendingWorkKind): Promise<boolean> {
  const work = PENDING_WORK[kind];
  const permissions = context.services.permissions;
  if (work.button) return permissions.hasButton(context.auth, work.button);
  return work.page ? permissions.hasMenu(context.auth, work.page) : false;
}

/** The tenant's active users (rel_tenant_ids holds it; an empty list means the default tenant). */
function userInTenant(tenant: number): SQL {
  const member = sql`${String(tenant)} = any(string_to_array(replace(coalesce(u.rel_tenant_ids, ''), ' ', ''), ','))`;
  return tenant === DEFAULT_TENANT_ID ? sql`(${member} or coalesce(u.rel_tenant_ids, '') = '')` : member;
}

/**
 * The original Vue 2 client's 工作台 (3.3.0's dashboard/Workplace) asks JeecgBoot's demo module for its
 * panels (进行中的项目, 动态, 团队, XX 指数). This school has no projects, activity feed, teams or index:
 * each answers empty in the shape the page reads, so the page shows empty panels instead of four
 * failed requests (issue #31 item 4, docs/decisions/151).
 */
const VUE2_WORKPLACE_PANELS: Array<[string, unknown, string]> = [
  ["/mock/api/list/search/projects", { data: [] }, "进行中的项目"],
  ["/mock/api/workplace/activity", [], "动态"],
  ["/mock/api/workplace/teams", [], "团队"],
  ["/mock/api/workplace/radar", [], "指数"],
];

export const boardEndpoints: Endpoint[] = [
  ...VUE2_WORKPLACE_PANELS.map(([path, empty, panel]) =>
    endpoint("GET", path, menuAccess(WORKPLACE_PAGE), async () => ok(empty), { doc: { summary: `原版客户端工作台的「${panel}」（本校为空）` } }),
  ),
  endpoint(
    "GET",
    DASHBOARD_BOARD_API.workplace,
    menuAccess(WORKPLACE_PAGE),
    async (request) => {
      const context = crudContext(request);
      const { db } = context.services;
      const userId = context.auth.user.id;
      const [counts, signups, vouchers, mails, unread, held] = await Promise.all([
        pendingCounts(context),
        mayDo(context, "signupsToConfirm"),
        mayDo(context, "vouchersToPost"),
        mayDo(context, "failedMails"),
        unreadNoticeCount(db, userId, context.tenantId),
        heldPermissions(db.orm, { userId, tenantId: context.tenantId }),
      ]);
      // Only pages of the user's menu: one he lost keeps no link here.
      const heldIds = held === "all" ? null : [...held];
      const pages = await db.rows<{ path: string; title: string; visits: number }>(sql`
        select v.path, min(p.name) as title, max(v.visits)::int as visits
          from sys_user_page_visit v
          join sys_permission p on p.url = v.path and p.menu_type in (0, 1) and p.del_flag = 0 and coalesce(p.hidden, 0) = 0
         where v.user_id = ${userId} and v.tenant_id = ${context.tenantId}
           ${heldIds ? sql`and p.id = any(${`{${heldIds.join(",")}}`}::varchar[])` : sql``}
         group by v.path
         order by max(v.visits) desc, max(v.last_visit) desc
         limit ${FREQUENT_PAGES}`);
      const figures: WorkplaceFigures = {
        signupsToConfirm: signups ? counts.signupsToConfirm : null,
        vouchersToPost: vouchers ? counts.vouchersToPost : null,
        failedMails: mails ? counts.failedMails : null,
        unreadNotices: unread,
        frequentPages: pages,
      };
      return ok(figures);
    },
    { doc: { summary: "工作台" } },
  ),

  endpoint(
    "GET",
    DASHBOARD_BOARD_API.chart,
    menuAccess(CHART_PAGE),
    async (request) => {
      const context = crudContext(request);
      const { db, config } = context.services;
      const tenant = context.tenantId;
      const zone = config.schoolTimeZone;
      const firstMonth = sql`((date_trunc('month', now() at time zone ${zone}) - interval '11 months') at time zone ${zone})`;
      const nextMonth = sql`((date_trunc('month', now() at time zone ${zone}) + interval '1 month') at time zone ${zone})`;
      const firstDay = sql`(date_trunc('month', now() at time zone ${zone}) - interval '11 months')::date`;
      const months = await db.rows<ChartMonth>(sql`
        with months as (
          select to_char(m, 'YYYY-MM') as month
            from generate_series(date_trunc('month', now() at time zone ${zone}) - interval '11 months', date_trunc('month', now() at time zone ${zone}), interval '1 month') m
        ), enrolled as (
          select to_char(enroll_date, 'YYYY-MM') as month, count(*)::int as count from school_student
           where tenant_id = ${tenant} and enroll_date >= ${firstDay} group by 1
        ), signups as (
          select to_char(signup_time at time zone ${zone}, 'YYYY-MM') as month, count(*)::int as count from act_signup
           where tenant_id = ${tenant} and signup_time >= ${firstMonth} and signup_time < ${nextMonth} group by 1
        ), paid as (
          select to_char(paid_at at time zone ${zone}, 'YYYY-MM') as month, count(*)::int as count, sum(amount) as amount from bill_payment
           where tenant_id = ${tenant} and status <> ${PaymentStatus.reversed} and paid_at >= ${firstMonth} and paid_at < ${nextMonth} group by 1
        )
        select months.month,
               coalesce(enrolled.count, 0)::int as enrolled,
               coalesce(signups.count, 0)::int as signups,
               coalesce(paid.count, 0)::int as payments,
               coalesce(paid.amount, 0)::numeric(18, 2)::text as "paymentAmount"
          from months
          left join enrolled on enrolled.month = months.month
          left join signups on signups.month = months.month
          left join paid on paid.month = months.month
         order by months.month`);
      return ok(months);
    },
    { doc: { summary: "图表" } },
  ),

  endpoint(
    "GET",
    DASHBOARD_BOARD_API.task,
    menuAccess(TASK_PAGE),
    async (request) => {
      const context = crudContext(request);
      const tenant = context.tenantId;
      const counts = await pendingCounts(context);
      const kinds = Object.keys(PENDING_WORK) as PendingWorkKind[];
      // Who holds each kind's button (or page) in this tenant: roles of the tenant and platform roles.
      const codes = kinds.map((kind) => PENDING_WORK[kind].button ?? "");
      const pages = kinds.map((kind) => PENDING_WORK[kind].page ?? "");
      const holders = await context.services.db.rows<{ kind: string; names: string[] }>(sql`
        with wanted as (
          select * from unnest(${`{${kinds.join(",")}}`}::text[], ${`{${codes.map((code) => `"${code}"`).join(",")}}`}::text[],
                               ${`{${pages.map((page) => `"${page}"`).join(",")}}`}::text[]) as w (kind, code, page)
        )
        select w.kind, array_agg(distinct coalesce(u.realname, u.username) order by coalesce(u.realname, u.username)) as names
          from wanted w
          join sys_user u on u.del_flag = 0 and u.status = 1 and ${userInTenant(tenant)}
          join sys_user_role ur on ur.user_id = u.id
          join sys_role r on r.id = ur.role_id and (r.tenant_id = ${tenant} or r.platform_admin = 1)
         where r.platform_admin = 1
            or exists (select 1 from sys_role_permission rp join sys_permission p on p.id = rp.permission_id and p.del_flag = 0
                        where rp.role_id = r.id
                          and ((w.code <> '' and p.menu_type = 2 and w.code = any(string_to_array(replace(p.perms, ' ', ''), ',')))
                            or (w.page <> '' and p.menu_type in (0, 1) and p.url = w.page)))
         group by w.kind`);
      const byKind = new Map(holders.map((row) => [row.kind, row.names]));
      const columns: TaskColumn[] = kinds.map((kind) => ({
        kind,
        title: PENDING_WORK[kind].title,
        count: counts[kind],
        assignees: byKind.get(kind) ?? [],
      }));
      return ok(columns);
    },
    { doc: { summary: "任务" } },
  ),

  endpoint(
    "GET",
    DASHBOARD_BOARD_API.monitor,
    menuAccess(MONITOR_DASHBOARD_PAGE),
    async (request) => {
      const context = crudContext(request);
      const { db } = context.services;
      const tenant = context.tenantId;
      const sessionTenant = tenant === DEFAULT_TENANT_ID ? sql`(s.tenant_id = ${tenant} or s.tenant_id is null)` : sql`s.tenant_id = ${tenant}`;
      const open = sql`s.ended_at is null and s.expires_at > now() and ${sessionTenant}`;
      const [online] = await db.rows<{ count: number }>(sql`select count(distinct s.user_id)::int as count from sys_session s where ${open}`);
      const sessions = await db.rows<{ username: string; realname: string | null; lastActive: Date }>(sql`
        select s.username, u.realname, max(s.last_active) as "lastActive" from sys_session s left join sys_user u on u.id = s.user_id
         where ${open} group by s.username, u.realname order by max(s.last_active) desc limit ${RECENT_SESSIONS}`);
      const minutes = await db.rows<{ minute: string; requests: number; errors: number }>(sql`
        with minutes as (
          select m from generate_series(date_trunc('minute', now()) - interval '59 minutes', date_trunc('minute', now()), interval '1 minute') m
        )
        select to_char(minutes.m at time zone ${context.services.config.schoolTimeZone}, 'HH24:MI') as minute,
               coalesce(r.requests, 0)::int as requests, coalesce(r.errors, 0)::int as errors
          from minutes left join sys_request_minute r on r.minute = minutes.m and r.tenant_id = ${tenant}
         order by minutes.m`);
      const runs = await db.rows<{ outcome: string; count: number }>(sql`
        select r.outcome, count(*)::int as count from sys_quartz_job_run r join sys_quartz_job j on j.id = r.job_id
         where j.tenant_id = ${tenant} and r.start_time >= now() - interval '24 hours' group by r.outcome order by r.outcome`);
      const recent = await db.rows<{ jobId: string; job: string; outcome: string; startTime: Date | null; ms: number | null }>(sql`
        select r.job_id as "jobId", coalesce(j.description, j.job_class_name) as job, r.outcome, r.start_time as "startTime",
               (extract(epoch from (r.end_time - r.start_time)) * 1000)::int as ms
          from sys_quartz_job_run r join sys_quartz_job j on j.id = r.job_id
         where j.tenant_id = ${tenant} order by r.start_time desc limit ${RECENT_RUNS}`);
      const figures: MonitorFigures = {
        onlineUsers: online?.count ?? 0,
        onlineSessions: sessions.map((row) => ({ username: row.username, realname: row.realname, lastActive: formatDateTime(row.lastActive) })),
        requestsPerMinute: minutes,
        jobRuns: runs,
        recentRuns: recent.map((row) => ({ ...row, startTime: formatDateTime(row.startTime) })),
      };
      return ok(figures);
    },
    { doc: { summary: "监控" } },
  ),
];
