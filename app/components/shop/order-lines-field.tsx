// The lines of the order form on the house's editable grid (商品, 规格, 单价, 数量, 金额): its value is
// the lines as JSON text (./order-lines.ts). Choosing a commodity (and its 规格) shows its price; 金额
// follows in integer fen. The backend takes the stock and computes the total itself.
import { useMemo } from "react";
import { Typography } from "antd";
import { GridTextField, type GridRow } from "~/components/widgets/grid";
import { columnsOf, lineAmount, linePrice, lineText, parseLines, totalText, type CommodityChoice } from "./order-lines";

export interface OrderLinesFieldProps {
  value?: string;
  onChange?: (value: string) => void;
  commodities: readonly CommodityChoice[];
  disabled?: boolean;
}

export function OrderLinesField({ value, onChange, commodities, disabled }: OrderLinesFieldProps) {
  const columns = useMemo(() => columnsOf(commodities), [commodities]);
  const derive = (row: Readonly<Record<string, string | undefined>>) => {
    const price = linePrice(commodities, row.commodityId, row.variantId);
    return { price, amount: lineAmount(price, row.quantity) };
  };
  const toRows = (text: string | undefined) => parseLines(text).map((line) => ({ ...line, ...derive({ ...line }) }));
  return (
    <GridTextField
      value={value}
      onChange={onChange}
      disabled={disabled}
      columns={columns}
      prefix="order_line"
      toRows={toRows}
      toText={(rows: readonly GridRow[]) => JSON.stringify(rows.map(lineText))}
      derive={derive}
      className="order-lines-field"
      footer={<Typography.Text type="secondary">{totalText(parseLines(value), commodities)}</Typography.Text>}
    />
  );
}
