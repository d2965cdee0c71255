// sys_position as an engine entity: per tenant (migration 0002); `sys_position,name,code` is the
// table dictionary of sys_user.post (contract §5).
import { sysPosition } from "../../db/schema";
import { defineEntity } from "../../crud/entity";
import { columnTenantScope } from "../../crud/tenant";
import { registerDictTable } from "../../crud/table-dict";

export const positionEntity = defineEntity(sysPosition, {
  fields: { postRank: { dictCode: "position_rank" } },
  tenantColumn: "tenant_id",
});
export const positionTenantScope = columnTenantScope(positionEntity);

registerDictTable({
  entity: positionEntity,
  columns: ["id", "code", "name"],
  scope: (tenantId) => positionTenantScope.condition(tenantId),
});
