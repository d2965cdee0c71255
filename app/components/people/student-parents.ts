// The student form's parents (school-domain.md: parent, relation 父亲/母亲/监护人, payer): the rows
// travel in the form as one JSON text and reach the backend as an array, saved with the student.
import { z } from "zod";
import { ONE_PAYER_MESSAGE, REPEATED_PARENT_MESSAGE, STUDENT_PARENT_FIELDS, type StudentParentRow } from "#contract/modules/people";


const rowsSchema = z.array(
  z.object({ parentId: z.coerce.string().catch(""), relation: z.coerce.string().catch(""), isPayer: z.union([z.boolean(), z.string(), z.number()]).catch(false) }),
);

/** The rows of the form's text (the detail loader's or the control's); bad text is no rows. */
export function parseParentRows(text: string | undefined | null): StudentParentRow[] {
  if (!text) return [];
  try {
    const parsed = rowsSchema.safeParse(JSON.parse(text));
    if (!parsed.success) return [];
    return parsed.data.map((row) => ({ parentId: row.parentId, relation: row.relation, isPayer: row.isPayer === true || row.isPayer === "true" || row.isPayer === "1" || row.isPayer === 1 }));
  } catch {
    return [];
  }
}

export function serializeParentRows(rows: readonly StudentParentRow[]): string {
  return JSON.stringify(rows);
}

/** The form's check before posting (the backend checks again): every row complete, one payer at most. */
export function parentRowsProblem(rows: readonly StudentParentRow[]): string | null {
  const incomplete = rows.findIndex((row) => !row.parentId || !row.relation);
  if (incomplete >= 0) return `家长第${incomplete + 1}行：${(rows[incomplete]!.parentId ? STUDENT_PARENT_FIELDS.relation : STUDENT_PARENT_FIELDS.parentId).required}`;
  if (rows.filter((row) => row.isPayer).length > 1) return ONE_PAYER_MESSAGE;
  if (new Set(rows.map((row) => row.parentId)).size !== rows.length) return REPEATED_PARENT_MESSAGE;
  return null;
}
