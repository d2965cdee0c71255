// sys_role as an engine entity: per tenant (migration 0002), a table dictionary for pickers.
import { sysRole } from "../../../db/schema";
import { defineEntity } from "../../../crud/entity";
import { columnTenantScope } from "../../../crud/tenant";
import { registerDictTable } from "../../../crud/table-dict";

export const roleEntity = defineEntity(sysRole, { tenantColumn: "tenant_id" });
export const roleTenantScope = columnTenantScope(roleEntity);

registerDictTable({
  entity: roleEntity,
  columns: ["id", "role_code", "role_name"],
  scope: (tenantId) => roleTenantScope.condition(tenantId),
});
