// 首页 (/dashboard/analysis): the greeting by hour (docs/spec/app-shell.md §9), then the school's
// figures from one backend call (GET /school/dashboard/figures, aggregate SQL): server-rendered
// numbers, each a link to its filtered list, and two charts whose code (echarts) is a chunk of its
// own, loaded after hydration (docs/decisions/047).
import { useMemo } from "react";
import { Link, useNavigate } from "react-router";
import { Card, Col, Row } from "antd";
import { z } from "zod";
import type { Route } from "./+types/dashboard-analysis";
import { greetingForHour, hourInZone } from "#contract/greeting";
import { DASHBOARD_FIGURES_API, type DashboardFigures } from "#contract/dashboard";
import { formatMoney, sumFen, toFen } from "#contract/money";
import { requireSignedIn } from "~/services/auth.server";
import { schoolTimeZone } from "~/services/env.server";
import { dictOptionsByCode } from "~/services/options.server";
import { withRouteFailures } from "~/services/route-errors.server";
import { DEFAULT_DOCUMENT_TITLE } from "~/config";
import { RouteErrorBoundary } from "~/components/shell/route-error-boundary";
import { dashboardLinks } from "~/components/dashboard/dashboard-links";
import { Figure, FigureList, LazyChart } from "~/components/dashboard/figures";
import type { FieldOption } from "~/components/widgets/list/types";

// docs/spec/app-shell.md §1: the document title follows the active tab, and the home page keeps the default.
export const meta: Route.MetaFunction = () => [{ title: DEFAULT_DOCUMENT_TITLE }];

const countBy = z.array(z.object({ key: z.string(), count: z.number() }));
const figuresSchema: z.ZodType<DashboardFigures> = z.object({
  studentsByStatus: countBy,
  studentsByGrade: countBy,
  receivablesOutstanding: z.array(z.object({ key: z.string(), count: z.number(), amount: z.string() })),
  paymentsByMonth: z.array(z.object({ month: z.string(), count: z.number(), amount: z.string() })),
  signupsThisMonth: z.number(),
  unreadNotices: z.number(),
});

const DICTS = ["student_status", "grade", "payer_type"] as const;

export async function loader(route: Route.LoaderArgs) {
  const { user, api } = await requireSignedIn(route);
  const greeting = greetingForHour(hourInZone(new Date(), schoolTimeZone()));
  const [figures, dicts] = await Promise.all([
    withRouteFailures(async () => (await api.get(DASHBOARD_FIGURES_API, figuresSchema)).result),
    withRouteFailures(() => dictOptionsByCode(api, DICTS)),
  ]);
  return { greeting, realname: user.realname, figures, dicts };
}

function labelOf(options: FieldOption[] | undefined, value: string): string {
  if (!value) return "未填写";
  return options?.find((option) => option.value === value)?.label ?? value;
}

export default function DashboardAnalysis({ loaderData }: Route.ComponentProps) {
  const { figures, dicts } = loaderData;
  const navigate = useNavigate();

  const currentMonth = figures.paymentsByMonth.at(-1);
  const active = figures.studentsByStatus.find((row) => row.key === "1")?.count ?? 0;
  const owedFen = sumFen(figures.receivablesOutstanding.map((row) => toFen(row.amount)));

  const paymentsOption = useMemo(
    () => ({
      tooltip: { trigger: "axis" },
      legend: { data: ["金额（元）", "笔数"] },
      grid: { left: 56, right: 40, top: 36, bottom: 28 },
      xAxis: { type: "category", data: figures.paymentsByMonth.map((row) => row.month) },
      yAxis: [{ type: "value", name: "元" }, { type: "value", name: "笔", minInterval: 1 }],
      series: [
        { name: "金额（元）", type: "bar", data: figures.paymentsByMonth.map((row) => Number(row.amount)) },
        { name: "笔数", type: "line", yAxisIndex: 1, data: figures.paymentsByMonth.map((row) => row.count) },
      ],
    }),
    [figures.paymentsByMonth],
  );
  const gradesOption = useMemo(
    () => ({
      tooltip: { trigger: "item" },
      series: [
        {
          type: "pie",
          radius: ["35%", "65%"],
          data: figures.studentsByGrade.map((row) => ({ name: labelOf(dicts.grade, row.key), value: row.count })),
        },
      ],
    }),
    [figures.studentsByGrade, dicts.grade],
  );

  return (
    <div style={{ display: "flex", flexDirection: "column", gap: 16 }}>
      <Card>
        <h3 className="ant-typography css-var-school" data-testid="greeting">
          {loaderData.greeting}，{loaderData.realname}，欢迎回来
        </h3>
        <div className="ant-typography ant-typography-secondary css-var-school">今天也是充满希望的一天。</div>
      </Card>

      <Row gutter={[16, 16]} data-testid="dashboard-figures">
        <Col xs={24} sm={12} lg={6}>
          <Card>
            <Figure testId="figure-active-students" title="在读学生" value={active} suffix="人" to={dashboardLinks.studentsWithStatus("1")} />
          </Card>
        </Col>
        <Col xs={24} sm={12} lg={6}>
          <Card>
            <Figure testId="figure-outstanding" title="待收应收（元）" value={formatMoney(owedFen)} to={dashboardLinks.outstandingReceivables()} />
          </Card>
        </Col>
        <Col xs={24} sm={12} lg={4}>
          <Card>
            <Figure
              testId="figure-payments-month"
              title="本月收款（元）"
              value={formatMoney(currentMonth?.amount ?? "0")}
              to={currentMonth ? dashboardLinks.paymentsInMonth(currentMonth.month) : "/billing/payment"}
            />
          </Card>
        </Col>
        <Col xs={12} sm={12} lg={4}>
          <Card>
            <Figure
              testId="figure-signups-month"
              title="本月报名"
              value={figures.signupsThisMonth}
              to={currentMonth ? dashboardLinks.signupsInMonth(currentMonth.month) : "/activity/signup"}
            />
          </Card>
        </Col>
        <Col xs={12} sm={12} lg={4}>
          <Card>
            <Figure testId="figure-unread" title="未读消息" value={figures.unreadNotices} to={dashboardLinks.unreadNotices()} />
          </Card>
        </Col>
      </Row>

      <Row gutter={[16, 16]}>
        <Col xs={24} lg={8}>
          <Card title="学生状态" style={{ height: "100%" }}>
            <FigureList
              testId="students-by-status"
              rows={figures.studentsByStatus.map((row) => ({
                key: row.key,
                label: labelOf(dicts.student_status, row.key),
                value: `${row.count} 人`,
                to: dashboardLinks.studentsWithStatus(row.key),
              }))}
            />
          </Card>
        </Col>
        <Col xs={24} lg={8}>
          <Card title="在读学生年级分布" style={{ height: "100%" }}>
            <FigureList
              testId="students-by-grade"
              rows={figures.studentsByGrade.map((row) => ({
                key: row.key,
                label: labelOf(dicts.grade, row.key),
                value: `${row.count} 人`,
                to: dashboardLinks.activeStudentsInGrade(row.key),
              }))}
            />
          </Card>
        </Col>
        <Col xs={24} lg={8}>
          <Card title="待收应收（按付款方类型）" style={{ height: "100%" }}>
            <FigureList
              testId="receivables-outstanding"
              rows={figures.receivablesOutstanding.map((row) => ({
                key: row.key,
                label: `${labelOf(dicts.payer_type, row.key)}（${row.count} 笔）`,
                value: `${formatMoney(row.amount)} 元`,
                to: dashboardLinks.outstandingReceivables(row.key),
              }))}
            />
          </Card>
        </Col>
      </Row>

      <Row gutter={[16, 16]}>
        <Col xs={24} lg={16}>
          <Card title="近 12 个月收款">
            <LazyChart
              label="近 12 个月收款"
              option={paymentsOption}
              onPick={(index) => {
                const month = figures.paymentsByMonth[index];
                if (month) void navigate(dashboardLinks.paymentsInMonth(month.month));
              }}
            />
            <ul data-testid="payments-by-month" style={{ listStyle: "none", margin: 0, padding: 0, display: "flex", flexWrap: "wrap", gap: "4px 16px" }}>
              {figures.paymentsByMonth.map((row) => (
                <li key={row.month}>
                  {row.month}：<Link to={dashboardLinks.paymentsInMonth(row.month)}>{formatMoney(row.amount)} 元（{row.count} 笔）</Link>
                </li>
              ))}
            </ul>
          </Card>
        </Col>
        <Col xs={24} lg={8}>
          <Card title="在读学生年级占比" style={{ height: "100%" }}>
            <LazyChart
              label="在读学生年级占比"
              option={gradesOption}
              onPick={(index) => {
                const grade = figures.studentsByGrade[index];
                if (grade) void navigate(dashboardLinks.activeStudentsInGrade(grade.key));
              }}
            />
          </Card>
        </Col>
      </Row>
    </div>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
