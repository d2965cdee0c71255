// Home (/dashboard/analysis): the greeting by hour (spec/app-shell.md §9) and the user's name.
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

// Plain markup in antd's card and typography classes: the home page is the first page after
// sign-in, and these two components alone weigh about 11 KB of JS (docs/decisions/002).
export default function DashboardAnalysis({ loaderData }: Route.ComponentProps) {
  return (
    <div className="ant-card ant-card-bordered css-var-school">
      <div className="ant-card-body">
        <h3 className="ant-typography css-var-school" data-testid="greeting">
          {loaderData.greeting}，{loaderData.realname}，欢迎回来
        </h3>
        <div className="ant-typography ant-typography-secondary css-var-school">今天也是充满希望的一天。</div>
      </div>
    </div>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
