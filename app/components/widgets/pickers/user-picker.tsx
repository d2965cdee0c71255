// The user picker (docs/spec/widgets.md §2 "Pickers", §3 "User row", §7 queryUserComponentData and
// getMultiUser, §9 widths 1200 / 1250): users with realname, username, sex and department,
// filters by account and sex; the by-department variant adds the department tree. Phone and
// birthday are not shown (the spec's columns): pickers serve every signed-in user, and staff's
// phones and birthdays are for the user page only (issue #10, docs/decisions/009).
// Multi-select by default; stores usernames (or ids), comma-joined.
import { useState } from "react";
import type { ColumnsType } from "antd/es/table";
import type { ValueWidgetProps } from "../dict-select/widget-parts";
import { DepartTree } from "./depart-tree";
import { PICKER_WIDTHS } from "./picker-logic";
import { RecordPicker, type RecordPickerConfig } from "./record-picker";
import { RecordPickerModal, type PickerFilter } from "./record-picker-modal";
import { useDepartTree } from "./use-depart-tree";

/** docs/spec/widgets.md §3 "User row". */
export interface UserRow {
  [field: string]: unknown;
  id: string;
  username: string;
  realname?: string;
  sex?: number | string;
  sex_dictText?: string;
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

/** The picker's user table (also the table of pages that add existing users). */
export const userPickerColumns: ColumnsType<UserRow> = [
  { title: "姓名", dataIndex: "realname", align: "center", ellipsis: true },
  { title: "账号", dataIndex: "username", align: "center", ellipsis: true },
  { title: "性别", dataIndex: "sex_dictText", align: "center" },
  { title: "部门", dataIndex: "orgCodeTxt", align: "center", ellipsis: true },
];

export const userPickerFilters: PickerFilter[] = [
  { name: "username", label: "账号", kind: "text" },
  { name: "sex", label: "性别", kind: "dict", dictCode: "sex" },
];

function configFor(byDepartment: boolean, placeholder: string): RecordPickerConfig<UserRow> {
  return {
    title: byDepartment ? "根据部门选择用户" : "选择用户",
    width: byDepartment ? PICKER_WIDTHS.userByDepartment : PICKER_WIDTHS.user,
    listUrl: USERS_URL,
    columns: userPickerColumns,
    filters: userPickerFilters,
    labelField: "realname",
    placeholder,
  };
}

/** The department tree beside the users; loaded when the modal first opens. */
function DepartmentSide({ open, selected, onSelect }: { open: boolean; selected: string | undefined; onSelect: (key: string) => void }) {
  const { tree } = useDepartTree(open);
  return <DepartTree tree={tree} selectedKeys={selected ? [selected] : []} onSelect={onSelect} />;
}

export function UserPicker({ multiple = true, store = "username", byDepartment = false, placeholder = "请选择用户", onChange, ...field }: UserPickerProps) {
  const [departId, setDepartId] = useState<string | undefined>(undefined);
  return (
    <RecordPicker<UserRow>
      {...field}
      config={configFor(byDepartment, placeholder)}
      valueField={store}
      multiple={multiple}
      onChange={onChange}
      extraQuery={{ departId }}
      side={
        byDepartment
          ? (open) => <DepartmentSide open={open} selected={departId} onSelect={(key) => setDepartId((before) => (before === key ? undefined : key))} />
          : undefined
      }
    />
  );
}

/**
 * 已有用户 / 添加已有用户 of a role's or a department's users: the user table alone, several rows at
 * once; `onPick` hears the chosen users' ids (none when the modal was confirmed empty).
 */
export function ExistingUsersModal({ open, onClose, onPick }: { open: boolean; onClose: () => void; onPick: (userIds: string[]) => void }) {
  return (
    <RecordPickerModal<UserRow>
      open={open}
      title="选择用户"
      width={PICKER_WIDTHS.user}
      listUrl={USERS_URL}
      columns={userPickerColumns}
      filters={userPickerFilters}
      multiple
      rowKey="id"
      labelField="realname"
      initial={[]}
      onCancel={onClose}
      onOk={(rows) => {
        onClose();
        if (rows.length > 0) onPick(rows.map((row) => String(row.id)));
      }}
    />
  );
}
