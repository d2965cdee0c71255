// Pure rules of the pickers (docs/spec/widgets.md §2 "Pickers", §3 user/department/role/position
// rows, §4 "Popup picker", §9 paging, widths and separator). Unit-tested in
// tests/unit/widget-pickers.test.ts.
import { joinValues, splitValues } from "../dict-select/dict-options";

/** docs/spec/widgets.md §9: page size 10, options 10/20/30, quick jumper and size changer. */
export const PICKER_PAGE_SIZE = 10;
export const PICKER_PAGE_SIZE_OPTIONS = ["10", "20", "30"];
/** docs/spec/widgets.md §9: the business-record picker pages by 5, options 5/10/20/30 (list and selected rows). */
export const BIZ_PICKER_PAGING = { pageSize: 5, pageSizeOptions: ["5", "10", "20", "30"] } as const;

/** docs/spec/widgets.md §9 (role: the original's default record picker width; position: its own). */
export const PICKER_WIDTHS = { user: 1200, userByDepartment: 1250, depart: 500, role: 900, position: 1000 } as const;

/** docs/spec/widgets.md §9: below 500 px of screen the picker table scrolls 800 px wide. */
export const PICKER_MOBILE_BREAKPOINT = 500;
export const PICKER_MOBILE_SCROLL_X = 800;

export function pickerScroll(screenWidth: number): { x: number } | undefined {
  return screenWidth < PICKER_MOBILE_BREAKPOINT ? { x: PICKER_MOBILE_SCROLL_X } : undefined;
}

/** docs/spec/widgets.md §9: the total text shows the range and the count (`1-10 共23条`). */
export function pickerTotalText(total: number, range: [number, number]): string {
  return `${range[0]}-${range[1]} 共${total}条`;
}

export function pickerPagination(current: number, pageSize: number, total: number, pageSizeOptions: readonly string[] = PICKER_PAGE_SIZE_OPTIONS) {
  return {
    current,
    pageSize,
    total,
    pageSizeOptions: [...pageSizeOptions],
    showQuickJumper: true,
    showSizeChanger: true,
    showTotal: pickerTotalText,
  };
}

/** A row of a picker list, kept as the backend sent it. */
export type PickerRow = Record<string, unknown>;

/** A column's text: empty for missing values. */
export function fieldText(row: PickerRow, field: string): string {
  const value = row[field];
  return value === undefined || value === null ? "" : String(value);
}

/**
 * docs/spec/widgets.md §2 "Popup picker": a row click toggles its selection; single-select keeps only
 * the last chosen row.
 */
export function toggleRow<Row extends PickerRow>(selected: readonly Row[], row: Row, multiple: boolean, keyField: string): Row[] {
  const key = fieldText(row, keyField);
  const chosen = selected.some((entry) => fieldText(entry, keyField) === key);
  if (!multiple) return chosen ? [] : [row];
  return chosen ? selected.filter((entry) => fieldText(entry, keyField) !== key) : [...selected, row];
}

/** The selection after the table's checkboxes changed: rows looked up among all rows seen. */
export function rowsForKeys<Row extends PickerRow>(keys: readonly string[], known: readonly Row[], keyField: string): Row[] {
  const rows: Row[] = [];
  for (const key of keys) {
    const row = known.find((candidate) => fieldText(candidate, keyField) === key);
    if (row && !rows.includes(row)) rows.push(row);
  }
  return rows;
}

/** The stored value of the chosen rows: their `valueField`, comma-joined, each once. */
export function pickedValue(rows: readonly PickerRow[], valueField: string): string {
  return joinValues([...new Set(rows.map((row) => fieldText(row, valueField)).filter((value) => value !== ""))]);
}

/** value → shown text, for the rows that are known. */
export function labelsOf(rows: readonly PickerRow[], valueField: string, labelField: string): Record<string, string> {
  const labels: Record<string, string> = {};
  for (const row of rows) {
    const value = fieldText(row, valueField);
    if (value !== "") labels[value] = fieldText(row, labelField) || value;
  }
  return labels;
}

/** The stored values whose text is not known yet (they are looked up once). */
export function unlabelledValues(value: string, labels: Readonly<Record<string, string>>): string[] {
  return splitValues(value).filter((part) => !(part in labels));
}

/** The value after removing tags in the field: the remaining values, in order. */
export function keepValues(value: string, remaining: readonly string[]): string {
  return joinValues(splitValues(value).filter((part) => remaining.includes(part)));
}

/** The stored values as rows of the list, for a modal that opens with them already chosen. */
export function rowsOfValue<Row extends PickerRow>(value: string, known: readonly Row[], valueField: string): Row[] {
  const rows: Row[] = [];
  for (const part of splitValues(value)) {
    const row = known.find((candidate) => fieldText(candidate, valueField) === part);
    if (row) rows.push(row);
  }
  return rows;
}

// ---- department tree (docs/spec/widgets.md §3 "Department") --------------------------------------

export interface DepartNode {
  key: string;
  title: string;
  orgCode?: string;
  children?: DepartNode[];
}

export type DepartStore = "id" | "orgCode";

/** queryTreeList nodes `{key|id, title|departName, orgCode, children}` → tree nodes. */
export function toDepartNodes(raw: readonly Record<string, unknown>[] | null | undefined): DepartNode[] {
  const nodes: DepartNode[] = [];
  for (const entry of raw ?? []) {
    const key = entry.key ?? entry.id;
    if (key === undefined || key === null || key === "") continue;
    const title = entry.title ?? entry.departName ?? key;
    const node: DepartNode = { key: String(key), title: String(title) };
    if (typeof entry.orgCode === "string" && entry.orgCode !== "") node.orgCode = entry.orgCode;
    if (Array.isArray(entry.children) && entry.children.length > 0) node.children = toDepartNodes(entry.children as Record<string, unknown>[]);
    nodes.push(node);
  }
  return nodes;
}

export function flattenDeparts(tree: readonly DepartNode[]): DepartNode[] {
  const all: DepartNode[] = [];
  const walk = (nodes: readonly DepartNode[]) => {
    for (const node of nodes) {
      all.push(node);
      if (node.children) walk(node.children);
    }
  };
  walk(tree);
  return all;
}

/** docs/spec/widgets.md §2: "root opened": the roots that have children start expanded. */
export function rootOpenedKeys(tree: readonly DepartNode[]): string[] {
  return tree.filter((node) => node.children && node.children.length > 0).map((node) => node.key);
}

function storedOf(node: DepartNode, store: DepartStore): string {
  return store === "orgCode" ? (node.orgCode ?? "") : node.key;
}

/** The tree keys of a stored value (ids, or org codes). */
export function departKeysOf(tree: readonly DepartNode[], value: string, store: DepartStore): string[] {
  const all = flattenDeparts(tree);
  return splitValues(value)
    .map((part) => all.find((node) => storedOf(node, store) === part)?.key)
    .filter((key): key is string => key !== undefined);
}

/** The stored value of checked keys, in the order they were checked. */
export function departValueOf(tree: readonly DepartNode[], keys: readonly string[], store: DepartStore): string {
  const all = flattenDeparts(tree);
  return joinValues(keys.map((key) => all.find((node) => node.key === key)).filter((node): node is DepartNode => !!node).map((node) => storedOf(node, store)));
}

/** value → department name (docs/spec/widgets.md §2: shows departName by default). */
export function departLabels(tree: readonly DepartNode[], store: DepartStore): Record<string, string> {
  const labels: Record<string, string> = {};
  for (const node of flattenDeparts(tree)) {
    const stored = storedOf(node, store);
    if (stored !== "") labels[stored] = node.title;
  }
  return labels;
}

/** Single choice in a checkable tree: the newly checked key replaces the previous one. */
export function singleChoice(previous: readonly string[], checked: readonly string[]): string[] {
  const added = checked.filter((key) => !previous.includes(key));
  return added.length > 0 ? [added[added.length - 1]!] : [];
}

/** A click on a department's name: single choice takes it, multiple choice toggles it. */
export function clickChoice(previous: readonly string[], key: string, multiple: boolean): string[] {
  if (!multiple) return [key];
  return previous.includes(key) ? previous.filter((entry) => entry !== key) : [...previous, key];
}

/** The parents to expand so every department whose name contains `keyword` shows. */
export function keysToReveal(tree: readonly DepartNode[], keyword: string): string[] {
  const needle = keyword.trim();
  if (needle === "") return [];
  const parents = new Set<string>();
  const walk = (nodes: readonly DepartNode[], ancestors: string[]) => {
    for (const node of nodes) {
      if (node.title.includes(needle)) for (const ancestor of ancestors) parents.add(ancestor);
      if (node.children) walk(node.children, [...ancestors, node.key]);
    }
  };
  walk(tree, []);
  return [...parents];
}

/**
 * A position's rank as shown (docs/spec/widgets.md §3: "rank shown as rank_dictText"): the backend
 * translates the `postRank` property into `postRank_dictText`; `rank_dictText` is what the
 * original screen read.
 */
export function positionRankText(row: PickerRow): string {
  return fieldText(row, "postRank_dictText") || fieldText(row, "rank_dictText") || fieldText(row, "postRank") || fieldText(row, "rank");
}

/** Only the named fields of a backend row: a picker never hands the browser more than it shows. */
export function pickFields(row: PickerRow, fields: readonly string[]): PickerRow {
  const picked: PickerRow = {};
  for (const field of fields) if (row[field] !== undefined && row[field] !== null) picked[field] = row[field];
  return picked;
}

/** The fields each picker reads (docs/spec/widgets.md §3 rows). */
export const PICKER_FIELDS = {
  user: ["id", "username", "realname", "sex", "sex_dictText", "orgCodeTxt"],
  role: ["id", "roleName", "roleCode"],
  position: ["id", "name", "code", "postRank", "postRank_dictText", "rank_dictText"],
} as const;
