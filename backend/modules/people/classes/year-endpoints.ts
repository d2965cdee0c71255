// 学年 (/school/year): school years with their two terms; one is current per tenant. Making a year
// current moves every student to his class of that year (none when he has none there), so that
// school_student.class_id is always a class of the current year (docs/decisions/115).
import { textArray } from "./sql-array";
import { and, eq, ne, sql } from "drizzle-orm";
import { ClassMessages, YEAR_NAME_PATTERN, schoolYearModule } from "#contract/modules/classes";
import { schoolYear } from "../../../db/schema";
import { ApiError } from "../../../http/envelope";
import type { Executor } from "../../../crud/context";
import { createModuleCrud } from "../../../crud/module";
import { hasDictTable, registerDictTable } from "../../../crud/table-dict";
import { columnTenantScope } from "../../../crud/tenant";

const CURRENT = "Y";

export const schoolYearCrud = createModuleCrud(schoolYearModule, {
  table: schoolYear,
  entity: { tenantColumn: "tenant_id", defaultSort: { property: "name", order: "desc" } },
  hooks: {
    prepare: (prepared) => {
      const { name, term1Start, term1End, term2Start, term2End } = prepared.values as Record<string, string | undefined>;
      const match = typeof name === "string" ? YEAR_NAME_PATTERN.regex.exec(name) : null;
      if (match && Number(match[2]) !== Number(match[1]) + 1) throw new ApiError(ClassMessages.yearNameSequence);
      const dates = [term1Start, term1End, term2Start, term2End];
      if (dates.every((date) => typeof date === "string" && date !== "")) {
        const [a, b, c, d] = dates as string[];
        if (!(a! <= b! && b! < c! && c! <= d!)) throw new ApiError(ClassMessages.termDates);
      }
    },
    beforeSave: async (save) => {
      const becomesCurrent = save.values.isCurrent === CURRENT;
      const wasCurrent = save.existing?.isCurrent === CURRENT;
      if (wasCurrent && save.values.isCurrent !== undefined && !becomesCurrent) throw new ApiError(ClassMessages.oneCurrentYear);
      if (becomesCurrent && !wasCurrent) {
        await save.tx.orm
          .update(schoolYear)
          .set({ isCurrent: "N" })
          .where(and(eq(schoolYear.tenantId, save.tenantId), eq(schoolYear.isCurrent, CURRENT), ne(schoolYear.id, save.id)));
      }
    },
    afterSave: async (save) => {
      if (save.values.isCurrent === CURRENT && save.existing?.isCurrent !== CURRENT) await followCurrentYear(save.tx, save.tenantId, save.username);
    },
    beforeDelete: async (remove) => {
      const [used] = await remove.tx.rows<{ id: string }>(
        sql`select y.id from school_year y where y.id = any(${textArray(remove.ids)}::varchar[]) and (y.is_current = 'Y' or exists (select 1 from school_class c where c.year_id = y.id)) limit 1`,
      );
      if (used) throw new ApiError(ClassMessages.yearHasClasses);
    },
  },
});

if (!hasDictTable("school_year")) {
  const scope = columnTenantScope(schoolYearCrud.entity);
  registerDictTable({ entity: schoolYearCrud.entity, columns: ["id", "name"], scope: (tenantId) => scope.condition(tenantId) });
}

export interface CurrentYear {
  id: string;
  name: string;
}

/** The tenant's current school year, if any. */
export async function currentYear(executor: Executor, tenantId: number): Promise<CurrentYear | undefined> {
  const [year] = await executor.rows<CurrentYear>(sql`select id, name from school_year where tenant_id = ${tenantId} and is_current = 'Y'`);
  return year;
}

/**
 * After the current year changed: every student of the tenant takes his class of the new current
 * year and its grade, or none. Past years' rows of school_class_student stay (the trigger keeps
 * them: their year is no longer current).
 */
export async function followCurrentYear(tx: Executor, tenantId: number, username: string): Promise<void> {
  await tx.rows(sql`
    update school_student s set class_id = m.class_id, grade = c.grade, update_by = ${username}, update_time = now()
      from school_class_student m
      join school_class c on c.id = m.class_id
      join school_year y on y.id = m.year_id and y.is_current = 'Y'
     where s.tenant_id = ${tenantId} and m.student_id = s.id and s.class_id is distinct from m.class_id`);
  await tx.rows(sql`
    update school_student s set class_id = null, update_by = ${username}, update_time = now()
     where s.tenant_id = ${tenantId} and s.class_id is not null
       and not exists (select 1 from school_class c join school_year y on y.id = c.year_id and y.is_current = 'Y' where c.id = s.class_id)`);
}
