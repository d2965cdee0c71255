// The lines of an order (commodity, quantity) as they travel in the order form: one JSON text, the
// array the backend expects. Price and amount are shown in integer fen (contract/money.ts) for the
// user only: the backend reads the prices itself and computes the total. Pure.
import { fenToYuan, formatMoney, isAmount, multiplyFen, toFen } from "#contract/money";
import { ORDER_LINE_FIELDS as FIELDS, ShopMessages } from "#contract/modules/shop";
import type { GridColumn } from "~/components/widgets/grid/types";
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
  return `合计 ${formatMoney(total)}（以提交后系统计算为准）`;
}

/** The order grid's columns (商品, 单价, 数量, 金额 with its 合计). */
export function columnsOf(commodities: readonly CommodityChoice[]): GridColumn[] {
  return [
    {
      key: "commodityId",
      title: FIELDS.commodityId.label,
      type: "select",
      width: 240,
      options: commodities.map((commodity) => ({ value: commodity.id, text: `${commodity.name}（库存 ${commodity.stock}）` })),
      validateRules: [
        { required: true, message: FIELDS.commodityId.required },
        { unique: true, message: ShopMessages.repeatedCommodity },
      ],
    },
    { key: "price", title: FIELDS.price.label, type: "inputNumber", money: true, disabled: true },
    {
      key: "quantity",
      title: FIELDS.quantity.label,
      type: "inputNumber",
      width: 90,
      defaultValue: "1",
      validateRules: [{ required: true, message: FIELDS.quantity.required }, { pattern: "z" }],
    },
    { key: "amount", title: FIELDS.amount.label, type: "inputNumber", disabled: true, statistics: ["sum"], money: true },
  ];
}
