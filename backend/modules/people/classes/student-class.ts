// A student's 班级: a class of the current school year of his tenant, with room left (its row is
// locked, so that concurrent saves cannot fill it past its capacity); the student takes its grade.
// The same rule places one student (his form) and many at once (批量分班).
import { sql } from "drizzle-orm";
import { ClassMessages } from "#contract/modules/classes";
import { ApiError } from "../../../http/envelope";
import type { Executor } from "../../../crud/context";
import type { SaveContext } from "../../../crud/engine";
import { textArray } from "./sql-array";

export interface PlacedClass {
  id: string;
  name: string;
  grade: string;
}

/** Locks the class and checks that it is the current year's and has room for `students` moving in. */
export async function classWithRoom(tx: Executor, tenantId: number, classId: string, students: readonly string[]): Promise<PlacedClass> {
  const [target] = await tx.rows<{ id: string; name: string; grade: string; capacity: number | null; current: boolean }>(sql`
    select c.id, c.name, c.grade, c.capacity, (y.is_current = 'Y') as current
      from school_class c join school_year y on y.id = c.year_id
     where c.id = ${classId} and c.tenant_id = ${tenantId}
       for update of c`);
  if (!target) throw new ApiError(ClassMessages.unknownClass);
  if (!target.current) throw new ApiError(ClassMessages.classNotCurrent);
  if (target.capacity !== null) {
    const [row] = await tx.rows<{ count: number }>(
      sql`select count(*)::int as count from school_class_student where class_id = ${classId} and student_id <> all(${textArray(students)}::varchar[])`,
    );
    if ((row?.count ?? 0) + students.length > target.capacity) throw new ApiError(ClassMessages.classFull(target.name, target.capacity));
  }
  return { id: target.id, name: target.name, grade: target.grade };
}

export async function placeInClass(save: SaveContext): Promise<void> {
  const sent = save.values.classId;
  if (sent === undefined) return;
  if (sent === null || sent === "") {
    save.values.classId = null;
    return;
  }
  const classId = String(sent);
  if (save.existing && String(save.existing.classId ?? "") === classId) return;
  save.values.grade = (await classWithRoom(save.tx, save.tenantId, classId, [save.id])).grade;
}
