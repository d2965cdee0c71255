// 商品 (/shop/commodity): what the school sells (uniforms, books, lunch cards), per tenant, with a
// category of the category tree, several images, a price and a stock that orders take
// (../order/stock.ts). An edit from a stale copy is refused (orders touch update_time too).
import { commodityModule } from "#contract/modules/shop";
import { shopCommodity } from "../../../db/schema";
import { createModuleCrud } from "../../../crud/module";
import { columnTenantScope } from "../../../crud/tenant";
import { registerDictTable } from "../../../crud/table-dict";
import type { Endpoint } from "../../../http/endpoint";
import { exactMoney, MAX_AMOUNT_FEN } from "../../billing/money-fields";

export const commodityCrud = createModuleCrud(commodityModule, {
  table: shopCommodity,
  entity: { tenantColumn: "tenant_id" },
  // The commodity select of carts and order lines.
  access: { list: "user" },
  pickerColumns: ["id", "name", "price", "stock", "status", "status_dictText"],
  hooks: {
    prepare: (prepared) => {
      exactMoney(prepared, "price", "价格", { max: MAX_AMOUNT_FEN });
    },
  },
});

const scope = columnTenantScope(commodityCrud.entity);
// `shop_commodity,name,id`: the commodity of carts and order lines.
registerDictTable({ entity: commodityCrud.entity, columns: ["id", "name"], scope: (tenantId) => scope.condition(tenantId) });

export const commodityEndpoints: Endpoint[] = commodityCrud.endpoints;
