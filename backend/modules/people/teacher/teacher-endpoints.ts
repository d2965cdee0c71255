// 教师 (/school/teacher): teachers per tenant; the department comes from the department picker
// and must be one of the tenant's departments.
import { and, eq } from "drizzle-orm";
import { teacherModule } from "#contract/modules/people";
import { schoolTeacher, sysDepart } from "../../../db/schema";
import { ApiError } from "../../../http/envelope";
import { createModuleCrud } from "../../../crud/module";

export const teacherCrud = createModuleCrud(teacherModule, {
  table: schoolTeacher,
  entity: { tenantColumn: "tenant_id" },
  hooks: {
    beforeSave: async (save) => {
      const departId = save.values.departId;
      if (typeof departId !== "string") return;
      const [depart] = await save.tx.orm
        .select({ id: sysDepart.id })
        .from(sysDepart)
        .where(and(eq(sysDepart.id, departId), eq(sysDepart.tenantId, save.tenantId), eq(sysDepart.delFlag, "0")))
        .limit(1);
      if (!depart) throw new ApiError("所属部门不存在");
    },
  },
});
