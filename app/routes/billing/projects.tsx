// 收费项目 (/billing/project): the project module's page (contract/modules/billing.ts), with the
// project's price by grade on a grid in its form (a grade without a row pays the unit price) and its
// sibling discount (比例 or 金额).
import { useCallback, useMemo } from "react";
import type { Route } from "./+types/projects";
import { ModuleListPage } from "~/components/widgets/list/module-list-page";
import { checkedRows, modulePage, withRowsField } from "~/components/widgets/list/module-page";
import type { FormField } from "~/components/widgets/list/types";
import { RouteErrorBoundary } from "~/components/shell/route-error-boundary";
import { ProjectPricesField } from "~/components/billing/project-prices-field";
import { projectModule, projectPricesProblem, type ProjectPriceInput } from "#contract/modules/billing";
import { listAction } from "~/services/list.server";
import { projectPrices } from "~/services/form-details.server";
import { loadModulePage } from "~/services/module-page.server";

const page = withRowsField(modulePage(projectModule, { columns: { code: { width: 140 }, unitPrice: { width: 120 } } }), "prices", {
  schema: checkedRows<ProjectPriceInput>(projectPricesProblem),
});

export const loader = (route: Route.LoaderArgs) => loadModulePage(route, page, "收费项目", [], projectPrices);
export const action = (route: Route.ActionArgs) => listAction(route, page.list);
export const meta: Route.MetaFunction = ({ data }) => [{ title: data?.title ?? "收费项目" }];

export default function ProjectsPage({ loaderData }: Route.ComponentProps) {
  const form = useMemo(() => ({ detailUrl: "/api/billing/project-prices", defaults: { active: "1", prices: "[]" } }), []);
  const formFields = useCallback(
    (fields: FormField[]): FormField[] => [
      ...fields,
      { name: "prices", label: "年级价格", kind: "custom", rows: true, wide: true, render: ({ mode }) => <ProjectPricesField disabled={mode === "detail"} /> },
    ],
    [],
  );
  return <ModuleListPage page={page} data={loaderData} formFields={formFields} form={form} />;
}

export const ErrorBoundary = RouteErrorBoundary;
