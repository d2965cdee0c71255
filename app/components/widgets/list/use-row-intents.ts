// Row actions that post their own intent with the row's id to the page's action through the list's
// fetcher (the action answers with postRowId or its own CustomAction): 重发, 作废, 设为默认…
import { useMemo } from "react";
import { useFetcher } from "react-router";
import type { ListRecord } from "~/services/list.server";
import type { RowAction } from "./types";

/** A row action that posts its `key` as the intent. */
export type RowIntent = Omit<RowAction<ListRecord>, "run">;

/** The list's row actions from their declarations; each `key` is the intent posted. */
export function useRowIntents(fetcherKey: string, declared: readonly RowIntent[]): RowAction<ListRecord>[] {
  const fetcher = useFetcher({ key: fetcherKey });
  return useMemo(
    () =>
      declared.map((action) => ({
        ...action,
        run: (row: ListRecord, reason?: string) =>
          void fetcher.submit({ intent: action.key, id: String(row.id), ...(reason === undefined ? {} : { reason }) }, { method: "post" }),
      })),
    // Declarations are module constants and the fetcher's submit is stable.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [fetcherKey, declared],
  );
}
