// 租户管理 (/isystem/tenant): the schools of the installation on the list engine, from their module
// definition (contract/modules/tenant.ts). Only a platform administrator changes them; the
// backend refuses the others and the deletion of a tenant that still has users.
import { tenantModule } from "#contract/modules/tenant";
import type { Route } from "./+types/tenants";
import { ModuleListPage } from "~/components/widgets/list/module-list-page";
import { modulePage } from "~/components/widgets/list/module-page";
import { RouteErrorBoundary } from "~/components/shell/route-error-boundary";
import { listAction } from "~/services/list.server";
import { loadModulePage } from "~/services/module-page.server";

const page = modulePage(tenantModule, { columns: { id: { width: 100 }, name: { width: 200 }, createTime: { width: 170 } } });

export const loader = (route: Route.LoaderArgs) => loadModulePage(route, page, "租户管理");

export const action = (route: Route.ActionArgs) => listAction(route, page.list);

export const meta: Route.MetaFunction = ({ data }) => [{ title: data?.title ?? "租户管理" }];

export default function TenantsPage({ loaderData }: Route.ComponentProps) {
  return <ModuleListPage page={page} data={loaderData} form={{ defaults: { status: "1" } }} />;
}

export const ErrorBoundary = RouteErrorBoundary;
