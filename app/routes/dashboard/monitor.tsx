// 监控 (/dashboard/monitor, issue #17 part 8): the tenant's online users, its requests per minute over
// the last hour and its job runs of the last 24 hours; each figure links to its monitoring list.
import { useMemo } from "react";
import { Link, useRevalidator } from "react-router";
import { Badge, Button, Card, Col, Row, Table } from "antd";
import ReloadOutlined from "@ant-design/icons/ReloadOutlined";
import type { Route } from "./+types/monitor";
import { loadBoard, monitorSchema } from "~/services/dashboard.server";
import { RouteErrorBoundary } from "~/components/shell/route-error-boundary";
import { Figure, LazyChart } from "~/components/dashboard/figures";
import { boardLinks } from "~/components/dashboard/dashboard-links";

export const loader = (route: Route.LoaderArgs) => loadBoard(route, "monitor", monitorSchema, "监控");

export const meta: Route.MetaFunction = ({ data }) => [{ title: data?.title ?? "监控" }];

// A coloured dot beside dark text: coloured tag text fails the contrast check (axe color-contrast).
const OUTCOME: Record<string, { label: string; status: "success" | "error" | "processing" }> = {
  success: { label: "成功", status: "success" },
  failed: { label: "失败", status: "error" },
  running: { label: "运行中", status: "processing" },
};

export default function MonitorBoard({ loaderData }: Route.ComponentProps) {
  const { figures } = loaderData;
  const revalidator = useRevalidator();
  const lastHour = figures.requestsPerMinute.reduce((sum, minute) => sum + minute.requests, 0);
  const runs = figures.jobRuns.reduce((sum, row) => sum + row.count, 0);
  const failed = figures.jobRuns.find((row) => row.outcome === "failed")?.count ?? 0;
  const option = useMemo(
    () => ({
      tooltip: { trigger: "axis" },
      legend: { data: ["请求数", "错误数"] },
      xAxis: { type: "category", data: figures.requestsPerMinute.map((row) => row.minute) },
      yAxis: { type: "value", minInterval: 1 },
      series: [
        { name: "请求数", type: "line", data: figures.requestsPerMinute.map((row) => row.requests) },
        { name: "错误数", type: "line", data: figures.requestsPerMinute.map((row) => row.errors) },
      ],
    }),
    [figures.requestsPerMinute],
  );
  return (
    <div style={{ display: "flex", flexDirection: "column", gap: 16 }}>
      <Card
        extra={
          <Button icon={<ReloadOutlined />} loading={revalidator.state !== "idle"} onClick={() => void revalidator.revalidate()}>
            刷新
          </Button>
        }
        title="概况"
      >
        <Row gutter={[16, 16]} data-testid="monitor-figures">
          <Col xs={12} lg={6}>
            <Figure testId="monitor-online" title="在线用户" value={figures.onlineUsers} suffix="人" to={boardLinks.onlineUsers()} />
          </Col>
          <Col xs={12} lg={6}>
            <Figure testId="monitor-requests" title="近 1 小时请求" value={lastHour} suffix="次" to={boardLinks.requests()} />
          </Col>
          <Col xs={12} lg={6}>
            <Figure testId="monitor-runs" title="24 小时任务运行" value={runs} suffix="次" to={boardLinks.jobRuns()} />
          </Col>
          <Col xs={12} lg={6}>
            <Figure testId="monitor-failed-runs" title="24 小时失败运行" value={failed} suffix="次" to={boardLinks.jobRuns()} />
          </Col>
        </Row>
      </Card>
      <Card title="每分钟请求数（近 1 小时）">
        <LazyChart label="每分钟请求数" option={option} />
      </Card>
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={10}>
          <Card title="在线用户" extra={<Link to={boardLinks.onlineUsers()}>全部</Link>}>
            <Table
              rowKey="username"
              size="small"
              pagination={false}
              dataSource={figures.onlineSessions}
              columns={[
                { title: "账号", dataIndex: "username" },
                { title: "姓名", dataIndex: "realname" },
                { title: "最后活动", dataIndex: "lastActive" },
              ]}
            />
          </Card>
        </Col>
        <Col xs={24} lg={14}>
          <Card title="最近任务运行" extra={<Link to={boardLinks.jobRuns()}>定时任务</Link>}>
            <Table
              rowKey={(row) => `${row.jobId}-${row.startTime}`}
              size="small"
              pagination={false}
              dataSource={figures.recentRuns}
              columns={[
                { title: "任务", dataIndex: "job" },
                {
                  title: "结果",
                  dataIndex: "outcome",
                  render: (value: string) => <Badge status={OUTCOME[value]?.status ?? "default"} text={OUTCOME[value]?.label ?? value} />,
                },
                { title: "开始时间", dataIndex: "startTime" },
                { title: "耗时(ms)", dataIndex: "ms" },
              ]}
            />
          </Card>
        </Col>
      </Row>
    </div>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
