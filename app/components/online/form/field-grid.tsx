// 表单开发's field list on the editable grid: one row per field (字段名, 备注, 类型, 长度, 小数位,
// 必填, 字典, 校验, 敏感, 列表/表单/查询显示, 默认值), in display order (drag to reorder). Its value is
// the fields as the JSON text field_json keeps, checked by the form and again by the backend.
import { DB_TYPE_LABELS, DB_TYPES, FIELD_NAME_PATTERN, normaliseField, onlineFieldProblems, parseOnlineFields } from "#contract/modules/online-form";
import { NAMED_PATTERNS } from "#contract/modules/patterns";
import { SENSITIVE_KIND_LABELS, SENSITIVE_KINDS } from "#contract/modules/sensitive";
import { EditableGrid, useTextValueRows, type GridColumn, type GridRow, type GridValue } from "~/components/widgets/grid";

const FLAG: readonly [string, string] = ["1", "0"];

const COLUMNS: GridColumn[] = [
  {
    key: "name",
    title: "字段名",
    type: "input",
    width: 140,
    validateRules: [{ required: true, message: "请输入字段名" }, { pattern: FIELD_NAME_PATTERN, message: "小写字母开头，只含小写字母、数字和单个下划线" }, { unique: true, message: "字段名重复" }],
  },
  { key: "label", title: "备注", type: "input", width: 130, validateRules: [{ required: true, message: "请输入备注" }] },
  { key: "dbType", title: "类型", type: "select", width: 160, defaultValue: "string", options: DB_TYPES.map((type) => ({ value: type, text: DB_TYPE_LABELS[type] })) },
  { key: "length", title: "长度", type: "inputNumber", width: 90, defaultValue: "50" },
  { key: "scale", title: "小数位", type: "inputNumber", width: 80, defaultValue: "0" },
  { key: "required", title: "必填", type: "checkbox", width: 60, customValue: FLAG },
  { key: "dict", title: "字典", type: "input", width: 130, placeholder: "字典编码" },
  {
    key: "pattern",
    title: "校验",
    type: "select",
    width: 140,
    allowInput: true,
    options: Object.entries(NAMED_PATTERNS).map(([name, pattern]) => ({ value: name, text: pattern.message })),
  },
  // Personal data (docs/decisions/136): masked without the form's 查看敏感信息, kept from reports.
  { key: "sensitive", title: "敏感", type: "select", width: 100, options: SENSITIVE_KINDS.map((kind) => ({ value: kind, text: SENSITIVE_KIND_LABELS[kind] })) },
  { key: "showList", title: "列表", type: "checkbox", width: 60, defaultChecked: true, customValue: FLAG },
  { key: "showForm", title: "表单", type: "checkbox", width: 60, defaultChecked: true, customValue: FLAG },
  { key: "showSearch", title: "查询", type: "checkbox", width: 60, customValue: FLAG },
  { key: "defaultValue", title: "默认值", type: "input", width: 110 },
];

const asText = (value: unknown) => (value === undefined || value === null ? "" : String(value));

function toGridRows(text: string | undefined): GridRow[] {
  return parseOnlineFields(text).map((field, index) => ({
    id: `field_${index}`,
    name: field.name,
    label: field.label,
    dbType: field.dbType,
    length: asText(field.length),
    scale: asText(field.scale),
    required: field.required ? "1" : "0",
    dict: field.dict ?? "",
    pattern: field.pattern ?? "",
    sensitive: field.sensitive ?? "",
    showList: field.showList === false ? "0" : "1",
    showForm: field.showForm === false ? "0" : "1",
    showSearch: field.showSearch ? "1" : "0",
    defaultValue: field.defaultValue ?? "",
  }));
}

function fromGrid(value: GridValue): string {
  return JSON.stringify(
    value.rows.map((row, order) => {
      const field = normaliseField({ ...row, order });
      if (field.dbType !== "string" && field.dbType !== "decimal") delete field.length;
      if (field.dbType !== "decimal") delete field.scale;
      return field;
    }),
  );
}

export function OnlineFieldGrid({ value, onChange, disabled }: { value?: string; onChange?: (value: string) => void; disabled?: boolean }) {
  const { rows, emit } = useTextValueRows(value, toGridRows);
  return (
    <EditableGrid
      columns={COLUMNS}
      rows={rows}
      disabled={disabled}
      rowNumber
      dragSort
      maxHeight={360}
      size="small"
      onValueChange={(next) => {
        const text = fromGrid(next);
        emit(text);
        onChange?.(text);
      }}
    />
  );
}

/** The form's check of the fields (the backend's again on save and on 同步数据库). */
export function onlineFieldsProblem(text: string | undefined): string | null {
  return onlineFieldProblems(parseOnlineFields(text))[0] ?? null;
}
