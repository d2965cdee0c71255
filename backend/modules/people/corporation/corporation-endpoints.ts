// 企业 (/school/corporation): employers that pay fees, per tenant. `school_corporation,name,id` is
// the table dictionary of students' and parents' corpId.
import { corporationModule } from "#contract/modules/people";
import { schoolCorporation } from "../../../db/schema";
import { createModuleCrud } from "../../../crud/module";
import { registerDictTable } from "../../../crud/table-dict";
import { columnTenantScope } from "../../../crud/tenant";

export const corporationCrud = createModuleCrud(corporationModule, { table: schoolCorporation, entity: { tenantColumn: "tenant_id" } });

const tenantScope = columnTenantScope(corporationCrud.entity);
registerDictTable({ entity: corporationCrud.entity, columns: ["id", "name", "short_name"], scope: (tenantId) => tenantScope.condition(tenantId) });
