// 访问控制 (/isystem/accessRule, issue #34 item 4): allow and block lists of client addresses and
// networks (contract/modules/access-rule.ts, docs/decisions/134) on the list engine. Only a platform
// administrator manages them; the backend refuses the others and any rule that would shut out the
// address it is saved from.
import { accessRuleModule } from "#contract/modules/access-rule";
import type { Route } from "./+types/access-rules";
import { ModuleListPage } from "~/components/widgets/list/module-list-page";
import { modulePage } from "~/components/widgets/list/module-page";
import { RouteErrorBoundary } from "~/components/shell/route-error-boundary";
import { listAction } from "~/services/list.server";
import { loadModulePage } from "~/services/module-page.server";

const page = modulePage(accessRuleModule, {
  columns: { ruleType: { width: 110 }, address: { width: 220 }, tenantId: { width: 100 }, status: { width: 90 }, createTime: { width: 170 } },
  form: { address: { placeholder: "192.168.1.10、10.0.0.0/8 或 2001:db8::/32" }, tenantId: { placeholder: "0 表示平台（所有租户）" } },
});

export const loader = (route: Route.LoaderArgs) => loadModulePage(route, page, "访问控制");

export const action = (route: Route.ActionArgs) => listAction(route, page.list);

export const meta: Route.MetaFunction = ({ data }) => [{ title: data?.title ?? "访问控制" }];

export default function AccessRulesPage({ loaderData }: Route.ComponentProps) {
  return <ModuleListPage page={page} data={loaderData} form={{ defaults: { ruleType: "block", tenantId: "0", status: "1" } }} />;
}

export const ErrorBoundary = RouteErrorBoundary;
