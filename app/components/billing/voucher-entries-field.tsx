// The voucher's entries on the house's editable grid (科目, 借方, 贷方, 摘要): its value is the
// lines as JSON text (./payment-rows.ts), which the action posts as the backend's array. The
// footer sums both sides (the grid's 合计) and the line under it says whether they balance.
import { Typography } from "antd";
import type { VoucherEntryInput } from "#contract/modules/billing";
import { GridTextField, type GridColumn, type GridRow } from "~/components/widgets/grid";
import { parseJsonRows, voucherSumsText } from "./payment-rows";

const COLUMNS: GridColumn[] = [
  { key: "account", title: "科目", type: "input", width: 220, validateRules: [{ required: true, message: "请输入科目" }] },
  { key: "debit", title: "借方", type: "inputNumber", width: 140, statistics: ["sum"], validateRules: [{ pattern: "money" }] },
  { key: "credit", title: "贷方", type: "inputNumber", width: 140, statistics: ["sum"], validateRules: [{ pattern: "money" }] },
  { key: "remark", title: "备注", type: "input", width: 200 },
];

const toRows = (text: string | undefined) =>
  parseJsonRows<VoucherEntryInput>(text).map((entry) => ({ account: entry.account ?? "", debit: entry.debit ?? "", credit: entry.credit ?? "", remark: entry.remark ?? "" }));

function toText(rows: readonly GridRow[]): string {
  return JSON.stringify(rows.map((row) => ({ account: row.account ?? "", debit: row.debit ?? "", credit: row.credit ?? "", remark: row.remark ?? "" })));
}

export function VoucherEntriesField({ value, onChange, disabled }: { value?: string; onChange?: (value: string) => void; disabled?: boolean }) {
  return (
    <GridTextField
      value={value}
      onChange={onChange}
      disabled={disabled}
      columns={COLUMNS}
      prefix="voucher_entry"
      toRows={toRows}
      toText={toText}
      className="voucher-entries-field"
      footer={
        <Typography.Text type="secondary" data-testid="voucher-sums">
          {voucherSumsText(parseJsonRows<VoucherEntryInput>(value))}
        </Typography.Text>
      }
    />
  );
}
