// The list's state and its address (URL ↔ state, refine's useTable): a page's own list reads its
// state from the URL and moves by navigating; a list owned by a drawer or a tab (`source`) moves
// through its owner. What is open over the list (a form, a delete confirmation) has an address of
// its own (`?form=edit&id=…`, `?confirm=delete&id=…`), so a reload or a shared link reopens it.
import type { MouseEvent } from "react";
import { useLocation, useNavigate } from "react-router";
import {
  DEFAULT_PAGE_SIZE,
  DEFAULT_SORT,
  PLAIN_SUPER_QUERY,
  SUPER_QUERY_PAGE,
  parseOverlay,
  queryString,
  toSearchParams,
  withOverlay,
  type ListOverlay,
  type ListState,
} from "~/lib/list-query";
import { isPlainClick } from "~/lib/use-hydrated";

type Sort = { column: string; order: "asc" | "desc" };

/** A list that is not the page's own: its owner keeps the state, saves and deletes post to `action`. */
export type ListSource = { action: string; go: (next: ListState) => void };

export interface ListAddress {
  /** The list is the page's: its state is the URL (false: a drawer's or a tab's). */
  addressed: boolean;
  /** What the address opens over the list (null: nothing, or not addressed). */
  overlay: ListOverlay | null;
  /** The list's query (`?…`) without what is open over it. */
  listSearch: string;
  /** Changes with every new view of the list (search, page, sort, reload). */
  viewKey: string;
  pathname: string;
  /** The page's query as the browser shows it. */
  search: string;
  /** Moves the list to another state (the URL, or the owner's state). */
  go: (next: ListState) => void;
  /** The page's address with a form or confirmation open (null: the bare list). */
  address: (next: ListOverlay | null) => string;
  /** The page's address of another state of the list. */
  listAddress: (next: ListState) => string;
  /** Rewrites the browser's address only (no loader runs) to show what is open. */
  showAddress: (next: ListOverlay | null) => void;
  /** Navigates back to the bare list (what the router opened is closed). */
  backToList: () => void;
}

export function useListState(state: ListState, options: { source?: ListSource; defaultSort?: Sort }): ListAddress {
  const { source, defaultSort } = options;
  const navigate = useNavigate();
  const location = useLocation();
  // A list owned by a drawer has no address of its own: its forms open by state only.
  const addressed = !source;
  const overlay = addressed ? parseOverlay(new URLSearchParams(location.search)) : null;
  const listSearch = addressed ? queryString(withOverlay(new URLSearchParams(location.search), null)) : "";
  const address = (next: ListOverlay | null) => `${location.pathname}${queryString(withOverlay(new URLSearchParams(listSearch), next))}`;
  return {
    addressed,
    overlay,
    listSearch,
    viewKey: source ? JSON.stringify(state) : listSearch,
    pathname: location.pathname,
    search: location.search,
    go: (next) => (source ? source.go(next) : navigate({ search: toSearchParams(next, defaultSort).toString() })),
    address,
    listAddress: (next) => `${location.pathname}${queryString(toSearchParams(next, defaultSort))}`,
    showAddress: (next) => {
      if (addressed) window.history.replaceState(window.history.state, "", address(next));
    },
    backToList: () => void navigate({ search: listSearch }, { replace: true, preventScrollReset: true }),
  };
}

/** A link's click when the page handles it once hydrated (a sortable header or the page itself). */
export function handledClick(event: MouseEvent, handle?: () => void): void {
  if (isPlainClick(event)) {
    event.preventDefault();
    handle?.();
  } else event.stopPropagation();
}

/** The list's params without its advanced query (and the plain 高级查询's page and rows). */
export function withoutSuperQuery(search: string): URLSearchParams {
  const params = new URLSearchParams(search);
  for (const name of ["superQueryParams", "superQueryMatchType", SUPER_QUERY_PAGE, ...Object.values(PLAIN_SUPER_QUERY)]) params.delete(name);
  return params;
}

/** What a plain (GET) search keeps of the list: the sort, the page size, the page's own params. */
export function plainSearchKeep(state: ListState, defaultSort: Sort | undefined, fixedFilters: Record<string, string> | undefined): Record<string, string> {
  const keep: Record<string, string> = { ...fixedFilters };
  if (state.column !== (defaultSort?.column ?? DEFAULT_SORT.column)) keep.column = state.column;
  if (state.order !== (defaultSort?.order ?? DEFAULT_SORT.order)) keep.order = state.order;
  if (state.pageSize !== DEFAULT_PAGE_SIZE) keep.pageSize = String(state.pageSize);
  if (state.superQueryParams) {
    keep.superQueryParams = state.superQueryParams;
    keep.superQueryMatchType = state.superQueryMatchType ?? "and";
  }
  return keep;
}
