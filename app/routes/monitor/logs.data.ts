// 系统日志: the two log kinds' columns and the search, as declarations (docs/style.md).
import type { ListColumn } from "~/components/widgets/list/list-page";
import type { SearchField } from "~/components/widgets/list/types";
import { PAGES_WITHOUT_MODULE } from "#contract/page-paths";

export const LOG_PAGE = {
  path: PAGES_WITHOUT_MODULE["system/LogList"],
  permissionPrefix: "log",
  url: {
    list: "/sys/log/list",
    exportXls: "/sys/log/exportXls",
  },
} as const;

/**
 * The page's tabs, each the list under fixed filters: sys_log.log_type (contract §5), and the
 * operation log's exports (operate_type 6, docs/decisions/120: page, rows, masked or not, filter).
 */
export const LOG_TABS = [
  { key: "1", label: "登录日志", filters: { logType: "1" } },
  { key: "2", label: "操作日志", filters: { logType: "2" } },
  { key: "export", label: "导出日志", filters: { logType: "2", operateType: "6" } },
] as const;

export type LogTab = (typeof LOG_TABS)[number]["key"];

/** The tab of an address: `?logType=1`, `?logType=2`, `?logType=2&operateType=6`. */
export function logTabOf(search: URLSearchParams): LogTab | null {
  const logType = search.get("logType");
  const operateType = search.get("operateType");
  if (logType === "2" && operateType === "6") return "export";
  return LOG_TABS.find((tab) => tab.key === logType && !operateType)?.key ?? null;
}

export function logTabSearch(tab: LogTab): string {
  return `?${new URLSearchParams(LOG_TABS.find((entry) => entry.key === tab)!.filters)}`;
}

const shared: ListColumn[] = [
  { title: "日志内容", dataIndex: "logContent", width: 320 },
  { title: "操作人ID", dataIndex: "userid", sorter: true, width: 120 },
  { title: "操作人名称", dataIndex: "username", width: 120 },
  { title: "IP", dataIndex: "ip", width: 130 },
];

const operationColumns: ListColumn[] = [
  ...shared,
  { title: "操作类型", dataIndex: "operateType", dict: true, width: 90 },
  { title: "请求方法", dataIndex: "method", width: 220 },
  { title: "耗时(毫秒)", dataIndex: "costTime", sorter: true, width: 100 },
  { title: "创建时间", dataIndex: "createTime", sorter: true, width: 170 },
];

export const logColumns: Record<LogTab, ListColumn[]> = {
  "1": [...shared, { title: "浏览器", dataIndex: "browser", width: 170 }, { title: "创建时间", dataIndex: "createTime", sorter: true, width: 170 }],
  "2": operationColumns,
  export: operationColumns,
};

export const logSearchFields: SearchField[] = [
  { name: "keyWord", label: "搜索日志", kind: "text" },
  { name: "userid", label: "操作人ID", kind: "text" },
  { name: "createTime", label: "创建时间", kind: "date-range" },
];
