// A student's parents (school_student_parent), saved with the student in one transaction: the
// rows sent replace the stored ones; each names a parent of the tenant, or a new parent added with
// the student (新增家长, an imported family), and a relation; at most one of them pays (the partial
// unique index uniq_school_student_payer holds it as well). A new parent whose phone is already a
// parent's is that parent (found by the phone's search hash, docs/decisions/119 and 163).
import { and, eq, inArray, sql } from "drizzle-orm";
import {
  EXCEL_PARENT_COLUMNS,
  EXCEL_PARENT_SLOTS,
  excelParentProperty,
  ONE_PAYER_MESSAGE,
  parentModule,
  REPEATED_PARENT_MESSAGE,
  STUDENT_PARENT_FIELDS as FIELDS,
  StudentParentMessages,
  type NewParent,
  type StudentParentRow,
} from "#contract/modules/people";
import { isMasked, maskValue } from "#contract/modules/sensitive";
import { schoolParent, schoolStudentParent } from "../../../db/schema";
import { newId } from "../../../db/ids";
import { ApiError } from "../../../http/envelope";
import { databaseExecutor, type CrudContext, type Executor } from "../../../crud/context";
import { addDictText } from "../../../crud/dict-text";
import { defineEntity, fieldByProperty } from "../../../crud/entity";
import type { PrepareContext, SaveContext } from "../../../crud/engine";
import type { ListRecord } from "../../../crud/page";
import { selectRecords } from "../../../crud/page";
import { maskRecords } from "../../../crud/sensitive";
import { hashOfValue, openRecords } from "../../../crud/encrypted";
import { allOf } from "../../../crud/store";
import { columnTenantScope } from "../../../crud/tenant";
import { parentCrud } from "../parent/parent-endpoints";

export const studentParentEntity = defineEntity(schoolStudentParent, {
  fields: { parentId: { dictCode: FIELDS.parentId.dict }, relation: { dictCode: FIELDS.relation.dict } },
  tenantColumn: "tenant_id",
  defaultSort: { property: "sortNo", order: "asc" },
});
const tenantScope = columnTenantScope(studentParentEntity);

const RELATIONS = new Set(["1", "2", "3"]);
const NEW_PARENT_FIELDS = ["name", "nameEn", "sex", "phone", "email"] as const satisfies ReadonlyArray<keyof NewParent>;
const rowLabel = (index: number) => `家长第${index + 1}行：`;

function textOf(value: unknown): string {
  return typeof value === "string" ? value.trim() : typeof value === "number" ? String(value) : "";
}

function newParentOf(raw: unknown): NewParent | undefined {
  if (!raw || typeof raw !== "object") return undefined;
  const sent = raw as Record<string, unknown>;
  const parent: NewParent = { name: textOf(sent.name) };
  for (const key of NEW_PARENT_FIELDS) {
    const value = textOf(sent[key]);
    if (key !== "name" && value !== "") parent[key] = value;
  }
  return parent;
}

/** The grid's rows as sent, checked: each problem names its row (家长第N行). */
export function parseParentRows(input: unknown): StudentParentRow[] {
  if (!Array.isArray(input)) throw new ApiError("家长列表格式不正确");
  const rows = input.map((raw, index): StudentParentRow => {
    const row = (raw && typeof raw === "object" ? raw : {}) as Record<string, unknown>;
    const parentId = typeof row.parentId === "string" ? row.parentId.trim() : "";
    const parent = parentId ? undefined : newParentOf(row.parent);
    const relation = row.relation === undefined || row.relation === null ? "" : String(row.relation);
    if (!parentId && !parent) throw new ApiError(`${rowLabel(index)}${FIELDS.parentId.required}`);
    if (parent && !parent.name) throw new ApiError(`${rowLabel(index)}${parentModule.fields.name.required}`);
    if (!RELATIONS.has(relation)) throw new ApiError(`${rowLabel(index)}${FIELDS.relation.required}`);
    const payer = row.isPayer;
    const isPayer = payer === true || payer === 1 || payer === "1" || payer === "true" || payer === "Y" || payer === "是";
    return { parentId, relation, isPayer, ...(parent ? { parent } : {}) };
  });
  if (rows.filter((row) => row.isPayer).length > 1) throw new ApiError(ONE_PAYER_MESSAGE);
  repeatedParentCheck(rows);
  return rows;
}

function repeatedParentCheck(rows: readonly StudentParentRow[]): void {
  const chosen = rows.filter((row) => row.parentId).map((row) => row.parentId);
  if (new Set(chosen).size !== chosen.length) throw new ApiError(REPEATED_PARENT_MESSAGE);
}

/**
 * The student import's parent columns (家长1姓名 … 家长2付款人) as rows of the grid; undefined when the
 * sheet has none of them (the parents are then left as they are).
 */
export function parentRowsOfColumns(body: Record<string, unknown>): StudentParentRow[] | undefined {
  const slots = Array.from({ length: EXCEL_PARENT_SLOTS }, (_, index) => index + 1);
  const cell = (slot: number, key: (typeof EXCEL_PARENT_COLUMNS)[number]["key"]) => textOf(body[excelParentProperty(slot, key)]);
  if (!slots.some((slot) => EXCEL_PARENT_COLUMNS.some((column) => Object.hasOwn(body, excelParentProperty(slot, column.key))))) return undefined;
  return slots
    .filter((slot) => EXCEL_PARENT_COLUMNS.some((column) => cell(slot, column.key) !== ""))
    .map((slot) => ({
      parentId: "",
      relation: cell(slot, "Relation"),
      isPayer: cell(slot, "Payer") === "1",
      parent: { name: cell(slot, "Name"), phone: cell(slot, "Phone"), email: cell(slot, "Email") },
    }));
}

/**
 * The rows whose new parent is a parent already, with `parentId` set: the same phone (its search
 * hash) and name; a masked phone (an export without 查看敏感信息) with the same name and mask. A phone
 * of a parent with another name, and a masked phone that names nobody, are refused: a masked value
 * is never written.
 */
async function matchNewParents(executor: Executor, tenantId: number, rows: readonly StudentParentRow[]): Promise<StudentParentRow[]> {
  const phoneField = fieldByProperty(parentCrud.entity, "phone")!;
  const matched: StudentParentRow[] = [];
  for (const [index, row] of rows.entries()) {
    const parent = row.parent;
    const phone = parent?.phone ?? "";
    if (row.parentId || !parent || phone === "") {
      matched.push(row);
      continue;
    }
    let found: string | undefined;
    if (isMasked(phone)) {
      const namesakes = await executor.rows<ListRecord>(
        sql`select id, phone from school_parent where tenant_id = ${tenantId} and name = ${parent.name} and phone is not null order by id`,
      );
      openRecords(parentCrud.entity, namesakes);
      found = namesakes.find((candidate) => maskValue("phone", String(candidate.phone ?? "")) === phone)?.id as string | undefined;
      if (!found) throw new ApiError(`${rowLabel(index)}${StudentParentMessages.maskedUnmatched}`);
    } else {
      const [owner] = await executor.rows<{ id: string; name: string }>(
        sql`select id, name from school_parent where tenant_id = ${tenantId} and phone_hash = ${hashOfValue(phoneField, phone)} order by id limit 1`,
      );
      if (owner && owner.name !== parent.name) throw new ApiError(`${rowLabel(index)}${StudentParentMessages.phoneOfOther(owner.name)}`);
      found = owner?.id;
    }
    matched.push(found ? { parentId: found, relation: row.relation, isPayer: row.isPayer } : row);
  }
  repeatedParentCheck(matched);
  return matched;
}

/** A new parent's body for the parent module's add path (masked values are dropped there). */
function parentBody(parent: NewParent): Record<string, unknown> {
  return Object.fromEntries(NEW_PARENT_FIELDS.flatMap((key) => (parent[key] ? [[key, parent[key]]] : [])));
}

/**
 * Before the transaction: the parents' rows of the body (the form's grid or the import's columns),
 * matched and the new parents checked by the parent module, so that a bad row is refused (and
 * reported on its import row) before anything is written.
 */
export async function prepareStudentParents(prepared: PrepareContext): Promise<void> {
  const body = prepared.body;
  const fromColumns = body.parents === undefined ? parentRowsOfColumns(body) : undefined;
  if (fromColumns) body.parents = fromColumns;
  if (body.parents === undefined) return;
  const rows = await matchNewParents(databaseExecutor(prepared.services.db), prepared.tenantId, parseParentRows(body.parents));
  // Asked here, not in the transaction (on PGlite, one connection, it would wait for it).
  if (rows.some((row) => row.parent) && !(await prepared.services.permissions.hasButton(prepared.auth, `${parentModule.permissionPrefix}:add`)))
    throw new ApiError(StudentParentMessages.mayNotAdd);
  for (const [index, row] of rows.entries()) {
    if (!row.parent) continue;
    try {
      parentCrud.validate(withoutMasked(parentBody(row.parent)), "add");
    } catch (error) {
      if (error instanceof ApiError) throw new ApiError(`${rowLabel(index)}${error.message}`);
      throw error;
    }
  }
}

function withoutMasked(body: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(body).filter(([, value]) => !isMasked(value)));
}

/**
 * Replaces the student's parents inside the caller's transaction: new parents are matched again
 * (a sibling earlier in the same import added him) or added through the parent module (its checks,
 * encryption and history; prepareStudentParents asked for the parent's 添加 button).
 */
export async function saveStudentParents(save: SaveContext, sent: readonly StudentParentRow[]): Promise<void> {
  const { tx, tenantId } = save;
  const rows = await matchNewParents(tx, tenantId, sent);
  for (const [index, row] of rows.entries()) {
    if (row.parentId || !row.parent) continue;
    try {
      rows[index] = { parentId: await parentCrud.insert(save, parentBody(row.parent), tx), relation: row.relation, isPayer: row.isPayer };
    } catch (error) {
      if (error instanceof ApiError) throw new ApiError(`${rowLabel(index)}${error.message}`);
      throw error;
    }
  }
  if (rows.length > 0) {
    const ids = rows.map((row) => row.parentId);
    const found = await tx.orm
      .select({ id: schoolParent.id })
      .from(schoolParent)
      .where(and(inArray(schoolParent.id, ids), eq(schoolParent.tenantId, tenantId)));
    const known = new Set(found.map((row) => row.id));
    const missing = rows.findIndex((row) => !known.has(row.parentId));
    if (missing >= 0) throw new ApiError(`${rowLabel(missing)}家长不存在`);
  }
  await tx.orm.delete(schoolStudentParent).where(eq(schoolStudentParent.studentId, save.id));
  if (rows.length === 0) return;
  await tx.orm.insert(schoolStudentParent).values(
    rows.map((row, index) => ({ id: newId(), tenantId, studentId: save.id, parentId: row.parentId, relation: row.relation, isPayer: row.isPayer, sortNo: index })),
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

/**
 * The student export's parent columns of a page of students (each with its id): the first two
 * parents in the grid's order; phones and e-mails masked without 家长's 查看敏感信息.
 */
export async function fillParentColumns(context: CrudContext, records: Record<string, unknown>[]): Promise<void> {
  if (records.length === 0) return;
  const ids = records.map((record) => String(record.id));
  const links = await context.services.db.rows<ListRecord>(sql`
    select link.student_id as "studentId", link.relation, link.is_payer as "isPayer", parent.name, parent.phone, parent.email
      from school_student_parent link join school_parent parent on parent.id = link.parent_id
     where link.tenant_id = ${context.tenantId} and link.student_id in (${sql.join(ids.map((id) => sql`${id}`), sql`, `)})
     order by link.student_id, link.sort_no`);
  openRecords(parentCrud.entity, links);
  if (!(await parentCrud.seesSensitive(context))) maskRecords(parentCrud.config.sensitive!, links);
  const byStudent = new Map<string, ListRecord[]>();
  for (const link of links) byStudent.set(String(link.studentId), [...(byStudent.get(String(link.studentId)) ?? []), link]);
  for (const record of records) {
    const parents = byStudent.get(String(record.id)) ?? [];
    parents.slice(0, EXCEL_PARENT_SLOTS).forEach((link, index) => {
      const slot = index + 1;
      record[excelParentProperty(slot, "Name")] = link.name;
      record[excelParentProperty(slot, "Relation")] = link.relation;
      record[excelParentProperty(slot, "Phone")] = link.phone;
      record[excelParentProperty(slot, "Email")] = link.email;
      record[excelParentProperty(slot, "Payer")] = link.isPayer ? "1" : "0";
    });
  }
}
