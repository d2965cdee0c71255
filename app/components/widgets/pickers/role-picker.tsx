// The role picker (docs/spec/widgets.md §2 "Role picker", §3 "Role"): role name and code; stores the
// role code, or the id with `returnId`.
import type { ColumnsType } from "antd/es/table";
import type { ValueWidgetProps } from "../dict-select/widget-parts";
import { PICKER_WIDTHS } from "./picker-logic";
import { RecordPicker, type RecordPickerConfig } from "./record-picker";

/** docs/spec/widgets.md §3 "Role". */
export interface RoleRow {
  [field: string]: unknown;
  id: string;
  roleName?: string;
  roleCode?: string;
}

export interface RolePickerProps extends ValueWidgetProps {
  onChange?: (value: string, roles: RoleRow[]) => void;
  /** Default true, as the original's record pickers. */
  multiple?: boolean;
  /** Store ids instead of role codes. */
  returnId?: boolean;
  placeholder?: string;
  modalWidth?: number;
}

const columns: ColumnsType<RoleRow> = [
  { title: "角色名称", dataIndex: "roleName", align: "center", width: 180, ellipsis: true },
  { title: "角色编码", dataIndex: "roleCode", align: "center", ellipsis: true },
];

const config: RecordPickerConfig<RoleRow> = {
  title: "角色选择",
  width: PICKER_WIDTHS.role,
  listUrl: "/api/widgets/roles",
  columns,
  filters: [{ name: "roleName", label: "角色名称", kind: "text" }],
  labelField: "roleName",
  placeholder: "请选择角色",
};

export function RolePicker({ returnId = false, multiple = true, ...rest }: RolePickerProps) {
  return <RecordPicker<RoleRow> {...rest} config={config} multiple={multiple} valueField={returnId ? "id" : "roleCode"} />;
}
