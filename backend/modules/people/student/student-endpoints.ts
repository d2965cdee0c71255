// 学生 (/school/student): students per tenant with their parents. The student number comes from
// the fill rule `student_no` when a student is added (import included); the parents grid is
// saved with the student in the same transaction (./student-parents.ts), so a bad parent row
// leaves no student behind.
import { studentModule } from "#contract/modules/people";
import { schoolStudent } from "../../../db/schema";
import { endpoint, menuAccess, type Endpoint } from "../../../http/endpoint";
import { ApiError, ok } from "../../../http/envelope";
import { createModuleCrud } from "../../../crud/module";
import { nextNumber } from "../../system/fill-rule/fill-rule-service";
import { listStudentParents, parseParentRows, saveStudentParents } from "./student-parents";
import { placeInClass } from "../classes/student-class";
import { followStudentPayers } from "../../billing/bill/bill-payer";

/** The fill rule of student numbers (seeded: S + yyyy + 4 digits, reset yearly). */
export const STUDENT_NO_RULE = "student_no";

export const studentCrud = createModuleCrud(studentModule, {
  table: schoolStudent,
  entity: { tenantColumn: "tenant_id" },
  hooks: {
    // The rows are checked before the transaction opens; their parents exist is checked inside.
    prepare: (prepared) => {
      if (prepared.body.parents !== undefined) parseParentRows(prepared.body.parents);
    },
    beforeSave: async (save) => {
      if (save.operation === "add") save.values.studentNo = await nextNumber(save.tx, save.tenantId, STUDENT_NO_RULE, save.services.config.schoolTimeZone);
      await placeInClass(save);
    },
    afterSave: async (save) => {
      if (save.body.parents !== undefined) await saveStudentParents(save.tx, save.tenantId, save.id, parseParentRows(save.body.parents));
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
});

export const studentEndpoints: Endpoint[] = [...studentCrud.endpoints, parentsOfStudent];
