// The one list engine's page (docs/style.md): search bar, toolbar, table and form modal, driven by the
// URL's list state. Paging (10/20/30, quick jumper, size changer, `共N条`), sorting and filters
// write the URL; deletes and saves go to the route's action and step back an emptied page.
// Without JavaScript (issue #19) the same page works from the server's HTML: the search bar is a GET
// form, the pager and the sortable headers are links, and the forms and delete confirmations have
// addresses of their own (`?form=edit&id=…`, `?confirm=delete&id=…`) that the server renders in the
// page; once hydrated, those addresses open the modal instead, so a reload reopens it.
// The parts: the list's state and address (use-list-state.ts), the toolbar (list-toolbar.tsx), the
// table with its row actions (list-page-table.tsx, row-actions.tsx) and the deletes (use-delete-flow.ts).
import { historyPathOf } from "#contract/record-history";
import type { PermissionCode, PermissionPrefix, StandardAction } from "#contract/permission-codes";
import { lazy, Suspense, useEffect, useState, type ReactNode } from "react";
import { useActionData, useFetcher, useRevalidator } from "react-router";
import { App } from "antd";
import DeleteOutlined from "@ant-design/icons/DeleteOutlined";
import { IMPORT_PAGE, IMPORT_RESULT, SUPER_QUERY_PAGE, queryString, withSearch, type ListOverlay, type ListState } from "~/lib/list-query";
import { importHref } from "~/lib/excel-endpoints";
import type { ListActionResult, ListEndpoints, ListRecord, OpenedOverlay } from "~/services/list.server";
import { usePermission } from "../../shell/permission/has-permission";
import { useFailureFeedback } from "../../shell/feedback/failure-feedback";
import type { SuperQueryField } from "../super-query/super-query";
import { SearchBar } from "./search-bar";
import type { FormMode, FormSchema } from "./form-modal";
import { lazyIsland } from "../lazy";
import { ANTD_VAR } from "../light-form";
import { useHydrated } from "~/lib/use-hydrated";
import type { ListTableExtras } from "./list-table";
import { ListPageTable, type ListColumn } from "./list-page-table";
import { ListToolbar } from "./list-toolbar";
import type { FormField, RowAction, SearchField, ToolbarAction } from "./types";
import type { ReasonRequest } from "./reason-modal";
import { useDeleteFlow } from "./use-delete-flow";
import { plainSearchKeep, useListState, withoutSuperQuery } from "./use-list-state";

export type { ListColumn } from "./list-page-table";

// The form (its inputs, date pickers and the pickers it declares) loads when it first opens.
const FormModal = lazy(() => import("./form-modal").then((module) => ({ default: module.FormModal })));
// The reason dialog (冲销, 作废: antd's Form, Input and Modal) loads when a row action first asks.
const ReasonModal = lazy(() => import("./reason-modal").then((module) => ({ default: module.ReasonModal })));
// The import dialog is code only a few users need: it loads on first opening.
const ImportExcelDialog = lazy(() =>
  import("../import-excel/import-excel-dialog").then((module) => ({
    default: module.ImportExcelDialog,
  })),
);

export interface ListPageProps {
  title: string;
  data: {
    state: ListState;
    records: ListRecord[];
    total: number;
    error: string | null;
    opened?: OpenedOverlay | null;
  };
  columns: ListColumn[];
  searchFields?: SearchField[];
  form?: {
    fields: FormField[];
    schema?: FormSchema;
    width?: number;
    detailUrl?: string;
    /** A row that may not be edited (e.g. a released notice) shows no 编辑. */
    canEdit?: (row: ListRecord) => boolean;
    /** A row that may not be deleted (e.g. a posted voucher) shows no 删除. */
    canDelete?: (row: ListRecord) => boolean;
    /** The values a new record starts with. */
    defaults?: Record<string, unknown>;
  };
  /**
   * Button codes are `<prefix>:add`, `:edit`, `:delete`, `:batch_delete` (docs/spec/app-shell.md §6);
   * null for a list of records another page governs (a role's or a department's users): none of the
   * standard buttons, only the page's own actions.
   */
  permissionPrefix: PermissionPrefix | null;
  defaultSort?: { column: string; order: "asc" | "desc" };
  rowActions?: RowAction<ListRecord>[];
  toolbarActions?: ToolbarAction[];
  batchActions?: Array<{
    key: string;
    label: string;
    permission?: PermissionCode;
    run: (ids: string[]) => void;
  }>;
  /** The page's own control in the toolbar, right after 新增, on 高级查询's line (文件存储's 上传文件). */
  toolbarExtra?: ReactNode;
  /** File types 导入 accepts; default .xls and .xlsx (a statement page adds .csv). */
  importExtensions?: readonly string[];
  /**
   * The page's backend endpoints, as declared for its loader (list.server.ts). `exportXls` and
   * `importExcel` turn on the 导出 / 导入 buttons (button codes `<prefix>:export`, `:import`).
   */
  url?: ListEndpoints;
  /**
   * A list that is not the page's own (in a drawer, a tab): its state lives with its owner, who
   * loads `data` (e.g. with a fetcher from a resource route); saves and deletes post to `action`.
   * Without it, the list is the page's: its state is the URL and the route's action answers.
   */
  source?: { action: string; go: (next: ListState) => void };
  /**
   * Shares the list's fetcher (React Router's fetcher key) with the page, whose own intents
   * (冻结, 取消关联…) then get the list's answer handling: the message, a cleared selection.
   */
  fetcherKey?: string;
  /** Text of the add button (default 新增). */
  addLabel?: string;
  /** Params of the page itself (e.g. the chosen department) that every search and reset keeps. */
  fixedFilters?: Record<string, string>;
  /** The fields of the advanced query (高级查询); none: no advanced query. */
  superQuery?: SuperQueryField[];
  /** false: an un-paged list (a tree whose roots all come at once). */
  paged?: boolean;
  /**
   * What the page adds to the table: tree rows and expanded rows (`expandable`), row events, a
   * loading veil. The engine's own parts (columns, data, paging, sorting, selection) stay its own.
   */
  tableProps?: ListTableExtras;
}

/** The form an address opens, with its record: the loader's, else the page's row of that id. */
function openedForm(overlay: ListOverlay | null, data: ListPageProps["data"], defaults: Record<string, unknown> | undefined): Editing | null {
  if (!overlay || !("form" in overlay)) return null;
  if (overlay.form === "add") return { mode: "add", record: defaults ? { ...defaults } : null };
  const loaded = data.opened?.kind === "form" ? data.opened.record : null;
  const record = loaded && loaded.id === overlay.id ? loaded : (data.records.find((row) => row.id === overlay.id) ?? null);
  return record ? { mode: overlay.form, record } : null;
}

type Editing = { mode: FormMode; record: Record<string, unknown> | null };

// The forms shown before JavaScript (decision 018): parts of the page the server renders and the
// browser's first paint does without.
const PlainRecordForm = lazyIsland(() => import("./plain-overlay").then((module) => module.PlainRecordForm));
const PlainConfirm = lazyIsland(() => import("./plain-overlay").then((module) => module.PlainConfirm));
const PlainSuperQuery = lazyIsland(() => import("./plain-overlay").then((module) => module.PlainSuperQuery));
const PlainImport = lazyIsland(() => import("./plain-overlay").then((module) => module.PlainImport));

export function ListPage(props: ListPageProps) {
  const { title, data, columns, searchFields = [], form, permissionPrefix, defaultSort, rowActions = [], toolbarActions = [], batchActions = [] } = props;
  const { state, records, total, error } = data;
  const { message, modal } = App.useApp();
  const permission = usePermission();
  const fetcher = useFetcher<ListActionResult>(props.fetcherKey ? { key: props.fetcherKey } : undefined);
  const hydrated = useHydrated();
  const actionAnswer = useActionData() as ListActionResult | undefined;
  const [selected, setSelected] = useState<string[]>([]);
  const source = props.source;
  const list = useListState(state, { source, defaultSort });
  const { addressed, overlay, listSearch, address } = list;
  const [editing, setEditing] = useState<Editing | null>(() => openedForm(overlay, data, form?.defaults));
  const [importing, setImporting] = useState(false);
  const [asking, setAsking] = useState<ReasonRequest | null>(null);
  const revalidator = useRevalidator();
  const url = props.url ?? {};
  const can = (action: StandardAction) => permissionPrefix !== null && permission.isStandardVisible(permissionPrefix, action);
  useFailureFeedback(fetcher.data);

  // A new view of the list (search, page, sort, reload) clears the selection (§4).
  useEffect(() => setSelected([]), [list.viewKey]);
  useEffect(() => {
    if (error) void message.warning(error);
  }, [error, message]);

  const post = {
    method: "post" as const,
    ...(source ? { action: source.action } : {}),
  };

  // The address shows what is open, so a reload or a shared link reopens it. Opening and closing
  // rewrite the browser's address only (no loader runs); an address the router navigated to opens
  // its form here, and closing that one navigates back to the bare list.
  const openForm = (mode: FormMode, record: Record<string, unknown> | null) => {
    setEditing({ mode, record });
    list.showAddress(mode === "add" ? { form: "add" } : { form: mode, id: String(record?.id ?? "") });
  };
  const closeOverlay = () => {
    setEditing(null);
    if (!addressed) return;
    if (overlay) list.backToList();
    else list.showAddress(null);
  };
  const overlayKey = overlay ? JSON.stringify(overlay) : "";
  useEffect(() => {
    if (!overlay) return;
    if ("form" in overlay) {
      const opened = openedForm(overlay, data, form?.defaults);
      if (opened && form) setEditing(opened);
      else closeOverlay();
      return;
    }
    deletes.confirmAddressed(overlay.confirm, overlay.ids, list.backToList);
    // Once per address the router shows.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [overlayKey]);

  const deletes = useDeleteFlow({ fetcher, post, state, records, total, go: list.go, selected, clearSelection: () => setSelected([]) });

  const batch = [
    ...(can("batch_delete") ? [{ key: "deleteBatch", label: "删除", icon: <DeleteOutlined /> }] : []),
    ...batchActions
      .filter((action) => !action.permission || permission.isVisible(action.permission))
      .map((action) => ({ key: action.key, label: action.label })),
  ];

  // Before JavaScript, an address's form or confirmation is the page (a plain HTML form).
  const opened = data.opened;
  if (addressed && !hydrated && opened && form && opened.kind === "form") {
    return (
      <PlainRecordForm
        opened={opened}
        fields={form.fields}
        defaults={form.defaults}
        answer={actionAnswer}
        listHref={address(null)}
        needsDetail={!!form.detailUrl && !opened.detailLoaded}
      />
    );
  }
  if (addressed && !hydrated && opened && opened.kind === "confirm") {
    const named = columns[0]?.dataIndex;
    return <PlainConfirm opened={opened} describe={(row) => String(row[named ?? "id"] ?? row.id)} answer={actionAnswer} listHref={address(null)} />;
  }
  // 高级查询 before JavaScript: its form is the page (`?superQuery=open`, issue #30 item 8).
  const superQuery = props.superQuery && props.superQuery.length > 0 ? props.superQuery : null;
  const plainList = new URLSearchParams(listSearch);
  plainList.delete(SUPER_QUERY_PAGE);
  plainList.delete(IMPORT_PAGE);
  plainList.delete(IMPORT_RESULT);
  const pageParams = new URLSearchParams(list.search);
  if (addressed && !hydrated && superQuery && pageParams.get(SUPER_QUERY_PAGE) === "open") {
    const kept = withoutSuperQuery(listSearch);
    kept.delete("pageNo");
    return (
      <PlainSuperQuery
        fields={superQuery}
        state={state}
        action={list.pathname}
        keep={[...kept]}
        listHref={`${list.pathname}${queryString(plainList)}`}
        clearHref={`${list.pathname}${queryString(kept)}`}
      />
    );
  }

  // 导入 before JavaScript: its multipart form is the page (`?import=open`, docs/decisions/164).
  const importPage = `${list.pathname}${queryString(new URLSearchParams([...plainList, [IMPORT_PAGE, "open"]]))}`;
  if (addressed && !hydrated && url.importExcel && can("import") && pageParams.get(IMPORT_PAGE) === "open") {
    return (
      <PlainImport
        action={importHref(url.importExcel, importPage)}
        listHref={`${list.pathname}${queryString(plainList)}`}
        outcome={pageParams.get(IMPORT_RESULT)}
        extensions={props.importExtensions}
      />
    );
  }

  const batchFormId = `list-batch-${permissionPrefix ?? "embedded"}`;

  return (
    <PageCard title={title}>
      <SearchBar
        fields={searchFields}
        filters={state.filters}
        onSearch={(filters) => list.go(withSearch(state, { ...filters, ...props.fixedFilters }))}
        keep={addressed ? plainSearchKeep(state, defaultSort, props.fixedFilters) : undefined}
        resetHref={addressed ? `${list.pathname}${queryString(new URLSearchParams(props.fixedFilters ?? {}))}` : undefined}
      />
      <ListToolbar
        list={list}
        state={state}
        url={url}
        hydrated={hydrated}
        can={can}
        add={form && (props.url === undefined || url.add) && can("add") ? { label: props.addLabel ?? "新增", open: () => openForm("add", form.defaults ? { ...form.defaults } : null) } : null}
        plainList={plainList}
        importPage={importPage}
        onImport={() => setImporting(true)}
        superQuery={superQuery}
        toolbarActions={toolbarActions}
        extra={props.toolbarExtra}
        batch={batch}
        onBatch={(key) => {
          if (key === "deleteBatch") deletes.removeSelected();
          else if (selected.length === 0) void message.warning("请选择一条记录！");
          else batchActions.find((action) => action.key === key)?.run(selected);
        }}
        batchFormId={batchFormId}
        selected={selected}
        clearSelection={() => setSelected([])}
      />
      <ListPageTable
        title={title}
        list={list}
        state={state}
        records={records}
        total={total}
        columns={columns}
        defaultSort={defaultSort}
        rowActions={rowActions}
        form={form}
        can={can}
        hydrated={hydrated}
        paged={props.paged}
        selected={selected}
        onSelect={setSelected}
        batchFormId={batchFormId}
        open={{
          openForm,
          askRemove: deletes.askRemove,
          askReason: setAsking,
          confirm: (confirmTitle, onOk) => modal.confirm({ title: confirmTitle, okText: "确定", cancelText: "取消", onOk }),
        }}
        tableProps={props.tableProps}
      />
      {importing && url.importExcel ? (
        <Suspense fallback={null}>
          <ImportExcelDialog open onClose={() => setImporting(false)} action={importHref(url.importExcel)} onImported={() => void revalidator.revalidate()} extensions={props.importExtensions} />
        </Suspense>
      ) : null}
      {asking ? (
        <Suspense fallback={null}>
          <ReasonModal request={asking} onClose={() => setAsking(null)} />
        </Suspense>
      ) : null}
      {form && editing && hydrated ? (
        <Suspense fallback={null}>
          <FormModal
            open
            mode={editing.mode}
            record={editing.record}
            fields={form.fields}
            schema={form.schema}
            width={form.width}
            detailUrl={form.detailUrl}
            historyUrl={historyPathOf(url?.list)}
            action={source?.action}
            onClose={closeOverlay}
            onSaved={(text) => {
              void message.success(text);
              closeOverlay();
            }}
          />
        </Suspense>
      ) : null}
    </PageCard>
  );
}

/** The page's frame: antd's Card markup (its stylesheet is static, decision 002) without its code. */
export function PageCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className={`ant-card ant-card-bordered list-page ${ANTD_VAR}`}>
      <div className="ant-card-head">
        <div className="ant-card-head-wrapper">
          <div className="ant-card-head-title">{title}</div>
        </div>
      </div>
      <div className="ant-card-body">{children}</div>
    </div>
  );
}
