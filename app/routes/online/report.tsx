// A report's own page (/online/cgreport/:id, the report auto list of docs/spec/app-shell.md §2): the
// list engine over getData, its columns from getRpColumns, its parameters (`self_<name>`) and query
// fields (getQueryInfo) as the search bar, 导出 through the report's exportXls. Opened from the
// report's menu entry (生成菜单) or, by 报表配置's holders, from 报表配置's 功能测试.
import { useMemo } from "react";
import { z } from "zod";
import { reportApi, type ReportColumns, type ReportQueryField } from "#contract/modules/online-report";
import type { Route } from "./+types/report";
import { ListPage, type ListColumn } from "~/components/widgets/list/list-page";
import type { SearchField } from "~/components/widgets/list/types";
import { RouteErrorBoundary } from "~/components/shell/route-error-boundary";
import { loadList } from "~/services/list.server";
import { requireMenuPage } from "~/services/menu-access.server";
import { withRouteFailures } from "~/services/route-errors.server";
import type { RouteRequest } from "~/services/auth.server";

const columnsSchema = z.custom<ReportColumns>((value) => typeof value === "object" && value !== null && Array.isArray((value as ReportColumns).columns));
const queryInfoSchema = z.array(z.custom<ReportQueryField>((value) => typeof value === "object" && value !== null));
const paramsSchema = z.array(z.object({ paramName: z.string(), paramTxt: z.string(), paramValue: z.string() }));

/** The report's own menu entry, else 报表配置 (its holders may open any report of theirs). */
async function reportAccess(route: RouteRequest) {
  try {
    return await requireMenuPage(route);
  } catch (error) {
    if (error instanceof Response || (error && typeof error === "object" && "init" in error)) return requireMenuPage(route, "/online/cgreport");
    throw error;
  }
}

export async function loader(route: Route.LoaderArgs) {
  const id = route.params.id;
  const access = await reportAccess(route);
  const api = access.signedIn.api;
  const [columns, queryInfo, params] = await withRouteFailures(() =>
    Promise.all([api.get(reportApi.columns(id), columnsSchema), api.get(reportApi.queryInfo(id), queryInfoSchema), api.get(reportApi.paramsInfo(id), paramsSchema)]),
  );
  const list = await loadList(access, route.url, { url: { list: reportApi.data(id), exportXls: reportApi.exportXls(id) } });
  // Rows need a key; a report without an `id` column gets its row number (contract §9 rowIndex).
  const offset = (list.state.pageNo - 1) * list.state.pageSize;
  const records = list.records.map((record, index) => (record.id ? record : { ...record, id: `row_${offset + index + 1}` }));
  return {
    id,
    title: columns.result.cgRpConfigName || (access.node.meta.title ?? "报表"),
    list: { ...list, records },
    columns: columns.result,
    queryInfo: queryInfo.result,
    params: params.result,
  };
}

export const meta: Route.MetaFunction = ({ data }) => [{ title: data?.title ?? "报表" }];

export default function ReportPage({ loaderData }: Route.ComponentProps) {
  const { id, title, list, columns, queryInfo, params } = loaderData;
  const listColumns = useMemo<ListColumn[]>(
    () =>
      columns.columns.map((column) => {
        const options = column.customRender ? columns.dictOptions[column.customRender] : undefined;
        return {
          title: column.title,
          dataIndex: column.dataIndex,
          sorter: column.sorter,
          ...(column.width ? { width: Number(column.width) } : {}),
          ...(options ? { render: (value: unknown) => options.find((option) => option.value === String(value ?? ""))?.text ?? String(value ?? "") } : {}),
        };
      }),
    [columns],
  );
  const searchFields = useMemo<SearchField[]>(
    () => [
      ...params.map((param): SearchField => ({ name: `self_${param.paramName}`, label: param.paramTxt || param.paramName, kind: "text", exact: true })),
      ...queryInfo.map((field): SearchField => {
        const options = field.dictCode ? columns.dictOptions[field.dictCode] : undefined;
        if (options) return { name: field.field, label: field.label, kind: "select", options: options.map((option) => ({ value: option.value, label: option.text })) };
        if (field.mode === "group") return { name: field.field, label: field.label, kind: "date-range" };
        return { name: field.field, label: field.label, kind: "text", exact: true };
      }),
    ],
    [params, queryInfo, columns],
  );
  return (
    <ListPage
      key={id}
      title={title}
      data={list}
      columns={listColumns}
      searchFields={searchFields}
      permissionPrefix="onlCgreport"
      url={{ list: reportApi.data(id), exportXls: reportApi.exportXls(id) }}
    />
  );
}

export const ErrorBoundary = RouteErrorBoundary;
