export { DepartPicker, type DepartPickerProps } from "./depart-picker";
export { PositionPicker, type PositionPickerProps, type PositionRow } from "./position-picker";
export { RolePicker, type RolePickerProps, type RoleRow } from "./role-picker";
export { UserPicker, type UserPickerProps, type UserRow } from "./user-picker";
export type { DepartNode } from "./picker-logic";
