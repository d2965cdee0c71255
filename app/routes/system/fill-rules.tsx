// 填值规则 (/isystem/fillRule): code-number rules (prefix + date + sequence) on the list engine,
// from their module definition (contract/modules/fill-rule.ts).
import { fillRuleModule } from "#contract/modules/fill-rule";
import type { Route } from "./+types/fill-rules";
import { ModuleListPage } from "~/components/widgets/list/module-list-page";
import { modulePage } from "~/components/widgets/list/module-page";
import { RouteErrorBoundary } from "~/components/shell/route-error-boundary";
import { listAction } from "~/services/list.server";
import { loadModulePage } from "~/services/module-page.server";

const page = modulePage(fillRuleModule, { columns: { ruleName: { width: 160 }, ruleCode: { width: 160 }, createTime: { width: 170 } } });

export const loader = (route: Route.LoaderArgs) => loadModulePage(route, page, "填值规则");

export const action = (route: Route.ActionArgs) => listAction(route, page.list);

export const meta: Route.MetaFunction = ({ data }) => [{ title: data?.title ?? "填值规则" }];

export default function FillRulesPage({ loaderData }: Route.ComponentProps) {
  return <ModuleListPage page={page} data={loaderData} form={{ defaults: { ruleClass: "serial", seqDigits: "4", resetCycle: "never" } }} />;
}

export const ErrorBoundary = RouteErrorBoundary;
