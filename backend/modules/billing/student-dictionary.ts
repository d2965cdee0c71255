// `school_student,name_cn,id`: the student dictionary the billing pages choose from and name
// students with (allowances, bills). Registered here unless the people modules already do.
import { hasDictTable, registerDictTable } from "../../crud/table-dict";
import { columnTenantScope } from "../../crud/tenant";
import { studentCrud } from "../people/student/student-endpoints";

if (!hasDictTable(studentCrud.entity.table)) {
  const scope = columnTenantScope(studentCrud.entity);
  registerDictTable({ entity: studentCrud.entity, columns: ["id", "student_no", "name_cn"], scope: (tenantId) => scope.condition(tenantId) });
}
