// The one reader of a record's form post (docs/decisions/190, 192): the list engine's save, every
// page's own check and the dialog's check before it posts read the form's FormData through it.
import { isGridKey, readGridFields, type PostedRow } from "~/components/widgets/grid/grid-value";
import { RETURN_FIELD } from "./list-query";

/** Fields of a form post that are the engine's, not the record's. */
const FORM_CONTROLS = new Set(["intent", RETURN_FIELD]);

export interface PostedRecord {
  /** The record's fields: text, or a grid's rows. */
  values: Record<string, string | PostedRow[]>;
  /** A malformed grid's message (表格数据格式不正确) by its name; its rows are not in `values`. */
  gridErrors: Record<string, string>;
}

/**
 * A record's fields as a form posts them, with JavaScript or without (one protocol: named fields):
 * a field given several times (a multiple select) joined with commas, a grid's named fields
 * (`items[0].name`, grid-value.ts) as its rows, the engine's own fields left out.
 */
export function recordFields(form: FormData): PostedRecord {
  const values: PostedRecord["values"] = {};
  const gridErrors: PostedRecord["gridErrors"] = {};
  for (const key of new Set(form.keys())) {
    if (FORM_CONTROLS.has(key) || isGridKey(key)) continue;
    values[key] = form
      .getAll(key)
      .filter((value): value is string => typeof value === "string")
      .join(",");
  }
  for (const [name, grid] of Object.entries(readGridFields(form))) {
    if (grid.ok) values[name] = grid.value.rows;
    else gridErrors[name] = grid.message;
  }
  return { values, gridErrors };
}
