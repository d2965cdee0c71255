// sys_depart as an engine entity: per tenant (migration 0002), logically deleted (del_flag '1'),
// ordered by depart_order; also the tree table of department pickers (loadTreeData).
import { sysDepart } from "../../../db/schema";
import { defineEntity } from "../../../crud/entity";
import { columnTenantScope } from "../../../crud/tenant";
import { registerDictTable } from "../../../crud/table-dict";
import { allOf, presentCondition } from "../../../crud/store";

export const departEntity = defineEntity(sysDepart, {
  fields: { orgCategory: { dictCode: "org_category" } },
  tenantColumn: "tenant_id",
  softDeleteColumn: "del_flag",
  defaultSort: { property: "departOrder", order: "asc" },
});
export const departTenantScope = columnTenantScope(departEntity);

registerDictTable({
  entity: departEntity,
  columns: ["id", "depart_name", "org_code", "depart_name_abbr"],
  scope: (tenantId) => allOf([departTenantScope.condition(tenantId), presentCondition(departEntity)]),
  tree: { pidColumns: ["parent_id"] },
});
