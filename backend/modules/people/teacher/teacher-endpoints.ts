// 教师 (/school/teacher): teachers per tenant; the department comes from the department picker
// and must be one of the tenant's departments. 登录账号 is one of the school's staff accounts, the
// account of no other teacher of the school (docs/decisions/186).
import { and, eq, ne, sql } from "drizzle-orm";
import { TeacherAccountMessages, teacherModule } from "#contract/modules/people";
import { schoolTeacher, sysDepart } from "../../../db/schema";
import { ApiError } from "../../../http/envelope";
import { createModuleCrud } from "../../../crud/module";
import { tenantListCondition } from "../../../crud/tenant";

export const teacherCrud = createModuleCrud(teacherModule, {
  table: schoolTeacher,
  entity: { tenantColumn: "tenant_id" },
  hooks: {
    beforeSave: async (save) => {
      const departId = save.values.departId;
      if (typeof departId === "string") {
        const [depart] = await save.tx.orm
          .select({ id: sysDepart.id })
          .from(sysDepart)
          .where(and(eq(sysDepart.id, departId), eq(sysDepart.tenantId, save.tenantId), eq(sysDepart.delFlag, "0")))
          .limit(1);
        if (!depart) throw new ApiError("所属部门不存在");
      }
      const userId = save.values.userId;
      if (typeof userId === "string" && userId !== "") {
        const [account] = await save.tx.rows<{ id: string }>(sql`
          select id from sys_user where id = ${userId} and del_flag = '0' and ${tenantListCondition(sql`rel_tenant_ids`, save.tenantId)}`);
        if (!account) throw new ApiError(TeacherAccountMessages.unknown);
        const [other] = await save.tx.orm
          .select({ name: schoolTeacher.name })
          .from(schoolTeacher)
          .where(and(eq(schoolTeacher.tenantId, save.tenantId), eq(schoolTeacher.userId, userId), ne(schoolTeacher.id, save.id)))
          .limit(1);
        if (other) throw new ApiError(TeacherAccountMessages.taken(other.name));
      }
    },
  },
});
