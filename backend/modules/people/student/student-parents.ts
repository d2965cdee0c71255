// A student's parents (school_student_parent), saved with the student in one transaction: the
// rows sent replace the stored ones; each names a parent of the tenant and a relation, and at
// most one of them pays (the partial unique index uniq_school_student_payer holds it as well).
import { and, eq, inArray, sql } from "drizzle-orm";
import { ONE_PAYER_MESSAGE, REPEATED_PARENT_MESSAGE, STUDENT_PARENT_FIELDS as FIELDS, type StudentParentRow } from "#contract/modules/people";
import { schoolParent, schoolStudentParent } from "../../../db/schema";
import { newId } from "../../../db/ids";
import { ApiError } from "../../../http/envelope";
import type { CrudContext, Executor } from "../../../crud/context";
import { addDictText } from "../../../crud/dict-text";
import { defineEntity } from "../../../crud/entity";
import type { ListRecord } from "../../../crud/page";
import { selectRecords } from "../../../crud/page";
import { allOf } from "../../../crud/store";
import { columnTenantScope } from "../../../crud/tenant";

export const studentParentEntity = defineEntity(schoolStudentParent, {
  fields: { parentId: { dictCode: FIELDS.parentId.dict }, relation: { dictCode: FIELDS.relation.dict } },
  tenantColumn: "tenant_id",
  defaultSort: { property: "sortNo", order: "asc" },
});
const tenantScope = columnTenantScope(studentParentEntity);


const RELATIONS = new Set(["1", "2", "3"]);

/** The grid's rows as sent, checked: each problem names its row (第N行). */
export function parseParentRows(input: unknown): StudentParentRow[] {
  if (!Array.isArray(input)) throw new ApiError("家长列表格式不正确");
  const rows = input.map((raw, index) => {
    const row = (raw && typeof raw === "object" ? raw : {}) as Record<string, unknown>;
    const where = `家长第${index + 1}行：`;
    const parentId = typeof row.parentId === "string" ? row.parentId.trim() : "";
    const relation = row.relation === undefined || row.relation === null ? "" : String(row.relation);
    if (!parentId) throw new ApiError(`${where}${FIELDS.parentId.required}`);
    if (!RELATIONS.has(relation)) throw new ApiError(`${where}${FIELDS.relation.required}`);
    const payer = row.isPayer;
    return { parentId, relation, isPayer: payer === true || payer === 1 || payer === "1" || payer === "true" || payer === "Y" };
  });
  if (rows.filter((row) => row.isPayer).length > 1) throw new ApiError(ONE_PAYER_MESSAGE);
  if (new Set(rows.map((row) => row.parentId)).size !== rows.length) throw new ApiError(REPEATED_PARENT_MESSAGE);
  return rows;
}

/** Replaces the student's parents inside the caller's transaction. */
export async function saveStudentParents(tx: Executor, tenantId: number, studentId: string, rows: readonly StudentParentRow[]): Promise<void> {
  if (rows.length > 0) {
    const ids = rows.map((row) => row.parentId);
    const found = await tx.orm
      .select({ id: schoolParent.id })
      .from(schoolParent)
      .where(and(inArray(schoolParent.id, ids), eq(schoolParent.tenantId, tenantId)));
    const known = new Set(found.map((row) => row.id));
    const missing = rows.findIndex((row) => !known.has(row.parentId));
    if (missing >= 0) throw new ApiError(`家长第${missing + 1}行：家长不存在`);
  }
  await tx.orm.delete(schoolStudentParent).where(eq(schoolStudentParent.studentId, studentId));
  if (rows.length === 0) return;
  await tx.orm.insert(schoolStudentParent).values(
    rows.map((row, index) => ({ id: newId(), tenantId, studentId, parentId: row.parentId, relation: row.relation, isPayer: row.isPayer, sortNo: index })),
  );
}

/** The student's parents as the grid shows them (with the parent's name and relation texts). */
export async function listStudentParents(context: CrudContext, studentId: string): Promise<ListRecord[]> {
  const records = await selectRecords(context.services.db, studentParentEntity, {
    where: allOf([tenantScope.condition(context.tenantId), eq(schoolStudentParent.studentId, studentId)]),
    orderBy: sql`${sql.identifier("sort_no")}`,
  });
  await addDictText(context, studentParentEntity, records);
  return records;
}
