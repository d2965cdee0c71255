// The voucher's entries on the house's editable grid (科目, 借方, 贷方, 摘要): its value is the
// lines as JSON text (./payment-rows.ts), which the action posts as the backend's array. The
// footer sums both sides (the grid's 合计) and the line under it says whether they balance.
import { Typography } from "antd";
import type { VoucherEntryInput } from "#contract/modules/billing";
import { GridTextField } from "~/components/widgets/grid";
import { jsonRowCodec } from "~/components/widgets/list/module-page";
import { parseJsonRows } from "~/components/widgets/grid/grid-value";
import { VOUCHER_COLUMNS as COLUMNS, voucherSumsText } from "./payment-rows";

const { toRows, toText } = jsonRowCodec(["account", "debit", "credit", "remark"] satisfies Array<keyof VoucherEntryInput>);

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
