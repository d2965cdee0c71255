// 收费项目 (/billing/project): the project module's page (contract/modules/billing.ts).
import type { Route } from "./+types/projects";
import { ModuleListPage } from "~/components/widgets/list/module-list-page";
import { modulePage } from "~/components/widgets/list/module-page";
import { RouteErrorBoundary } from "~/components/shell/route-error-boundary";
import { projectModule } from "#contract/modules/billing";
import { listAction } from "~/services/list.server";
import { loadModulePage } from "~/services/module-page.server";

const page = modulePage(projectModule, { columns: { code: { width: 140 }, unitPrice: { width: 120 } } });

export const loader = (route: Route.LoaderArgs) => loadModulePage(route, page, "收费项目");
export const action = (route: Route.ActionArgs) => listAction(route, page.list);
export const meta: Route.MetaFunction = ({ data }) => [{ title: data?.title ?? "收费项目" }];

export default function ProjectsPage({ loaderData }: Route.ComponentProps) {
  return <ModuleListPage page={page} data={loaderData} form={{ defaults: { active: "1" } }} />;
}

export const ErrorBoundary = RouteErrorBoundary;
