// The rows of the payment's allocation grid and the voucher's entries grid as they travel in their
// forms: one JSON text each, the arrays the backend expects. Sums are figured in integer fen
// (contract/money.ts) for the user only; the backend checks again. Pure; unit-tested in
// tests/unit/payment-rows.test.ts.
import { voucherSums, type VoucherEntryInput } from "#contract/modules/billing";
import { formatMoney, isAmount, toFen } from "#contract/money";
import type { GridColumn } from "~/components/widgets/grid/types";
import { parseJsonRows } from "~/components/widgets/grid/grid-value";

export interface AllocationRow {
  billId: string;
  amount: string;
}

/** A bill the allocation grid offers (GET /billing/payment/openBills). */
export interface OpenBill {
  id: string;
  billNo: string;
  studentName: string | null;
  payable: string;
  paidAmount: string;
}

/** The select's text of a bill: number, student, and what is still open. */
export function openBillText(bill: OpenBill): string {
  const open = isAmount(bill.payable) && isAmount(bill.paidAmount) ? formatMoney(toFen(bill.payable) - toFen(bill.paidAmount)) : "";
  return `${bill.billNo} ${bill.studentName ?? ""} 应付${formatMoney(bill.payable)} 未付${open}`.replace(/\s+/g, " ");
}

/** The line under the allocation grid: the allocated sum against the payment's amount. */
export function allocationText(rows: readonly AllocationRow[], paymentAmount: string | undefined): string {
  let allocated = 0n;
  for (const row of rows) {
    if (!isAmount(row.amount)) return "请输入正确的分配金额";
    allocated += toFen(row.amount);
  }
  const amount = paymentAmount && isAmount(paymentAmount) ? toFen(paymentAmount) : null;
  if (amount === null) return `分配合计 ${formatMoney(allocated)}`;
  const left = amount - allocated;
  return left >= 0n ? `分配合计 ${formatMoney(allocated)}，未分配 ${formatMoney(left)}` : `分配合计 ${formatMoney(allocated)} 超过付款金额 ${formatMoney(amount)}`;
}

/** The voucher grid's footer line: both sums, and whether they balance. */
export function voucherSumsText(entries: readonly VoucherEntryInput[]): string {
  const { debit, credit } = voucherSums(entries);
  const sums = `借方合计 ${formatMoney(debit)}，贷方合计 ${formatMoney(credit)}`;
  return debit === credit ? `${sums}（平衡）` : `${sums}（不平衡，差额 ${formatMoney(debit - credit)}）`;
}

/** The voucher grid's columns (科目, 借方, 贷方 with their 合计, 备注). */
export const VOUCHER_COLUMNS: GridColumn[] = [
  { key: "account", title: "科目", type: "input", width: 220, validateRules: [{ required: true, message: "请输入科目" }] },
  { key: "debit", title: "借方", type: "inputNumber", width: 140, statistics: ["sum"], money: true, validateRules: [{ pattern: "money" }] },
  { key: "credit", title: "贷方", type: "inputNumber", width: 140, statistics: ["sum"], money: true, validateRules: [{ pattern: "money" }] },
  { key: "remark", title: "备注", type: "input", width: 200 },
];

/** The allocation grid's columns (账单 among the payer's open bills, 金额 with its 合计). */
export function allocationColumns(choices: readonly OpenBill[]): GridColumn[] {
  return [
    {
      key: "billId",
      title: "账单",
      type: "select",
      width: 360,
      options: choices.map((bill) => ({ value: bill.id, text: openBillText(bill) })),
      validateRules: [
        { required: true, message: "请选择账单" },
        { unique: true, message: "同一账单只能分配一次" },
      ],
    },
    { key: "amount", title: "金额", type: "inputNumber", width: 140, statistics: ["sum"], money: true, validateRules: [{ required: true }, { pattern: "money" }] },
  ];
}
