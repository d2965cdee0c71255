// The student form's parents (school-domain.md: parent, relation 父亲/母亲/监护人, payer): the rows
// travel in the form as one JSON text and reach the backend as an array, saved with the student. A
// row chooses an existing parent, or adds a new one (姓名, 手机号, 邮箱) in the same save.
import { z } from "zod";
import { ONE_PAYER_MESSAGE, parentModule, REPEATED_PARENT_MESSAGE, STUDENT_PARENT_FIELDS, type StudentParentRow } from "#contract/modules/people";

/** The picker's options: parents by name or whole phone, with phone and children (routes/api/people/parent-options.tsx). */
export const PARENT_OPTIONS_URL = "/api/people/parent-options";

/** A row with neither a chosen parent nor a new parent's name. */
export const PARENT_OR_NEW_MESSAGE = "请选择家长或填写新家长姓名";

const text = z.coerce.string().catch("");
const rowsSchema = z.array(
  z.object({
    parentId: text,
    relation: text,
    isPayer: z.union([z.boolean(), z.string(), z.number()]).catch(false),
    parent: z.object({ name: text, phone: text.optional(), email: text.optional() }).optional().catch(undefined),
  }),
);

/** The rows of the form's text (the detail loader's or the control's); bad text is no rows. */
export function parseParentRows(value: string | undefined | null): StudentParentRow[] {
  if (!value) return [];
  try {
    return parentRowsOf(JSON.parse(value));
  } catch {
    return [];
  }
}

/** The rows as posted (named fields: every value text, `isPayer` "true"/"false") or parsed from the text; bad rows are none. */
export function parentRowsOf(rows: unknown): StudentParentRow[] {
  const parsed = rowsSchema.safeParse(rows);
  if (!parsed.success) return [];
  return parsed.data.map((row) => ({
    parentId: row.parentId,
    relation: row.relation,
    isPayer: row.isPayer === true || row.isPayer === "true" || row.isPayer === "1" || row.isPayer === 1,
    ...(!row.parentId && row.parent ? { parent: row.parent } : {}),
  }));
}

export function serializeParentRows(rows: readonly StudentParentRow[]): string {
  return JSON.stringify(rows);
}

/** The form's check before posting (the backend checks again): every row complete, one payer at most. */
export function parentRowsProblem(rows: readonly StudentParentRow[]): string | null {
  const incomplete = rows.findIndex((row) => (!row.parentId && !row.parent?.name) || !row.relation);
  if (incomplete >= 0) {
    const row = rows[incomplete]!;
    return `家长第${incomplete + 1}行：${row.parentId || row.parent?.name ? STUDENT_PARENT_FIELDS.relation.required : PARENT_OR_NEW_MESSAGE}`;
  }
  if (rows.filter((row) => row.isPayer).length > 1) return ONE_PAYER_MESSAGE;
  const chosen = rows.filter((row) => row.parentId).map((row) => row.parentId);
  if (new Set(chosen).size !== chosen.length) return REPEATED_PARENT_MESSAGE;
  return null;
}

/** The new parent's labels, as the parent module words them. */
export const NEW_PARENT_LABELS = { name: "新家长姓名", phone: parentModule.fields.phone.label, email: parentModule.fields.email.label } as const;
