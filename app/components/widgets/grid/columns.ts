// Column rules: placeholders, widths and sizes (docs/spec/widgets.md §3, §9), the custom cell type
// registry with its reserved names (§3, §8), the sub-table pop-over's placement (§2, §4).
// Pure; unit-tested in tests/unit/widget-grid-columns.test.ts.
import type { ComponentType } from "react";
import { BUILT_IN_CELL_TYPES, type GridColumn, type GridRow, type GridSize } from "./types";

/** spec §3: `${title}`, `${key}` and `${defaultValue}` in a placeholder. */
export function fillPlaceholder(column: GridColumn): string | undefined {
  const template = column.placeholder;
  if (template === undefined) return undefined;
  return template
    .replaceAll("${title}", column.title)
    .replaceAll("${key}", column.key)
    .replaceAll("${defaultValue}", column.defaultValue ?? "");
}

/** spec §9: the date formats. */
export const DATE_FORMAT = "YYYY-MM-DD";
export const DATETIME_FORMAT = "YYYY-MM-DD HH:mm:ss";
export const TIME_FORMAT = "HH:mm:ss";

export function valueFormat(column: GridColumn): string {
  if (column.format) return column.format;
  if (column.type === "datetime") return DATETIME_FORMAT;
  if (column.type === "time") return TIME_FORMAT;
  return DATE_FORMAT;
}

/** spec §9 widths: the column width and the editor's minimum width by type. */
const WIDTHS: Record<string, { width: number; minWidth: number }> = {
  datetime: { width: 200, minWidth: 190 },
  sel_user: { width: 220, minWidth: 190 },
  sel_depart: { width: 190, minWidth: 160 },
  date: { width: 140, minWidth: 135 },
};
const DEFAULT_WIDTH = { width: 120, minWidth: 120 };
/** Money (issue #30): 1,234,567.89 shows whole in a right-aligned cell. */
const MONEY_WIDTH = { width: 130, minWidth: 130 };
/** A count (数量, 长度): a few digits. */
const NUMBER_WIDTH = { width: 90, minWidth: 72 };

function widthsOf(column: GridColumn): { width: number; minWidth: number } {
  if (column.money) return MONEY_WIDTH;
  if (column.type === "inputNumber") return NUMBER_WIDTH;
  return WIDTHS[column.type] ?? DEFAULT_WIDTH;
}

export function columnWidth(column: GridColumn): number {
  if (typeof column.width === "number") return Math.max(column.width, minWidth(column));
  return widthsOf(column).width;
}

export function minWidth(column: GridColumn): number {
  return widthsOf(column).minWidth;
}

/** Figures read right-aligned, their digits under each other (money and counts). */
export function isNumberColumn(column: GridColumn): boolean {
  return column.money === true || column.type === "inputNumber";
}

/** A header's `*`: the column's first rule says the value is required. */
export function isRequiredColumn(column: GridColumn): boolean {
  return column.validateRules?.some((rule) => rule.required) === true;
}

/**
 * The lead columns that stay in place while a wide grid scrolls sideways (drag handle, selection,
 * row number and the first data column, which names the row): their left offsets, when they take
 * at most half of the visible width (on a phone they would leave no room: then nothing is fixed).
 */
export function stickyOffsets(leadWidths: readonly number[], firstColumnWidth: number | undefined, visibleWidth: number): number[] | null {
  const widths = firstColumnWidth === undefined ? leadWidths : [...leadWidths, firstColumnWidth];
  const total = widths.reduce((sum, width) => sum + width, 0);
  if (widths.length === 0 || visibleWidth <= 0 || total * 2 > visibleWidth) return null;
  const offsets: number[] = [];
  let left = 0;
  for (const width of widths) {
    offsets.push(left);
    left += width;
  }
  return offsets;
}

/** spec §9: row number column 60; checkbox column 40, 60 with statistics; row 61; statistics row 32. */
export const ROW_NUMBER_WIDTH = 60;
export function selectionColumnWidth(hasStatistics: boolean): number {
  return hasStatistics ? 60 : 40;
}
export const DRAG_COLUMN_WIDTH = 32;
export const ROW_HEIGHT = 61;
export const STATISTICS_ROW_HEIGHT = 32;
export const DEFAULT_MAX_HEIGHT = 400;

/** Row heights by size (spec §9 sizes: medium is the 61 px row). */
export const ROW_HEIGHTS: Record<GridSize, number> = { medium: ROW_HEIGHT, small: 48, mini: 40, tiny: 32 };

/** Columns that show in the grid (`hidden` travels in the rows only). */
export function visibleColumns(columns: readonly GridColumn[]): GridColumn[] {
  return columns.filter((column) => column.type !== "hidden");
}

// ---- custom cell types ----------------------------------------------------------------------------

/** spec §3: names no custom cell type may take (the grid's own columns). */
export const RESERVED_CELL_TYPES = ["rowNumber", "checkbox", "radio", "expand", "dragSort"] as const;

export interface CellProps {
  column: GridColumn;
  row: GridRow;
  value: string;
  disabled: boolean;
  /** A new value (written at once; validation runs on change). */
  onChange: (value: string) => void;
  /** Typing in progress (validation runs on input). */
  onInput?: (value: string) => void;
  onBlur?: () => void;
  /** Several cells of the row at once (the popup's destination fields). */
  onRowChange?: (values: Record<string, string>) => void;
  placeholder?: string;
  status?: "error";
}

export type CellComponent = ComponentType<CellProps>;

const customCells = new Map<string, CellComponent>();

/**
 * Installs a custom cell type (e.g. `area` by the area selector). Reserved names (spec §3) and
 * the built-in types are refused with an error (spec §8).
 */
export function installCellType(type: string, component: CellComponent): void {
  const name = type.trim();
  if (name === "") throw new Error("a custom cell type needs a name");
  if ((RESERVED_CELL_TYPES as readonly string[]).includes(name)) throw new Error(`"${name}" is a reserved cell type name and cannot be installed`);
  if ((BUILT_IN_CELL_TYPES as readonly string[]).includes(name)) throw new Error(`"${name}" is a built-in cell type and cannot be replaced`);
  customCells.set(name, component);
}

export function customCellType(type: string): CellComponent | undefined {
  return customCells.get(type);
}

// ---- sub-table pop-over (spec §2, §4) --------------------------------------------------------------

export const SUB_TABLE_TITLE = "Sub table";
export const SUB_TABLE_FAILED = "open sub table failed";
export const SUB_TABLE_WIDTH = "96%";
export const DETAIL_MODAL_TITLE = "Detailed information";
export const DETAIL_MODAL_WIDTH = 1200;

/** Below the click when more than 350 px of space is under it, otherwise above. */
export function subTablePlacement(spaceBelow: number): "bottom" | "top" {
  return spaceBelow > 350 ? "bottom" : "top";
}

/** Tries to open up to 3 more times at 100 ms, then fails with `open sub table failed`. */
export async function openWithRetry(tryOpen: () => boolean, wait: (ms: number) => Promise<void>, retries = 3, intervalMs = 100): Promise<void> {
  if (tryOpen()) return;
  for (let attempt = 0; attempt < retries; attempt += 1) {
    await wait(intervalMs);
    if (tryOpen()) return;
  }
  throw new Error(SUB_TABLE_FAILED);
}
