// The URL is the list state (docs/architecture.md, docs/spec/app-shell.md §3 "List-page query state"):
// pageNo, pageSize, column, order, filters, superQueryParams and superQueryMatchType live in the
// search params, so a tab, a reload, back/forward or a shared link restores the exact view.
// One parser serves every list loader; pure, so every rule is unit-tested.
import { isRule, parseMatchType, toQueryParams, type SuperQueryRow } from "~/components/widgets/super-query/super-query";

/** docs/spec/app-shell.md §9: default page size 10, options 10/20/30; default sort createTime desc. */
export const PAGE_SIZE_OPTIONS = [10, 20, 30] as const;
export const DEFAULT_PAGE_SIZE = 10;
export const DEFAULT_SORT = { column: "createTime", order: "desc" as const };

/**
 * The 高级查询 without JavaScript (issue #30 item 8): `?superQuery=open` shows its form as the page,
 * and that GET form sends one `sqField`, `sqRule` and `sqVal` per condition row plus
 * `superQueryMatchType`; the parser turns the rows into `superQueryParams`, exactly as the builder
 * writes them (toQueryParams), so the list is filtered the same way.
 */
export const SUPER_QUERY_PAGE = "superQuery";
export const PLAIN_SUPER_QUERY = { field: "sqField", rule: "sqRule", value: "sqVal" } as const;

/**
 * 导入 without JavaScript (docs/decisions/164): `?import=open` shows its multipart form as the page;
 * the import route answers a plain post by coming back here with `importResult` (the outcome).
 */
export const IMPORT_PAGE = "import";
export const IMPORT_RESULT = "importResult";

/** Search params that are list mechanics, never filters. */
const CONTROL_PARAMS = new Set([
  ...["pageNo", "pageSize", "column", "order", "superQueryParams", "superQueryMatchType", "_t", "index", "_routes"],
  ...["form", "id", "confirm", "ids", "_like", SUPER_QUERY_PAGE, ...Object.values(PLAIN_SUPER_QUERY), IMPORT_PAGE, IMPORT_RESULT],
]);

/**
 * `_like=a,b` (sent by the search bar's GET form before JavaScript): the text filters a and b match
 * anywhere, as the enhanced bar writes them (`*x*`).
 */
const LIKE_PARAM = "_like";

export interface ListState {
  pageNo: number;
  pageSize: number;
  column: string;
  order: "asc" | "desc";
  /** Field filters as the backend reads them (`*x*`, `a,b`, `<f>_begin`…: contract §6). */
  filters: Record<string, string>;
  superQueryParams?: string;
  superQueryMatchType?: "and" | "or";
}

const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;

export function parseListState(search: URLSearchParams, defaults: { column?: string; order?: "asc" | "desc" } = {}): ListState {
  const pageNo = positiveInt(search.get("pageNo"), 1);
  const size = positiveInt(search.get("pageSize"), DEFAULT_PAGE_SIZE);
  const pageSize = (PAGE_SIZE_OPTIONS as readonly number[]).includes(size) ? size : DEFAULT_PAGE_SIZE;
  const columnParam = search.get("column");
  const column = columnParam && IDENTIFIER.test(columnParam) ? columnParam : (defaults.column ?? DEFAULT_SORT.column);
  const orderParam = search.get("order");
  const order = orderParam === "asc" || orderParam === "desc" ? orderParam : (defaults.order ?? DEFAULT_SORT.order);
  const filters: Record<string, string> = {};
  for (const [key, value] of search) {
    if (CONTROL_PARAMS.has(key) || !IDENTIFIER.test(key) || value.trim() === "") continue;
    filters[key] = value;
  }
  for (const key of (search.get(LIKE_PARAM) ?? "").split(",")) {
    const value = filters[key];
    if (value !== undefined && !value.includes("*")) filters[key] = `*${value.trim()}*`;
  }
  const state: ListState = { pageNo, pageSize, column, order, filters };
  const superQuery = search.has(PLAIN_SUPER_QUERY.field) ? plainSuperQuery(search) : search.get("superQueryParams");
  if (superQuery) {
    state.superQueryParams = superQuery;
    state.superQueryMatchType = search.get("superQueryMatchType") === "or" ? "or" : "and";
  }
  return state;
}

/** The `superQueryParams` of the plain 高级查询 form's rows (null: no complete row, no query). */
function plainSuperQuery(search: URLSearchParams): string | null {
  const fields = search.getAll(PLAIN_SUPER_QUERY.field);
  const rules = search.getAll(PLAIN_SUPER_QUERY.rule);
  const values = search.getAll(PLAIN_SUPER_QUERY.value);
  const rows: SuperQueryRow[] = fields.map((field, index) => {
    const rule = rules[index];
    return { field, rule: isRule(rule) ? rule : "eq", val: values[index]?.trim() ?? "" };
  });
  return toQueryParams(rows, parseMatchType(search.get("superQueryMatchType")))?.superQueryParams ?? null;
}

/** The backend list call's query (contract §6): the state as JeecgBoot's list endpoints read it. */
export function toBackendQuery(state: ListState): Record<string, string> {
  const query: Record<string, string> = {
    ...state.filters,
    column: state.column,
    order: state.order,
    pageNo: String(state.pageNo),
    pageSize: String(state.pageSize),
  };
  if (state.superQueryParams) {
    query.superQueryParams = state.superQueryParams;
    query.superQueryMatchType = state.superQueryMatchType ?? "and";
  }
  return query;
}

/** Search params of a state, leaving out defaults so URLs stay short. */
export function toSearchParams(state: ListState, defaults: { column?: string; order?: "asc" | "desc" } = {}): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(state.filters)) params.set(key, value);
  if (state.superQueryParams) {
    params.set("superQueryParams", state.superQueryParams);
    params.set("superQueryMatchType", state.superQueryMatchType ?? "and");
  }
  if (state.column !== (defaults.column ?? DEFAULT_SORT.column)) params.set("column", state.column);
  if (state.order !== (defaults.order ?? DEFAULT_SORT.order)) params.set("order", state.order);
  if (state.pageNo !== 1) params.set("pageNo", String(state.pageNo));
  if (state.pageSize !== DEFAULT_PAGE_SIZE) params.set("pageSize", String(state.pageSize));
  return params;
}

/** A new search (filters or advanced query) always starts again at page 1 (§4). */
export function withSearch(state: ListState, filters: Record<string, string>, superQuery?: { params?: string; matchType?: "and" | "or" } | null): ListState {
  const next: ListState = { ...state, pageNo: 1, filters: cleanFilters(filters) };
  if (superQuery === null) {
    delete next.superQueryParams;
    delete next.superQueryMatchType;
  } else if (superQuery?.params) {
    next.superQueryParams = superQuery.params;
    next.superQueryMatchType = superQuery.matchType ?? "and";
  }
  return next;
}

/** Table sort changes keep filters; a cleared sort goes back to the default. */
export function withSort(state: ListState, column: string | undefined, order: "ascend" | "descend" | null | undefined, defaults: { column?: string; order?: "asc" | "desc" } = {}): ListState {
  if (!column || !order) return { ...state, column: defaults.column ?? DEFAULT_SORT.column, order: defaults.order ?? DEFAULT_SORT.order };
  return { ...state, column: column.replace(/_dictText$/, ""), order: order === "ascend" ? "asc" : "desc" };
}

export function withPage(state: ListState, pageNo: number, pageSize: number): ListState {
  // Changing the page size starts at page 1, as antd's size changer expects.
  return pageSize !== state.pageSize ? { ...state, pageNo: 1, pageSize } : { ...state, pageNo };
}

/**
 * After deleting `deleted` rows of the current page: step back a page when this one would be
 * empty (docs/spec/app-shell.md §4), never before page 1.
 */
export function pageAfterDelete(total: number, deleted: number, pageNo: number, pageSize: number): number {
  const remaining = Math.max(0, total - deleted);
  const lastPage = Math.max(1, Math.ceil(remaining / pageSize));
  return Math.min(pageNo, lastPage);
}

function cleanFilters(filters: Record<string, string>): Record<string, string> {
  const clean: Record<string, string> = {};
  for (const [key, value] of Object.entries(filters)) if (IDENTIFIER.test(key) && value !== undefined && String(value).trim() !== "") clean[key] = String(value).trim();
  return clean;
}

function positiveInt(text: string | null, fallback: number): number {
  const value = Number(text);
  return Number.isInteger(value) && value >= 1 ? value : fallback;
}

/**
 * What a list's address opens over the list (issue #19): a form (`?form=add`, `?form=edit&id=…`,
 * `?form=detail&id=…`) or a delete confirmation (`?confirm=delete&id=…`, `?confirm=deleteBatch&ids=a,b`).
 * The server renders it in the page (no JavaScript needed); with JavaScript it is the modal.
 */
export type ListOverlay = { form: "add" } | { form: "edit" | "detail"; id: string } | { confirm: "delete" | "deleteBatch"; ids: string[] };

const OVERLAY_PARAMS = ["form", "id", "confirm", "ids"] as const;

export function parseOverlay(search: URLSearchParams): ListOverlay | null {
  const form = search.get("form");
  const id = search.get("id") ?? "";
  if (form === "add") return { form };
  if ((form === "edit" || form === "detail") && id) return { form, id };
  const confirm = search.get("confirm");
  if (confirm === "delete" && id) return { confirm, ids: [id] };
  if (confirm === "deleteBatch") {
    // `ids=a,b` from a link, or one `ids` per ticked row from the batch form.
    const ids = search
      .getAll("ids")
      .flatMap((value) => value.split(","))
      .filter(Boolean);
    if (ids.length > 0) return { confirm, ids };
  }
  return null;
}

/** The list's search params with `overlay` open (null: closed); the list state is kept. */
export function withOverlay(search: URLSearchParams, overlay: ListOverlay | null): URLSearchParams {
  const params = new URLSearchParams(search);
  for (const key of OVERLAY_PARAMS) params.delete(key);
  if (!overlay) return params;
  if ("form" in overlay) {
    params.set("form", overlay.form);
    if (overlay.form !== "add") params.set("id", overlay.id);
  } else {
    params.set("confirm", overlay.confirm);
    if (overlay.confirm === "delete") params.set("id", overlay.ids[0] ?? "");
    else params.set("ids", overlay.ids.join(","));
  }
  return params;
}

/** `?query` of params, or "" when there are none (a link to the bare list). */
export function queryString(params: URLSearchParams): string {
  const text = params.toString();
  return text ? `?${text}` : "";
}

/** The address the sortable header of `column` links to: asc, then desc, then the default sort. */
export function sortToggle(state: ListState, column: string, defaults: { column?: string; order?: "asc" | "desc" } = {}): ListState {
  const current = state.column === column ? state.order : null;
  const next = current === null ? "ascend" : current === "asc" ? "descend" : null;
  const toggled = withSort({ ...state, pageNo: 1 }, next ? column : undefined, next, defaults);
  // Clearing the default sort would change nothing: start again with ascending.
  return toggled.column === state.column && toggled.order === state.order ? withSort(toggled, column, "ascend") : toggled;
}

/**
 * A hidden field of the forms rendered without JavaScript: the action answers their success with a
 * redirect to the list (post/redirect/get) instead of data for the modal's fetcher.
 */
export const RETURN_FIELD = "_return";
