// A grid edited as one form value (a JSON text of its rows: a student's parents, a bill's items).
// The grid reloads on a new rows array, so rows are rebuilt only when the value comes from outside
// (the record arriving), never for the grid's own edits echoed back through onChange.
import { useRef, useState } from "react";
import type { GridRow } from "./types";

export function useTextValueRows(value: string | undefined, toRows: (value: string | undefined) => GridRow[]) {
  const emitted = useRef<string | undefined>(undefined);
  const [rows, setRows] = useState(() => toRows(value));
  const [shown, setShown] = useState(value);
  if (value !== shown) {
    setShown(value);
    if (value !== emitted.current) setRows(toRows(value));
  }
  /** Records a text the grid itself produced, before handing it to onChange. */
  const emit = (text: string) => {
    emitted.current = text;
  };
  return { rows, emit };
}
