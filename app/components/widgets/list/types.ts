// Declarations a list page is made of (docs/style.md: a new page is mostly declarations).
import type { ReactNode } from "react";
import type { PermissionCode } from "#contract/permission-codes";

export interface FieldOption {
  value: string;
  label: string;
}

export type FormFieldKind = "text" | "password" | "textarea" | "number" | "date" | "select" | "multi-select" | "radio" | "custom";

export interface FormField {
  name: string;
  label: string;
  kind: FormFieldKind;
  options?: FieldOption[];
  placeholder?: string;
  /** Shown only when adding (e.g. the initial password). */
  onlyOnAdd?: boolean;
  /** A line of 详情 only, never a control of the form (what the server computes: a number, a total, a state). */
  onlyInDetail?: boolean;
  /** A control of the form only, never a line of 详情 (an id whose name another line shows). */
  notInDetail?: boolean;
  /** Read-only when editing (e.g. the user name). */
  fixedOnEdit?: boolean;
  /** The server-side uniqueness check of docs/spec/app-shell.md §5 (skipped for empty values). */
  duplicate?: { tableName: string; fieldName: string };
  /** A 校验规则 code (sys_check_rule) the value must pass (docs/spec/app-shell.md §5; skipped when empty). */
  checkRule?: string;
  required?: boolean;
  /** Marked required on 新增 only (e.g. 数据源管理's password: a blank on 编辑 keeps it). */
  requiredOnAdd?: boolean;
  /**
   * On 编辑, the message when a blank no longer keeps the stored value because of what else changed
   * (数据源管理's password once the address or user differs from the record); null otherwise.
   */
  requiredOnEditWhen?: (values: Record<string, unknown>, record: Record<string, unknown>) => string | null;
  /**
   * kind "custom": the control (a tree select, a picker, a switch…). The form gives it `value` and
   * `onChange`; its value is kept as a string (arrays are joined with commas).
   */
  render?: (context: { mode: "add" | "edit" | "detail"; record: Record<string, unknown> | null }) => ReactNode;
  /** What 详情 shows for the field (default: the option labels, `<name>_dictText` or the value). */
  detail?: (record: Record<string, unknown>) => ReactNode;
  /**
   * A control as wide as the form, its label above it (a grid of rows): the dialog opens at
   * WIDE_FORM_WIDTH so that the grid's columns show (issue #30, docs/decisions/164).
   */
  wide?: boolean;
  /**
   * kind "custom": a grid of rows (a bill's items, a student's parents): the control's value is its
   * rows as JSON text, and the form posts them as named fields (`items[0].name`, grid-value.ts).
   */
  rows?: boolean;
  /** Hidden unless this returns true for the form's current values (e.g. fields of one menu type). */
  visibleWhen?: (values: Record<string, unknown>) => boolean;
}

export interface SearchField {
  name: string;
  label: string;
  kind: "text" | "select" | "date-range";
  options?: FieldOption[];
  /** Text filters match anywhere (`*x*`, contract §6) unless `exact`. */
  exact?: boolean;
}

export interface RowAction<Row> {
  key: string;
  label: string;
  /** Button permission code; hidden when not granted (the backend refuses it anyway). */
  permission?: PermissionCode;
  visible?: (row: Row) => boolean;
  confirm?: string;
  /** Asks a required reason first (冲销, 作废): the dialog's title and its message when empty. */
  reason?: { title: string; required: string };
  run: (row: Row, reason?: string) => void;
  danger?: boolean;
}

export interface ToolbarAction {
  key: string;
  label: string;
  icon?: ReactNode;
  permission?: PermissionCode;
  run: () => void;
}
