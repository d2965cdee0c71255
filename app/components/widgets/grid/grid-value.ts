// A grid's rows in a form post, as named fields (docs/decisions/192), with or without JavaScript:
// one field per cell, `<grid>[<row>].<key>` (rows numbered from 0 without gaps; a nested value's
// keys joined with dots: `parents[0].parent.name`), and each removed saved row's id as a
// `<grid>.deletedIds` field. `gridFieldEntries` writes them, `readGridFields` is the one reader (the
// list engine's save, the dialog's check before it posts, `readGridField` for one grid). Server-safe.
import { isTempId } from "./rows";
import type { GridRow, GridValue } from "./types";

/** Enough for the 10,000-row grids of the benchmark, with room. */
export const MAX_GRID_ROWS = 20_000;
/** What a malformed grid post is answered with. */
export const GRID_FORMAT_MESSAGE = "表格数据格式不正确";

/** A row as posted: text cells, a nested value as an object of them. */
export interface PostedRow {
  [key: string]: string | PostedRow;
}

export type GridFieldResult = { ok: true; value: { rows: PostedRow[]; deletedIds: string[] } } | { ok: false; message: string };

const NAME = "[A-Za-z_$][\\w$]*";
/** A field that belongs to a grid: its name, then `[` or `.`. */
const GRID_KEY = new RegExp(`^(${NAME})[[.]`);
const CELL_KEY = new RegExp(`^(${NAME})\\[(0|[1-9]\\d*)\\]((?:\\.${NAME})+)$`);
const DELETED_KEY = new RegExp(`^(${NAME})\\.deletedIds$`);

/** Whether a posted field's name is one of a grid's (the record's plain fields are the others). */
export function isGridKey(key: string): boolean {
  return GRID_KEY.test(key);
}

/** A cell's text: numbers and booleans as text, a missing value as "". */
function cellText(value: unknown): string {
  return value === null || value === undefined ? "" : String(value);
}

function cellEntries(prefix: string, row: Record<string, unknown>): [string, string][] {
  return Object.entries(row).flatMap(([key, value]): [string, string][] => {
    if (Array.isArray(value)) return [];
    if (value !== null && typeof value === "object") return cellEntries(`${prefix}.${key}`, value as Record<string, unknown>);
    return [[`${prefix}.${key}`, cellText(value)]];
  });
}

/**
 * The named fields of a grid's rows (and the ids of its removed saved rows). A row without a cell
 * posts nothing and the next takes its number; a list inside a row is not posted.
 */
export function gridFieldEntries(name: string, rows: readonly Record<string, unknown>[], deletedIds: readonly string[] = []): [string, string][] {
  const cells = rows.filter((row) => Object.keys(row).length > 0);
  return [...cells.flatMap((row, index) => cellEntries(`${name}[${index}]`, row)), ...deletedIds.map((id): [string, string] => [`${name}.deletedIds`, id])];
}

/**
 * Every grid of a posted form, by name. A grid's field that is not a cell of a numbered row or a
 * deleted id, rows numbered with a gap, a cell given twice, a file, or more than MAX_GRID_ROWS
 * rows or deleted ids make that grid malformed.
 */
export function readGridFields(form: FormData): Record<string, GridFieldResult> {
  const grids = new Map<string, { rows: PostedRow[]; deletedIds: string[]; bad: boolean }>();
  const gridOf = (name: string) => {
    let grid = grids.get(name);
    if (!grid) grids.set(name, (grid = { rows: [], deletedIds: [], bad: false }));
    return grid;
  };
  for (const [key, value] of form.entries()) {
    const name = GRID_KEY.exec(key)?.[1];
    if (!name) continue;
    const grid = gridOf(name);
    if (grid.bad) continue;
    if (typeof value !== "string") {
      grid.bad = true;
      continue;
    }
    if (DELETED_KEY.test(key)) {
      if (value === "" || grid.deletedIds.length >= MAX_GRID_ROWS) grid.bad = true;
      else grid.deletedIds.push(value);
      continue;
    }
    const cell = CELL_KEY.exec(key);
    const index = cell ? Number(cell[2]) : NaN;
    if (!cell || index >= MAX_GRID_ROWS) {
      grid.bad = true;
      continue;
    }
    const row = (grid.rows[index] ??= {});
    grid.bad = !setCell(row, cell[3]!.slice(1).split("."), value);
  }
  const results: Record<string, GridFieldResult> = {};
  for (const [name, grid] of grids) {
    // Rows numbered without a gap: a sparse array has holes where a number was skipped.
    const contiguous = grid.rows.every((row) => row !== undefined) && Object.keys(grid.rows).length === grid.rows.length;
    results[name] = grid.bad || !contiguous ? { ok: false, message: GRID_FORMAT_MESSAGE } : { ok: true, value: { rows: grid.rows, deletedIds: grid.deletedIds } };
  }
  return results;
}

/** Keys that would reach an object's prototype. */
const UNSAFE_KEYS = new Set(["__proto__", "constructor", "prototype"]);

/** Sets a cell at its path; false when it was given already (or a value is both text and nested). */
function setCell(row: PostedRow, path: string[], value: string): boolean {
  if (path.some((key) => UNSAFE_KEYS.has(key))) return false;
  let target = row;
  for (const key of path.slice(0, -1)) {
    const next = Object.hasOwn(target, key) ? target[key] : (target[key] = {});
    if (typeof next === "string") return false;
    target = next!;
  }
  const last = path[path.length - 1]!;
  if (Object.hasOwn(target, last)) return false;
  target[last] = value;
  return true;
}

/** The grid `name` of a posted form (EditableGrid's `name`): every row has its id. A missing grid is an empty one. */
export function readGridField(formData: FormData, name: string): { ok: true; value: GridValue } | { ok: false; message: string } {
  const grid = readGridFields(formData)[name] ?? { ok: true, value: { rows: [], deletedIds: [] } };
  if (!grid.ok) return grid;
  const rows = grid.value.rows;
  if (!rows.every((row): row is GridRow => typeof row.id === "string" && row.id !== "" && Object.values(row).every((cell) => typeof cell === "string")))
    return { ok: false, message: GRID_FORMAT_MESSAGE };
  return { ok: true, value: { rows, deletedIds: grid.value.deletedIds } };
}

/** The rows of a JSON text (a grid field's value in its form); anything else is no rows. */
export function parseJsonRows<T>(value: string | undefined): T[] {
  try {
    const parsed = JSON.parse(value || "[]") as unknown;
    return Array.isArray(parsed) ? (parsed as T[]) : [];
  } catch {
    return [];
  }
}

/** A row without its temporary id (new rows get their id from the backend). */
export function rowForSave(row: GridRow): Record<string, string> {
  if (!isTempId(row.id)) return { ...row };
  const { id: _temporary, ...values } = row;
  return values;
}
