// sys_user as an engine entity (contract §5): logically deleted, in tenants through
// rel_tenant_ids, password/salt secret (derived), sex/status/post translated.
import { sysUser } from "../../../db/schema";
import { defineEntity } from "../../../crud/entity";
import { tenantListScope } from "../../../crud/tenant";
import { registerDictTable } from "../../../crud/table-dict";
import { allOf, presentCondition } from "../../../crud/store";

export const userEntity = defineEntity(sysUser, {
  fields: {
    sex: { dictCode: "sex" },
    status: { dictCode: "user_status" },
    // The position code; positions are per tenant, so the text is the current tenant's.
    post: { dictCode: "sys_position,name,code" },
  },
  softDeleteColumn: "del_flag",
});
export const userTenantScope = tenantListScope(userEntity, "rel_tenant_ids");

registerDictTable({
  entity: userEntity,
  columns: ["id", "username", "realname", "work_no"],
  scope: (tenantId) => allOf([userTenantScope.condition(tenantId), presentCondition(userEntity)]),
});
