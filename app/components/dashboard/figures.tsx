// The dashboards' parts (首页 and 工作台 / 图表 / 任务 / 监控): a number that is a link to its filtered
// list, a list of such numbers, and a chart whose code (echarts) loads as a chunk of its own once the
// browser is idle after hydration, so that the numbers never wait for it (docs/decisions/047, 173).
import { lazy, Suspense, type ReactNode } from "react";
import { Link } from "react-router";
import { Statistic } from "antd";
import type { ChartProps } from "./dashboard-charts";
import { useIdle } from "~/lib/when-idle";

const DashboardChart = lazy(() => import("./dashboard-charts"));

/** A figure: a Statistic that is a link to its filtered list. */
export function Figure({ title, value, to, suffix, testId }: { title: string; value: ReactNode; to: string; suffix?: string; testId: string }) {
  return (
    <Link to={to} data-testid={testId} className="dashboard-figure" style={{ display: "block" }}>
      <Statistic title={title} value={value as string} suffix={suffix} />
    </Link>
  );
}

/** A list of counts, each a link. */
export function FigureList({ rows, testId }: { rows: Array<{ key: string; label: string; value: string; to: string }>; testId: string }) {
  if (rows.length === 0) return <div className="ant-typography ant-typography-secondary">暂无数据</div>;
  return (
    <ul data-testid={testId} style={{ listStyle: "none", margin: 0, padding: 0 }}>
      {rows.map((row) => (
        <li key={row.key} style={{ display: "flex", justifyContent: "space-between", padding: "4px 0" }}>
          <span>{row.label}</span>
          <Link to={row.to}>{row.value}</Link>
        </li>
      ))}
    </ul>
  );
}


/** An echarts chart, loaded when the browser is idle after hydration; a placeholder of its height until then. */
export function LazyChart(props: ChartProps) {
  const idle = useIdle();
  const placeholder = <div style={{ height: 280 }} />;
  return idle ? (
    <Suspense fallback={placeholder}>
      <DashboardChart {...props} />
    </Suspense>
  ) : (
    placeholder
  );
}
