// 收费项目 (/billing/project): what can be billed, per tenant (contract/modules/billing.ts).
import { projectModule } from "#contract/modules/billing";
import { billProject } from "../../../db/schema";
import { createModuleCrud } from "../../../crud/module";
import { columnTenantScope } from "../../../crud/tenant";
import { registerDictTable } from "../../../crud/table-dict";
import type { Endpoint } from "../../../http/endpoint";
import { exactMoney, MAX_AMOUNT_FEN } from "../money-fields";

export const projectCrud = createModuleCrud(projectModule, {
  table: billProject,
  entity: { tenantColumn: "tenant_id", defaultSort: { property: "sortNo", order: "asc" } },
  // The project select of allowances and bill items.
  access: { list: "user" },
  hooks: {
    prepare: (prepared) => {
      exactMoney(prepared, "unitPrice", "单价", { max: MAX_AMOUNT_FEN });
    },
  },
});

const projectScope = columnTenantScope(projectCrud.entity);
// `bill_project,name,id`: the project dictionary of allowances and bill items.
registerDictTable({ entity: projectCrud.entity, columns: ["id", "code", "name"], scope: (tenantId) => projectScope.condition(tenantId) });

export const projectEndpoints: Endpoint[] = projectCrud.endpoints;
