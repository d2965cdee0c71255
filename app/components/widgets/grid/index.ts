// The editable sub-table grid (JVxeTable; docs/spec/widgets.md §2-§9): rows of a detail record edited
// in a form, virtual (10,000 rows), posted as named fields (`parents[0].relation`, grid-value.ts).
//
// API (stable; extend, don't break):
//
//   import { EditableGrid, type GridColumn } from "~/components/widgets/grid";
//   const columns: GridColumn[] = [
//     { key: "name", title: "姓名", type: "input", validateRules: [{ required: true }] },
//     { key: "amount", title: "金额", type: "inputNumber", statistics: ["sum"], validateRules: [{ pattern: "money" }] },
//     { key: "relation", title: "关系", type: "select", dictCode: "relation" },   // or options: [{ value, text }]
//     { key: "birthday", title: "生日", type: "date" },                         // YYYY-MM-DD
//     { key: "primary", title: "主要", type: "checkbox", customValue: ["1", "0"] },
//   ];
//   <Form method="post">
//     <EditableGrid name="parents" columns={columns} rows={loaderData.parents} dragSort moveButtons />
//     <button type="submit">保存</button>
//   </Form>
//
// - Every value is a string (checkbox: its customValue, default "Y"/"N"; list_multi: comma-joined).
// - Rows: `{ id, ...values }`. New rows get temporary ids (`<prefix>_<n>__temp`, `isTempId`);
//   removed saved rows go to `deletedIds`. With dragSort / moveButtons the `orderNum` field (or
//   `orderKey`) is renumbered 1..n.
// - Submitting the form validates every grid in it first (rules of §5, in order, first failure
//   shown as a tooltip on the cell); with errors the submit is held and the first tab with an
//   error is shown. `collectGrids(form)` does the same on demand and rejects with
//   `GridValidationError` (its `count`).
// - The form posts `parents[0].id`, `parents[0].relation`, … (rows numbered from 0) and one
//   `parents.deletedIds` per removed saved row. The action reads them: `readGridField(formData,
//   "parents")` → `{ ok, value: { rows, deletedIds } }` (`表格数据格式不正确` when malformed);
//   `rowForSave(row)` drops a temporary id. Without JavaScript the server renders the rows
//   read-only with their named fields as hidden inputs, which post them unchanged.
// - Custom cell types: `installCellType("area", AreaCell)` (reserved names refused).
// - A new `rows` array (a loader revalidation) reloads the grid; `onValueChange` follows edits;
//   `onReady(store)` hands the GridStore (e.g. `store.mergeRealtime(row, true)`).
// - A form value that is the rows as JSON text (a module's detail rows in a form modal):
//   `<GridTextField value onChange columns prefix toRows toText derive? footer? />`; a record form's
//   field with `rows: true` posts that text's rows as named fields too (record-form.tsx).
export { EditableGrid, type EditableGridProps } from "./editable-grid";
export { collectGrids, showTabOf } from "./form-link";
export { installCellType, RESERVED_CELL_TYPES, type CellProps, type CellComponent } from "./columns";
export { GridValidationError } from "./validation";
export { isTempId } from "./rows";
export { gridFieldEntries, readGridField, readGridFields, rowForSave } from "./grid-value";
export { useTextValueRows } from "./use-text-value-rows";
export { GridTextField, type GridTextFieldProps } from "./grid-text-field";
export { minLengthRule, maxLengthRule, minChoicesRule, maxChoicesRule, NAMED_PATTERNS, OTHER_PATTERNS } from "./patterns";
export type { GridStore } from "./grid-store";
export type { CellType, GridColumn, GridRow, GridValue, ValidateRule } from "./types";
