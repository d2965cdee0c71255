// 报表配置's form parts: the report's columns (onl_cgreport_item) and parameters
// (onl_cgreport_param) on the house's editable grid, each kept as one JSON text form value that the
// record form posts as named fields (`items[0].fieldName`, `rows: true`, docs/decisions/192), and
// 解析SQL, which asks the backend for the columns and `${param}` names of the typed SQL and merges
// them into both grids (settings of columns and parameters already there are kept).
import { useState } from "react";
import { App, Button, Form, Space, Typography } from "antd";
import { REPORT_FIELD_TYPES, type ReportItem, type ReportParam } from "#contract/modules/online-report";
import { EditableGrid, useTextValueRows, type GridColumn, type GridRow, type GridValue } from "~/components/widgets/grid";
import { parseJsonRows } from "~/components/widgets/grid/grid-value";
import { showFailure } from "~/components/shell/feedback/failure-feedback";
import { callRoute } from "~/lib/route-call";
import { failureOf } from "~/routes/api/widgets/widget-answer";

const FLAG: readonly [string, string] = ["1", "0"];

const ITEM_COLUMNS: GridColumn[] = [
  { key: "fieldName", title: "字段名", type: "input", width: 140, validateRules: [{ required: true, message: "请输入字段名" }] },
  { key: "fieldTxt", title: "字段文本", type: "input", width: 140 },
  { key: "fieldType", title: "字段类型", type: "select", width: 130, options: REPORT_FIELD_TYPES.map((type) => ({ value: type, text: type })), defaultValue: "String" },
  { key: "fieldWidth", title: "宽度", type: "inputNumber", width: 90 },
  { key: "isShow", title: "是否显示", type: "checkbox", width: 80, customValue: FLAG, defaultChecked: true },
  { key: "isOrder", title: "是否排序", type: "checkbox", width: 80, customValue: FLAG },
  { key: "isSearch", title: "是否查询", type: "checkbox", width: 80, customValue: FLAG },
  {
    key: "searchMode",
    title: "查询模式",
    type: "select",
    width: 110,
    options: [
      { value: "single", text: "单条件查询" },
      { value: "group", text: "范围查询" },
    ],
    defaultValue: "single",
  },
  { key: "dictCode", title: "字典Code", type: "input", width: 140 },
  { key: "isTotal", title: "是否合计", type: "checkbox", width: 80, customValue: FLAG },
];

const PARAM_COLUMNS: GridColumn[] = [
  { key: "paramName", title: "参数字段", type: "input", width: 160, validateRules: [{ required: true, message: "请输入参数字段" }, { pattern: /^[A-Za-z_][A-Za-z0-9_]*$/, message: "参数字段只能是字母、数字和下划线" }] },
  { key: "paramTxt", title: "参数文本", type: "input", width: 180 },
  { key: "paramValue", title: "默认值", type: "input", width: 180 },
];

const ITEM_KEYS = ["fieldName", "fieldTxt", "fieldType", "fieldWidth", "isShow", "isOrder", "isSearch", "searchMode", "dictCode", "isTotal"] as const;
const PARAM_KEYS = ["paramName", "paramTxt", "paramValue"] as const;

function toRows(prefix: string, keys: readonly string[]) {
  return (text: string | undefined): GridRow[] =>
    parseJsonRows<Record<string, unknown>>(text).map((row, index) => {
      const cells: GridRow = { id: `${prefix}_${index}` };
      for (const key of keys) cells[key] = row[key] === undefined || row[key] === null ? "" : String(row[key]);
      return cells;
    });
}

function fromGrid(value: GridValue, keys: readonly string[]): string {
  return JSON.stringify(value.rows.map((row) => Object.fromEntries(keys.map((key) => [key, row[key] ?? ""]))));
}

interface GridFieldProps {
  value?: string;
  onChange?: (value: string) => void;
  disabled?: boolean;
}

function JsonGridField({ value, onChange, disabled, columns, keys, prefix }: GridFieldProps & { columns: GridColumn[]; keys: readonly string[]; prefix: string }) {
  const { rows, emit } = useTextValueRows(value, toRows(prefix, keys));
  return (
    <EditableGrid
      columns={columns}
      rows={rows}
      disabled={disabled}
      rowNumber
      dragSort
      maxHeight={300}
      size="small"
      tablePrefix={prefix}
      onValueChange={(next) => {
        const text = fromGrid(next, keys);
        emit(text);
        onChange?.(text);
      }}
    />
  );
}

export function ReportItemsField(props: GridFieldProps) {
  return <JsonGridField {...props} columns={ITEM_COLUMNS} keys={ITEM_KEYS} prefix="report_item" />;
}

export function ReportParamsField(props: GridFieldProps) {
  return <JsonGridField {...props} columns={PARAM_COLUMNS} keys={PARAM_KEYS} prefix="report_param" />;
}

type ParseAnswer =
  | { ok: true; fields: Array<{ fieldName: string; fieldType: string }>; params: Array<{ paramName: string; paramTxt?: string; paramValue?: string }> }
  | { ok: false; failure: { message: string } };

/** The columns of the answer, with what the form already says of each kept. */
export function mergeItems(current: readonly Partial<ReportItem>[], fields: ReadonlyArray<{ fieldName: string; fieldType: string }>): ReportItem[] {
  return fields.map((field) => {
    const known = current.find((item) => item.fieldName === field.fieldName);
    return {
      fieldName: field.fieldName,
      fieldTxt: known?.fieldTxt || field.fieldName,
      fieldType: known?.fieldType || field.fieldType,
      fieldWidth: known?.fieldWidth ?? "",
      isShow: known?.isShow ?? "1",
      isOrder: known?.isOrder ?? "0",
      isSearch: known?.isSearch ?? "0",
      searchMode: known?.searchMode || "single",
      dictCode: known?.dictCode ?? "",
      isTotal: known?.isTotal ?? "0",
    };
  });
}

export function mergeParams(current: readonly Partial<ReportParam>[], names: ReadonlyArray<{ paramName: string }>): ReportParam[] {
  return names.map(({ paramName }) => {
    const known = current.find((param) => param.paramName === paramName);
    return { paramName, paramTxt: known?.paramTxt || paramName, paramValue: known?.paramValue ?? "" };
  });
}

/** 解析SQL: fills the column and parameter grids from the SQL as typed. */
export function ParseSqlButton({ disabled }: { disabled?: boolean }) {
  const form = Form.useFormInstance();
  const app = App.useApp();
  const { message } = app;
  const [busy, setBusy] = useState(false);
  const parse = async () => {
    const body = new FormData();
    body.set("sql", String(form.getFieldValue("cgrSql") ?? ""));
    body.set("dbSource", String(form.getFieldValue("dbSource") ?? ""));
    body.set("params", String(form.getFieldValue("params") ?? "[]"));
    setBusy(true);
    const answer = await callRoute<ParseAnswer>("/api/online/report-parse", { method: "POST", body });
    setBusy(false);
    if (!answer.ok) {
      if ("kind" in answer) showFailure(app, failureOf(answer));
      else void message.warning(answer.failure.message);
      return;
    }
    const items = mergeItems(parseJsonRows<Partial<ReportItem>>(form.getFieldValue("items")), answer.fields);
    const params = mergeParams(parseJsonRows<Partial<ReportParam>>(form.getFieldValue("params")), answer.params);
    form.setFieldsValue({ items: JSON.stringify(items), params: JSON.stringify(params) });
    void message.success(`解析成功：${items.length}个字段，${params.length}个参数`);
  };
  return (
    <Space direction="vertical" size={4}>
      <Button onClick={() => void parse()} loading={busy} disabled={disabled}>
        解析SQL
      </Button>
      <Typography.Text type="secondary">参数写成 {"${参数名}"}，查询时作为绑定参数传入，不会拼接进SQL。</Typography.Text>
    </Space>
  );
}
