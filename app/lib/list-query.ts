// The URL is the list state (ARCHITECTURE.md, spec/app-shell.md §3 "List-page query state"):
// pageNo, pageSize, column, order, filters, superQueryParams and superQueryMatchType live in the
// search params, so a tab, a reload, back/forward or a shared link restores the exact view.
// One parser serves every list loader; pure, so every rule is unit-tested.

/** spec/app-shell.md §9: default page size 10, options 10/20/30; default sort createTime desc. */
export const PAGE_SIZE_OPTIONS = [10, 20, 30] as const;
export const DEFAULT_PAGE_SIZE = 10;
export const DEFAULT_SORT = { column: "createTime", order: "desc" as const };

/** Search params that are list mechanics, never filters. */
const CONTROL_PARAMS = new Set(["pageNo", "pageSize", "column", "order", "superQueryParams", "superQueryMatchType", "_t", "index", "_routes"]);

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
  const state: ListState = { pageNo, pageSize, column, order, filters };
  const superQuery = search.get("superQueryParams");
  if (superQuery) {
    state.superQueryParams = superQuery;
    state.superQueryMatchType = search.get("superQueryMatchType") === "or" ? "or" : "and";
  }
  return state;
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
 * empty (spec/app-shell.md §4), never before page 1.
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
