// Home (/dashboard/analysis): the greeting by hour (spec/app-shell.md §9) and the user's name.
import { Card, Typography } from "antd";
import type { Route } from "./+types/dashboard-analysis";
import { greetingForHour, hourInZone } from "#contract/greeting";
import { requireSignedIn } from "~/services/auth.server";
import { schoolTimeZone } from "~/services/env.server";
import { DEFAULT_DOCUMENT_TITLE } from "~/config";
import { RouteErrorBoundary } from "~/components/route-error-boundary";

// spec/app-shell.md §1: the document title follows the active tab, and the home page keeps the default.
export const meta: Route.MetaFunction = () => [{ title: DEFAULT_DOCUMENT_TITLE }];

export async function loader(route: Route.LoaderArgs) {
  const { user } = await requireSignedIn(route);
  const greeting = greetingForHour(hourInZone(new Date(), schoolTimeZone()));
  return { greeting, realname: user.realname };
}

export default function DashboardAnalysis({ loaderData }: Route.ComponentProps) {
  return (
    <Card>
      <Typography.Title level={3} data-testid="greeting">
        {loaderData.greeting}，{loaderData.realname}，欢迎回来
      </Typography.Title>
      <Typography.Paragraph type="secondary">今天也是充满希望的一天。</Typography.Paragraph>
    </Card>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
