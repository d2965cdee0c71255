// The user picker (spec/widgets.md §2 "Pickers", §3 "User row", §7 queryUserComponentData and
// getMultiUser, §9 widths 1200 / 1250): users with realname, username, phone and birthday,
// filters by account, sex and birthday; the by-department variant adds the department tree.
// Multi-select by default; stores usernames (or ids), comma-joined.
import { useState } from "react";
import type { ColumnsType } from "antd/es/table";
import { useControllableValue } from "../dict-select/use-controllable-value";
import type { ValueWidgetProps } from "../dict-select/widget-parts";
import { DepartTree } from "./depart-tree";
import { PickerField } from "./picker-field";
import { keepValues, pickedValue, PICKER_WIDTHS, rowsOfValue } from "./picker-logic";
import { RecordPickerModal, type PickerFilter } from "./record-picker-modal";
import { useDepartTree } from "./use-depart-tree";
import { usePickerLabels } from "./use-picker-labels";

/** spec/widgets.md §3 "User row". */
export interface UserRow {
  [field: string]: unknown;
  id: string;
  username: string;
  realname?: string;
  sex?: number | string;
  phone?: string;
  birthday?: string;
  orgCodeTxt?: string;
}

export type UserStore = "username" | "id";

export interface UserPickerProps extends ValueWidgetProps {
  /** The stored values (comma-joined) and the chosen users. */
  onChange?: (value: string, users: UserRow[]) => void;
  /** Default true (spec §2). */
  multiple?: boolean;
  /** What is stored: usernames (default) or ids. */
  store?: UserStore;
  /** The variant with the department tree on the side. */
  byDepartment?: boolean;
  modalWidth?: number;
  placeholder?: string;
}

const USERS_URL = "/api/widgets/users";

const columns: ColumnsType<UserRow> = [
  { title: "姓名", dataIndex: "realname", align: "center", ellipsis: true },
  { title: "账号", dataIndex: "username", align: "center", ellipsis: true },
  { title: "手机号", dataIndex: "phone", align: "center" },
  { title: "出生日期", dataIndex: "birthday", align: "center" },
];

const filters: PickerFilter[] = [
  { name: "username", label: "账号", kind: "text" },
  { name: "sex", label: "性别", kind: "dict", dictCode: "sex" },
  { name: "birthday", label: "出生日期", kind: "date" },
];

export function UserPicker({
  value,
  defaultValue,
  onChange,
  multiple = true,
  store = "username",
  byDepartment = false,
  modalWidth,
  placeholder = "请选择用户",
  name,
  disabled,
  id,
  className,
  style,
}: UserPickerProps) {
  const [current, setCurrent] = useControllableValue(value, defaultValue, onChange);
  const [open, setOpen] = useState(false);
  const [departId, setDepartId] = useState<string | undefined>(undefined);
  const known = usePickerLabels<UserRow>(current, USERS_URL, store, "realname");
  const { tree } = useDepartTree(open && byDepartment);

  const side = byDepartment ? (
    <DepartTree tree={tree} selectedKeys={departId ? [departId] : []} onSelect={(key) => setDepartId((before) => (before === key ? undefined : key))} />
  ) : undefined;

  return (
    <>
      <PickerField
        value={current}
        labels={known.labels}
        placeholder={placeholder}
        disabled={disabled}
        name={name}
        id={id}
        className={className}
        style={style}
        onOpen={() => setOpen(true)}
        onRemove={(remaining) => {
          const next = keepValues(current, remaining);
          setCurrent(next, rowsOfValue(next, known.rows, store));
        }}
      />
      <RecordPickerModal<UserRow>
        open={open}
        title={byDepartment ? "根据部门选择用户" : "选择用户"}
        width={modalWidth ?? (byDepartment ? PICKER_WIDTHS.userByDepartment : PICKER_WIDTHS.user)}
        listUrl={USERS_URL}
        columns={columns}
        filters={filters}
        extraQuery={{ departId }}
        side={side}
        multiple={multiple}
        rowKey="id"
        labelField="realname"
        initial={rowsOfValue(current, known.rows, store)}
        onCancel={() => setOpen(false)}
        onOk={(rows) => {
          known.remember(rows);
          setCurrent(pickedValue(rows, store), rows);
          setOpen(false);
        }}
      />
    </>
  );
}
