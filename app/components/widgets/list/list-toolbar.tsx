// The list's toolbar: 新增, 导出, 导入, 高级查询, the page's own buttons, 批量操作 and the selection's
// count. Before JavaScript each is a link to its own page or a plain form (the ticked rows go to
// the batch confirmation with the batch form).
import { useState, type ReactNode } from "react";
import { useRevalidator } from "react-router";
import { App, Button, Dropdown, Space } from "antd";
import PlusOutlined from "@ant-design/icons/PlusOutlined";
import DownOutlined from "@ant-design/icons/DownOutlined";
import DeleteOutlined from "@ant-design/icons/DeleteOutlined";
import DownloadOutlined from "@ant-design/icons/DownloadOutlined";
import FilterOutlined from "@ant-design/icons/FilterOutlined";
import ImportOutlined from "@ant-design/icons/ImportOutlined";
import type { StandardAction } from "#contract/permission-codes";
import { SUPER_QUERY_PAGE, queryString, toBackendQuery, type ListState } from "~/lib/list-query";
import { exportHref } from "~/lib/excel-endpoints";
import type { ListEndpoints } from "~/services/list.server";
import { usePermission } from "../../shell/permission/has-permission";
import { showSessionExpired } from "../../shell/feedback/failure-feedback";
import { SUPER_QUERY_TEXTS, type SuperQueryField } from "../super-query/super-query";
import { SuperQueryButton } from "../super-query/super-query-button";
import { lazyIsland } from "../lazy";
import { downloadExport, formatBytes } from "./export-excel";
import type { ToolbarAction } from "./types";
import { handledClick, type ListAddress } from "./use-list-state";

// The advanced query's dialog and selects load when first asked for (decision 018).
const SuperQuery = lazyIsland(
  () => import("../super-query/super-query-builder").then((module) => module.SuperQuery),
  (props) => <SuperQueryButton onClick={props.onRequest} />,
);

export interface ListToolbarProps {
  list: ListAddress;
  state: ListState;
  url: ListEndpoints;
  hydrated: boolean;
  can: (action: StandardAction) => boolean;
  /** 新增, when the list has a form and may add (its label, and what opens it). */
  add: { label: ReactNode; open: () => void } | null;
  /** The page's query for the plain forms' and links' pages (without the plain pages' own params). */
  plainList: URLSearchParams;
  /** The address of the plain 导入 page. */
  importPage: string;
  onImport: () => void;
  superQuery: SuperQueryField[] | null;
  toolbarActions: ToolbarAction[];
  /** The page's own control, first after 新增 (an upload button). */
  extra?: ReactNode;
  batch: Array<{ key: string; label: string; icon?: ReactNode }>;
  onBatch: (key: string) => void;
  /** The id of the plain batch form the rows' boxes belong to. */
  batchFormId: string;
  selected: string[];
  clearSelection: () => void;
}

export function ListToolbar(props: ListToolbarProps) {
  const { list, state, url, hydrated, can, add, plainList, superQuery, batch, batchFormId, selected } = props;
  const { addressed, pathname } = list;
  const { message, modal } = App.useApp();
  const permission = usePermission();
  const revalidator = useRevalidator();
  const [superQueryRequested, setSuperQueryRequested] = useState(false);
  const [exporting, setExporting] = useState(false);

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

  return (
    <div className="list-toolbar">
      <Space wrap>
        {add ? (
          <Button
            type="primary"
            icon={<PlusOutlined />}
            href={addressed ? list.address({ form: "add" }) : undefined}
            // A link to the form's page, that opens the dialog once hydrated: a button to its users.
            role={addressed ? "button" : undefined}
            onClick={(event) => {
              if (addressed) handledClick(event, add.open);
              else add.open();
            }}
          >
            {add.label}
          </Button>
        ) : null}
        {props.extra}
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
            href={!hydrated && addressed ? props.importPage : undefined}
            onClick={props.onImport}
          >
            导入
          </Button>
        ) : null}
        {superQuery && !hydrated && addressed ? (
          // Before JavaScript: a link to the query's own form (`?superQuery=open`).
          <Button type="primary" icon={<FilterOutlined />} href={`${pathname}${queryString(new URLSearchParams([...plainList, [SUPER_QUERY_PAGE, "open"]]))}`}>
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
              list.go({
                ...state,
                pageNo: 1,
                superQueryParams: params?.superQueryParams,
                superQueryMatchType: params?.superQueryMatchType,
              })
            }
          />
        ) : null}
        {props.toolbarActions
          .filter((action) => !action.permission || permission.isVisible(action.permission))
          .map((action) => (
            <Button key={action.key} icon={action.icon} onClick={action.run}>
              {action.label}
            </Button>
          ))}
        {batch.length > 0 && !hydrated && addressed && can("batch_delete") ? (
          // Before JavaScript: the ticked rows (their boxes belong to this form) go to the confirmation.
          <form id={batchFormId} method="get" action={pathname}>
            {[...new URLSearchParams(list.listSearch)].map(([name, value]) => (
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
              onClick: ({ key }) => props.onBatch(key),
            }}
          >
            <Button>
              批量操作 <DownOutlined />
            </Button>
          </Dropdown>
        ) : null}
        {selected.length > 0 ? (
          <span className="list-selection">
            已选择 <strong>{selected.length}</strong> 项 <a onClick={props.clearSelection}>清空</a>
          </span>
        ) : null}
      </Space>
    </div>
  );
}
