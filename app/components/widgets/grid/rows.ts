// The grid's row rules (docs/spec/widgets.md §3 "Grid row", §4 "Editable grid rows", §6 button
// permissions, §8 removeRows error). Pure; unit-tested in tests/unit/widget-grid-rows.test.ts.
import type { GridColumn, GridRow } from "./types";

/** spec §9 "Random case id length 8": the table instance id that prefixes its row ids. */
export const TABLE_ID_LENGTH = 8;
/** spec §3: temporary (not yet saved) row ids carry this suffix. */
export const TEMP_ID_SUFFIX = "__temp";
/** spec §9 "Drag-sort default key orderNum". */
export const DEFAULT_ORDER_KEY = "orderNum";
/** Default checkbox values (the switch's Y / N of spec §9). */
export const DEFAULT_CHECKBOX_VALUES: readonly [string, string] = ["Y", "N"];

const ID_ALPHABET = "abcdefghijklmnopqrstuvwxyz0123456789";

/** A random table instance id of 8 characters (row ids of one grid share it). */
export function randomTableId(random: () => number = Math.random): string {
  let id = "";
  for (let index = 0; index < TABLE_ID_LENGTH; index += 1) id += ID_ALPHABET[Math.floor(random() * ID_ALPHABET.length)];
  return id;
}

/** Hands out the temporary ids of one grid: `<tableId>_<n>__temp`. */
export function createRowIdFactory(tableId: string): () => string {
  let next = 0;
  return () => {
    next += 1;
    return `${tableId}_${next}${TEMP_ID_SUFFIX}`;
  };
}

export function isTempId(id: string): boolean {
  return id.endsWith(TEMP_ID_SUFFIX);
}

/** The [checked, unchecked] values of a checkbox column. */
export function checkboxValues(column: GridColumn): readonly [string, string] {
  return column.customValue ?? DEFAULT_CHECKBOX_VALUES;
}

/** A new row: every column's default (checkbox: its customValue by defaultChecked), blanks elsewhere. */
export function newRow(columns: readonly GridColumn[], id: string, values: Record<string, string> = {}): GridRow {
  const row: GridRow = { id };
  for (const column of columns) {
    if (column.type === "checkbox") row[column.key] = checkboxValues(column)[column.defaultChecked ? 0 : 1];
    else row[column.key] = column.defaultValue ?? "";
  }
  for (const [key, value] of Object.entries(values)) if (key !== "id") row[key] = value;
  return row;
}

/** Writes 1..n into the order field (spec §3): after every move, insert and drag. */
export function renumber(rows: readonly GridRow[], orderKey: string | null = DEFAULT_ORDER_KEY): GridRow[] {
  if (!orderKey) return [...rows];
  return rows.map((row, index) => {
    const order = String(index + 1);
    return row[orderKey] === order ? row : { ...row, [orderKey]: order };
  });
}

/** spec §2/§5 add-row settings: `position` 0 = at the bottom, p in 1..n = the new rows become row p. */
export function insertIndex(position: number, rowCount: number): number {
  if (!Number.isInteger(position) || position <= 0 || position > rowCount) return rowCount;
  return position - 1;
}

export function insertRows(rows: readonly GridRow[], added: readonly GridRow[], position = 0): GridRow[] {
  const at = insertIndex(position, rows.length);
  return [...rows.slice(0, at), ...added, ...rows.slice(at)];
}

/**
 * Removes rows by id (spec §4): an existing row's id goes to the deleted-ids list, a new row is
 * just dropped. Anything but a string or a list of strings is a programming error (spec §8).
 */
export function removeRows(
  rows: readonly GridRow[],
  ids: unknown,
  deletedIds: readonly string[],
): { rows: GridRow[]; deletedIds: string[] } {
  let list: string[];
  if (typeof ids === "string") list = [ids];
  else if (Array.isArray(ids) && ids.every((id) => typeof id === "string")) list = ids as string[];
  else throw new TypeError("removeRows expects a row id or a list of row ids");
  const remove = new Set(list);
  const kept: GridRow[] = [];
  const deleted = [...deletedIds];
  for (const row of rows) {
    if (!remove.has(row.id)) kept.push(row);
    else if (!isTempId(row.id) && !deleted.includes(row.id)) deleted.push(row.id);
  }
  return { rows: kept, deletedIds: deleted };
}

/** Moves the row at `from` to `to` (drag), other rows shifting. */
export function moveRow(rows: readonly GridRow[], from: number, to: number): GridRow[] {
  if (from === to || from < 0 || to < 0 || from >= rows.length || to >= rows.length) return [...rows];
  const next = [...rows];
  const [moved] = next.splice(from, 1);
  next.splice(to, 0, moved);
  return next;
}

/** spec §4: move up is disabled on the first row, move down on the last. */
export function canMoveUp(index: number): boolean {
  return index > 0;
}
export function canMoveDown(index: number, rowCount: number): boolean {
  return index >= 0 && index < rowCount - 1;
}

/** spec §4: rows are disabled when a field matches a value or any value of a list. */
export type DisabledRowsRule = Readonly<Record<string, string | readonly string[]>>;

export function isRowDisabled(row: GridRow, rule: DisabledRowsRule | undefined, tableDisabled = false): boolean {
  if (tableDisabled) return true;
  if (!rule) return false;
  return Object.entries(rule).some(([field, match]) => (Array.isArray(match) ? match.includes(row[field]) : row[field] === match));
}

export type SelectionState = "none" | "some" | "all";

/** The header checkbox: none, indeterminate or all of the selectable rows. */
export function selectionState(selected: ReadonlySet<string>, selectableIds: readonly string[]): SelectionState {
  if (selectableIds.length === 0) return "none";
  let count = 0;
  for (const id of selectableIds) if (selected.has(id)) count += 1;
  if (count === 0) return "none";
  return count === selectableIds.length ? "all" : "some";
}

/** Toggles one row; disabled rows cannot be selected (spec §4). `single` keeps one. */
export function toggleSelection(selected: ReadonlySet<string>, id: string, disabled: boolean, single = false): Set<string> {
  if (disabled) return new Set(selected);
  if (single) return selected.has(id) ? new Set() : new Set([id]);
  const next = new Set(selected);
  if (next.has(id)) next.delete(id);
  else next.add(id);
  return next;
}

/** The header checkbox: all selectable rows, or none when all were selected. */
export function toggleAll(selected: ReadonlySet<string>, selectableIds: readonly string[]): Set<string> {
  return selectionState(selected, selectableIds) === "all" ? new Set() : new Set(selectableIds);
}

/**
 * spec §4 realtime: a row edited elsewhere is merged into the local row with the same id; an
 * unknown id changes nothing. Answers the merged rows and whether a row changed.
 */
export function mergeRealtimeRow(rows: readonly GridRow[], incoming: Partial<GridRow> & { id: string }): { rows: GridRow[]; merged: boolean } {
  const index = rows.findIndex((row) => row.id === incoming.id);
  if (index < 0) return { rows: [...rows], merged: false };
  const next = [...rows];
  const values: Record<string, string> = {};
  for (const [key, value] of Object.entries(incoming)) if (value !== undefined) values[key] = String(value);
  next[index] = { ...rows[index], ...values };
  return { rows: next, merged: true };
}

/** spec §9 "Highlight effect 1.4 s". */
export const REALTIME_HIGHLIGHT_MS = 1400;

/**
 * spec §6: with a prefix (a colon appended) the codes `<prefix>:add` and `<prefix>:batch_delete`
 * hide the add and remove buttons when they are in the excluded list.
 */
export function gridButtons(prefix: string | undefined, excludedCodes: readonly string[]): { add: boolean; remove: boolean } {
  if (!prefix) return { add: true, remove: true };
  const base = prefix.endsWith(":") ? prefix : `${prefix}:`;
  const excluded = new Set(excludedCodes);
  return { add: !excluded.has(`${base}add`), remove: !excluded.has(`${base}batch_delete`) };
}
