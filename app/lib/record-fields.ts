// The one reader of a record's form post (docs/decisions/190, 192): the list engine's save, every
// page's own check and the dialog's check before it posts read the form's FormData through it.
import { RETURN_FIELD } from "./list-query";

/** Fields of a form post that are the engine's, not the record's. */
const FORM_CONTROLS = new Set(["intent", RETURN_FIELD]);

/**
 * A record's fields as a form posts them, with JavaScript or without (one protocol: named fields):
 * a field given several times (a multiple select) joined with commas, the engine's own fields left out.
 */
export function recordFields(form: FormData): Record<string, string> {
  const values: Record<string, string> = {};
  for (const key of new Set(form.keys())) {
    if (FORM_CONTROLS.has(key)) continue;
    values[key] = form
      .getAll(key)
      .filter((value): value is string => typeof value === "string")
      .join(",");
  }
  return values;
}
