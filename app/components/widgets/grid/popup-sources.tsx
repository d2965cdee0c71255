// The list sources a popup cell or field can name by `popupCode`: a record picker configuration
// registered here (docs/spec/widgets.md §2 business-record picker), else the online report of that
// code (§2 "Generic popup picker driven by an online report configuration", §3, §7): its columns
// and dictionaries (getRpColumns), its query fields as filters (getQueryInfo), its rows (getData).
// Loaded with the popup's modal only (./popup-modal.tsx).
import type { ReportColumns, ReportQueryField } from "#contract/modules/online-report";
import { BIZ_PICKER_PAGING, PICKER_WIDTHS, type PickerRow } from "~/components/widgets/pickers/picker-logic";
import type { PickerFilter } from "~/components/widgets/pickers/record-picker-modal";
import type { RecordPickerConfig } from "~/components/widgets/pickers/record-picker";
import { userPickerColumns, userPickerFilters } from "~/components/widgets/pickers/user-picker";
import { requestWidget } from "~/routes/api/widgets/widget-answer";

/** spec §9: the popup's default width. */
export const POPUP_WIDTH = 1200;

const sources = new Map<string, RecordPickerConfig<PickerRow>>([
  [
    "users",
    {
      title: "选择用户",
      width: PICKER_WIDTHS.user,
      listUrl: "/api/widgets/users",
      columns: userPickerColumns as RecordPickerConfig<PickerRow>["columns"],
      filters: userPickerFilters,
      labelField: "realname",
      placeholder: "请选择用户",
      paging: BIZ_PICKER_PAGING,
      selectedColumns: userPickerColumns.slice(0, 2) as RecordPickerConfig<PickerRow>["columns"],
    },
  ],
]);

export function popupSource(code: string): RecordPickerConfig<PickerRow> | undefined {
  return sources.get(code);
}

/** Adds a list source for popup cells (a module's own records). */
export function registerPopupSource(code: string, config: RecordPickerConfig<PickerRow>): void {
  sources.set(code, config);
}

/** A report popup: its picker, the field naming a row, and whether the report returns several rows (return type 2). */
export interface ReportPopupSource {
  config: RecordPickerConfig<PickerRow>;
  /** Sent as `key`: the report data route gives each row this field as its `id`. */
  extraQuery: { key: string };
  multiple: boolean;
}

/** The picker of an online report's popup config (spec §3). Pure. */
export function reportPickerConfig(report: ReportColumns, queryInfo: readonly ReportQueryField[]): RecordPickerConfig<PickerRow> {
  const columns: RecordPickerConfig<PickerRow>["columns"] = report.columns.map((column) => {
    const options = column.customRender ? report.dictOptions[column.customRender] : undefined;
    return {
      title: column.title,
      dataIndex: column.dataIndex,
      key: column.dataIndex,
      ...(column.width ? { width: Number(column.width) } : {}),
      ...(options ? { render: (value: unknown) => options.find((option) => option.value === String(value ?? ""))?.text ?? String(value ?? "") } : {}),
    };
  });
  const filters: PickerFilter[] = queryInfo
    .filter((field) => field.mode !== "group")
    .map((field) => (field.dictCode ? { name: field.field, label: field.label, kind: "dict", dictCode: field.dictCode } : { name: field.field, label: field.label, kind: field.view === "date" ? "date" : "text" }));
  const labelField = report.returnTxtField || report.columns[0]?.dataIndex || "id";
  return {
    title: report.cgRpConfigName,
    width: POPUP_WIDTH,
    listUrl: `/api/widgets/report-data/${encodeURIComponent(report.cgRpConfigId)}`,
    columns,
    filters,
    labelField,
    placeholder: `请选择${report.cgRpConfigName}`,
  };
}

/** Loads the online report named `code` as a popup source; a failure carries the server's message. */
export async function loadReportPopupSource(code: string, keyField?: string): Promise<{ ok: true; source: ReportPopupSource } | { ok: false; message: string }> {
  const answer = await requestWidget<{ report: ReportColumns; queryInfo: ReportQueryField[] }>(`/api/widgets/report/${encodeURIComponent(code)}`);
  if (!answer.ok) return { ok: false, message: answer.message };
  const [loaded] = answer.items;
  if (!loaded) return { ok: false, message: "" };
  const key = keyField || loaded.report.returnValField || loaded.report.columns[0]?.dataIndex || "id";
  return { ok: true, source: { config: reportPickerConfig(loaded.report, loaded.queryInfo), extraQuery: { key }, multiple: loaded.report.returnType === "2" } };
}
