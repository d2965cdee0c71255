// The lines of an order (commodity, quantity) as they travel in the order form: one JSON text, the
// array the backend expects. Price and amount are shown in integer fen (contract/money.ts) for the
// user only: the backend reads the prices itself and computes the total. Pure.
import { fenToYuan, isAmount, multiplyFen, toFen } from "#contract/money";
import { parseJsonRows } from "~/components/widgets/list/module-page";

export interface OrderLineRow {
  commodityId: string;
  quantity: string;
}

export interface CommodityChoice {
  id: string;
  name: string;
  price: string;
  stock: number;
}

export function parseLines(value: string | undefined): OrderLineRow[] {
  return parseJsonRows<Partial<OrderLineRow>>(value).map((row) => ({ commodityId: String(row.commodityId ?? ""), quantity: String(row.quantity ?? "") }));
}

/** A line's amount in yuan, or empty while the quantity or price is not a number yet. */
export function lineAmount(price: string | undefined, quantity: string | undefined): string {
  if (!price || !isAmount(price) || !quantity || !/^\d{1,4}$/.test(quantity)) return "";
  return fenToYuan(multiplyFen(toFen(price), quantity));
}

/** The line under the grid: 合计 in exact fen, or what to correct. */
export function totalText(lines: readonly OrderLineRow[], commodities: readonly CommodityChoice[]): string {
  let total = 0n;
  for (const line of lines) {
    const price = commodities.find((commodity) => commodity.id === line.commodityId)?.price;
    const amount = lineAmount(price, line.quantity);
    if (!amount) return "请选择商品并填写数量";
    total += toFen(amount);
  }
  return `合计 ${fenToYuan(total)}（以提交后系统计算为准）`;
}
