// A form field whose value is a grid's rows as JSON text (a student's parents, a bill's items, an
// order's lines, a voucher's entries, …): the one wrapper around EditableGrid that those fields
// share. The module gives its columns, the row prefix and the two conversions; the field keeps the
// rows across its own edits (useTextValueRows) and hands each edit back as text.
import { useRef, type ReactNode } from "react";
import { EditableGrid, type EditableGridProps } from "./editable-grid";
import type { GridStore } from "./grid-store";
import type { GridRow } from "./types";
import { useTextValueRows } from "./use-text-value-rows";

export interface GridTextFieldProps extends Omit<EditableGridProps, "name" | "rows" | "tablePrefix" | "onValueChange" | "className"> {
  value?: string;
  onChange?: (value: string) => void;
  /** Prefix of the rows' ids (`<prefix>_<n>` for the value's rows) and of the grid's new rows. */
  prefix: string;
  /** The value's rows, without ids (the field numbers them). */
  toRows: (text: string | undefined) => Array<Record<string, string>>;
  /** The grid's rows as the field's text. */
  toText: (rows: readonly GridRow[]) => string;
  /** Cells computed from a row's others (a price, an amount): set on the grid after every edit. */
  derive?: (row: GridRow) => Record<string, string> | undefined;
  /** Class of the wrapper (its e2e anchor). */
  className?: string;
  /** Shown under the grid (totals, hints). */
  footer?: ReactNode;
}

export function GridTextField({ value, onChange, prefix, toRows, toText, derive, className, footer, onReady, rowNumber = true, maxHeight = 300, size = "small", ...grid }: GridTextFieldProps) {
  const { rows, emit } = useTextValueRows(value, (text) => {
    const texts = dictTexts(text);
    return toRows(text).map((row, index) => ({ ...texts[index], ...row, id: `${prefix}_${index}` }));
  });
  const store = useRef<GridStore | null>(null);
  return (
    <div className={className}>
      <EditableGrid
        {...grid}
        rows={rows}
        rowNumber={rowNumber}
        maxHeight={maxHeight}
        size={size}
        tablePrefix={prefix}
        onReady={(ready) => {
          store.current = ready;
          onReady?.(ready);
        }}
        onValueChange={(next) => {
          if (derive && store.current) {
            for (const row of next.rows) {
              const changes = derive(row);
              // Setting cells notifies again; the next round finds nothing to change.
              if (changes && Object.entries(changes).some(([key, cell]) => (row[key] ?? "") !== cell)) store.current.setCells(row.id, changes);
            }
          }
          const text = toText(store.current?.rows ?? next.rows);
          emit(text);
          onChange?.(text);
        }}
      />
      {footer}
    </div>
  );
}

/**
 * The `<key>_dictText` of each row the text holds (the names the backend gave its codes): shown by
 * the grid before JavaScript, which resolves the codes itself once it runs.
 */
function dictTexts(text: string | undefined): Record<string, string>[] {
  try {
    const parsed: unknown = JSON.parse(text ?? "");
    if (!Array.isArray(parsed)) return [];
    return parsed.map((row) =>
      row && typeof row === "object" ? Object.fromEntries(Object.entries(row).filter(([key, cell]) => key.endsWith("_dictText") && typeof cell === "string")) : {},
    ) as Record<string, string>[];
  } catch {
    return [];
  }
}
