// 班级管理 (/school/class): the classes of a school year with grade, homeroom teacher, capacity and
// room; the roster (students of the class in its year, with the parent who pays) on the detail, as
// an .xlsx and on the A4 print view. `school_class,name,id` names the current year's classes only:
// what a student's 班级 chooses from and shows (docs/decisions/115).
import { textArray } from "./sql-array";
import { and, eq, sql } from "drizzle-orm";
import { ClassMessages, classModule, type RosterRow } from "#contract/modules/classes";
import { parentModule, teacherModule } from "#contract/modules/people";
import { schoolClass, schoolTeacher, schoolYear } from "../../../db/schema";
import { endpoint, menuAccess, requireAuth, type Endpoint } from "../../../http/endpoint";
import { ApiError, ok } from "../../../http/envelope";
import type { CrudContext, Executor } from "../../../crud/context";
import { columnRef } from "../../../crud/conditions";
import { fieldByProperty } from "../../../crud/entity";
import { escapeFormula } from "../../../crud/excel/columns";
import { streamRowsXlsx } from "../../../crud/excel/export";
import { createModuleCrud } from "../../../crud/module";
import type { ListRecord } from "../../../crud/page";
import { hasDictTable, registerDictTable } from "../../../crud/table-dict";
import { maskRecords, seesSensitive } from "../../../crud/sensitive";
import { columnTenantScope } from "../../../crud/tenant";
import { teacherCrud } from "../teacher/teacher-endpoints";
import { decryptValue } from "../../../security/personal-data";

export const classCrud = createModuleCrud(classModule, {
  table: schoolClass,
  // Grades in the 年级 dictionary's order, then by name.
  entity: { tenantColumn: "tenant_id", defaultSort: { property: "grade", order: "asc" } },
  hooks: {
    beforeSave: async (save) => {
      const values = save.values as Record<string, unknown>;
      const yearId = String(values.yearId ?? save.existing?.yearId ?? "");
      const [year] = await save.tx.orm
        .select({ id: schoolYear.id })
        .from(schoolYear)
        .where(and(eq(schoolYear.id, yearId), eq(schoolYear.tenantId, save.tenantId)))
        .limit(1);
      if (!year) throw new ApiError("学年不存在");
      if (typeof values.teacherId === "string" && values.teacherId !== "") {
        const [teacher] = await save.tx.orm
          .select({ id: schoolTeacher.id })
          .from(schoolTeacher)
          .where(and(eq(schoolTeacher.id, values.teacherId), eq(schoolTeacher.tenantId, save.tenantId)))
          .limit(1);
        if (!teacher) throw new ApiError(ClassMessages.unknownTeacher);
      }
      const name = String(values.name ?? save.existing?.name ?? "");
      const [same] = await save.tx.rows<{ id: string }>(
        sql`select id from school_class where tenant_id = ${save.tenantId} and year_id = ${yearId} and name = ${name} and id <> ${save.id} limit 1`,
      );
      if (same) throw new ApiError(ClassMessages.duplicateClass);
      if (save.operation === "edit") {
        if (values.yearId !== undefined && String(values.yearId) !== String(save.existing?.yearId ?? "")) {
          const count = await rosterCount(save.tx, save.id);
          if (count > 0) throw new ApiError(ClassMessages.classHasStudents);
        }
        if (values.capacity !== undefined && values.capacity !== null) {
          const count = await rosterCount(save.tx, save.id);
          if (Number(values.capacity) < count) throw new ApiError(ClassMessages.capacityBelowStudents(count));
        }
      }
    },
    afterSave: async (save) => {
      // The class's students of the current year take its grade.
      if (save.operation === "edit" && save.values.grade !== undefined) {
        await save.tx.rows(
          sql`update school_student set grade = ${String(save.values.grade)}, update_by = ${save.username}, update_time = now() where class_id = ${save.id} and grade is distinct from ${String(save.values.grade)}`,
        );
      }
    },
    beforeDelete: async (remove) => {
      const [used] = await remove.tx.rows<{ id: string }>(sql`select class_id as id from school_class_student where class_id = any(${textArray(remove.ids)}::varchar[]) limit 1`);
      if (used) throw new ApiError(ClassMessages.classHasStudents);
    },
    decorate: async (context, records) => {
      if (records.length === 0) return;
      const ids = records.map((record) => String(record.id));
      const counts = await context.services.db.rows<{ id: string; students: number }>(
        sql`select class_id as id, count(*)::int as students from school_class_student where class_id = any(${textArray(ids)}::varchar[]) group by class_id`,
      );
      const byId = new Map(counts.map((row) => [row.id, row.students]));
      for (const record of records) record.studentCount = byId.get(String(record.id)) ?? 0;
    },
  },
});

const classTenant = columnTenantScope(classCrud.entity);
const classYear = columnRef(classCrud.entity, fieldByProperty(classCrud.entity, "yearId")!);
if (!hasDictTable("school_class")) {
  registerDictTable({
    entity: classCrud.entity,
    columns: ["id", "name"],
    scope: (tenantId) => sql`${classTenant.condition(tenantId)} and ${classYear} in (select y.id from school_year y where y.tenant_id = ${tenantId} and y.is_current = 'Y')`,
  });
}
if (!hasDictTable(teacherModule.table)) {
  const teacherTenant = columnTenantScope(teacherCrud.entity);
  registerDictTable({ entity: teacherCrud.entity, columns: ["id", "name", "teacher_no"], scope: (tenantId) => teacherTenant.condition(tenantId) });
}

async function rosterCount(executor: Executor, classId: string): Promise<number> {
  const [row] = await executor.rows<{ count: number }>(sql`select count(*)::int as count from school_class_student where class_id = ${classId}`);
  return row?.count ?? 0;
}

export interface ClassRoster {
  id: string;
  name: string;
  grade: string;
  gradeText: string;
  yearName: string;
  teacherName: string | null;
  capacity: number | null;
  room: string | null;
  students: RosterRow[];
}

/** A class of the caller's tenant with its students (by student number) and their payers. */
export async function classRoster(context: CrudContext, classId: string): Promise<ClassRoster> {
  const [head] = await context.services.db.rows<Omit<ClassRoster, "students" | "gradeText">>(sql`
    select c.id, c.name, c.grade, y.name as "yearName", t.name as "teacherName", c.capacity, c.room
      from school_class c
      join school_year y on y.id = c.year_id
      left join school_teacher t on t.id = c.teacher_id
     where c.id = ${classId} and c.tenant_id = ${context.tenantId}`);
  if (!head) throw new ApiError(ClassMessages.unknownClass);
  const students = await context.services.db.rows<RosterRow>(sql`
    select s.id as "studentId", s.student_no as "studentNo", s.name_cn as "nameCn", s.name_en as "nameEn", s.sex, s.status, s.photo,
           p.name as "payerName", p.phone as "payerPhone", sp.relation as "payerRelation"
      from school_class_student m
      join school_student s on s.id = m.student_id
      left join school_student_parent sp on sp.student_id = s.id and sp.is_payer
      left join school_parent p on p.id = sp.parent_id
     where m.class_id = ${classId}
     order by s.student_no`);
  // The payer's phone is the parent's personal data, stored encrypted (docs/decisions/119): in full
  // only with 家长's 查看敏感信息.
  for (const student of students) if (student.payerPhone) student.payerPhone = decryptValue(student.payerPhone);
  if (!(await seesSensitive(context, parentModule.permissionPrefix))) maskRecords({ payerPhone: "phone" }, students as unknown as ListRecord[]);
  const grades = await context.services.dictionaries.items("grade");
  return { ...head, gradeText: grades.find((item) => item.value === head.grade)?.text ?? head.grade, students };
}

const SEX: Record<string, string> = { "1": "男", "2": "女" };
const RELATION: Record<string, string> = { "1": "父亲", "2": "母亲", "3": "监护人" };
const ROSTER_COLUMNS = [
  { title: "序号", width: 8 },
  { title: "学号", width: 16 },
  { title: "中文名", width: 14 },
  { title: "英文名", width: 22 },
  { title: "性别", width: 8 },
  { title: "付款家长", width: 14 },
  { title: "关系", width: 8 },
  { title: "家长手机号", width: 16 },
];

const classAccess = menuAccess(classModule.page);

export const classEndpoints: Endpoint[] = [
  ...classCrud.endpoints,
  endpoint("GET", "/school/class/roster", classAccess, async (request) => {
    const context = classCrud.context(request);
    return ok(await classRoster(context, String(request.query.id ?? "").trim()));
  }, { doc: { summary: "班级名单" } }),
  endpoint("GET", "/school/class/roster/exportXls", "schoolClass:export", async (request) => {
    const context = classCrud.context(request);
    const roster = await classRoster(context, String(request.query.id ?? "").trim());
    const text = (value: string | null | undefined) => (value ? escapeFormula(value) : null);
    await streamRowsXlsx(request.res, {
      title: `${roster.yearName}${roster.name}名单`,
      heading: `${roster.yearName}学年 ${roster.gradeText} ${roster.name} 学生名单`,
      exporter: requireAuth(request).user.realname || context.username,
      columns: ROSTER_COLUMNS,
      // The export log (docs/decisions/120): the payers' phones went out masked or not.
      audit: { filter: `id=${roster.id}`, masked: !(await seesSensitive(context, parentModule.permissionPrefix)) },
      count: async () => roster.students.length,
      page: async (index) =>
        index > 0
          ? []
          : roster.students.map((row, position) => [
              position + 1,
              text(row.studentNo),
              text(row.nameCn),
              text(row.nameEn),
              SEX[row.sex ?? ""] ?? null,
              text(row.payerName),
              RELATION[row.payerRelation ?? ""] ?? null,
              text(row.payerPhone),
            ]),
      batchSize: Math.max(1, roster.students.length + 1),
    });
    return null;
  }, { doc: { summary: "导出班级名单Excel" } }),
];
