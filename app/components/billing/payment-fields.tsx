// The payment form's own fields: 付款方 (a parent or a corporation, searched as you type, after
// the form's 付款方类型), 付款时间 (date and time), and 分配 — the allocation grid (账单, 金额)
// whose bills are the payer's open bills, with the allocated sum against the payment's amount.
import { useEffect, useMemo } from "react";
import { useFetcher } from "react-router";
import { DatePicker, Form, Typography } from "antd";
import dayjs from "dayjs";
import { CORPORATION_DICT, PARENT_DICT } from "#contract/modules/people";
import { GridTextField, type GridRow } from "~/components/widgets/grid";
import { useReadOnlyView } from "~/components/widgets/read-only";
import { SearchSelect } from "~/components/widgets/search-select";
import { parseJsonRows } from "~/components/widgets/grid/grid-value";
import { allocationColumns, allocationText, openBillText, type AllocationRow, type OpenBill } from "./payment-rows";

/** dict payer_type: 企业. */
const CORPORATION = "2";
const DATETIME = "YYYY-MM-DD HH:mm:ss";

export function PayerField({ value, onChange, disabled }: { value?: string; onChange?: (value: string) => void; disabled?: boolean }) {
  const payerType = Form.useWatch("payerType") as string | undefined;
  if (!payerType) return <Typography.Text type="secondary">请先选择付款方类型</Typography.Text>;
  const dict = payerType === CORPORATION ? CORPORATION_DICT : PARENT_DICT;
  // A new type starts a new search: the key drops the other type's choice.
  return <SearchSelect key={dict} async dict={dict} value={value} onChange={(next) => onChange?.(next)} disabled={disabled} placeholder="输入姓名搜索" />;
}

/** Days after today on the school's clock: a 付款时间 is never later than now (docs/decisions/178). */
const afterToday = (day: dayjs.Dayjs) => day.isAfter(dayjs(), "day");

/** 付款时间 of a payment or of a shop order's payment: no later day is offered. */
export function DateTimeField({ value, onChange, disabled }: { value?: string; onChange?: (value: string) => void; disabled?: boolean }) {
  return (
    <DatePicker
      showTime
      format={DATETIME}
      disabledDate={afterToday}
      value={value ? dayjs(value) : null}
      onChange={(next) => onChange?.(next ? next.format(DATETIME) : "")}
      disabled={disabled}
      style={{ width: "100%" }}
    />
  );
}

const toRows = (text: string | undefined) => parseJsonRows<AllocationRow>(text).map((row) => ({ billId: row.billId, amount: row.amount }));

function toText(rows: readonly GridRow[]): string {
  return JSON.stringify(rows.map((row) => ({ billId: row.billId ?? "", amount: row.amount ?? "" })));
}

export interface PaymentAllocationsFieldProps {
  value?: string;
  onChange?: (value: string) => void;
  paymentId?: string;
  disabled?: boolean;
}

export function PaymentAllocationsField({ value, onChange, paymentId, disabled }: PaymentAllocationsFieldProps) {
  const payerType = Form.useWatch("payerType") as string | undefined;
  const payerId = Form.useWatch("payerId") as string | undefined;
  const amount = Form.useWatch("amount") as string | undefined;
  const readOnly = useReadOnlyView();
  const bills = useFetcher<{ ok: boolean; bills?: OpenBill[] }>();
  const { load } = bills;
  useEffect(() => {
    if (!payerType || !payerId) return;
    const query = new URLSearchParams({ payerType, payerId, paymentId: paymentId ?? "" });
    void load(`/api/billing/payment-bills?${query}`);
  }, [load, payerType, payerId, paymentId]);
  const choices = bills.data?.bills;
  const columns = useMemo(() => allocationColumns(choices ?? []), [choices]);
  return (
    <GridTextField
      // The choices arrive after the payer is chosen: the grid starts again with them.
      key={choices ? `bills_${choices.length}` : "bills"}
      value={value}
      onChange={onChange}
      disabled={disabled}
      columns={columns}
      prefix="allocation"
      toRows={toRows}
      toText={toText}
      maxHeight={260}
      className="payment-allocations-field"
      // A read-only view (详情) gives no hint about editing.
      footer={payerId || !readOnly ? <Typography.Text type="secondary">{payerId ? allocationText(parseJsonRows<AllocationRow>(value), amount) : "选择付款方后可分配到其账单"}</Typography.Text> : null}
    />
  );
}
