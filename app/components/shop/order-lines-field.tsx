// The lines of the order form on the house's editable grid (商品, 单价, 数量, 金额): its value is the
// lines as JSON text (./order-lines.ts). Choosing a commodity shows its price; 金额 follows in
// integer fen. The backend takes the stock and computes the total itself.
import { useMemo } from "react";
import { Typography } from "antd";
import { GridTextField, type GridRow } from "~/components/widgets/grid";
import { columnsOf, lineAmount, parseLines, totalText, type CommodityChoice } from "./order-lines";

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
