// 首页's figures (issue #13 part 6): one call, scoped to the caller's tenant, each figure only for a
// caller granted the list it summarises (issue #30 item 1). Students and payments
// come from the totals the database keeps in the writers' own transactions
// (migration 0200, docs/decisions/059), so a request reads a few hundred rows however large the
// tables grow. Months follow the school's time zone; bounds are computed once so that the indexes
// apply.
import { sql } from "drizzle-orm";
import {
  ACTIVE_STUDENT,
  DASHBOARD_FIGURES_API,
  DASHBOARD_PAGE,
  FIGURE_PAGES,
  OPEN_RECEIVABLE_STATUSES,
  type AmountBy,
  type CountBy,
  type DashboardFigureName,
  type DashboardFigures,
  type MonthAmount,
  type TeacherClass,
} from "#contract/dashboard";
import { ActivityKind, ActivityStatus, SignupStatus } from "#contract/modules/activity";
import { crudContext } from "../../../crud/context";
import { endpoint, menuAccess, type Endpoint } from "../../../http/endpoint";
import { ok } from "../../../http/envelope";
import type { BackendServices } from "../../../services";
import { catchUpBroadcasts } from "../../system/announcement/recipients";
import { DelFlag, ReadFlag, SendStatus } from "../../system/announcement/constants";

/** The caller's unread notices, counted as the bell does: the tenant's broadcasts get their read marks first. */
export async function unreadNoticeCount(db: BackendServices["db"], userId: string, tenant: number): Promise<number> {
  await catchUpBroadcasts(db.orm, userId, tenant);
  const [unread] = await db.rows<{ count: number }>(sql`
    select count(*)::int as count from sys_announcement_send s join sys_announcement a on a.id = s.annt_id
    where s.user_id = ${userId} and s.read_flag = ${ReadFlag.unread} and a.tenant_id = ${tenant}
      and a.send_status = ${SendStatus.published} and a.del_flag = ${DelFlag.present}`);
  return unread?.count ?? 0;
}

export const dashboardEndpoints: Endpoint[] = [
  endpoint(
    "GET",
    DASHBOARD_FIGURES_API,
    menuAccess(DASHBOARD_PAGE),
    async (request) => {
      const context = crudContext(request);
      const { db, config } = context.services;
      const tenant = context.tenantId;
      const zone = config.schoolTimeZone;
      const monthStart = sql`(date_trunc('month', now() at time zone ${zone}) at time zone ${zone})`;
      const nextMonth = sql`((date_trunc('month', now() at time zone ${zone}) + interval '1 month') at time zone ${zone})`;
      const firstMonth = sql`((date_trunc('month', now() at time zone ${zone}) - interval '11 months') at time zone ${zone})`;

      // Each figure only for a caller who may open the list it summarises (issue #30 item 1,
      // docs/decisions/126): one check per page, then only the granted figures are read.
      const pages = [...new Set(Object.values(FIGURE_PAGES))];
      const grants = await Promise.all(pages.map((page) => context.services.permissions.hasMenu(context.auth, page)));
      const granted = new Set(pages.filter((_, index) => grants[index]));
      const may = (figure: DashboardFigureName) => granted.has(FIGURE_PAGES[figure]);
      const figures: DashboardFigures = {};

      if (may("studentsByStatus") || may("studentsByGrade")) {
        // Kept totals (migration 0200, docs/decisions/059): a few rows per tenant, not the large tables.
        const students = await db.rows<{ status: string; grade: string; count: number }>(sql`
          select status, grade, students::int as count from school_student_tally where tenant_id = ${tenant} and students <> 0`);
        // Grades in school order (the 年级 dictionary's order: 二年级 before 十年级), other keys by code.
        const gradeOrder = new Map((await context.services.dictionaries.items("grade")).map((item, index) => [item.value, index]));
        const tally = (rows: typeof students, key: (row: (typeof students)[number]) => string | null, order?: Map<string, number>): CountBy[] => {
          const counts = new Map<string, number>();
          for (const row of rows) counts.set(key(row) ?? "", (counts.get(key(row) ?? "") ?? 0) + row.count);
          const rank = (value: string) => order?.get(value) ?? Number.MAX_SAFE_INTEGER;
          return [...counts].map(([value, count]) => ({ key: value, count })).sort((a, b) => rank(a.key) - rank(b.key) || a.key.localeCompare(b.key));
        };
        if (may("studentsByStatus")) figures.studentsByStatus = tally(students, (row) => row.status);
        if (may("studentsByGrade")) {
          figures.studentsByGrade = tally(students.filter((row) => row.status === ACTIVE_STUDENT), (row) => row.grade, gradeOrder);
        }
      }
      if (may("receivablesOutstanding")) {
        figures.receivablesOutstanding = await db.rows<AmountBy>(sql`
          select payer_type as key, count(*)::int as count, coalesce(sum(total_amount - received_amount), 0)::numeric(18, 2)::text as amount
          from bill_receivable
          where tenant_id = ${tenant} and status = any(${`{${OPEN_RECEIVABLE_STATUSES.join(",")}}`}::varchar[])
          group by payer_type order by payer_type`);
      }
      if (may("paymentsByMonth")) {
        // Quarter-hour buckets folded into the school's months (every zone's month starts on a quarter hour).
        figures.paymentsByMonth = await db.rows<MonthAmount>(sql`
          with months as (
            select to_char(m, 'YYYY-MM') as month
            from generate_series(date_trunc('month', now() at time zone ${zone}) - interval '11 months', date_trunc('month', now() at time zone ${zone}), interval '1 month') m
          ), paid as (
            select to_char(bucket at time zone ${zone}, 'YYYY-MM') as month, sum(payments)::int as count, sum(amount) as amount
            from bill_payment_tally
            where tenant_id = ${tenant} and bucket >= ${firstMonth} and bucket < ${nextMonth}
            group by 1
          )
          select months.month, coalesce(paid.count, 0)::int as count, coalesce(paid.amount, 0)::numeric(18, 2)::text as amount
          from months left join paid on paid.month = months.month order by months.month`);
      }
      if (may("signupsThisMonth") || may("signupsToConfirm")) {
        const [signups] = await db.rows<{ thisMonth: number; toConfirm: number }>(sql`
          select count(*) filter (where signup_time >= ${monthStart})::int as "thisMonth",
                 count(*) filter (where status = ${SignupStatus.pending})::int as "toConfirm"
          from act_signup where tenant_id = ${tenant}`);
        if (may("signupsThisMonth")) figures.signupsThisMonth = signups?.thisMonth ?? 0;
        if (may("signupsToConfirm")) figures.signupsToConfirm = signups?.toConfirm ?? 0;
      }
      if (may("openActivities")) {
        const [activities] = await db.rows<{ count: number }>(sql`
          select count(*)::int as count from act_activity
          where tenant_id = ${tenant} and kind = ${ActivityKind.school} and status = ${ActivityStatus.open}`);
        figures.openActivities = activities?.count ?? 0;
      }
      // As the bell counts: the tenant's broadcasts get their marks first, then the unread marks count.
      if (may("unreadNotices")) figures.unreadNotices = await unreadNoticeCount(db, context.auth.user.id, tenant);
      if (may("myClasses")) {
        // A teacher's own classes (docs/decisions/186): those of the current year whose 班主任 is the
        // teacher whose 登录账号 the caller is, each with its 在读 students. None for an account that is
        // no teacher's: the figure is then absent, not an empty list.
        const [teacher] = await db.rows<{ id: string }>(sql`
          select id from school_teacher where tenant_id = ${tenant} and user_id = ${context.auth.user.id}`);
        if (teacher) {
          figures.myClasses = await db.rows<TeacherClass>(sql`
            select c.id, c.name, count(s.id) filter (where s.status = ${ACTIVE_STUDENT})::int as students
            from school_class c
            join school_year y on y.id = c.year_id and y.is_current = 'Y'
            left join school_student s on s.class_id = c.id and s.tenant_id = c.tenant_id
            where c.tenant_id = ${tenant} and c.teacher_id = ${teacher.id}
            group by c.id, c.name, c.grade
            order by lpad(c.grade, 4, '0'), c.name`);
        }
      }
      return ok(figures);
    },
    { doc: { summary: "首页统计" } },
  ),
];
