// The one list engine's page (STYLE.md): search bar, toolbar, table and form modal, driven by the
// URL's list state. Paging (10/20/30, quick jumper, size changer, `共N条`), sorting and filters
// write the URL; deletes and saves go to the route's action and step back an emptied page.
import { lazy, Suspense, useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { useFetcher, useLocation, useNavigate, useRevalidator } from "react-router";
import { App, Button, Card, Dropdown, Popconfirm, Space, Table } from "antd";
import type { ColumnsType, TablePaginationConfig, TableProps } from "antd/es/table";
import type { SorterResult } from "antd/es/table/interface";
import PlusOutlined from "@ant-design/icons/PlusOutlined";
import DownOutlined from "@ant-design/icons/DownOutlined";
import DeleteOutlined from "@ant-design/icons/DeleteOutlined";
import DownloadOutlined from "@ant-design/icons/DownloadOutlined";
import ImportOutlined from "@ant-design/icons/ImportOutlined";
import type { z } from "zod";
import { PAGE_SIZE_OPTIONS, pageAfterDelete, toBackendQuery, toSearchParams, withPage, withSearch, withSort, type ListState } from "~/lib/list-query";
import { exportHref, importHref } from "~/lib/excel-endpoints";
import type { ListActionResult, ListEndpoints, ListRecord } from "~/services/list.server";
import { usePermission } from "../permission/has-permission";
import { showSessionExpired, useFailureFeedback } from "../feedback/failure-feedback";
import { useFetcherAnswer } from "../feedback/use-fetcher-answer";
import { SuperQuery, type SuperQueryField } from "../super-query";
import { downloadExport, formatBytes } from "./export-excel";
import { SearchBar } from "./search-bar";
import { FormModal, type FormMode } from "./form-modal";
import type { FormField, RowAction, SearchField, ToolbarAction } from "./types";

// The import dialog is code only a few users need: it loads on first opening.
const ImportExcelDialog = lazy(() => import("../import-excel/import-excel-dialog").then((module) => ({ default: module.ImportExcelDialog })));

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
  data: { state: ListState; records: ListRecord[]; total: number; error: string | null };
  columns: ListColumn[];
  searchFields?: SearchField[];
  form?: {
    fields: FormField[];
    schema?: z.ZodType;
    width?: number;
    detailUrl?: string;
    /** A row that may not be edited (e.g. a released notice) shows no 编辑. */
    canEdit?: (row: ListRecord) => boolean;
    /** The values a new record starts with. */
    defaults?: Record<string, unknown>;
  };
  /** Button codes are `<prefix>:add`, `:edit`, `:delete`, `:batch_delete` (spec/app-shell.md §6). */
  permissionPrefix: string;
  defaultSort?: { column: string; order: "asc" | "desc" };
  rowActions?: RowAction<ListRecord>[];
  toolbarActions?: ToolbarAction[];
  batchActions?: Array<{ key: string; label: string; permission?: string; run: (ids: string[]) => void }>;
  /** Rendered after the search bar (e.g. the advanced query). */
  extraSearch?: ReactNode;
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
   * Extra antd Table props for tree tables and the like (`expandable`, `onExpand`…). The engine's
   * own props (columns, data, paging, sorting, selection) are not overridable.
   */
  tableProps?: Omit<TableProps<ListRecord>, "columns" | "dataSource" | "pagination" | "onChange" | "rowSelection" | "rowKey">;
}

/** 批量删除 (spec/app-shell.md §5): a selection first (请选择一条记录！), then the confirmation. */
export function confirmBatchDelete(app: Pick<ReturnType<typeof App.useApp>, "message" | "modal">, ids: readonly string[], onOk: () => void): void {
  if (ids.length === 0) {
    void app.message.warning("请选择一条记录！");
    return;
  }
  app.modal.confirm({ title: "确认删除", content: "是否删除选中数据?", okText: "确定", cancelText: "取消", onOk });
}

export function ListPage(props: ListPageProps) {
  const { title, data, columns, searchFields = [], form, permissionPrefix, defaultSort, rowActions = [], toolbarActions = [], batchActions = [] } = props;
  const { state, records, total, error } = data;
  const navigate = useNavigate();
  const location = useLocation();
  const { message, modal } = App.useApp();
  const permission = usePermission();
  const fetcher = useFetcher<ListActionResult>(props.fetcherKey ? { key: props.fetcherKey } : undefined);
  const [selected, setSelected] = useState<string[]>([]);
  const [editing, setEditing] = useState<{ mode: FormMode; record: Record<string, unknown> | null } | null>(null);
  const [importing, setImporting] = useState(false);
  const [exporting, setExporting] = useState(false);
  const revalidator = useRevalidator();
  const url = props.url ?? {};
  const can = (code: string) => permission.isVisible(`${permissionPrefix}:${code}`);
  useFailureFeedback(fetcher.data);

  // A new view of the list (search, page, sort, reload) clears the selection (§4).
  const source = props.source;
  const viewKey = source ? JSON.stringify(state) : location.search;
  useEffect(() => setSelected([]), [viewKey]);
  useEffect(() => {
    if (error) void message.warning(error);
  }, [error, message]);

  const go = (next: ListState) => (source ? source.go(next) : navigate({ search: toSearchParams(next, defaultSort).toString() }));
  const post = { method: "post" as const, ...(source ? { action: source.action } : {}) };

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
    const outcome = await downloadExport(exportHref(url.exportXls, toBackendQuery(state), selected), (received, size) =>
      void message.loading({ content: `正在导出... ${formatBytes(received)}${size ? ` / ${formatBytes(size)}` : ""}`, key, duration: 0 }),
    );
    setExporting(false);
    message.destroy(key);
    if (outcome.ok) return;
    if (outcome.sessionEnded) showSessionExpired(modal);
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

  const tableColumns: ColumnsType<ListRecord> = useMemo(() => {
    const sortOrder = (dataIndex: string) => (state.column === dataIndex ? (state.order === "asc" ? "ascend" : "descend") : null);
    const list: ColumnsType<ListRecord> = columns.map((column) => ({
      title: column.title,
      dataIndex: column.dict ? `${column.dataIndex}_dictText` : column.dataIndex,
      key: column.dataIndex,
      width: column.width,
      sorter: column.sorter ?? false,
      sortOrder: column.sorter ? sortOrder(column.dataIndex) : undefined,
      render: column.render ? (value: unknown, row: ListRecord) => column.render!(value, row) : (value: unknown) => (value === null || value === undefined ? "" : String(value)),
    }));
    const actions = rowActions.filter((action) => !action.permission || permission.isVisible(action.permission));
    const showEdit = !!form && can("edit");
    list.push({
      title: "操作",
      key: "actions",
      width: 180,
      fixed: "right",
      render: (_value: unknown, row: ListRecord) => (
        <Space size={8} className="list-row-actions">
          {showEdit && (!form.canEdit || form.canEdit(row)) ? <a onClick={() => setEditing({ mode: "edit", record: row })}>编辑</a> : null}
          <Dropdown
            trigger={["click"]}
            menu={{
              items: [
                ...(form ? [{ key: "detail", label: "详情" }] : []),
                ...actions.filter((action) => !action.visible || action.visible(row)).map((action) => ({ key: action.key, label: action.label, danger: action.danger })),
                ...(can("delete") ? [{ key: "delete", label: "删除", danger: true }] : []),
              ],
              onClick: ({ key }) => {
                if (key === "detail") setEditing({ mode: "detail", record: row });
                else if (key === "delete")
                  modal.confirm({ title: "确定删除吗?", okText: "确定", cancelText: "取消", onOk: () => remove(row.id) });
                else {
                  const action = actions.find((candidate) => candidate.key === key);
                  if (!action) return;
                  if (action.confirm) modal.confirm({ title: action.confirm, okText: "确定", cancelText: "取消", onOk: () => action.run(row) });
                  else action.run(row);
                }
              },
            }}
          >
            <a>
              更多 <DownOutlined />
            </a>
          </Dropdown>
        </Space>
      ),
    });
    return list;
    // permission and form are stable per page
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [columns, rowActions, state.column, state.order]);

  const pagination: TablePaginationConfig = {
    current: state.pageNo,
    pageSize: state.pageSize,
    total,
    pageSizeOptions: PAGE_SIZE_OPTIONS.map(String),
    showQuickJumper: true,
    showSizeChanger: true,
    showTotal: (count, range) => `${range[0]}-${range[1]} 共${count}条`,
  };

  const batch = [
    ...(can("batch_delete") ? [{ key: "deleteBatch", label: "删除", icon: <DeleteOutlined /> }] : []),
    ...batchActions.filter((action) => !action.permission || permission.isVisible(action.permission)).map((action) => ({ key: action.key, label: action.label })),
  ];

  return (
    <Card title={title} className="list-page">
      <SearchBar fields={searchFields} filters={state.filters} onSearch={(filters) => go(withSearch(state, { ...filters, ...props.fixedFilters }))} />
      {props.extraSearch}
      <div className="list-toolbar">
        <Space wrap>
          {form && can("add") ? (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ mode: "add", record: form.defaults ? { ...form.defaults } : null })}>
              {props.addLabel ?? "新增"}
            </Button>
          ) : null}
          {url.exportXls && can("export") ? (
            <Button type="primary" icon={<DownloadOutlined />} loading={exporting} onClick={() => void exportRows()}>
              导出
            </Button>
          ) : null}
          {url.importExcel && can("import") ? (
            <Button type="primary" icon={<ImportOutlined />} onClick={() => setImporting(true)}>
              导入
            </Button>
          ) : null}
          {props.superQuery && props.superQuery.length > 0 ? (
            <SuperQuery
              fields={props.superQuery}
              value={state}
              loading={revalidator.state !== "idle"}
              onSearch={(params) => go({ ...state, pageNo: 1, superQueryParams: params?.superQueryParams, superQueryMatchType: params?.superQueryMatchType })}
            />
          ) : null}
          {toolbarActions
            .filter((action) => !action.permission || permission.isVisible(action.permission))
            .map((action) => (
              <Button key={action.key} icon={action.icon} onClick={action.run}>
                {action.label}
              </Button>
            ))}
          {batch.length > 0 ? (
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
      <Table<ListRecord>
        rowKey="id"
        size="middle"
        columns={tableColumns}
        dataSource={records}
        scroll={{ x: "max-content" }}
        {...props.tableProps}
        pagination={props.paged === false ? false : pagination}
        rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(String)) }}
        onChange={(page, _filters, sorter, extra) => {
          if (extra.action === "sort") {
            const single = (Array.isArray(sorter) ? sorter[0] : sorter) as SorterResult<ListRecord> | undefined;
            go(withSort({ ...state, pageNo: 1 }, single?.columnKey ? String(single.columnKey) : undefined, single?.order ?? null, defaultSort));
          } else if (extra.action === "paginate") go(withPage(state, page.current ?? 1, page.pageSize ?? state.pageSize));
        }}
      />
      {importing && url.importExcel ? (
        <Suspense fallback={null}>
          <ImportExcelDialog open onClose={() => setImporting(false)} action={importHref(url.importExcel)} onImported={() => void revalidator.revalidate()} />
        </Suspense>
      ) : null}
      {form && editing ? (
        <FormModal
          open
          mode={editing.mode}
          record={editing.record}
          fields={form.fields}
          schema={form.schema}
          width={form.width}
          detailUrl={form.detailUrl}
          action={source?.action}
          onClose={() => setEditing(null)}
          onSaved={(text) => {
            void message.success(text);
            setEditing(null);
          }}
        />
      ) : null}
    </Card>
  );
}
