// The popup cell's rules (docs/spec/widgets.md §2 "Generic popup picker", §5 "Popup picker", §8):
// a code naming a list source, original fields of the chosen rows copied to destination fields of
// the grid row (same count), single or multiple. Pure; unit-tested in tests/unit/widget-grid-popup.test.ts.
import type { GridColumn } from "./types";

export const POPUP_TEXTS = {
  misconfigured: "popup parameters not configured correctly!",
  countsDiffer: "original and target field counts are inconsistent",
  initFailed: "Popup initialization failed, please check configuration or retry later!",
  selectOne: "please select one record",
} as const;

export type PopupMapping = { ok: true; pairs: Array<[original: string, destination: string]> } | { ok: false; message: string; detail?: string };

const fieldList = (text: string | undefined) =>
  (text ?? "")
    .split(",")
    .map((field) => field.trim())
    .filter((field) => field !== "");

/** The column's original → destination pairs, or why the popup cannot open (spec §8). */
export function popupMapping(column: Pick<GridColumn, "popupCode" | "orgFields" | "destFields">): PopupMapping {
  const originals = fieldList(column.orgFields);
  const destinations = fieldList(column.destFields);
  if (!column.popupCode?.trim() || originals.length === 0 || destinations.length === 0) return { ok: false, message: POPUP_TEXTS.misconfigured };
  if (originals.length !== destinations.length) return { ok: false, message: POPUP_TEXTS.misconfigured, detail: POPUP_TEXTS.countsDiffer };
  return { ok: true, pairs: originals.map((original, index) => [original, destinations[index]]) };
}

/** spec §5: confirming nothing, or more than one row in single mode, is refused. */
export function popupPickProblem(count: number, multiple: boolean): string | null {
  return count === 0 || (!multiple && count > 1) ? POPUP_TEXTS.selectOne : null;
}

/** The grid row's new values: each destination gets its original field of the chosen rows, comma-joined. */
export function popupValues(pairs: ReadonlyArray<readonly [string, string]>, rows: ReadonlyArray<Record<string, unknown>>): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [original, destination] of pairs) {
    values[destination] = rows
      .map((row) => row[original])
      .filter((value) => value !== undefined && value !== null && String(value) !== "")
      .map(String)
      .join(",");
  }
  return values;
}
