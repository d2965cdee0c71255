// The generated page of an online form (/online/cgformList/<code>, the menu entry 加入菜单 makes):
// the list engine and its form over the form's synchronised definition, in the layout of the menu
// component (docs/spec/app-shell.md §2): auto list (and copy list), tree list (a level at a time,
// 下级 opens a row's children), ERP list (the sub-tables of the chosen row below), tab list (the
// sub-tables in tabs), inner-table list (the sub-tables inside the expanded row).
import { useMemo, useState } from "react";
import { useNavigate, useSearchParams } from "react-router";
import type { Route } from "./+types/form-list";
import { TableType } from "#contract/modules/online-form";
import { ModuleListPage } from "~/components/widgets/list/module-list-page";
import type { RowAction, ToolbarAction } from "~/components/widgets/list/types";
import { OnlineSubTables } from "~/components/online/form/sub-tables";
import { RouteErrorBoundary } from "~/components/shell/route-error-boundary";
import { canonicalComponent, ONLINE_COMPONENTS } from "~/pages";
import { listAction, loadList, type ListRecord } from "~/services/list.server";
import { requireMenuPage } from "~/services/menu-access.server";
import { dictOptionsByCode } from "~/services/options.server";
import { loadOnlineDefinition } from "~/services/online-form.server";
import { throwRouteFailure, withRouteFailures } from "~/services/route-errors.server";
import { onlineDictCodes, onlineFormPage, PARENT_PROPERTY } from "./form-page.data";
import { DEFAULT_DOCUMENT_TITLE } from "~/config";

export async function loader(route: Route.LoaderArgs) {
  const access = await requireMenuPage(route);
  const api = access.signedIn.api;
  const definition = await loadOnlineDefinition(api, route.params.code).catch(throwRouteFailure);
  const page = onlineFormPage(definition);
  // A tree shows one level: the roots unless the address names a parent.
  const url = new URL(route.url);
  if (definition.isTree && !url.searchParams.get(PARENT_PROPERTY)) url.searchParams.set(PARENT_PROPERTY, "0");
  const [list, options] = await Promise.all([loadList(access, url, page.list), withRouteFailures(() => dictOptionsByCode(api, onlineDictCodes(definition)))]);
  return {
    title: access.node.meta.title ?? definition.title,
    list,
    options,
    definition,
    layout: ONLINE_COMPONENTS[canonicalComponent(access.node.component)] ?? "online-form",
  };
}

export async function action(route: Route.ActionArgs) {
  const access = await requireMenuPage(route);
  const definition = await loadOnlineDefinition(access.signedIn.api, route.params.code).catch(throwRouteFailure);
  return listAction(route, onlineFormPage(definition).list);
}

export const meta: Route.MetaFunction = ({ data }) => [{ title: data?.title ?? DEFAULT_DOCUMENT_TITLE }];

export default function OnlineFormListPage({ loaderData }: Route.ComponentProps) {
  const { definition, layout, options } = loaderData;
  const page = useMemo(() => onlineFormPage(definition), [definition]);
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const [chosen, setChosen] = useState<ListRecord | null>(null);
  const isMain = definition.tableType === TableType.main && (definition.subTables?.length ?? 0) > 0;

  const parent = search.get(PARENT_PROPERTY) || "0";
  const treeActions = useMemo<RowAction<ListRecord>[]>(
    () => (definition.isTree ? [{ key: "children", label: "下级", run: (row) => navigate(`?${PARENT_PROPERTY}=${encodeURIComponent(row.id)}`) }] : []),
    [definition.isTree, navigate],
  );
  const treeToolbar = useMemo<ToolbarAction[]>(
    () => (definition.isTree && parent !== "0" ? [{ key: "root", label: "返回根节点", run: () => navigate(`?${PARENT_PROPERTY}=0`) }] : []),
    [definition.isTree, parent, navigate],
  );

  const subTables = (main: ListRecord, tabs: boolean) => <OnlineSubTables main={definition} mainRow={main} options={options} tabs={tabs} />;
  const tableProps =
    isMain && layout === "online-form-inner-table"
      ? { expandable: { expandedRowRender: (row: ListRecord) => subTables(row, true) } }
      : isMain
        ? {
            onRow: (row: ListRecord) => ({ onClick: () => setChosen(row), style: { cursor: "pointer" } }),
            rowClassName: (row: ListRecord) => (row.id === chosen?.id ? "ant-table-row-selected" : ""),
          }
        : undefined;

  return (
    <>
      <ModuleListPage
        page={page}
        data={loaderData}
        formWidth={800}
        form={{ defaults: { ...page.defaults, ...(definition.isTree ? { [PARENT_PROPERTY]: parent } : {}) } }}
        rowActions={treeActions}
        toolbarActions={treeToolbar}
        {...(definition.isTree ? { fixedFilters: { [PARENT_PROPERTY]: parent } } : {})}
        {...(tableProps ? { tableProps } : {})}
      />
      {isMain && layout !== "online-form-inner-table" && chosen && subTables(chosen, layout === "online-form-tab")}
    </>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
