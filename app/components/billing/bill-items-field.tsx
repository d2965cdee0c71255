// The items of the bill form on the house's editable grid (收费项目, 名称, 数量, 单价, 补贴, 金额):
// its value is the items as JSON text (./bill-items.ts), which the action posts as the backend's
// array. Choosing a project fills its name and unit price; 金额 follows in integer fen. The
// backend prices the items again and never trusts these figures.
import { useMemo, useRef } from "react";
import { Typography } from "antd";
import { formatQuantity } from "#contract/money";
import { GridTextField, type GridRow } from "~/components/widgets/grid";
import { columnsOf, derivedCells, itemFromCells, parseItems, totalsText, type ProjectChoice } from "./bill-items";

function toRows(text: string | undefined) {
  return parseItems(text).map((item) => {
    const cells = { projectId: item.projectId ?? "", name: item.name, quantity: formatQuantity(item.quantity), unitPrice: item.unitPrice, allowance: item.allowance || "0" };
    return { ...cells, ...derivedCells({ ...cells, amount: "" }, item.projectId, []) };
  });
}

function toText(rows: readonly GridRow[]): string {
  return JSON.stringify(rows.map(itemFromCells));
}

export interface BillItemsFieldProps {
  value?: string;
  onChange?: (value: string) => void;
  projects: readonly ProjectChoice[];
  disabled?: boolean;
}

export function BillItemsField({ value, onChange, projects, disabled }: BillItemsFieldProps) {
  const columns = useMemo(() => columnsOf(projects), [projects]);
  // The project each row had, so that only a newly chosen project fills name and unit price.
  const projectOf = useRef(new Map<string, string>());
  const derive = (row: GridRow) => {
    const changes = derivedCells(row, projectOf.current.has(row.id) ? projectOf.current.get(row.id) : (row.projectId ?? ""), projects);
    projectOf.current.set(row.id, row.projectId ?? "");
    return changes;
  };
  return (
    <GridTextField
      value={value}
      onChange={onChange}
      disabled={disabled}
      columns={columns}
      prefix="bill_item"
      toRows={toRows}
      toText={toText}
      derive={derive}
      onReady={(ready) => {
        for (const row of ready.rows) projectOf.current.set(row.id, row.projectId ?? "");
      }}
      className="bill-items-field"
      footer={<Typography.Text type="secondary">{totalsText(parseItems(value))}</Typography.Text>}
    />
  );
}
