// 升级 (issue #29 item 2, docs/decisions/116): at the end of a year one action moves every class of
// the current year to the next grade in the next year, and graduates the last grade (毕业). It is
// previewed first, runs in one transaction, and can be undone until the next year's first bill.
//
// Set-based: a handful of statements whatever the number of students (2,000 in ≤ 2 s on PGlite).
// What each student was (class, grade, status) is kept in school_promotion_student for the undo;
// last year's rows of school_class_student stay as the classes' history.
import { sql } from "drizzle-orm";
import { textArray } from "./sql-array";
import { ClassMessages, nextYearName, type PromotionClassPlan, type PromotionPlan } from "#contract/modules/classes";
import { newId } from "../../../db/ids";
import { endpoint, type Endpoint } from "../../../http/endpoint";
import { ApiError, ok } from "../../../http/envelope";
import { crudContext, databaseExecutor, inTransaction, type CrudContext, type Executor } from "../../../crud/context";
import type { DictOption } from "../../../crud/table-dict";
import { followCurrentYear } from "./year-endpoints";

/** dict student_status. */
const ENROLLED = "1";
const GRADUATED = "3";

interface YearRow {
  id: string;
  name: string;
  term1Start: string;
  term1End: string;
  term2Start: string;
  term2End: string;
}

interface ClassRow {
  id: string;
  name: string;
  grade: string;
  teacherId: string | null;
  capacity: number | null;
  room: string | null;
  students: number;
  others: number;
}

/**
 * The name of a class one grade up: a name that starts with its grade's text (三年级1班), the text
 * without 班 (学前1班) or the grade's number (3年级1班) starts with the next grade's text instead;
 * any other name is kept.
 */
export function nextClassName(name: string, grade: DictOption, next: DictOption): string {
  const prefixes = [grade.text, grade.text.replace(/班$/, ""), `${grade.value}年级`].filter((prefix) => prefix !== "");
  const prefix = prefixes.find((candidate) => name.startsWith(candidate));
  return prefix ? `${next.text}${name.slice(prefix.length)}` : name;
}

interface Plan extends PromotionPlan {
  from: YearRow;
  next?: YearRow;
  rows: Array<ClassRow & { plan: PromotionClassPlan }>;
}

async function plan(executor: Executor, context: CrudContext): Promise<Plan> {
  const [from] = await executor.rows<YearRow>(sql`
    select id, name, term1_start::text as "term1Start", term1_end::text as "term1End", term2_start::text as "term2Start", term2_end::text as "term2End"
      from school_year where tenant_id = ${context.tenantId} and is_current = 'Y'`);
  if (!from) throw new ApiError(ClassMessages.noCurrentYear);
  const toName = nextYearName(from.name);
  if (!toName) throw new ApiError(ClassMessages.yearNameSequence);
  const [next] = await executor.rows<YearRow & { classes: number }>(sql`
    select id, name, term1_start::text as "term1Start", term1_end::text as "term1End", term2_start::text as "term2Start", term2_end::text as "term2End",
           (select count(*)::int from school_class c where c.year_id = y.id) as classes
      from school_year y where tenant_id = ${context.tenantId} and name = ${toName}`);
  if (next && next.classes > 0) throw new ApiError(ClassMessages.nextYearHasClasses(toName));
  const classes = await executor.rows<ClassRow>(sql`
    select c.id, c.name, c.grade, c.teacher_id as "teacherId", c.capacity, c.room,
           count(s.id) filter (where s.status = ${ENROLLED})::int as students,
           count(s.id) filter (where s.status is distinct from ${ENROLLED})::int as others
      from school_class c
      left join school_class_student m on m.class_id = c.id
      left join school_student s on s.id = m.student_id
     where c.tenant_id = ${context.tenantId} and c.year_id = ${from.id}
     group by c.id`);
  if (classes.length === 0) throw new ApiError(ClassMessages.nothingToPromote);
  const grades = await context.services.dictionaries.items("grade");
  const rank = new Map(grades.map((grade, index) => [grade.value, index]));
  classes.sort((a, b) => (rank.get(a.grade) ?? 99) - (rank.get(b.grade) ?? 99) || a.name.localeCompare(b.name, "zh-CN"));
  const rows = classes.map((row) => {
    const index = rank.get(row.grade);
    const grade = index === undefined ? undefined : grades[index];
    const up = index === undefined ? undefined : grades[index + 1];
    const plan: PromotionClassPlan = { classId: row.id, className: row.name, grade: row.grade, students: row.students };
    if (grade && up) {
      plan.nextGrade = up.value;
      plan.nextClassName = nextClassName(row.name, grade, up);
    }
    return { ...row, plan };
  });
  const names = rows.filter((row) => row.plan.nextClassName).map((row) => row.plan.nextClassName!);
  const repeated = names.find((name, index) => names.indexOf(name) !== index);
  if (repeated) throw new ApiError(`升级后班级名称重复：${repeated}，请先修改班级名称`);
  return {
    from,
    ...(next ? { next } : {}),
    rows,
    fromYear: from.name,
    toYear: toName,
    createsYear: !next,
    classes: rows.map((row) => row.plan),
    students: rows.filter((row) => row.plan.nextGrade).reduce((sum, row) => sum + row.students, 0),
    graduates: rows.filter((row) => !row.plan.nextGrade).reduce((sum, row) => sum + row.students, 0),
    leftBehind: rows.reduce((sum, row) => sum + row.others, 0),
  };
}

const publicPlan = ({ from: _from, next: _next, rows: _rows, ...answer }: Plan): PromotionPlan => answer;

const yearOn = (date: string) => `${Number(date.slice(0, 4)) + 1}${date.slice(4)}`.replace(/-02-29$/, "-02-28");

export async function previewPromotion(context: CrudContext): Promise<PromotionPlan> {
  return publicPlan(await plan(databaseExecutor(context.services.db), context));
}

export async function promote(context: CrudContext): Promise<PromotionPlan & { promotionId: string }> {
  return inTransaction(context.services.db, async (tx) => {
    // One promotion at a time per tenant: the current year's row is the lock.
    await tx.rows(sql`select id from school_year where tenant_id = ${context.tenantId} and is_current = 'Y' for update`);
    const planned = await plan(tx, context);
    // Both years' rows of school_class_student are written here, set-based (not by the trigger).
    await tx.rows(sql`select set_config('school.class_sync', 'off', true)`);
    const { from } = planned;
    const toId = planned.next?.id ?? newId();
    if (!planned.next) {
      await tx.rows(sql`
        insert into school_year (id, tenant_id, name, term1_start, term1_end, term2_start, term2_end, is_current, create_by)
        values (${toId}, ${context.tenantId}, ${planned.toYear}, ${yearOn(from.term1Start)}, ${yearOn(from.term1End)}, ${yearOn(from.term2Start)}, ${yearOn(from.term2End)}, 'N', ${context.username})`);
    }
    const promotionId = newId();
    await tx.rows(sql`
      insert into school_promotion (id, tenant_id, from_year_id, to_year_id, to_year_name, created_year, students, graduates, create_by)
      values (${promotionId}, ${context.tenantId}, ${from.id}, ${toId}, ${planned.toYear}, ${!planned.next}, ${planned.students}, ${planned.graduates}, ${context.username})`);
    // What every student of the year's classes was, for the undo.
    await tx.rows(sql`
      insert into school_promotion_student (promotion_id, student_id, from_class_id, from_grade, from_status)
      select ${promotionId}, s.id, s.class_id, s.grade, s.status
        from school_student s join school_class c on c.id = s.class_id
       where s.tenant_id = ${context.tenantId} and c.year_id = ${from.id}`);
    const moving = planned.rows.filter((row) => row.plan.nextGrade);
    const oldIds = moving.map((row) => row.id);
    const newIds = moving.map(() => newId());
    if (moving.length > 0) {
      await tx.rows(sql`
        insert into school_class (id, tenant_id, year_id, grade, name, teacher_id, capacity, room, create_by)
        select n.id, c.tenant_id, ${toId}, n.grade, n.name, c.teacher_id, c.capacity, c.room, ${context.username}
          from unnest(${textArray(oldIds)}::varchar[], ${textArray(newIds)}::varchar[], ${textArray(moving.map((row) => row.plan.nextGrade!))}::varchar[], ${textArray(moving.map((row) => row.plan.nextClassName!))}::varchar[]) as n (old_id, id, grade, name)
          join school_class c on c.id = n.old_id`);
      // The enrolled students' rows of the new year.
      await tx.rows(sql`
        insert into school_class_student (student_id, year_id, tenant_id, class_id)
        select s.id, ${toId}, s.tenant_id, n.id
          from unnest(${textArray(oldIds)}::varchar[], ${textArray(newIds)}::varchar[]) as n (old_id, id)
          join school_student s on s.class_id = n.old_id
         where s.status = ${ENROLLED}`);
    }
    const graduating = planned.rows.filter((row) => !row.plan.nextGrade).map((row) => row.id);
    if (graduating.length > 0) {
      await tx.rows(sql`
        update school_student set status = ${GRADUATED}, update_by = ${context.username}, update_time = now()
         where class_id = any(${textArray(graduating)}::varchar[]) and status = ${ENROLLED}`);
    }
    await tx.rows(sql`update school_year set is_current = 'N' where tenant_id = ${context.tenantId} and is_current = 'Y'`);
    await tx.rows(sql`update school_year set is_current = 'Y' where id = ${toId}`);
    await followCurrentYear(tx, context.tenantId, context.username);
    return { ...publicPlan(planned), promotionId };
  });
}

export async function undoPromotion(context: CrudContext): Promise<{ students: number }> {
  return inTransaction(context.services.db, async (tx) => {
    const [promotion] = await tx.rows<{ id: string; fromYearId: string; toYearId: string; toYear: string; createdYear: boolean }>(sql`
      select p.id, p.from_year_id as "fromYearId", p.to_year_id as "toYearId", y.name as "toYear", p.created_year as "createdYear"
        from school_promotion p join school_year y on y.id = p.to_year_id and y.is_current = 'Y'
       where p.tenant_id = ${context.tenantId} and p.undone_time is null
       order by p.create_time desc limit 1
         for update of p, y`);
    if (!promotion) throw new ApiError(ClassMessages.noPromotion);
    const [bill] = await tx.rows<{ id: string }>(sql`select id from bill_bill where tenant_id = ${context.tenantId} and school_year = ${promotion.toYear} limit 1`);
    if (bill) throw new ApiError(ClassMessages.undoAfterBill(promotion.toYear));
    // Last year's rows of school_class_student are still there; the new year's go with its classes.
    await tx.rows(sql`select set_config('school.class_sync', 'off', true)`);
    await tx.rows(sql`update school_year set is_current = 'N' where id = ${promotion.toYearId}`);
    await tx.rows(sql`update school_year set is_current = 'Y' where id = ${promotion.fromYearId}`);
    const restored = await tx.rows<{ id: string }>(sql`
      update school_student s set class_id = ps.from_class_id, grade = ps.from_grade, status = ps.from_status, update_by = ${context.username}, update_time = now()
        from school_promotion_student ps
       where ps.promotion_id = ${promotion.id} and ps.student_id = s.id
      returning s.id`);
    // Anyone else placed in a class of the undone year has no class now.
    await followCurrentYear(tx, context.tenantId, context.username);
    await tx.rows(sql`delete from school_class where year_id = ${promotion.toYearId}`);
    if (promotion.createdYear) await tx.rows(sql`delete from school_year where id = ${promotion.toYearId}`);
    await tx.rows(sql`update school_promotion set undone_by = ${context.username}, undone_time = now() where id = ${promotion.id}`);
    return { students: restored.length };
  });
}

export const promotionEndpoints: Endpoint[] = [
  endpoint("GET", "/school/year/promotePreview", "schoolYear:promote", async (request) => ok(await previewPromotion(crudContext(request))), { doc: { summary: "学年升级预览" } }),
  endpoint("POST", "/school/year/promote", "schoolYear:promote", async (request) => {
    const outcome = await promote(crudContext(request));
    return ok(outcome, ClassMessages.promoted(outcome.students, outcome.graduates, outcome.toYear));
  }, { doc: { summary: "学年升级：学生升入下一年级" } }),
  endpoint("POST", "/school/year/undoPromotion", "schoolYear:promote", async (request) => {
    const outcome = await undoPromotion(crudContext(request));
    return ok(outcome, ClassMessages.undone(outcome.students));
  }, { doc: { summary: "撤销最近一次学年升级" } }),
];
