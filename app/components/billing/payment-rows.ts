// The rows of the payment's allocation grid and the voucher's entries grid as they travel in their
// forms: one JSON text each, the arrays the backend expects. Sums are figured in integer fen
// (contract/money.ts) for the user only; the backend checks again. Pure; unit-tested in
// tests/unit/payment-rows.test.ts.
import { voucherSums, type VoucherEntryInput } from "#contract/modules/billing";
import { fenToYuan, isAmount, toFen } from "#contract/money";
import { parseJsonRows } from "~/components/widgets/list/module-page";

export { parseJsonRows };

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
  const open = isAmount(bill.payable) && isAmount(bill.paidAmount) ? fenToYuan(toFen(bill.payable) - toFen(bill.paidAmount)) : "";
  return `${bill.billNo} ${bill.studentName ?? ""} 应付${bill.payable} 未付${open}`.replace(/\s+/g, " ");
}

/** The line under the allocation grid: the allocated sum against the payment's amount. */
export function allocationText(rows: readonly AllocationRow[], paymentAmount: string | undefined): string {
  let allocated = 0n;
  for (const row of rows) {
    if (!isAmount(row.amount)) return "请输入正确的分配金额";
    allocated += toFen(row.amount);
  }
  const amount = paymentAmount && isAmount(paymentAmount) ? toFen(paymentAmount) : null;
  if (amount === null) return `分配合计 ${fenToYuan(allocated)}`;
  const left = amount - allocated;
  return left >= 0n ? `分配合计 ${fenToYuan(allocated)}，未分配 ${fenToYuan(left)}` : `分配合计 ${fenToYuan(allocated)} 超过付款金额 ${fenToYuan(amount)}`;
}

/** The voucher grid's footer line: both sums, and whether they balance. */
export function voucherSumsText(entries: readonly VoucherEntryInput[]): string {
  const { debit, credit } = voucherSums(entries);
  const sums = `借方合计 ${fenToYuan(debit)}，贷方合计 ${fenToYuan(credit)}`;
  return debit === credit ? `${sums}（平衡）` : `${sums}（不平衡，差额 ${fenToYuan(debit - credit)}）`;
}
