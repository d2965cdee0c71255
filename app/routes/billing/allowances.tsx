// 补贴 (/billing/allowance): the allowance module's page (contract/modules/billing.ts): an amount
// or a percent of one project, for a corporation's students (or one of them) in one term.
import type { Route } from "./+types/allowances";
import { ModuleListPage } from "~/components/widgets/list/module-list-page";
import { modulePage } from "~/components/widgets/list/module-page";
import { RouteErrorBoundary } from "~/components/shell/route-error-boundary";
import { allowanceModule } from "#contract/modules/billing";
import { listAction } from "~/services/list.server";
import { loadModulePage } from "~/services/module-page.server";

const page = modulePage(allowanceModule, { columns: { schoolYear: { width: 110 }, amount: { width: 110 } } });

export const loader = (route: Route.LoaderArgs) => loadModulePage(route, page, "补贴");
export const action = (route: Route.ActionArgs) => listAction(route, page.list);
export const meta: Route.MetaFunction = ({ data }) => [{ title: data?.title ?? "补贴" }];

export default function AllowancesPage({ loaderData }: Route.ComponentProps) {
  return <ModuleListPage page={page} data={loaderData} form={{ defaults: { status: "1", term: "1" } }} />;
}

export const ErrorBoundary = RouteErrorBoundary;
