// Positions (/sys/position, api-contract.md §5 sys_position): the module definition on the engine,
// per tenant. The list is also the position picker of the user dialog, so it needs a signed-in
// user only. `sys_position,name,code` is the table dictionary of sys_user.post (contract §5).
import { positionModule } from "#contract/modules/position";
import { sysPosition } from "../../../db/schema";
import type { Endpoint } from "../../../http/endpoint";
import { createModuleCrud } from "../../../crud/module";
import { registerDictTable } from "../../../crud/table-dict";
import { columnTenantScope } from "../../../crud/tenant";

export const positionCrud = createModuleCrud(positionModule, {
  table: sysPosition,
  entity: { tenantColumn: "tenant_id" },
  access: { list: "user" },
  // What the position picker shows (PICKER_FIELDS.position); the page's holders get the rest.
  pickerColumns: ["id", "name", "code", "postRank"],
  hooks: {
    beforeSave: (save) => {
      // The company a position belongs to: the creator's current department, as the original.
      if (save.operation === "add") save.values.sysOrgCode ??= save.auth.user.orgCode;
    },
  },
});

const positionTenantScope = columnTenantScope(positionCrud.entity);
registerDictTable({ entity: positionCrud.entity, columns: ["id", "code", "name"], scope: (tenantId) => positionTenantScope.condition(tenantId) });

export const positionEndpoints: Endpoint[] = positionCrud.endpoints;
