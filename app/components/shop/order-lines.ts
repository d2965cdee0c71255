// The lines of an order (commodity, 规格, quantity) as they travel in the order form: one JSON text,
// the array the backend expects. Price and amount are shown in integer fen (contract/money.ts) for
// the user only: the backend reads the prices itself and computes the total. A commodity with
// variants needs one on each of its lines (docs/decisions/161). Pure.
import { fenToYuan, formatMoney, isAmount, multiplyFen, toFen } from "#contract/money";
import { ORDER_LINE_FIELDS as FIELDS, ShopMessages } from "#contract/modules/shop";
import type { GridColumn, GridRow } from "~/components/widgets/grid/types";
import { parseJsonRows } from "~/components/widgets/grid/grid-value";

export interface OrderLineRow {
  commodityId: string;
  variantId: string;
  quantity: string;
}

export interface VariantChoice {
  id: string;
  name: string;
  /** Its own price, else the commodity's. */
  price: string;
  stock: number;
}

export interface CommodityChoice {
  id: string;
  name: string;
  price: string;
  stock: number;
  variants?: readonly VariantChoice[];
}

/** The lines of the form's text (its grid's value). */
export function parseLines(value: string | undefined): OrderLineRow[] {
  return linesOf(parseJsonRows<Partial<OrderLineRow>>(value));
}

/** The lines of posted rows (or of the form's text), every key as text. */
export function linesOf(rows: readonly Partial<Record<keyof OrderLineRow, unknown>>[]): OrderLineRow[] {
  return rows.map((row) => ({ commodityId: String(row.commodityId ?? ""), variantId: String(row.variantId ?? ""), quantity: String(row.quantity ?? "") }));
}

/** The line as the backend takes it (no variant key when none). */
export function lineText(row: Readonly<Record<string, string | undefined>>): Record<string, string> {
  return { commodityId: row.commodityId ?? "", ...(row.variantId ? { variantId: row.variantId } : {}), quantity: row.quantity ?? "" };
}

/** A line's unit price: its variant's, else its commodity's; empty when not chosen yet. */
export function linePrice(commodities: readonly CommodityChoice[], commodityId: string | undefined, variantId: string | undefined): string {
  const commodity = commodities.find((choice) => choice.id === commodityId);
  if (!commodity) return "";
  if (!commodity.variants?.length) return commodity.price;
  return commodity.variants.find((variant) => variant.id === variantId)?.price ?? "";
}

/** A line's amount in yuan, or empty while the quantity or price is not a number yet. */
export function lineAmount(price: string | undefined, quantity: string | undefined): string {
  if (!price || !isAmount(price) || !quantity || !/^\d{1,4}$/.test(quantity)) return "";
  return fenToYuan(multiplyFen(toFen(price), quantity));
}

/** The line under the grid: 合计 in exact fen, or what to correct. */
export function totalText(lines: ReadonlyArray<Pick<OrderLineRow, "commodityId" | "quantity"> & { variantId?: string }>, commodities: readonly CommodityChoice[]): string {
  let total = 0n;
  for (const line of lines) {
    const amount = lineAmount(linePrice(commodities, line.commodityId, line.variantId), line.quantity);
    if (!amount) return "请选择商品（规格）并填写数量";
    total += toFen(amount);
  }
  return `合计 ${formatMoney(total)}（以提交后系统计算为准）`;
}

/** The order grid's columns (商品, 规格, 单价, 数量, 金额 with its 合计). */
export function columnsOf(commodities: readonly CommodityChoice[]): GridColumn[] {
  const variantsOf = (commodityId: string) => commodities.find((commodity) => commodity.id === commodityId)?.variants ?? [];
  return [
    {
      key: "commodityId",
      title: FIELDS.commodityId.label,
      type: "select",
      width: 220,
      options: commodities.map((commodity) => ({ value: commodity.id, text: `${commodity.name}（库存 ${commodity.stock}）` })),
      validateRules: [{ required: true, message: FIELDS.commodityId.required }],
    },
    {
      key: "variantId",
      title: FIELDS.variantId.label,
      type: "select",
      width: 140,
      linkageKey: "commodityId",
      linkageOptions: (commodityId) => variantsOf(commodityId).map((variant) => ({ value: variant.id, text: `${variant.name}（库存 ${variant.stock}）` })),
      validateRules: [
        {
          handler: (value, { row, rows }) => {
            const commodity = commodities.find((choice) => choice.id === row.commodityId);
            if (commodity?.variants?.length && !value) return ShopMessages.variantRequired(commodity.name);
            const same = (other: GridRow) => other.commodityId === row.commodityId && (other.variantId ?? "") === value;
            return rows.filter(same).length > 1 ? ShopMessages.repeatedCommodity : true;
          },
        },
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
