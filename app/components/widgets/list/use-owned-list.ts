// A list owned by a drawer or a tab instead of the page's URL (ListPage's `source`): its state
// lives in React state here, and each view is loaded with a fetcher from a resource route whose
// loader answers the list engine's ListData (`loadList`). The owner's own params (the dictionary,
// the role…) go with every load and every save or delete, so the route knows whose list it is.
// React Router revalidates fetcher loads after every action, so saves and deletes show at once.
import { useCallback, useEffect, useState } from "react";
import { useFetcher } from "react-router";
import { parseListState, toBackendQuery, type ListState } from "~/lib/list-query";
import type { ListData } from "~/services/list.server";

type Sort = { column: string; order: "asc" | "desc" };

export interface OwnedList {
  /** For `<ListPage data>`: the owner's state with the rows of its last answer. */
  data: ListData;
  /** For `<ListPage source>`: where saves and deletes go, and how the list moves. */
  source: { action: string; go: (next: ListState) => void };
  /** A load (a new view, or a revalidation after a change) is under way. */
  loading: boolean;
}

/** The route with the owner's params: the list's action (and the base of each load). */
export function ownedActionUrl(route: string, params: Record<string, string>): string {
  const query = new URLSearchParams(params).toString();
  return query ? `${route}?${query}` : route;
}

/** One view's load: the backend query of the state, the owner's params winning over filters. */
export function ownedLoadUrl(route: string, state: ListState, params: Record<string, string>): string {
  return `${route}?${new URLSearchParams({ ...toBackendQuery(state), ...params }).toString()}`;
}

/**
 * The page to go to when an answer holds no rows of a page past the first (the rows were removed
 * meanwhile): the last page that has rows, or page 1. null: stay.
 */
export function pageToShow(state: ListState, answer: { records: unknown[]; total: number }): number | null {
  if (answer.records.length > 0 || state.pageNo <= 1) return null;
  const last = Math.max(1, Math.ceil(answer.total / state.pageSize));
  return last < state.pageNo ? last : null;
}

export function useOwnedList(route: string, options: { params?: Record<string, string>; defaultSort?: Sort } = {}): OwnedList {
  const params = options.params ?? {};
  const action = ownedActionUrl(route, params);
  const initial = () => parseListState(new URLSearchParams(), options.defaultSort);
  // Another owner (another dictionary in the same drawer) starts again from the first page.
  const [owned, setOwned] = useState<{ owner: string; state: ListState }>(() => ({ owner: action, state: initial() }));
  const state = owned.owner === action ? owned.state : initial();
  const go = useCallback((next: ListState) => setOwned({ owner: action, state: next }), [action]);

  const fetcher = useFetcher<ListData>();
  const url = ownedLoadUrl(route, state, params);
  useEffect(() => {
    void fetcher.load(url);
    // The URL says everything the view depends on.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [url]);

  const answer = fetcher.data;
  const records = answer?.records ?? [];
  const total = answer?.total ?? 0;
  useEffect(() => {
    if (!answer) return;
    const page = pageToShow(state, { records, total });
    if (page !== null) go({ ...state, pageNo: page });
    // Once per answer.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [answer]);

  return {
    data: { state, records, total, error: answer?.error ?? null },
    source: { action, go },
    loading: fetcher.state !== "idle",
  };
}
