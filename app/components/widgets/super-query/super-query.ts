// Pure rules of the advanced query builder (docs/spec/widgets.md §2 "Advanced query builder", §3
// "Advanced query condition row", §4 "Advanced query", §5 "Advanced query", §9; docs/spec/app-shell.md
// §3 saved queries; api-contract.md §6 `superQueryParams`). Unit-tested in
// tests/unit/super-query.test.ts.
import type { DictOption } from "../dict-select/dict-options";

/** docs/spec/widgets.md §9: the rules, in the order the original lists them, with its labels. */
export const SUPER_QUERY_RULES = [
  { value: "eq", label: "等于" },
  { value: "like", label: "包含" },
  { value: "right_like", label: "以..开始" },
  { value: "left_like", label: "以..结尾" },
  { value: "in", label: "在...中" },
  { value: "ne", label: "不等于" },
  { value: "gt", label: "大于" },
  { value: "ge", label: "大于等于" },
  { value: "lt", label: "小于" },
  { value: "le", label: "小于等于" },
] as const;
export type SuperQueryRule = (typeof SUPER_QUERY_RULES)[number]["value"];

/** docs/spec/widgets.md §9: match types and, or (default and: docs/spec/app-shell.md §3). */
export const MATCH_TYPES = [
  { value: "and", label: "AND（所有条件都要求匹配）" },
  { value: "or", label: "OR（条件中的任意一个匹配）" },
] as const;
export type MatchType = (typeof MATCH_TYPES)[number]["value"];

/** The user-visible texts (docs/spec/widgets.md §2, §5, in JeecgBoot's own Chinese wording). */
export const SUPER_QUERY_TEXTS = {
  button: "高级查询",
  title: "高级查询构造器",
  active: "已有高级查询条件生效",
  clear: "清空",
  reset: "重置",
  save: "保存查询条件",
  close: "关闭",
  query: "查询",
  matchLabel: "过滤条件匹配",
  noConditions: "没有任何查询条件",
  addCondition: "点击新增",
  savedTitle: "保存的查询",
  noSaved: "没有保存任何查询",
  saveNamePrompt: "请输入保存的名称",
  fieldPlaceholder: "选择查询字段",
  rulePlaceholder: "匹配规则",
  // docs/spec/widgets.md §5: 'cannot query empty conditions', 'empty condition cannot be saved',
  // 'save name cannot be empty'.
  emptyQuery: "不能查询空条件",
  emptySave: "空条件不能保存",
  emptyName: "保存名称不能为空",
  saved: "保存成功",
  deleted: "删除成功",
  confirmDelete: "是否删除当前查询？",
  overwrite: (title: string) => `${title} 已存在，是否覆盖？`,
} as const;

/** docs/spec/widgets.md §9: the builder's modal width. */
export const SUPER_QUERY_MODAL_WIDTH = 1000;

/** docs/spec/app-shell.md §3: saved queries live in local storage under this prefix + save code. */
export const SAVED_QUERY_PREFIX = "JSuperQuerySaved_";

/** docs/spec/widgets.md §5 value formats. */
export const DATE_FORMAT = "YYYY-MM-DD";
export const DATETIME_FORMAT = "YYYY-MM-DD HH:mm:ss";
export const TIME_FORMAT = "HH:mm:ss";

/** A field the user can query, as a list page declares it. */
export interface SuperQueryField {
  /** The entity property (`realname`). */
  value: string;
  /** Its label (`姓名`). */
  text: string;
  /** string | int | number | date | datetime | time | switch | list | list_multi | sel_search | sel_user | sel_depart … */
  type?: string;
  dbType?: string;
  /** A dictionary code: the value is chosen from the dictionary whatever the type. */
  dictCode?: string;
  /** With dictTable and dictText: a table dictionary `dictTable,dictText,dictCode`. */
  dictTable?: string;
  dictText?: string;
  /** Fixed options. */
  options?: DictOption[];
  /** For user and department values: the stored field (username / id by default). */
  customReturnField?: string;
}

/** A condition row while editing (docs/spec/widgets.md §3). `val` is always text: arrays are joined. */
export interface SuperQueryRow {
  field?: string;
  rule?: SuperQueryRule;
  val?: string;
  type?: string;
  dbType?: string;
  dictCode?: string;
  dictTable?: string;
  dictText?: string;
  options?: DictOption[];
  customReturnField?: string;
}

/** One item of `superQueryParams` on the wire (api-contract.md §6). */
export interface SuperQueryItem {
  field: string;
  rule: SuperQueryRule;
  val: string;
  type?: string;
  dbType?: string;
  dictCode?: string;
  dictTable?: string;
  dictText?: string;
}

/** The two list-URL parameters, exactly as the list page's URL carries them. */
export interface SuperQueryParams {
  superQueryParams: string;
  superQueryMatchType: MatchType;
}

/** A saved query (docs/spec/widgets.md §3): title, match type and the rows. */
export interface SavedQuery {
  title: string;
  matchType: MatchType;
  records: SuperQueryItem[];
}

const WIRE_METADATA = ["type", "dbType", "dictCode", "dictTable", "dictText"] as const;

/** docs/spec/widgets.md §4: a new row has the rule eq. */
export function emptyRow(): SuperQueryRow {
  return { rule: "eq" };
}

export function isRule(value: unknown): value is SuperQueryRule {
  return SUPER_QUERY_RULES.some((rule) => rule.value === value);
}

export function parseMatchType(value: unknown): MatchType {
  return typeof value === "string" && value.trim().toLowerCase() === "or" ? "or" : "and";
}

/** docs/spec/widgets.md §4: changing the field resets the value and copies the field's type metadata. */
export function changeField(row: SuperQueryRow, field: SuperQueryField | undefined): SuperQueryRow {
  const next: SuperQueryRow = { rule: row.rule ?? "eq" };
  if (!field) return next;
  next.field = field.value;
  for (const key of [...WIRE_METADATA, "customReturnField"] as const) if (field[key] !== undefined) next[key] = field[key];
  if (field.options) next.options = field.options;
  return next;
}

/** docs/spec/widgets.md §4: leaving the rule `in` keeps only the first of its values. */
export function changeRule(row: SuperQueryRow, rule: SuperQueryRule): SuperQueryRow {
  if (row.rule === "in" && rule !== "in" && row.val) {
    const first = row.val.split(",")[0] ?? "";
    return { ...row, rule, val: first };
  }
  return { ...row, rule };
}

/** docs/spec/widgets.md §5: array values are joined with commas; numbers become text. */
export function changeValue(row: SuperQueryRow, value: string | number | readonly (string | number)[] | null | undefined): SuperQueryRow {
  const next = { ...row };
  const text = value === null || value === undefined ? "" : Array.isArray(value) ? value.map(String).join(",") : String(value);
  if (text === "") delete next.val;
  else next.val = text;
  return next;
}

/** A row that can be queried: field, rule and a value (docs/spec/widgets.md §5). */
export function isCompleteRow(row: SuperQueryRow): row is SuperQueryRow & { field: string; rule: SuperQueryRule; val: string } {
  return !!row.field && !!row.rule && row.val !== undefined && row.val !== "";
}

/** The wire items of the complete rows; editing-only data (options) is left out. */
export function toItems(rows: readonly SuperQueryRow[]): SuperQueryItem[] {
  return rows.filter(isCompleteRow).map((row) => {
    const item: SuperQueryItem = { field: row.field, rule: row.rule, val: row.val };
    for (const key of WIRE_METADATA) if (row[key] !== undefined && row[key] !== "") item[key] = row[key];
    return item;
  });
}

/** Why the rows cannot be queried (docs/spec/widgets.md §5), or null. */
export function queryProblem(rows: readonly SuperQueryRow[]): string | null {
  return toItems(rows).length === 0 ? SUPER_QUERY_TEXTS.emptyQuery : null;
}

/** Why the rows cannot be saved under `title` (docs/spec/widgets.md §5), or null. */
export function saveProblem(rows: readonly SuperQueryRow[], title?: string): string | null {
  if (toItems(rows).length === 0) return SUPER_QUERY_TEXTS.emptySave;
  if (title !== undefined && title.trim() === "") return SUPER_QUERY_TEXTS.emptyName;
  return null;
}

/**
 * The list URL's two parameters (api-contract.md §6): the items as URL-encoded JSON — the URL
 * then encodes it once more, so the backend decodes twice as the original's did — and the match
 * type. Null when nothing can be queried. encodeURIComponent (rather than the original's
 * encodeURI) also protects `+`, `&` and `#` inside values.
 */
export function toQueryParams(rows: readonly SuperQueryRow[], matchType: MatchType): SuperQueryParams | null {
  const items = toItems(rows);
  if (items.length === 0) return null;
  return { superQueryParams: encodeURIComponent(JSON.stringify(items)), superQueryMatchType: matchType };
}

/**
 * The items of a `superQueryParams` value, tolerating plain JSON and one extra encoding layer (a
 * hand-written URL); anything malformed means no items.
 */
export function decodeSuperQueryParams(raw: string | null | undefined): SuperQueryItem[] {
  let text = (raw ?? "").trim();
  for (let layer = 0; layer < 3 && text !== ""; layer++) {
    if (text.startsWith("[")) {
      try {
        return itemsOf(JSON.parse(text) as unknown);
      } catch {
        // Maybe still encoded text that happens to start with "[".
      }
    }
    let decoded: string;
    try {
      decoded = decodeURIComponent(text).trim();
    } catch {
      return [];
    }
    if (decoded === text) return [];
    text = decoded;
  }
  return [];
}

function itemsOf(parsed: unknown): SuperQueryItem[] {
  if (!Array.isArray(parsed)) return [];
  const items: SuperQueryItem[] = [];
  for (const entry of parsed as unknown[]) {
    if (typeof entry !== "object" || entry === null) continue;
    const record = entry as Record<string, unknown>;
    const rule = record.rule === undefined || record.rule === "" ? "eq" : record.rule;
    if (typeof record.field !== "string" || record.field === "" || !isRule(rule)) continue;
    const val = Array.isArray(record.val) ? record.val.map(String).join(",") : record.val;
    if (typeof val !== "string" && typeof val !== "number" && typeof val !== "boolean") continue;
    const item: SuperQueryItem = { field: record.field, rule, val: String(val) };
    for (const key of WIRE_METADATA) if (typeof record[key] === "string" && record[key] !== "") item[key] = record[key];
    items.push(item);
  }
  return items;
}

/** Rows of wire items, with the editing metadata (options…) of the fields still declared. */
export function rowsFromItems(items: readonly SuperQueryItem[], fields: readonly SuperQueryField[] = []): SuperQueryRow[] {
  return items.map((item) => {
    const field = fields.find((candidate) => candidate.value === item.field);
    const row: SuperQueryRow = { ...changeField({ rule: item.rule }, field), ...item };
    return row;
  });
}

/** The reverse of toQueryParams: the rows and match type a list URL carries. */
export function fromQueryParams(
  params: { superQueryParams?: string | null; superQueryMatchType?: string | null } | null | undefined,
  fields: readonly SuperQueryField[] = [],
): { rows: SuperQueryRow[]; matchType: MatchType } {
  return {
    rows: rowsFromItems(decodeSuperQueryParams(params?.superQueryParams), fields),
    matchType: parseMatchType(params?.superQueryMatchType),
  };
}

/** docs/spec/widgets.md §4: the query is active when the emitted query has rows. */
export function isQueryActive(params: { superQueryParams?: string | null } | null | undefined): boolean {
  return decodeSuperQueryParams(params?.superQueryParams).length > 0;
}

// ---- saved queries (docs/spec/app-shell.md §3) ------------------------------------------------------

/** The storage key: prefix + save code (default: the page's route path). */
export function savedQueriesKey(saveCode: string): string {
  return SAVED_QUERY_PREFIX + saveCode;
}

/** Saved queries from their stored text; anything unreadable is skipped, never thrown. */
export function parseSavedQueries(stored: string | null | undefined): SavedQuery[] {
  if (!stored) return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(stored);
  } catch {
    return [];
  }
  if (!Array.isArray(parsed)) return [];
  const list: SavedQuery[] = [];
  for (const entry of parsed as unknown[]) {
    if (typeof entry !== "object" || entry === null) continue;
    const { title, matchType, records } = entry as Record<string, unknown>;
    if (typeof title !== "string" || title === "") continue;
    // Old entries without a match type keep the current one when loaded; "and" is the default.
    list.push({ title, matchType: parseMatchType(matchType), records: itemsOf(records) });
  }
  return list;
}

export function readSavedQueries(storage: Pick<Storage, "getItem">, saveCode: string): SavedQuery[] {
  return parseSavedQueries(storage.getItem(savedQueriesKey(saveCode)));
}

export function writeSavedQueries(storage: Pick<Storage, "setItem">, saveCode: string, list: readonly SavedQuery[]): void {
  storage.setItem(savedQueriesKey(saveCode), JSON.stringify(list));
}

/** The saved query with this title, if any (saving under it asks to overwrite: spec §4). */
export function findSavedQuery(list: readonly SavedQuery[], title: string): SavedQuery | undefined {
  return list.find((entry) => entry.title === title.trim());
}

/** The list with the rows saved under `title`: an existing entry is overwritten in place. */
export function saveQuery(list: readonly SavedQuery[], title: string, matchType: MatchType, rows: readonly SuperQueryRow[]): SavedQuery[] {
  const entry: SavedQuery = { title: title.trim(), matchType, records: toItems(rows) };
  const index = list.findIndex((saved) => saved.title === entry.title);
  if (index < 0) return [...list, entry];
  return list.map((saved, at) => (at === index ? entry : saved));
}

export function removeSavedQuery(list: readonly SavedQuery[], index: number): SavedQuery[] {
  return list.filter((_, at) => at !== index);
}

// ---- value editors (docs/spec/widgets.md §5 "Value types by field type") ---------------------------

export type ValueEditorKind =
  | "search-select"
  | "dict-multi"
  | "dict"
  | "options-multi"
  | "options"
  | "user"
  | "depart"
  | "date"
  | "datetime"
  | "time"
  | "number"
  | "switch"
  | "area"
  | "text";

/** docs/spec/widgets.md §5: the rule `in` allows several values. */
export function allowsMultiple(row: SuperQueryRow): boolean {
  return row.rule === "in";
}

/** The dictionary of a row: `dictTable,dictText,dictCode` for a table dictionary, else the code. */
export function dictOf(row: SuperQueryRow): string {
  if (row.dictTable) return `${row.dictTable},${row.dictText ?? ""},${row.dictCode ?? ""}`;
  return row.dictCode ?? "";
}

/** Which value editor a row gets, in the original builder's order of precedence. */
export function editorFor(row: SuperQueryRow): ValueEditorKind {
  const multiple = allowsMultiple(row);
  const type = row.type ?? "";
  if (type === "sel_search" || (type === "list" && row.dictTable)) return "search-select";
  if (type === "list_multi") return row.options ? "options-multi" : "dict-multi";
  if (row.dictCode) return multiple ? "dict-multi" : "dict";
  if (type === "sel_user" || type === "select-user") return "user";
  if (type === "sel_depart" || type === "select-depart") return "depart";
  if (row.options) return multiple ? "options-multi" : "options";
  if (type === "date") return "date";
  if (type === "datetime") return "datetime";
  if (type === "time") return "time";
  if (type === "int" || type === "number") return "number";
  if (type === "switch") return "switch";
  if (type === "area" || type === "pca") return "area";
  return "text";
}

/** docs/spec/widgets.md §5: switch values Y/N, shown as 是/否. */
export const SWITCH_OPTIONS: DictOption[] = [
  { value: "Y", text: "是" },
  { value: "N", text: "否" },
];
