// 报表配置 (/online/cgreport, the report head list of docs/spec/app-shell.md §2): online reports on
// the list engine from their module definition (contract/modules/online-report.ts). The form holds
// the SQL, 解析SQL and the grids of columns and parameters; 功能测试 opens the report's page and
// 生成菜单 adds it to the menu. The backend checks the SQL again on every save and run.
import { useCallback, useMemo } from "react";
import { useFetcher, useNavigate } from "react-router";
import { z } from "zod";
import { onlineReportModule, reportPagePath, type ReportItem, type ReportParam } from "#contract/modules/online-report";
import type { Route } from "./+types/report-heads";
import { ModuleListPage } from "~/components/widgets/list/module-list-page";
import { modulePage, postedRows } from "~/components/widgets/list/module-page";
import type { FormField, RowAction } from "~/components/widgets/list/types";
import { ParseSqlButton, ReportItemsField, ReportParamsField } from "~/components/online/report/report-fields";
import { RouteErrorBoundary } from "~/components/shell/route-error-boundary";
import { listAction, postRowId, type ListRecord } from "~/services/list.server";
import { reportDetails } from "~/services/form-details.server";
import { loadModulePage } from "~/services/module-page.server";

const RETURN_TYPES = [
  { value: "1", label: "单选" },
  { value: "2", label: "多选" },
];

const derived = modulePage(onlineReportModule, {
  columns: { code: { width: 160 }, name: { width: 180 }, content: { width: 240 }, createTime: { width: 170 } },
  form: {
    cgrSql: { placeholder: "select id, name from school_student where name like '%${name}%'" },
    returnType: { kind: "select", options: RETURN_TYPES },
  },
});
// The grids post their rows as named fields (`items[0].fieldName`, docs/decisions/192); every cell
// is text, as the backend's rows are.
const page = derived.extendForm({ items: postedRows(), params: postedRows(), parse: z.string().optional() }, ({ items, params, parse: _parse, ...values }, id, base) => ({
  ...base(values, id),
  items,
  params,
}));
const REPORT_FETCHER = "online-report-list";

export const loader = (route: Route.LoaderArgs) => loadModulePage(route, page, "报表配置", [], reportDetails);

export const action = (route: Route.ActionArgs) =>
  listAction(route, page.list, {
    menu: postRowId("/online/cgreport/head/addMenu", "已生成菜单"),
  });

export const meta: Route.MetaFunction = ({ data }) => [{ title: data?.title ?? "报表配置" }];

export default function ReportHeadsPage({ loaderData }: Route.ComponentProps) {
  const fetcher = useFetcher({ key: REPORT_FETCHER });
  const navigate = useNavigate();
  const rowActions = useMemo<RowAction<ListRecord>[]>(
    () => [
      { key: "test", label: "功能测试", run: (row) => void navigate(reportPagePath(row.id)) },
      {
        key: "menu",
        label: "生成菜单",
        permission: "onlCgreport:menu",
        confirm: "确定把该报表加入菜单吗?",
        run: (row) => void fetcher.submit({ intent: "menu", id: row.id }, { method: "post" }),
      },
    ],
    // The fetcher's submit and navigate are stable.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [],
  );
  const form = useMemo(() => ({ detailUrl: "/api/online/report-details", defaults: { items: "[]", params: "[]", returnType: "1" } }), []);
  const formFields = useCallback((fields: FormField[]): FormField[] => {
    const withParse = fields.flatMap((field): FormField[] =>
      field.name === "cgrSql" ? [field, { name: "parse", label: " ", kind: "custom", render: ({ mode }) => <ParseSqlButton disabled={mode === "detail"} /> }] : [field],
    );
    return [
      ...withParse,
      { name: "params", label: "报表参数", kind: "custom", wide: true, rows: true, render: ({ mode }) => <ReportParamsField disabled={mode === "detail"} /> },
      { name: "items", label: "报表字段", kind: "custom", wide: true, rows: true, render: ({ mode }) => <ReportItemsField disabled={mode === "detail"} /> },
    ];
  }, []);
  return <ModuleListPage page={page} data={loaderData} formFields={formFields} fetcherKey={REPORT_FETCHER} rowActions={rowActions} form={form} />;
}

export const ErrorBoundary = RouteErrorBoundary;
