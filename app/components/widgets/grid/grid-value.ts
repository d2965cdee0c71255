// The grid's value in a form (progressive enhancement): a hidden field named like the grid holds
// `{"rows":[…],"deletedIds":[…]}` as JSON, posted with the form with or without JavaScript.
// Actions read it with `readGridField`. Server-safe (no DOM).
import { z } from "zod";
import { isTempId } from "./rows";
import type { GridRow, GridValue } from "./types";

/** Enough for the 10,000-row grids of the benchmark, with room. */
export const MAX_GRID_ROWS = 20_000;

const cellSchema = z.union([z.string(), z.number(), z.boolean(), z.null()]).transform((value) => (value === null ? "" : String(value)));

export const gridValueSchema = z.object({
  rows: z
    .array(z.record(z.string(), cellSchema).and(z.object({ id: z.string().min(1) })))
    .max(MAX_GRID_ROWS),
  deletedIds: z.array(z.string().min(1)).max(MAX_GRID_ROWS).default([]),
});

export function serializeGridValue(value: GridValue): string {
  return JSON.stringify(value);
}

export type GridFieldResult = { ok: true; value: GridValue } | { ok: false; message: string };

/** Parses the posted field; a missing field is an empty grid, malformed JSON a clear error. */
export function parseGridValue(text: string | null | undefined): GridFieldResult {
  if (text === null || text === undefined || text === "") return { ok: true, value: { rows: [], deletedIds: [] } };
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { ok: false, message: "表格数据格式不正确" };
  }
  const parsed = gridValueSchema.safeParse(json);
  if (!parsed.success) return { ok: false, message: "表格数据格式不正确" };
  return { ok: true, value: { rows: parsed.data.rows as GridRow[], deletedIds: parsed.data.deletedIds } };
}

/** The grid field of a posted form. */
export function readGridField(formData: FormData, name: string): GridFieldResult {
  const raw = formData.get(name);
  return parseGridValue(typeof raw === "string" ? raw : null);
}

/** A row without its temporary id (new rows get their id from the backend). */
export function rowForSave(row: GridRow): Record<string, string> {
  if (!isTempId(row.id)) return { ...row };
  const { id: _temporary, ...values } = row;
  return values;
}
