// /test/home (docs/spec/app-shell.md §2 static routes: the test page): a plain signed-in page that
// greets the user, with links to the dashboards and the account centre.
import { Link } from "react-router";
import { Card, Typography } from "antd";
import type { Route } from "./+types/home";
import { greetingForHour, hourInZone } from "#contract/greeting";
import { ACCOUNT_CENTER_PAGE } from "#contract/account-pages";
import { CHART_PAGE, DASHBOARD_PAGE, MONITOR_DASHBOARD_PAGE, TASK_PAGE, WORKPLACE_PAGE } from "#contract/dashboard";
import { requireSignedIn } from "~/services/auth.server";
import { appOf } from "~/services/app-context.server";
import { RouteErrorBoundary } from "~/components/shell/route-error-boundary";

export async function loader(route: Route.LoaderArgs) {
  const { user } = await requireSignedIn(route);
  return { greeting: greetingForHour(hourInZone(new Date(), appOf(route.context).config.schoolTimeZone)), realname: user.realname };
}

export const meta: Route.MetaFunction = () => [{ title: "测试页面" }];

const LINKS = [
  { to: DASHBOARD_PAGE, title: "首页" },
  { to: WORKPLACE_PAGE, title: "工作台" },
  { to: CHART_PAGE, title: "图表" },
  { to: TASK_PAGE, title: "任务" },
  { to: MONITOR_DASHBOARD_PAGE, title: "监控" },
  { to: ACCOUNT_CENTER_PAGE, title: "个人中心" },
];

export default function TestHome({ loaderData }: Route.ComponentProps) {
  return (
    <Card>
      <Typography.Title level={3} data-testid="test-home">
        测试页面
      </Typography.Title>
      <Typography.Paragraph>
        {loaderData.greeting}，{loaderData.realname}
      </Typography.Paragraph>
      <ul>
        {LINKS.map((link) => (
          <li key={link.to}>
            <Link to={link.to}>{link.title}</Link>
          </li>
        ))}
      </ul>
    </Card>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
