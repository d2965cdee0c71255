// 企业 (/school/corporation): the employers that pay fees (contract/modules/people.ts).
import { corporationModule } from "#contract/modules/people";
import type { Route } from "./+types/corporations";
import { ModuleListPage } from "~/components/widgets/list/module-list-page";
import { modulePage } from "~/components/widgets/list/module-page";
import { RouteErrorBoundary } from "~/components/shell/route-error-boundary";
import { listAction } from "~/services/list.server";
import { loadModulePage } from "~/services/module-page.server";

const page = modulePage(corporationModule, { columns: { name: { width: 240 } } });

export const loader = (route: Route.LoaderArgs) => loadModulePage(route, page, "企业");

export const action = (route: Route.ActionArgs) => listAction(route, page.list);

export const meta: Route.MetaFunction = ({ data }) => [{ title: data?.title ?? "企业" }];

export default function CorporationsPage({ loaderData }: Route.ComponentProps) {
  return <ModuleListPage page={page} data={loaderData} form={{ defaults: { status: "1" } }} />;
}

export const ErrorBoundary = RouteErrorBoundary;
