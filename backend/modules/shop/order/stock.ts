// Stock of commodities taken by orders and given back by refunds (docs/decisions/034). Each change
// is one conditional UPDATE (`stock >= n`), so stock never goes below zero however many orders
// race; rows are touched in id order, so two orders of the same commodities never deadlock.
import { sql } from "drizzle-orm";
import { ShopMessages } from "#contract/modules/shop";
import type { Executor } from "../../../crud/context";
import { ApiError } from "../../../http/envelope";

export interface CommodityTaken {
  name: string;
  /** Two-decimal text. */
  price: string;
}

/**
 * Applies `change` (commodity → quantity taken; negative gives back) inside the caller's
 * transaction. Taking needs the commodity on sale and enough stock; answers name and price of
 * every commodity touched.
 */
export async function moveStock(tx: Executor, tenantId: number, change: ReadonlyMap<string, number>): Promise<Map<string, CommodityTaken>> {
  const touched = new Map<string, CommodityTaken>();
  for (const commodityId of [...change.keys()].sort()) {
    const quantity = change.get(commodityId)!;
    const [row] =
      quantity > 0
        ? await tx.rows<CommodityTaken>(sql`
            update shop_commodity set stock = stock - ${quantity}, update_time = now()
            where id = ${commodityId} and tenant_id = ${tenantId} and status = '1' and stock >= ${quantity}
            returning name, price::text as price`)
        : await tx.rows<CommodityTaken>(sql`
            update shop_commodity set stock = stock + ${-quantity}, update_time = now()
            where id = ${commodityId} and tenant_id = ${tenantId}
            returning name, price::text as price`);
    if (!row) {
      const [commodity] = await tx.rows<{ name: string; status: string }>(sql`select name, status from shop_commodity where id = ${commodityId} and tenant_id = ${tenantId}`);
      if (!commodity) throw new ApiError(ShopMessages.unknownCommodity);
      throw new ApiError(commodity.status === "1" ? ShopMessages.outOfStock(commodity.name) : ShopMessages.offSale(commodity.name));
    }
    touched.set(commodityId, row);
  }
  return touched;
}

/** Gives back the stock of the orders' lines. */
export async function restoreStock(tx: Executor, tenantId: number, orderIds: readonly string[]): Promise<void> {
  if (orderIds.length === 0) return;
  const lines = await tx.rows<{ commodity_id: string; quantity: number }>(sql`
    select commodity_id, sum(quantity)::int as quantity from shop_order_item
    where order_id = any(${`{${orderIds.join(",")}}`}::varchar[]) group by commodity_id`);
  await moveStock(tx, tenantId, new Map(lines.map((line) => [line.commodity_id, -line.quantity])));
}
