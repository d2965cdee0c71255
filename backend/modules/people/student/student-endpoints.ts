// 学生 (/school/student): students per tenant with their parents. The student number comes from
// the fill rule `student_no` when a student is added (import included); the parents grid (chosen
// parents, or new ones added with the student) is saved with the student in the same transaction
// (./student-parents.ts), so a bad parent row leaves no student behind. The export carries the
// parents (家长1姓名 … 家长2付款人) and the import reads them back (docs/decisions/163). 批量操作:
// 批量分班, 批量修改状态 and 批量设置付款方 (docs/decisions/170), each one transaction with the
// students' history.
import { sql } from "drizzle-orm";
import { EXCEL_PARENT_COLUMNS, EXCEL_PARENT_SLOTS, excelParentProperty, StudentBulkButtons, StudentBulkMessages, studentModule } from "#contract/modules/people";
import type { PermissionCode } from "#contract/permission-codes";
import { schoolStudent } from "../../../db/schema";
import { endpoint, menuAccess, type Endpoint, type EndpointRequest } from "../../../http/endpoint";
import { ApiError, ok, okMessage } from "../../../http/envelope";
import { inTransaction, type CrudContext, type Executor } from "../../../crud/context";
import { CrudMessages, splitIds } from "../../../crud/crud-messages";
import type { ExcelColumn } from "../../../crud/excel/columns";
import { withHistory } from "../../../crud/history";
import { createModuleCrud } from "../../../crud/module";
import { nextNumber } from "../../system/fill-rule/fill-rule-service";
import { fillParentColumns, listStudentParents, parseParentRows, prepareStudentParents, saveStudentParents } from "./student-parents";
import { classWithRoom, placeInClass } from "../classes/student-class";
import { textArray } from "../classes/sql-array";
import { followStudentPayers } from "../../billing/bill/bill-payer";
import { PayerType } from "../../billing/bill/bill-plan";

/** The fill rule of student numbers (seeded: S + yyyy + 4 digits, reset yearly). */
export const STUDENT_NO_RULE = "student_no";

const PAYER_OPTIONS = [
  { value: "1", text: "是" },
  { value: "0", text: "否" },
];

/** 家长1姓名, 家长1关系 … 家长2付款人: filled on export, read back by prepareStudentParents on import. */
const parentColumns: ExcelColumn[] = Array.from({ length: EXCEL_PARENT_SLOTS }, (_, index) => index + 1).flatMap((slot) =>
  EXCEL_PARENT_COLUMNS.map((column) => ({
    property: excelParentProperty(slot, column.key),
    title: `家长${slot}${column.title}`,
    virtual: true,
    ...(column.key === "Relation" ? { dictCode: "parent_relation" } : {}),
    ...(column.key === "Payer" ? { options: PAYER_OPTIONS } : {}),
  })),
);

export const studentCrud = createModuleCrud(studentModule, {
  table: schoolStudent,
  entity: { tenantColumn: "tenant_id" },
  excel: { moreColumns: parentColumns, fill: fillParentColumns },
  hooks: {
    // The rows are checked (and new parents matched) before the transaction opens; inside, the
    // parents are matched again and the new ones added.
    prepare: prepareStudentParents,
    beforeSave: async (save) => {
      if (save.operation === "add") save.values.studentNo = await nextNumber(save.tx, save.tenantId, STUDENT_NO_RULE, save.services.config.schoolTimeZone);
      await placeInClass(save);
    },
    afterSave: async (save) => {
      if (save.body.parents !== undefined) await saveStudentParents(save, parseParentRows(save.body.parents));
      // A changed payer (付费企业, the paying parent) takes the student's open bills along, with
      // both payers' receivables, in this transaction (docs/decisions/107).
      if (save.operation === "edit")
        await followStudentPayers(save.tx, { tenantId: save.tenantId, timeZone: save.services.config.schoolTimeZone, username: save.username }, [save.id]);
    },
  },
});

const parentsOfStudent = endpoint("GET", "/school/student/queryParentsByStudentId", menuAccess(studentModule.page), async (request) => {
  const context = studentCrud.context(request);
  const id = (request.query.id ?? "").trim();
  if (!id || !(await studentCrud.findById(context, id))) throw new ApiError("未找到对应数据");
  return ok(await listStudentParents(context, id));
}, { doc: { summary: "查询学生的家长" } });

/** The selected students the caller may see, locked for the change (ids as `a,b` or an array). */
async function lockedStudents(tx: Executor, context: CrudContext, request: EndpointRequest): Promise<string[]> {
  const raw = request.body.ids;
  const ids = splitIds(Array.isArray(raw) ? raw.join(",") : raw);
  if (ids.length === 0) throw new ApiError(StudentBulkMessages.noStudents);
  const rows = await tx.rows<{ id: string }>(
    sql`select id from school_student where id = any(${textArray(ids)}::varchar[]) and ${studentCrud.visibility(context)} order by id for update`,
  );
  if (rows.length === 0) throw new ApiError(CrudMessages.notFound);
  return rows.map((row) => row.id);
}

/** One bulk change of students: locked, changed and their history written in one transaction. */
function bulkEndpoint(path: string, button: PermissionCode, summary: string, change: (tx: Executor, context: CrudContext, ids: string[], request: EndpointRequest) => Promise<string>): Endpoint {
  return endpoint("POST", path, button, async (request) => {
    const context = studentCrud.context(request);
    const message = await inTransaction(context.services.db, async (tx) => {
      const ids = await lockedStudents(tx, context, request);
      return withHistory(tx, studentCrud.historyActor(context), studentCrud.history, ids, { action: "edit" }, () => change(tx, context, ids, request));
    });
    return okMessage(message);
  }, { doc: { summary: `${studentModule.title}-${summary}` } });
}

// 批量分班: into a class of the current year with room for them all; they take its grade.
const assignClass = bulkEndpoint("/school/student/batchClass", StudentBulkButtons.assignClass, "批量分班", async (tx, context, ids, request) => {
  const target = await classWithRoom(tx, context.tenantId, String(request.body.classId ?? "").trim(), ids);
  await tx.rows(sql`update school_student set class_id = ${target.id}, grade = ${target.grade}, update_by = ${context.username.slice(0, 32)}, update_time = now()
                     where id = any(${textArray(ids)}::varchar[])`);
  return StudentBulkMessages.assigned(ids.length, target.name);
});

// 批量修改状态: a value of the 学生状态 dictionary.
const changeStatus = bulkEndpoint("/school/student/batchStatus", StudentBulkButtons.changeStatus, "批量修改状态", async (tx, context, ids, request) => {
  const status = String(request.body.status ?? "");
  const item = (await context.services.dictionaries.items(studentModule.fields.status.dict)).find((candidate) => candidate.value === status);
  if (!item) throw new ApiError(StudentBulkMessages.unknownStatus);
  await tx.rows(sql`update school_student set status = ${status}, update_by = ${context.username.slice(0, 32)}, update_time = now() where id = any(${textArray(ids)}::varchar[])`);
  return StudentBulkMessages.statusChanged(ids.length, item.text);
});

// 批量设置付款方 (docs/decisions/170): an enterprise (付费企业 set) or a paying parent, who must be a
// parent of every one of them (marked their only 付款人, their 付费企业 cleared: an employer pays
// before any parent). Their open bills then follow the new payer with both payers' receivables and
// the bills' history, in this transaction, exactly as a single student's edit (docs/decisions/107).
const setPayer = bulkEndpoint("/school/student/batchPayer", StudentBulkButtons.setPayer, "批量设置付款方", async (tx, context, ids, request) => {
  const payerType = String(request.body.payerType ?? "").trim();
  const payerId = String(request.body.payerId ?? "").trim();
  if (!payerId || (payerType !== PayerType.parent && payerType !== PayerType.corporation)) throw new ApiError(StudentBulkMessages.noPayer);
  const who = context.username.slice(0, 32);
  const idArray = textArray(ids);
  let payerName: string;
  if (payerType === PayerType.corporation) {
    const [corporation] = await tx.rows<{ name: string }>(sql`select name from school_corporation where id = ${payerId} and tenant_id = ${context.tenantId}`);
    if (!corporation) throw new ApiError(StudentBulkMessages.unknownPayer);
    payerName = corporation.name;
    await tx.rows(sql`update school_student set corp_id = ${payerId}, update_by = ${who}, update_time = now() where id = any(${idArray}::varchar[])`);
  } else {
    const [parent] = await tx.rows<{ name: string }>(sql`select name from school_parent where id = ${payerId} and tenant_id = ${context.tenantId}`);
    if (!parent) throw new ApiError(StudentBulkMessages.unknownPayer);
    payerName = parent.name;
    // Never a stranger's money: a payer who is not yet one of the student's parents is added on his form.
    const strangers = await tx.rows<{ name: string }>(sql`
      select s.name_cn as name from school_student s
      where s.id = any(${idArray}::varchar[])
        and not exists (select 1 from school_student_parent sp where sp.student_id = s.id and sp.parent_id = ${payerId})
      order by s.student_no, s.id`);
    if (strangers.length > 0) throw new ApiError(StudentBulkMessages.notTheirParent(parent.name, strangers.map((student) => student.name)));
    await tx.rows(sql`update school_student_parent set is_payer = (parent_id = ${payerId}) where student_id = any(${idArray}::varchar[])`);
    await tx.rows(sql`update school_student set corp_id = null, update_by = ${who}, update_time = now() where id = any(${idArray}::varchar[])`);
  }
  const moved = await followStudentPayers(tx, { tenantId: context.tenantId, timeZone: context.services.config.schoolTimeZone, username: context.username }, ids);
  return StudentBulkMessages.payerSet(ids.length, payerName, moved);
});

export const studentEndpoints: Endpoint[] = [...studentCrud.endpoints, parentsOfStudent, assignClass, changeStatus, setPayer];
