// 第三方活动 (/activity/thirdParty): camps and courses run by partners, with their students (a grid
// on the page) saved with the activity in one transaction: the rows sent replace the stored ones.
import { sql } from "drizzle-orm";
import { REPEATED_STUDENT_MESSAGE, THIRD_PARTY_STUDENT_FIELDS as FIELDS, thirdPartyModule } from "#contract/modules/activity";
import { actThirdParty } from "../../../db/schema";
import { createModuleCrud } from "../../../crud/module";
import type { Executor } from "../../../crud/context";
import { newId } from "../../../db/ids";
import { endpoint, menuAccess, type Endpoint } from "../../../http/endpoint";
import { ApiError, ok } from "../../../http/envelope";
import { exactMoney, MAX_AMOUNT_FEN } from "../../billing/money-fields";
import "../../billing/student-dictionary";

export interface ThirdPartyStudentRow {
  studentId: string;
  remark: string | null;
}

/** The grid's rows as sent, checked: each problem names its row (学生第N行). */
export function parseStudentRows(input: unknown): ThirdPartyStudentRow[] {
  if (!Array.isArray(input)) throw new ApiError("学生列表格式不正确");
  if (input.length > 500) throw new ApiError("学生不能超过500名");
  const rows = input.map((raw, index) => {
    const row = (raw && typeof raw === "object" ? raw : {}) as Record<string, unknown>;
    const studentId = typeof row.studentId === "string" ? row.studentId.trim() : "";
    if (!studentId) throw new ApiError(`学生第${index + 1}行：${FIELDS.studentId.required}`);
    const remark = typeof row.remark === "string" && row.remark.trim() !== "" ? row.remark.trim().slice(0, 255) : null;
    return { studentId, remark };
  });
  if (new Set(rows.map((row) => row.studentId)).size !== rows.length) throw new ApiError(REPEATED_STUDENT_MESSAGE);
  return rows;
}

async function saveStudents(tx: Executor, tenantId: number, activityId: string, rows: readonly ThirdPartyStudentRow[]): Promise<void> {
  if (rows.length > 0) {
    const ids = rows.map((row) => row.studentId);
    const found = await tx.rows<{ id: string }>(sql`select id from school_student where tenant_id = ${tenantId} and id = any(${`{${ids.join(",")}}`}::varchar[])`);
    const known = new Set(found.map((row) => row.id));
    const missing = rows.findIndex((row) => !known.has(row.studentId));
    if (missing >= 0) throw new ApiError(`学生第${missing + 1}行：学生不存在`);
  }
  await tx.rows(sql`delete from act_third_party_student where activity_id = ${activityId}`);
  if (rows.length === 0) return;
  const json = JSON.stringify(rows.map((row, index) => ({ id: newId(), tenant_id: tenantId, activity_id: activityId, student_id: row.studentId, remark: row.remark, sort_no: index })));
  await tx.rows(sql`
    insert into act_third_party_student (id, tenant_id, activity_id, student_id, remark, sort_no)
    select r.id, r.tenant_id, r.activity_id, r.student_id, r.remark, r.sort_no from json_populate_recordset(null::act_third_party_student, ${json}::json) r`);
}

export const thirdPartyCrud = createModuleCrud(thirdPartyModule, {
  table: actThirdParty,
  entity: { tenantColumn: "tenant_id" },
  hooks: {
    prepare: (prepared) => {
      exactMoney(prepared, "fee", "费用", { max: MAX_AMOUNT_FEN });
      if (prepared.body.students !== undefined) parseStudentRows(prepared.body.students);
    },
    afterSave: async (save) => {
      if (save.body.students === undefined) return;
      await saveStudents(save.tx, save.tenantId, save.id, parseStudentRows(save.body.students));
    },
    decorate: async (context, records) => {
      if (records.length === 0) return;
      const ids = records.map((record) => String(record.id));
      const counts = await context.services.db.rows<{ activity_id: string; n: number }>(sql`
        select activity_id, count(*)::int as n from act_third_party_student
        where activity_id = any(${`{${ids.join(",")}}`}::varchar[]) group by activity_id`);
      const byId = new Map(counts.map((row) => [row.activity_id, row.n]));
      for (const record of records) record.studentCount = byId.get(String(record.id)) ?? 0;
    },
  },
});

const studentsOf = endpoint("GET", "/activity/thirdParty/students", menuAccess(thirdPartyModule.page), async (request) => {
  const context = thirdPartyCrud.context(request);
  const id = (request.query.id ?? "").trim();
  if (!id || !(await thirdPartyCrud.findById(context, id))) throw new ApiError("未找到对应数据");
  const rows = await context.services.db.rows(sql`
    select t.student_id as "studentId", coalesce(t.remark, '') as remark, s.name_cn as "studentId_dictText"
    from act_third_party_student t left join school_student s on s.id = t.student_id
    where t.activity_id = ${id} order by t.sort_no, t.id`);
  return ok(rows);
}, { doc: { summary: "第三方机构可见的学生" } });

export const thirdPartyEndpoints: Endpoint[] = [...thirdPartyCrud.endpoints, studentsOf];
