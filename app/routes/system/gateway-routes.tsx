// 网关路由 (/isystem/gatewayRoute): the reverse-proxy routes every web server applies
// (contract/modules/gateway-route.ts, server/gateway.ts, docs/decisions/061) on the list engine.
// Only a platform administrator manages them; the backend refuses the others.
import { gatewayRouteModule } from "#contract/modules/gateway-route";
import type { Route } from "./+types/gateway-routes";
import { ModuleListPage } from "~/components/widgets/list/module-list-page";
import { modulePage } from "~/components/widgets/list/module-page";
import { RouteErrorBoundary } from "~/components/shell/route-error-boundary";
import { listAction } from "~/services/list.server";
import { loadModulePage } from "~/services/module-page.server";

const page = modulePage(gatewayRouteModule, {
  columns: { routerId: { width: 140 }, name: { width: 160 }, predicates: { width: 180 }, uri: { width: 260 }, createTime: { width: 170 } },
  form: { predicates: { placeholder: "/demo/**" }, uri: { placeholder: "http://127.0.0.1:8081" } },
});

export const loader = (route: Route.LoaderArgs) => loadModulePage(route, page, "网关路由");

export const action = (route: Route.ActionArgs) => listAction(route, page.list);

export const meta: Route.MetaFunction = ({ data }) => [{ title: data?.title ?? "网关路由" }];

export default function GatewayRoutesPage({ loaderData }: Route.ComponentProps) {
  return <ModuleListPage page={page} data={loaderData} form={{ defaults: { stripPrefix: "1", status: "1" } }} />;
}

export const ErrorBoundary = RouteErrorBoundary;
