// 工作台 (/dashboard/workplace, issue #17 part 8): the signed-in user's pending work — sign-ups to
// confirm, vouchers to post, failed mails (each only when the user may do it), unread notices —
// and his most opened pages. Every number links to the list filtered to it.
import { Link } from "react-router";
import { Card, Col, Row } from "antd";
import type { Route } from "./+types/workplace";
import { PENDING_WORK } from "#contract/dashboard";
import { loadBoard, workplaceSchema } from "~/services/dashboard.server";
import { RouteErrorBoundary } from "~/components/shell/route-error-boundary";
import { Figure } from "~/components/dashboard/figures";
import { boardLinks, dashboardLinks } from "~/components/dashboard/dashboard-links";

export const loader = (route: Route.LoaderArgs) => loadBoard(route, "workplace", workplaceSchema, "工作台");

export const meta: Route.MetaFunction = ({ data }) => [{ title: data?.title ?? "工作台" }];

export default function Workplace({ loaderData }: Route.ComponentProps) {
  const { figures } = loaderData;
  const pending = [
    { key: "signups", title: PENDING_WORK.signupsToConfirm.title, value: figures.signupsToConfirm, to: boardLinks.pendingSignups() },
    { key: "vouchers", title: PENDING_WORK.vouchersToPost.title, value: figures.vouchersToPost, to: boardLinks.draftVouchers() },
    { key: "mails", title: PENDING_WORK.failedMails.title, value: figures.failedMails, to: boardLinks.failedMails() },
    { key: "unread", title: "未读消息", value: figures.unreadNotices, to: dashboardLinks.unreadNotices() },
  ].filter((item) => item.value !== null);
  return (
    <div style={{ display: "flex", flexDirection: "column", gap: 16 }}>
      <Card title="我的待办">
        <Row gutter={[16, 16]} data-testid="workplace-figures">
          {pending.map((item) => (
            <Col key={item.key} xs={12} lg={6}>
              <Figure testId={`workplace-${item.key}`} title={item.title} value={item.value ?? 0} to={item.to} />
            </Col>
          ))}
        </Row>
      </Card>
      <Card title="常用页面">
        {figures.frequentPages.length === 0 ? (
          <div className="ant-typography ant-typography-secondary">暂无数据</div>
        ) : (
          <ul data-testid="frequent-pages" style={{ display: "flex", flexWrap: "wrap", gap: "8px 24px", listStyle: "none", margin: 0, padding: 0 }}>
            {figures.frequentPages.map((page) => (
              <li key={page.path}>
                <Link to={page.path}>{page.title}</Link>
                <span className="ant-typography ant-typography-secondary">（{page.visits} 次）</span>
              </li>
            ))}
          </ul>
        )}
      </Card>
    </div>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
