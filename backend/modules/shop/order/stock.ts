// Stock of commodities and of their 规格 (variants), taken by orders and given back by 取消 and 退款
// (docs/decisions/034, 161). Each change is one conditional UPDATE (`stock >= n`), so stock never
// goes below zero however many orders race. A variant's change first moves its commodity's stock
// (the sum of its variants'), which locks the commodity's row: rows are touched in key order,
// commodity before its variants, so two orders of the same commodities never deadlock.
import { sql } from "drizzle-orm";
import { ShopMessages } from "#contract/modules/shop";
import type { Executor } from "../../../crud/context";
import { ApiError } from "../../../http/envelope";

export interface CommodityTaken {
  name: string;
  /** Two-decimal text: the variant's own price, else the commodity's. */
  price: string;
  /** The variant's name; null for a commodity without variants. */
  variantName: string | null;
}

/** What the stock is kept per: a commodity, or one of its variants. */
export function stockKey(commodityId: string, variantId: string | null | undefined): string {
  return variantId ? `${commodityId}/${variantId}` : commodityId;
}

function splitKey(key: string): { commodityId: string; variantId: string | null } {
  const [commodityId, variantId] = key.split("/");
  return { commodityId: commodityId!, variantId: variantId ?? null };
}

/**
 * Applies `change` (stock key → quantity taken; negative gives back) inside the caller's
 * transaction. Taking needs the commodity on sale, a variant exactly when it has variants, and
 * enough stock; answers name, price and variant of every key touched.
 */
export async function moveStock(tx: Executor, tenantId: number, change: ReadonlyMap<string, number>): Promise<Map<string, CommodityTaken>> {
  const touched = new Map<string, CommodityTaken>();
  for (const key of [...change.keys()].sort()) {
    const quantity = change.get(key)!;
    const { commodityId, variantId } = splitKey(key);
    const taking = quantity > 0;
    const hasVariants = sql`exists (select 1 from shop_commodity_variant v where v.commodity_id = c.id)`;
    const [commodity] = await tx.rows<{ name: string; price: string }>(sql`
      update shop_commodity c set stock = stock - ${quantity}, update_time = now()
      where c.id = ${commodityId} and c.tenant_id = ${tenantId}
        ${taking ? sql`and c.status = '1' and c.stock >= ${quantity} and ${variantId ? hasVariants : sql`not ${hasVariants}`}` : sql``}
      returning c.name, c.price::text as price`);
    if (!commodity) {
      const [found] = await tx.rows<{ name: string; status: string; variants: boolean }>(
        sql`select c.name, c.status, ${hasVariants} as variants from shop_commodity c where c.id = ${commodityId} and c.tenant_id = ${tenantId}`,
      );
      if (!found) throw new ApiError(ShopMessages.unknownCommodity);
      if (found.status !== "1") throw new ApiError(ShopMessages.offSale(found.name));
      if (found.variants && !variantId) throw new ApiError(ShopMessages.variantRequired(found.name));
      if (!found.variants && variantId) throw new ApiError(ShopMessages.noVariants(found.name));
      throw new ApiError(ShopMessages.outOfStock(found.name));
    }
    if (!variantId) {
      touched.set(key, { ...commodity, variantName: null });
      continue;
    }
    const [variant] = await tx.rows<{ name: string; price: string }>(sql`
      update shop_commodity_variant v set stock = stock - ${quantity}
      where v.id = ${variantId} and v.commodity_id = ${commodityId} ${taking ? sql`and v.stock >= ${quantity}` : sql``}
      returning v.name, coalesce(v.price, ${commodity.price}::numeric)::text as price`);
    if (!variant) {
      const [found] = await tx.rows<{ name: string }>(sql`select name from shop_commodity_variant where id = ${variantId} and commodity_id = ${commodityId}`);
      throw new ApiError(found ? ShopMessages.variantOutOfStock(commodity.name, found.name) : ShopMessages.unknownVariant);
    }
    touched.set(key, { name: commodity.name, price: variant.price, variantName: variant.name });
  }
  return touched;
}

/** Gives back the stock of the orders' lines. */
export async function restoreStock(tx: Executor, tenantId: number, orderIds: readonly string[]): Promise<void> {
  if (orderIds.length === 0) return;
  const lines = await tx.rows<{ commodity_id: string; variant_id: string | null; quantity: number }>(sql`
    select commodity_id, variant_id, sum(quantity)::int as quantity from shop_order_item
    where order_id = any(${`{${orderIds.join(",")}}`}::varchar[]) group by commodity_id, variant_id`);
  await moveStock(tx, tenantId, new Map(lines.map((line) => [stockKey(line.commodity_id, line.variant_id), -line.quantity])));
}
