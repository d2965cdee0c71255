// 购物车 (/shop/cart): what a parent put in the cart, one row per commodity (and 规格). 下单 places the order
// of a parent's cart (or the chosen rows of it) on the parent's behalf, through the order's add
// path in the same transaction that empties those rows.
import { sql } from "drizzle-orm";
import { ShopMessages, cartModule } from "#contract/modules/shop";
import { shopCart } from "../../../db/schema";
import { createModuleCrud } from "../../../crud/module";
import { crudContext, inTransaction } from "../../../crud/context";
import { splitIds } from "../../../crud/crud-messages";
import { endpoint, type Endpoint } from "../../../http/endpoint";
import { ApiError, ok } from "../../../http/envelope";
import { orderCrud } from "../order/order-endpoints";

export const cartCrud = createModuleCrud(cartModule, {
  table: shopCart,
  entity: { tenantColumn: "tenant_id", defaultSort: { property: "addedAt", order: "desc" } },
  hooks: {
    beforeSave: async (save) => {
      // Parent and commodity are fixed (kept on edit by the module engine).
      if (save.operation === "edit") return;
      const parentId = String(save.values.parentId);
      const commodityId = String(save.values.commodityId);
      const [parent] = await save.tx.rows(sql`select 1 from school_parent where id = ${parentId} and tenant_id = ${save.tenantId}`);
      if (!parent) throw new ApiError("家长不存在");
      const [commodity] = await save.tx.rows<{ name: string; variants: boolean }>(sql`
        select name, exists (select 1 from shop_commodity_variant v where v.commodity_id = c.id) as variants
        from shop_commodity c where c.id = ${commodityId} and c.tenant_id = ${save.tenantId}`);
      if (!commodity) throw new ApiError(ShopMessages.unknownCommodity);
      // A commodity with 规格 is put in the cart in one of them (docs/decisions/161).
      const variantId = typeof save.values.variantId === "string" && save.values.variantId ? save.values.variantId : null;
      if (commodity.variants && !variantId) throw new ApiError(ShopMessages.variantRequired(commodity.name));
      if (!commodity.variants && variantId) throw new ApiError(ShopMessages.noVariants(commodity.name));
      if (variantId) {
        const [variant] = await save.tx.rows(sql`select 1 from shop_commodity_variant where id = ${variantId} and commodity_id = ${commodityId}`);
        if (!variant) throw new ApiError(ShopMessages.unknownVariant);
      }
      save.values.variantId = variantId;
      const [present] = await save.tx.rows(sql`
        select 1 from shop_cart where tenant_id = ${save.tenantId} and parent_id = ${parentId} and commodity_id = ${commodityId} and coalesce(variant_id, '') = ${variantId ?? ""}`);
      if (present) throw new ApiError("该商品已在购物车中，请修改数量");
      save.values.addedAt = new Date();
    },
  },
});

const placeOrder = endpoint("POST", "/shop/cart/placeOrder", "cart:order", async (request) => {
  const context = crudContext(request);
  const parentId = typeof request.body.parentId === "string" ? request.body.parentId.trim() : "";
  if (!parentId) throw new ApiError("请选择家长!");
  const ids = splitIds(request.body.ids);
  const orderNo = await inTransaction(context.services.db, async (tx) => {
    const rows = await tx.rows<{ id: string; commodity_id: string; variant_id: string | null; quantity: number }>(sql`
      select id, commodity_id, variant_id, quantity from shop_cart
      where tenant_id = ${context.tenantId} and parent_id = ${parentId}
        ${ids.length > 0 ? sql`and id = any(${`{${ids.join(",")}}`}::varchar[])` : sql``}
      order by added_at, id for update`);
    if (rows.length === 0) throw new ApiError(ShopMessages.emptyCart);
    const body: Record<string, unknown> = {
      parentId,
      lines: rows.map((row) => ({ commodityId: row.commodity_id, variantId: row.variant_id, quantity: row.quantity })),
    };
    for (const key of ["studentId", "receiver", "receiverPhone", "addressText", "remark"]) if (typeof request.body[key] === "string" && request.body[key]) body[key] = request.body[key];
    const orderId = await orderCrud.insert(context, body, tx);
    await tx.rows(sql`delete from shop_cart where id = any(${`{${rows.map((row) => row.id).join(",")}}`}::varchar[])`);
    const [order] = await tx.rows<{ order_no: string }>(sql`select order_no from shop_order where id = ${orderId}`);
    return order!.order_no;
  });
  return ok({ orderNo }, ShopMessages.placed(orderNo));
}, { doc: { summary: "购物车下单" } });

export const cartEndpoints: Endpoint[] = [...cartCrud.endpoints, placeOrder];
