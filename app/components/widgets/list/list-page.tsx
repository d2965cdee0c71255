// The one list engine's page (docs/style.md): search bar, toolbar, table and form modal, driven by the
// URL's list state. Paging (10/20/30, quick jumper, size changer, `共N条`), sorting and filters
// write the URL; deletes and saves go to the route's action and step back an emptied page.
// Without JavaScript (issue #19) the same page works from the server's HTML: the search bar is a GET
// form, the pager and the sortable headers are links, and the forms and delete confirmations have
// addresses of their own (`?form=edit&id=…`, `?confirm=delete&id=…`) that the server renders in the
// page; once hydrated, those addresses open the modal instead, so a reload reopens it.
import { historyPathOf } from "#contract/record-history";
import { lazy, Suspense, useEffect, useMemo, useRef, useState, type KeyboardEvent, type MouseEvent, type ReactNode } from "react";
import { useActionData, useFetcher, useLocation, useNavigate, useRevalidator } from "react-router";
import { App, Button, Card, Dropdown, Space } from "antd";
import PlusOutlined from "@ant-design/icons/PlusOutlined";
import DownOutlined from "@ant-design/icons/DownOutlined";
import DeleteOutlined from "@ant-design/icons/DeleteOutlined";
import DownloadOutlined from "@ant-design/icons/DownloadOutlined";
import FilterOutlined from "@ant-design/icons/FilterOutlined";
import ImportOutlined from "@ant-design/icons/ImportOutlined";
import type { z } from "zod";
import {
  DEFAULT_PAGE_SIZE,
  DEFAULT_SORT,
  IMPORT_PAGE,
  IMPORT_RESULT,
  PAGE_SIZE_OPTIONS,
  PLAIN_SUPER_QUERY,
  SUPER_QUERY_PAGE,
  pageAfterDelete,
  parseOverlay,
  queryString,
  sortToggle,
  toBackendQuery,
  toSearchParams,
  withOverlay,
  withPage,
  withSearch,
  withSort,
  type ListOverlay,
  type ListState,
} from "~/lib/list-query";
import { exportHref, importHref } from "~/lib/excel-endpoints";
import type { ListActionResult, ListEndpoints, ListRecord, OpenedOverlay } from "~/services/list.server";
import { usePermission } from "../../shell/permission/has-permission";
import { showSessionExpired, useFailureFeedback } from "../../shell/feedback/failure-feedback";
import { useFetcherAnswer } from "../../shell/feedback/use-fetcher-answer";
import { SUPER_QUERY_TEXTS, type SuperQueryField } from "../super-query/super-query";
import { SuperQueryButton } from "../super-query/super-query-button";
import { downloadExport, formatBytes } from "./export-excel";
import { SearchBar } from "./search-bar";
import type { FormMode, FormSchema } from "./form-modal";
import { lazyIsland } from "../lazy";
import { isPlainClick, useHydrated } from "~/lib/use-hydrated";
import { ListTable, type ListTableColumn, type ListTableExtras } from "./list-table";
import { ListPager } from "./list-pager";
import type { FormField, RowAction, SearchField, ToolbarAction } from "./types";
import { ReasonModal, type ReasonRequest } from "./reason-modal";

// The form (its inputs, date pickers and the pickers it declares) loads when it first opens.
const FormModal = lazy(() => import("./form-modal").then((module) => ({ default: module.FormModal })));
// The import dialog is code only a few users need: it loads on first opening.
const ImportExcelDialog = lazy(() =>
  import("../import-excel/import-excel-dialog").then((module) => ({
    default: module.ImportExcelDialog,
  })),
);

export interface ListColumn {
  title: string;
  dataIndex: string;
  /** Show `<dataIndex>_dictText` (contract §1 dictionary translation). */
  dict?: boolean;
  sorter?: boolean;
  width?: number;
  render?: (value: unknown, row: ListRecord) => ReactNode;
}

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
  /** Button codes are `<prefix>:add`, `:edit`, `:delete`, `:batch_delete` (docs/spec/app-shell.md §6). */
  permissionPrefix: string;
  defaultSort?: { column: string; order: "asc" | "desc" };
  rowActions?: RowAction<ListRecord>[];
  toolbarActions?: ToolbarAction[];
  batchActions?: Array<{
    key: string;
    label: string;
    permission?: string;
    run: (ids: string[]) => void;
  }>;
  /** Rendered after the search bar (e.g. the advanced query). */
  extraSearch?: ReactNode;
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

/** 批量删除 (docs/spec/app-shell.md §5): a selection first (请选择一条记录！), then the confirmation. */
export function confirmBatchDelete(app: Pick<ReturnType<typeof App.useApp>, "message" | "modal">, ids: readonly string[], onOk: () => void): void {
  if (ids.length === 0) {
    void app.message.warning("请选择一条记录！");
    return;
  }
  app.modal.confirm({
    title: "确认删除",
    content: "是否删除选中数据?",
    okText: "确定",
    cancelText: "取消",
    onOk,
  });
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

// Parts of the page the server renders and the browser's first paint does without: the advanced
// query (its dialog and selects) and the forms shown before JavaScript (decision 018).
const SuperQuery = lazyIsland(
  () => import("../super-query/super-query-builder").then((module) => module.SuperQuery),
  (props) => <SuperQueryButton onClick={props.onRequest} />,
);
const PlainRecordForm = lazyIsland(() => import("./plain-overlay").then((module) => module.PlainRecordForm));
const PlainConfirm = lazyIsland(() => import("./plain-overlay").then((module) => module.PlainConfirm));
const PlainSuperQuery = lazyIsland(() => import("./plain-overlay").then((module) => module.PlainSuperQuery));
const PlainImport = lazyIsland(() => import("./plain-overlay").then((module) => module.PlainImport));

/** The list's params without its advanced query (and the plain 高级查询's page and rows). */
function withoutSuperQuery(search: string): URLSearchParams {
  const params = new URLSearchParams(search);
  for (const name of ["superQueryParams", "superQueryMatchType", SUPER_QUERY_PAGE, ...Object.values(PLAIN_SUPER_QUERY)]) params.delete(name);
  return params;
}

/** A link's click when the page handles it once hydrated (a sortable header or the page itself). */
function handledClick(event: MouseEvent, handle?: () => void): void {
  if (isPlainClick(event)) {
    event.preventDefault();
    handle?.();
  } else event.stopPropagation();
}

export function ListPage(props: ListPageProps) {
  const { title, data, columns, searchFields = [], form, permissionPrefix, defaultSort, rowActions = [], toolbarActions = [], batchActions = [] } = props;
  const { state, records, total, error } = data;
  const navigate = useNavigate();
  const location = useLocation();
  const { message, modal } = App.useApp();
  const permission = usePermission();
  const fetcher = useFetcher<ListActionResult>(props.fetcherKey ? { key: props.fetcherKey } : undefined);
  const hydrated = useHydrated();
  const actionAnswer = useActionData() as ListActionResult | undefined;
  const [selected, setSelected] = useState<string[]>([]);
  // A list owned by a drawer has no address of its own: its forms open by state only.
  const source = props.source;
  const addressed = !source;
  const overlay = addressed ? parseOverlay(new URLSearchParams(location.search)) : null;
  const [editing, setEditing] = useState<Editing | null>(() => openedForm(overlay, data, form?.defaults));
  const [importing, setImporting] = useState(false);
  const [superQueryRequested, setSuperQueryRequested] = useState(false);
  const [asking, setAsking] = useState<ReasonRequest | null>(null);
  const [exporting, setExporting] = useState(false);
  const revalidator = useRevalidator();
  const url = props.url ?? {};
  const can = (code: string) => permission.isVisible(`${permissionPrefix}:${code}`);
  useFailureFeedback(fetcher.data);

  // A new view of the list (search, page, sort, reload) clears the selection (§4).
  const listSearch = addressed ? queryString(withOverlay(new URLSearchParams(location.search), null)) : "";
  const viewKey = source ? JSON.stringify(state) : listSearch;
  useEffect(() => setSelected([]), [viewKey]);
  useEffect(() => {
    if (error) void message.warning(error);
  }, [error, message]);

  const go = (next: ListState) => (source ? source.go(next) : navigate({ search: toSearchParams(next, defaultSort).toString() }));
  const post = {
    method: "post" as const,
    ...(source ? { action: source.action } : {}),
  };
  /** The page's address with a form or confirmation open (null: the bare list). */
  const address = (next: ListOverlay | null) => `${location.pathname}${queryString(withOverlay(new URLSearchParams(listSearch), next))}`;
  const listAddress = (next: ListState) => `${location.pathname}${queryString(toSearchParams(next, defaultSort))}`;

  // The address shows what is open, so a reload or a shared link reopens it. Opening and closing
  // rewrite the browser's address only (no loader runs); an address the router navigated to opens
  // its form here, and closing that one navigates back to the bare list.
  const showAddress = (next: ListOverlay | null) => {
    if (addressed) window.history.replaceState(window.history.state, "", address(next));
  };
  const openForm = (mode: FormMode, record: Record<string, unknown> | null) => {
    setEditing({ mode, record });
    showAddress(mode === "add" ? { form: "add" } : { form: mode, id: String(record?.id ?? "") });
  };
  const closeOverlay = () => {
    setEditing(null);
    if (!addressed) return;
    if (overlay) void navigate({ search: listSearch }, { replace: true, preventScrollReset: true });
    else showAddress(null);
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
    const ids = overlay.ids;
    modal.confirm({
      title: overlay.confirm === "delete" ? "确定删除吗?" : "确认删除",
      content: overlay.confirm === "delete" ? undefined : "是否删除选中数据?",
      okText: "确定",
      cancelText: "取消",
      onOk: () => {
        deleting.current = ids;
        void fetcher.submit(overlay.confirm === "delete" ? { intent: "delete", id: ids[0] ?? "" } : { intent: "deleteBatch", ids: ids.join(",") }, post);
      },
      afterClose: () => void navigate({ search: listSearch }, { replace: true, preventScrollReset: true }),
    });
    // Once per address the router shows.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [overlayKey]);

  useFetcherAnswer(fetcher, (answer) => {
    if (!answer.ok) {
      if (answer.message) void message.warning(answer.message);
      return;
    }
    void message.success(answer.message);
    setSelected([]);
    if (answer.deleted) {
      // Only rows of this page count (a tree's children are not rows of the paged list).
      const onPage = deleting.current.filter((id) => records.some((record) => record.id === id)).length;
      const page = pageAfterDelete(total, onPage, state.pageNo, state.pageSize);
      if (page !== state.pageNo) go({ ...state, pageNo: page });
    }
  });

  /** 导出: the current query and, when rows are chosen, only those (contract §6 `selections`). */
  const exportRows = async () => {
    if (!url.exportXls || exporting) return;
    setExporting(true);
    const key = "list-export";
    void message.loading({ content: "正在导出...", key, duration: 0 });
    const outcome = await downloadExport(
      exportHref(url.exportXls, toBackendQuery(state), selected),
      (received, size) =>
        void message.loading({
          content: `正在导出... ${formatBytes(received)}${size ? ` / ${formatBytes(size)}` : ""}`,
          key,
          duration: 0,
        }),
    );
    setExporting(false);
    message.destroy(key);
    if (outcome.ok) return;
    if (outcome.sessionEnded) showSessionExpired(modal, message);
    else void message.warning(outcome.message);
  };

  /** The ids of the delete in flight. */
  const deleting = useRef<string[]>([]);
  const remove = (id: string) => {
    deleting.current = [id];
    void fetcher.submit({ intent: "delete", id }, post);
  };
  const removeSelected = () =>
    confirmBatchDelete({ message, modal }, selected, () => {
      deleting.current = selected;
      void fetcher.submit({ intent: "deleteBatch", ids: selected.join(",") }, post);
    });

  const tableColumns: ListTableColumn[] = useMemo(() => {
    const sortOrder = (dataIndex: string) => (state.column === dataIndex ? (state.order === "asc" ? "ascend" : "descend") : null);
    const list: ListTableColumn[] = columns.map((column) => {
      const field = column.dict ? `${column.dataIndex}_dictText` : column.dataIndex;
      return {
        // A sortable header is a link to the list sorted by it; once hydrated the header sorts.
        title:
          column.sorter && addressed ? (
            <a className="list-sort-link" href={listAddress(sortToggle(state, column.dataIndex, defaultSort))} onClick={(event) => handledClick(event)}>
              {column.title}
            </a>
          ) : (
            column.title
          ),
        key: column.dataIndex,
        label: column.title,
        width: column.width,
        sortOrder: column.sorter ? sortOrder(column.dataIndex) : undefined,
        render: column.render
          ? (row: ListRecord) => column.render!(row[field], row)
          : (row: ListRecord) => (row[field] === null || row[field] === undefined ? "" : String(row[field])),
      };
    });
    const actions = rowActions.filter((action) => !action.permission || permission.isVisible(action.permission));
    const showEdit = !!form && can("edit");
    const rowHref = (next: ListOverlay) => (addressed ? address(next) : undefined);
    list.push({
      title: "操作",
      key: "actions",
      label: "操作",
      fixedEnd: true,
      render: (row: ListRecord) => (
        <Space size={8} className="list-row-actions">
          {showEdit && (!form.canEdit || form.canEdit(row)) ? (
            <a
              href={rowHref({ form: "edit", id: row.id })}
              onClick={(event) => (addressed ? handledClick(event, () => openForm("edit", row)) : openForm("edit", row))}
            >
              编辑
            </a>
          ) : null}
          {!hydrated && addressed ? (
            // Before JavaScript: 详情 and 删除 as links to their pages (the row's own actions need it).
            <>
              {form ? <a href={address({ form: "detail", id: row.id })}>详情</a> : null}
              {can("delete") && (!form?.canDelete || form.canDelete(row)) ? <a href={address({ confirm: "delete", ids: [row.id] })}>删除</a> : null}
            </>
          ) : (
            <Dropdown
              trigger={["click"]}
              autoFocus
              menu={{
                items: [
                  ...(form ? [{ key: "detail", label: "详情" }] : []),
                  ...actions
                    .filter((action) => !action.visible || action.visible(row))
                    .map((action) => ({
                      key: action.key,
                      label: action.label,
                      danger: action.danger,
                    })),
                  ...(can("delete") && (!form?.canDelete || form.canDelete(row)) ? [{ key: "delete", label: "删除", danger: true }] : []),
                ],
                onClick: ({ key }) => {
                  if (key === "detail") openForm("detail", row);
                  else if (key === "delete")
                    modal.confirm({
                      title: "确定删除吗?",
                      okText: "确定",
                      cancelText: "取消",
                      onOk: () => remove(row.id),
                    });
                  else {
                    const action = actions.find((candidate) => candidate.key === key);
                    if (!action) return;
                    if (action.reason) {
                      const { title, required } = action.reason;
                      setAsking({ title, required, onOk: (reason) => action.run(row, reason) });
                    } else if (action.confirm)
                      modal.confirm({
                        title: action.confirm,
                        okText: "确定",
                        cancelText: "取消",
                        onOk: () => action.run(row),
                      });
                    else action.run(row);
                  }
                },
              }}
            >
              <a role="button" tabIndex={0} aria-haspopup="menu" onKeyDown={openByKey}>
                更多 <DownOutlined />
              </a>
            </Dropdown>
          )}
        </Space>
      ),
    });
    return list;
    // permission and form are stable per page
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [columns, rowActions, state, hydrated, listSearch]);

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
  if (addressed && !hydrated && superQuery && new URLSearchParams(location.search).get(SUPER_QUERY_PAGE) === "open") {
    const kept = withoutSuperQuery(listSearch);
    kept.delete("pageNo");
    return (
      <PlainSuperQuery
        fields={superQuery}
        state={state}
        action={location.pathname}
        keep={[...kept]}
        listHref={`${location.pathname}${queryString(plainList)}`}
        clearHref={`${location.pathname}${queryString(kept)}`}
      />
    );
  }

  // 导入 before JavaScript: its multipart form is the page (`?import=open`, docs/decisions/164).
  const importPage = `${location.pathname}${queryString(new URLSearchParams([...plainList, [IMPORT_PAGE, "open"]]))}`;
  if (addressed && !hydrated && url.importExcel && can("import") && new URLSearchParams(location.search).get(IMPORT_PAGE) === "open") {
    return (
      <PlainImport
        action={importHref(url.importExcel, importPage)}
        listHref={`${location.pathname}${queryString(plainList)}`}
        outcome={new URLSearchParams(location.search).get(IMPORT_RESULT)}
        extensions={props.importExtensions}
      />
    );
  }

  /** What a plain (GET) search keeps of the list: the sort, the page size, the page's own params. */
  const keep: Record<string, string> = { ...props.fixedFilters };
  if (state.column !== (defaultSort?.column ?? DEFAULT_SORT.column)) keep.column = state.column;
  if (state.order !== (defaultSort?.order ?? DEFAULT_SORT.order)) keep.order = state.order;
  if (state.pageSize !== DEFAULT_PAGE_SIZE) keep.pageSize = String(state.pageSize);
  if (state.superQueryParams) {
    keep.superQueryParams = state.superQueryParams;
    keep.superQueryMatchType = state.superQueryMatchType ?? "and";
  }
  const batchFormId = `list-batch-${permissionPrefix}`;

  return (
    <Card title={title} className="list-page">
      <SearchBar
        fields={searchFields}
        filters={state.filters}
        onSearch={(filters) => go(withSearch(state, { ...filters, ...props.fixedFilters }))}
        keep={addressed ? keep : undefined}
        resetHref={addressed ? `${location.pathname}${queryString(new URLSearchParams(props.fixedFilters ?? {}))}` : undefined}
      />
      {props.extraSearch}
      <div className="list-toolbar">
        <Space wrap>
          {form && (props.url === undefined || url.add) && can("add") ? (
            <Button
              type="primary"
              icon={<PlusOutlined />}
              href={addressed ? address({ form: "add" }) : undefined}
              // A link to the form's page, that opens the dialog once hydrated: a button to its users.
              role={addressed ? "button" : undefined}
              onClick={(event) => {
                const open = () => openForm("add", form.defaults ? { ...form.defaults } : null);
                if (addressed) handledClick(event, open);
                else open();
              }}
            >
              {props.addLabel ?? "新增"}
            </Button>
          ) : null}
          {url.exportXls && can("export") ? (
            !hydrated && addressed ? (
              // Before JavaScript: a link to the same export of the current search (the file downloads).
              <Button type="primary" icon={<DownloadOutlined />} href={exportHref(url.exportXls, toBackendQuery(state))} download>
                导出
              </Button>
            ) : (
              <Button type="primary" icon={<DownloadOutlined />} loading={exporting} onClick={() => void exportRows()}>
                导出
              </Button>
            )
          ) : null}
          {url.importExcel && can("import") ? (
            <Button
              type="primary"
              icon={<ImportOutlined />}
              // Before JavaScript: a link to the import's own form (`?import=open`).
              href={!hydrated && addressed ? importPage : undefined}
              onClick={() => setImporting(true)}
            >
              导入
            </Button>
          ) : null}
          {superQuery && !hydrated && addressed ? (
            // Before JavaScript: a link to the query's own form (`?superQuery=open`).
            <Button type="primary" icon={<FilterOutlined />} href={`${location.pathname}${queryString(new URLSearchParams([...plainList, [SUPER_QUERY_PAGE, "open"]]))}`}>
              {SUPER_QUERY_TEXTS.button}
            </Button>
          ) : superQuery ? (
            <SuperQuery
              fields={superQuery}
              value={state}
              loading={revalidator.state !== "idle"}
              requested={superQueryRequested}
              onRequest={() => setSuperQueryRequested(true)}
              onSearch={(params) =>
                go({
                  ...state,
                  pageNo: 1,
                  superQueryParams: params?.superQueryParams,
                  superQueryMatchType: params?.superQueryMatchType,
                })
              }
            />
          ) : null}
          {toolbarActions
            .filter((action) => !action.permission || permission.isVisible(action.permission))
            .map((action) => (
              <Button key={action.key} icon={action.icon} onClick={action.run}>
                {action.label}
              </Button>
            ))}
          {batch.length > 0 && !hydrated && addressed && can("batch_delete") ? (
            // Before JavaScript: the ticked rows (their boxes belong to this form) go to the confirmation.
            <form id={batchFormId} method="get" action={location.pathname}>
              {[...new URLSearchParams(listSearch)].map(([name, value]) => (
                <input key={name} type="hidden" name={name} value={value} />
              ))}
              <input type="hidden" name="confirm" value="deleteBatch" />
              <Button htmlType="submit" icon={<DeleteOutlined />}>
                批量删除
              </Button>
            </form>
          ) : batch.length > 0 ? (
            <Dropdown
              trigger={["click"]}
              menu={{
                items: batch,
                onClick: ({ key }) => {
                  if (key === "deleteBatch") removeSelected();
                  else if (selected.length === 0) void message.warning("请选择一条记录！");
                  else batchActions.find((action) => action.key === key)?.run(selected);
                },
              }}
            >
              <Button>
                批量操作 <DownOutlined />
              </Button>
            </Dropdown>
          ) : null}
          {selected.length > 0 ? (
            <span className="list-selection">
              已选择 <strong>{selected.length}</strong> 项 <a onClick={() => setSelected([])}>清空</a>
            </span>
          ) : null}
        </Space>
      </div>
      <ListTable
        columns={tableColumns}
        rows={records}
        {...props.tableProps}
        footer={
          props.paged === false || total === 0 ? null : (
            <ListPager
              current={state.pageNo}
              pageSize={state.pageSize}
              total={total}
              pageSizeOptions={PAGE_SIZE_OPTIONS}
              href={addressed ? (page, pageSize) => listAddress(withPage(state, page, pageSize)) : undefined}
              onChange={(page, pageSize) => go(withPage(state, page, pageSize))}
            />
          )
        }
        selection={{
          selected,
          onChange: setSelected,
          // Before JavaScript a ticked box posts the row's id with the batch form.
          ...(!hydrated && addressed ? { checkboxProps: (row: ListRecord) => ({ name: "ids", value: row.id, form: batchFormId }) } : {}),
        }}
        onSort={(key, order) => go(withSort({ ...state, pageNo: 1 }, order ? key : undefined, order, defaultSort))}
      />
      {importing && url.importExcel ? (
        <Suspense fallback={null}>
          <ImportExcelDialog open onClose={() => setImporting(false)} action={importHref(url.importExcel)} onImported={() => void revalidator.revalidate()} extensions={props.importExtensions} />
        </Suspense>
      ) : null}
      {asking ? <ReasonModal request={asking} onClose={() => setAsking(null)} /> : null}
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
    </Card>
  );
}

/** A link acting as a button opens on Enter or Space too (keyboard users), as a native button would. */
function openByKey(event: KeyboardEvent<HTMLElement>) {
  if (event.key !== "Enter" && event.key !== " ") return;
  event.preventDefault();
  event.currentTarget.click();
}
