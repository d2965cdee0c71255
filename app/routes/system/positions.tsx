// 职务管理 (/isystem/position): positions on the list engine, from their module definition. Codes
// are unique per tenant and fixed once created (the form asks the duplicate check and the check
// rule first; the backend applies both again).
import type { Route } from "./+types/positions";
import { ModuleListPage } from "~/components/widgets/list/module-list-page";
import { RouteErrorBoundary } from "~/components/shell/route-error-boundary";
import { listAction } from "~/services/list.server";
import { loadModulePage } from "~/services/module-page.server";
import { positionPage as page } from "./positions.data";

export const loader = (route: Route.LoaderArgs) => loadModulePage(route, page, "职务管理");

export const action = (route: Route.ActionArgs) => listAction(route, page.list);

export const meta: Route.MetaFunction = ({ data }) => [{ title: data?.title ?? "职务管理" }];

export default function PositionsPage({ loaderData }: Route.ComponentProps) {
  return <ModuleListPage page={page} data={loaderData} formWidth={700} />;
}

export const ErrorBoundary = RouteErrorBoundary;
