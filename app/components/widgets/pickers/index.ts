// The pickers as form fields, each loaded on first use: the department tree, the paged tables and
// their modal stay out of the first paint of the list pages that declare them (issue #11 budgets).
import { lazyWidget } from "../lazy";
import type { DepartPickerProps } from "./depart-picker";
import type { PositionPickerProps } from "./position-picker";
import type { RolePickerProps } from "./role-picker";
import type { UserPickerProps } from "./user-picker";
import type { RecordPickerProps } from "./record-picker";
import type { PickerRow } from "./picker-logic";
import type { PopupFieldProps } from "./popup-field";

export const DepartPicker = lazyWidget<DepartPickerProps>(() => import("./depart-picker").then((module) => module.DepartPicker));
export const PositionPicker = lazyWidget<PositionPickerProps>(() => import("./position-picker").then((module) => module.PositionPicker));
export const RolePicker = lazyWidget<RolePickerProps>(() => import("./role-picker").then((module) => module.RolePicker));
export const UserPicker = lazyWidget<UserPickerProps>(() => import("./user-picker").then((module) => module.UserPicker));
export type { DepartPickerProps, PositionPickerProps, RolePickerProps, UserPickerProps };
export type { PositionRow } from "./position-picker";
export type { RoleRow } from "./role-picker";
export type { UserRow } from "./user-picker";
export type { DepartNode } from "./picker-logic";
/** The business-record picker (JSelectBizComponent): `RecordPicker` with `BIZ_PICKER_PAGING` and `selectedColumns`. */
export const RecordPicker = lazyWidget<RecordPickerProps<PickerRow>>(() => import("./record-picker").then((module) => module.RecordPicker));
export type { RecordPickerConfig, RecordPickerProps } from "./record-picker";
export { BIZ_PICKER_PAGING, type PickerRow } from "./picker-logic";
/** The generic popup picker of an online report as a form field (JPopup). */
export const PopupField = lazyWidget<PopupFieldProps>(() => import("./popup-field").then((module) => module.PopupField));
export type { PopupFieldProps } from "./popup-field";
