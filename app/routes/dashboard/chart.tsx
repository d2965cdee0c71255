// 图表 (/dashboard/chart, issue #17 part 8): the school's figures over the last 12 months — students
// enrolled, sign-ups, payments (count and amount, 冲销 left out) — as a chart loaded after
// hydration and as a table whose every number links to the list of that month.
import { useMemo } from "react";
import { Link, useNavigate } from "react-router";
import { Card, Table } from "antd";
import type { Route } from "./+types/chart";
import type { ChartMonth } from "#contract/dashboard";
import { chartSchema, loadBoard } from "~/services/dashboard.server";
import { RouteErrorBoundary } from "~/components/shell/route-error-boundary";
import { LazyChart } from "~/components/dashboard/figures";
import { boardLinks, dashboardLinks } from "~/components/dashboard/dashboard-links";
import { formatMoney } from "#contract/money";

export const loader = (route: Route.LoaderArgs) => loadBoard(route, "chart", chartSchema, "图表");

export const meta: Route.MetaFunction = ({ data }) => [{ title: data?.title ?? "图表" }];

export default function ChartBoard({ loaderData }: Route.ComponentProps) {
  const months = loaderData.figures;
  const navigate = useNavigate();
  const option = useMemo(
    () => ({
      tooltip: { trigger: "axis" },
      legend: { data: ["入学人数", "报名人数", "收款笔数", "收款金额（元）"] },
      xAxis: { type: "category", data: months.map((row) => row.month) },
      yAxis: [{ type: "value", name: "人 / 笔", minInterval: 1 }, { type: "value", name: "元" }],
      series: [
        { name: "入学人数", type: "bar", data: months.map((row) => row.enrolled) },
        { name: "报名人数", type: "bar", data: months.map((row) => row.signups) },
        { name: "收款笔数", type: "bar", data: months.map((row) => row.payments) },
        { name: "收款金额（元）", type: "line", yAxisIndex: 1, data: months.map((row) => Number(row.paymentAmount)) },
      ],
    }),
    [months],
  );
  return (
    <div style={{ display: "flex", flexDirection: "column", gap: 16 }}>
      <Card title="近 12 个月">
        <LazyChart
          label="近 12 个月入学、报名与收款"
          option={option}
          onPick={(index) => {
            const month = months[index];
            if (month) void navigate(dashboardLinks.paymentsInMonth(month.month));
          }}
        />
      </Card>
      <Card title="按月明细">
        {/* Months and amounts stay on one line (2026-11, 4,073,565.70); on a phone the table scrolls
            sideways in a region of its own that the keyboard reaches, the page does not (issue #30). */}
        <div role="region" aria-label="按月明细" tabIndex={0} style={{ overflowX: "auto" }}>
          <Table<ChartMonth>
            rowKey="month"
            size="small"
            pagination={false}
            dataSource={[...months].reverse()}
            data-testid="chart-months"
            style={{ whiteSpace: "nowrap" }}
            columns={[
              { title: "月份", dataIndex: "month" },
              { title: "入学人数", dataIndex: "enrolled", align: "right", render: (value: number, row) => <Link to={boardLinks.enrolledInMonth(row.month)}>{value}</Link> },
              { title: "报名人数", dataIndex: "signups", align: "right", render: (value: number, row) => <Link to={dashboardLinks.signupsInMonth(row.month)}>{value}</Link> },
              { title: "收款笔数", dataIndex: "payments", align: "right", render: (value: number, row) => <Link to={dashboardLinks.paymentsInMonth(row.month)}>{value}</Link> },
              {
                title: "收款金额（元）",
                dataIndex: "paymentAmount",
                align: "right",
                render: (value: string, row) => <Link to={dashboardLinks.paymentsInMonth(row.month)}>{formatMoney(value)}</Link>,
              },
            ]}
          />
        </div>
      </Card>
    </div>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
