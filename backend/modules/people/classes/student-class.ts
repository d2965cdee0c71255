// A student's 班级: a class of the current school year of his tenant, with room left (its row is
// locked, so that concurrent saves cannot fill it past its capacity); the student takes its grade.
import { sql } from "drizzle-orm";
import { ClassMessages } from "#contract/modules/classes";
import { ApiError } from "../../../http/envelope";
import type { SaveContext } from "../../../crud/engine";

export async function placeInClass(save: SaveContext): Promise<void> {
  const sent = save.values.classId;
  if (sent === undefined) return;
  if (sent === null || sent === "") {
    save.values.classId = null;
    return;
  }
  const classId = String(sent);
  if (save.existing && String(save.existing.classId ?? "") === classId) return;
  const [target] = await save.tx.rows<{ id: string; name: string; grade: string; capacity: number | null; current: boolean }>(sql`
    select c.id, c.name, c.grade, c.capacity, (y.is_current = 'Y') as current
      from school_class c join school_year y on y.id = c.year_id
     where c.id = ${classId} and c.tenant_id = ${save.tenantId}
       for update of c`);
  if (!target) throw new ApiError(ClassMessages.unknownClass);
  if (!target.current) throw new ApiError(ClassMessages.classNotCurrent);
  if (target.capacity !== null) {
    const [row] = await save.tx.rows<{ count: number }>(
      sql`select count(*)::int as count from school_class_student where class_id = ${classId} and student_id <> ${save.id}`,
    );
    if ((row?.count ?? 0) >= target.capacity) throw new ApiError(ClassMessages.classFull(target.name, target.capacity));
  }
  save.values.grade = target.grade;
}
