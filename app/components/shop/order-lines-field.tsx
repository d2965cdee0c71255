// The lines of the order form on the house's editable grid (商品, 单价, 数量, 金额): its value is the
// lines as JSON text (./order-lines.ts). Choosing a commodity shows its price; 金额 follows in
// integer fen. The backend takes the stock and computes the total itself.
import { useMemo } from "react";
import { Typography } from "antd";
import { ORDER_LINE_FIELDS as FIELDS, ShopMessages } from "#contract/modules/shop";
import { GridTextField, type GridColumn, type GridRow } from "~/components/widgets/grid";
import { lineAmount, parseLines, totalText, type CommodityChoice } from "./order-lines";

function columnsOf(commodities: readonly CommodityChoice[]): GridColumn[] {
  return [
    {
      key: "commodityId",
      title: FIELDS.commodityId.label,
      type: "select",
      width: 240,
      options: commodities.map((commodity) => ({ value: commodity.id, text: `${commodity.name}（库存 ${commodity.stock}）` })),
      validateRules: [{ required: true, message: FIELDS.commodityId.required }, { unique: true, message: ShopMessages.repeatedCommodity }],
    },
    { key: "price", title: FIELDS.price.label, type: "inputNumber", width: 100, disabled: true },
    { key: "quantity", title: FIELDS.quantity.label, type: "inputNumber", width: 90, defaultValue: "1", validateRules: [{ required: true, message: FIELDS.quantity.required }, { pattern: "z" }] },
    { key: "amount", title: FIELDS.amount.label, type: "inputNumber", width: 110, disabled: true, statistics: ["sum"] },
  ];
}

export interface OrderLinesFieldProps {
  value?: string;
  onChange?: (value: string) => void;
  commodities: readonly CommodityChoice[];
  disabled?: boolean;
}

export function OrderLinesField({ value, onChange, commodities, disabled }: OrderLinesFieldProps) {
  const columns = useMemo(() => columnsOf(commodities), [commodities]);
  const priceOf = (id: string | undefined) => commodities.find((commodity) => commodity.id === id)?.price ?? "";
  const toRows = (text: string | undefined) =>
    parseLines(text).map((line) => {
      const price = priceOf(line.commodityId);
      return { commodityId: line.commodityId, quantity: line.quantity, price, amount: lineAmount(price, line.quantity) };
    });
  const derive = (row: GridRow) => {
    const price = priceOf(row.commodityId);
    return { price, amount: lineAmount(price, row.quantity) };
  };
  return (
    <GridTextField
      value={value}
      onChange={onChange}
      disabled={disabled}
      columns={columns}
      prefix="order_line"
      toRows={toRows}
      toText={(rows) => JSON.stringify(rows.map((row) => ({ commodityId: row.commodityId ?? "", quantity: row.quantity ?? "" })))}
      derive={derive}
      className="order-lines-field"
      footer={<Typography.Text type="secondary">{totalText(parseLines(value), commodities)}</Typography.Text>}
    />
  );
}
