// 首页 (/dashboard/analysis): the greeting by hour (docs/spec/app-shell.md §9), then the school's
// figures from one backend call (GET /school/dashboard/figures, aggregate SQL): server-rendered
// numbers, each a link to its filtered list, and two charts whose code (echarts) is a chunk of its
// own, loaded when the browser is idle after hydration, as is the code of the lists the figures
// open (docs/decisions/047, 173). The backend answers only the figures whose list
// the caller may open (issue #30 item 1, docs/decisions/126); the page lays out what it gets.
import { useEffect, useMemo, type ReactNode } from "react";
import { Link, useNavigate } from "react-router";
import { Card, Col, Row } from "antd";
import { z } from "zod";
import type { Route } from "./+types/dashboard-analysis";
import { greetingForHour, hourInZone } from "#contract/greeting";
import { ACTIVE_STUDENT, DASHBOARD_FIGURES_API, type DashboardFigures } from "#contract/dashboard";
import { paymentModule } from "#contract/modules/billing";
import { formatMoney, sumFen, toFen } from "#contract/money";
import { requireSignedIn } from "~/services/auth.server";
import { appOf } from "~/services/app-context.server";
import { dictOptionsByCode } from "~/services/options.server";
import { withRouteFailures } from "~/services/route-errors.server";
import { DEFAULT_DOCUMENT_TITLE } from "~/config";
import { RouteErrorBoundary } from "~/components/shell/route-error-boundary";
import { dashboardLinks } from "~/components/dashboard/dashboard-links";
import { Figure, FigureList, LazyChart } from "~/components/dashboard/figures";
import type { FieldOption } from "~/components/widgets/list/types";
import { prefetchPagesWhenIdle } from "~/lib/prefetch-page-modules";

// docs/spec/app-shell.md §1: the document title follows the active tab, and the home page keeps the default.
export const meta: Route.MetaFunction = () => [{ title: DEFAULT_DOCUMENT_TITLE }];

const countBy = z.array(z.object({ key: z.string(), count: z.number() }));
const figuresSchema: z.ZodType<DashboardFigures> = z.object({
  studentsByStatus: countBy.optional(),
  studentsByGrade: countBy.optional(),
  receivablesOutstanding: z.array(z.object({ key: z.string(), count: z.number(), amount: z.string() })).optional(),
  paymentsByMonth: z.array(z.object({ month: z.string(), count: z.number(), amount: z.string() })).optional(),
  signupsThisMonth: z.number().optional(),
  signupsToConfirm: z.number().optional(),
  openActivities: z.number().optional(),
  unreadNotices: z.number().optional(),
  myClasses: z.array(z.object({ id: z.string(), name: z.string(), students: z.number() })).optional(),
});

/** Cards that fill the row whatever their number (a teacher gets fewer than the administrator). */
const cardGrid = (min: number) => ({ display: "grid", gap: 16, gridTemplateColumns: `repeat(auto-fit, minmax(min(100%, ${min}px), 1fr))` }) as const;

const DICTS = ["student_status", "grade", "payer_type"] as const;

export async function loader(route: Route.LoaderArgs) {
  const { user, api } = await requireSignedIn(route);
  const { schoolTimeZone } = appOf(route.context).config;
  const greeting = greetingForHour(hourInZone(new Date(), schoolTimeZone));
  const [figures, dicts] = await Promise.all([
    withRouteFailures(async () => (await api.get(DASHBOARD_FIGURES_API, figuresSchema)).result),
    withRouteFailures(() => dictOptionsByCode(api, DICTS)),
  ]);
  // This month in the school's zone: the sign-ups' link when no payment months came (a teacher).
  const month = new Intl.DateTimeFormat("sv-SE", { timeZone: schoolTimeZone, year: "numeric", month: "2-digit" }).format(new Date()).slice(0, 7);
  return { greeting, realname: user.realname, figures, dicts, month };
}

function labelOf(options: FieldOption[] | undefined, value: string): string {
  if (!value) return "未填写";
  return options?.find((option) => option.value === value)?.label ?? value;
}

export default function DashboardAnalysis({ loaderData }: Route.ComponentProps) {
  const { figures, dicts } = loaderData;
  const navigate = useNavigate();

  const months = figures.paymentsByMonth;
  const grades = figures.studentsByGrade;
  const currentMonth = months?.at(-1)?.month ?? null;

  const paymentsOption = useMemo(
    () =>
      months && {
        tooltip: { trigger: "axis" },
        legend: { data: ["金额（元）", "笔数"] },
        xAxis: { type: "category", data: months.map((row) => row.month) },
        yAxis: [{ type: "value", name: "元" }, { type: "value", name: "笔", minInterval: 1 }],
        series: [
          { name: "金额（元）", type: "bar", data: months.map((row) => Number(row.amount)) },
          { name: "笔数", type: "line", yAxisIndex: 1, data: months.map((row) => row.count) },
        ],
      },
    [months],
  );
  const gradesOption = useMemo(
    () =>
      grades && {
        tooltip: { trigger: "item" },
        series: [
          {
            type: "pie",
            radius: ["35%", "65%"],
            data: grades.map((row) => ({ name: labelOf(dicts.grade, row.key), value: row.count })),
          },
        ],
      },
    [grades, dicts.grade],
  );

  const cards: Array<{ testId: string; title: string; value: ReactNode; suffix?: string; to: string }> = [];
  if (figures.studentsByStatus) {
    const active = figures.studentsByStatus.find((row) => row.key === ACTIVE_STUDENT)?.count ?? 0;
    cards.push({ testId: "figure-active-students", title: "在读学生", value: active, suffix: "人", to: dashboardLinks.studentsWithStatus(ACTIVE_STUDENT) });
  }
  if (figures.receivablesOutstanding) {
    const owedFen = sumFen(figures.receivablesOutstanding.map((row) => toFen(row.amount)));
    cards.push({ testId: "figure-outstanding", title: "待收应收（元）", value: formatMoney(owedFen), to: dashboardLinks.outstandingReceivables() });
  }
  if (months) {
    cards.push({
      testId: "figure-payments-month",
      title: "本月收款（元）",
      value: formatMoney(months.at(-1)?.amount ?? "0"),
      to: currentMonth ? dashboardLinks.paymentsInMonth(currentMonth) : paymentModule.page,
    });
  }
  if (figures.openActivities !== undefined) {
    cards.push({ testId: "figure-open-activities", title: "报名中活动", value: figures.openActivities, to: dashboardLinks.openActivities() });
  }
  if (figures.signupsThisMonth !== undefined) {
    cards.push({
      testId: "figure-signups-month",
      title: "本月报名",
      value: figures.signupsThisMonth,
      to: dashboardLinks.signupsInMonth(currentMonth ?? loaderData.month),
    });
  }
  if (figures.signupsToConfirm !== undefined) {
    cards.push({ testId: "figure-signups-pending", title: "待确认报名", value: figures.signupsToConfirm, to: dashboardLinks.pendingSignups() });
  }
  if (figures.unreadNotices !== undefined) {
    cards.push({ testId: "figure-unread", title: "未读消息", value: figures.unreadNotices, to: dashboardLinks.unreadNotices() });
  }

  // The pages a person opens next from here are the figures' lists: their code, in idle time.
  const nextPages = cards.map((card) => card.to).join("\n");
  useEffect(() => prefetchPagesWhenIdle(nextPages.split("\n")), [nextPages]);

  const lists: Array<{ title: string; node: ReactNode }> = [];
  // A teacher's own classes first (docs/decisions/186): each leads to its 在读 students.
  if (figures.myClasses) {
    lists.push({
      title: "我的班级",
      node:
        figures.myClasses.length > 0 ? (
          <FigureList
            testId="my-classes"
            rows={figures.myClasses.map((row) => ({
              key: row.id,
              label: row.name,
              value: `${row.students} 人`,
              to: dashboardLinks.activeStudentsInClass(row.id),
            }))}
          />
        ) : (
          <div className="ant-typography ant-typography-secondary css-var-school" data-testid="my-classes">
            本学年您不是任何班级的班主任
          </div>
        ),
    });
  }
  if (figures.studentsByStatus) {
    lists.push({
      title: "学生状态",
      node: (
        <FigureList
          testId="students-by-status"
          rows={figures.studentsByStatus.map((row) => ({
            key: row.key,
            label: labelOf(dicts.student_status, row.key),
            value: `${row.count} 人`,
            to: dashboardLinks.studentsWithStatus(row.key),
          }))}
        />
      ),
    });
  }
  if (grades) {
    lists.push({
      title: "在读学生年级分布",
      node: (
        <FigureList
          testId="students-by-grade"
          rows={grades.map((row) => ({
            key: row.key,
            label: labelOf(dicts.grade, row.key),
            value: `${row.count} 人`,
            to: dashboardLinks.activeStudentsInGrade(row.key),
          }))}
        />
      ),
    });
  }
  if (figures.receivablesOutstanding) {
    lists.push({
      title: "待收应收（按付款方类型）",
      node: (
        <FigureList
          testId="receivables-outstanding"
          rows={figures.receivablesOutstanding.map((row) => ({
            key: row.key,
            label: `${labelOf(dicts.payer_type, row.key)}（${row.count} 笔）`,
            value: `${formatMoney(row.amount)} 元`,
            to: dashboardLinks.outstandingReceivables(row.key),
          }))}
        />
      ),
    });
  }

  return (
    <div style={{ display: "flex", flexDirection: "column", gap: 16 }}>
      <Card>
        <h3 className="ant-typography css-var-school" data-testid="greeting">
          {loaderData.greeting}，{loaderData.realname}，欢迎回来
        </h3>
        <div className="ant-typography ant-typography-secondary css-var-school">今天也是充满希望的一天。</div>
      </Card>

      {cards.length > 0 && (
        <div data-testid="dashboard-figures" style={cardGrid(180)}>
          {cards.map((card) => (
            <Card key={card.testId}>
              <Figure testId={card.testId} title={card.title} value={card.value} suffix={card.suffix} to={card.to} />
            </Card>
          ))}
        </div>
      )}

      {lists.length > 0 && (
        <div style={cardGrid(280)}>
          {lists.map((list) => (
            <Card key={list.title} title={list.title} style={{ height: "100%" }}>
              {list.node}
            </Card>
          ))}
        </div>
      )}

      {(paymentsOption || gradesOption) && (
        <Row gutter={[16, 16]}>
          {months && paymentsOption && (
            <Col xs={24} lg={gradesOption ? 16 : 24}>
              <Card title="近 12 个月收款">
                <LazyChart
                  label="近 12 个月收款"
                  option={paymentsOption}
                  onPick={(index) => {
                    const month = months[index];
                    if (month) void navigate(dashboardLinks.paymentsInMonth(month.month));
                  }}
                />
                <ul data-testid="payments-by-month" style={{ listStyle: "none", margin: 0, padding: 0, display: "flex", flexWrap: "wrap", gap: "4px 16px" }}>
                  {months.map((row) => (
                    <li key={row.month}>
                      {row.month}：<Link to={dashboardLinks.paymentsInMonth(row.month)}>{formatMoney(row.amount)} 元（{row.count} 笔）</Link>
                    </li>
                  ))}
                </ul>
              </Card>
            </Col>
          )}
          {grades && gradesOption && (
            <Col xs={24} lg={paymentsOption ? 8 : 24}>
              <Card title="在读学生年级占比" style={{ height: "100%" }}>
                <LazyChart
                  label="在读学生年级占比"
                  option={gradesOption}
                  onPick={(index) => {
                    const grade = grades[index];
                    if (grade) void navigate(dashboardLinks.activeStudentsInGrade(grade.key));
                  }}
                />
              </Card>
            </Col>
          )}
        </Row>
      )}
    </div>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
