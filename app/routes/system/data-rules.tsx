// 数据规则 (/isystem/dataRule, the original's PermissionDataRuleList): the row-level rules of the
// menus on the list engine, from their module definition (contract/modules/data-rule.ts). 菜单管理
// links here with `?permissionId=` for one menu's rules; a role then chooses which apply to it.
import { dataRuleModule } from "#contract/modules/data-rule";
import type { Route } from "./+types/data-rules";
import { ModuleListPage } from "~/components/widgets/list/module-list-page";
import { modulePage } from "~/components/widgets/list/module-page";
import { RouteErrorBoundary } from "~/components/shell/route-error-boundary";
import { listAction } from "~/services/list.server";
import { loadModulePage } from "~/services/module-page.server";

const page = modulePage(dataRuleModule, {
  columns: { permissionId: { width: 160 }, ruleName: { width: 160 }, ruleColumn: { width: 140 }, ruleValue: { width: 200 }, createTime: { width: 170 } },
});

export const loader = (route: Route.LoaderArgs) => loadModulePage(route, page, "数据规则");

export const action = (route: Route.ActionArgs) => listAction(route, page.list);

export const meta: Route.MetaFunction = ({ data }) => [{ title: data?.title ?? "数据规则" }];

export default function DataRulesPage({ loaderData }: Route.ComponentProps) {
  const menu = loaderData.list.state.filters?.permissionId;
  return <ModuleListPage page={page} data={loaderData} form={{ defaults: { status: "1", ruleConditions: "=", ...(menu ? { permissionId: menu } : {}) } }} />;
}

export const ErrorBoundary = RouteErrorBoundary;
