// 任务 (/dashboard/task, issue #17 part 8): a board of what awaits whom — one column per kind of
// pending work with its count (a link to the filtered list) and the users who can do it.
import { Link } from "react-router";
import { Card, Col, Empty, Row, Statistic, Tag } from "antd";
import type { Route } from "./+types/task";
import { loadBoard, taskSchema } from "~/services/dashboard.server";
import { RouteErrorBoundary } from "~/components/shell/route-error-boundary";
import { pendingWorkLinks } from "~/components/dashboard/dashboard-links";

export const loader = (route: Route.LoaderArgs) => loadBoard(route, "task", taskSchema, "任务");

export const meta: Route.MetaFunction = ({ data }) => [{ title: data?.title ?? "任务" }];

export default function TaskBoard({ loaderData }: Route.ComponentProps) {
  return (
    <Row gutter={[16, 16]} data-testid="task-board">
      {loaderData.figures.map((column) => (
        <Col key={column.kind} xs={24} md={12} xl={6}>
          <Card title={column.title} style={{ height: "100%" }} data-testid={`task-${column.kind}`}>
            <Link to={pendingWorkLinks[column.kind]()} data-testid={`task-link-${column.kind}`} style={{ display: "block" }}>
              <Statistic title="待处理" value={column.count} suffix="项" />
            </Link>
            <div style={{ marginTop: 12 }}>
              <div className="ant-typography ant-typography-secondary">处理人</div>
              {column.assignees.length === 0 ? (
                <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="无人可处理" />
              ) : (
                column.assignees.map((name) => <Tag key={name}>{name}</Tag>)
              )}
            </div>
          </Card>
        </Col>
      ))}
    </Row>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
