// The bill of a confirmed paid sign-up, and what its cancellation does to it (docs/decisions/138,
// amending 033 and 060). Confirming a sign-up with a fee creates its own activity bill (kind 活动)
// for the student's payer, filed under that payer's receivable of the activity's term; the term's
// bill is never touched. Cancelling voids an unpaid activity bill with a reason; a paid (or partly
// paid) one is refunded (退费): a negative payment allocated back to the bill, receipted, the bill
// voided, all in the caller's transaction with their history rows.
//
// Locks: the sign-up first (the caller), then the refund's payment row (a new row; its insert takes
// the payments' kept total, migration 0200), then the bill, then its receivable: the house order of
// every payment writer (payment, its total, bills, receivables; docs/decisions/030). The refund's
// amount is read before the bill's lock and checked again under it; when a payment moved it in
// between, `RefundRetry` asks the caller to run its transaction again (`withRefundRetry`).
import { sql } from "drizzle-orm";
import type { CrudContext, Executor } from "../../../crud/context";
import { inTransaction } from "../../../crud/context";
import { newId } from "../../../db/ids";
import { ApiError } from "../../../http/envelope";
import { insertActivityBill } from "../../billing/bill/bill-endpoints";
import { recomputeReceivables, refreshBills, waiveCancelledActivityBills } from "../../billing/bill/bill-store";
import { withHistory, type HistoryChange } from "../../../crud/history";
import { BillHistory } from "../../billing/history-sources";
import { ActivityMessages } from "#contract/modules/activity";
import { BillKind, PaymentKind, PaymentStatus } from "#contract/modules/billing";
import { fenToYuan, toFen } from "#contract/money";
import { wallTimeOf } from "#contract/clock";
import { lockBills, settleBills } from "../../billing/payment/payment-allocation";
import { issueReceipt } from "../../billing/receipt/receipt-endpoints";
import { recordPayment } from "../../billing/payment/payment-record";

/** The school year and term of a day: September–January the first term, February–August the second. */
export function termOf(day: Date, timeZone: string): { schoolYear: string; term: string } {
  const { year, month } = wallTimeOf(day, timeZone);
  if (month >= 9) return { schoolYear: `${year}-${year + 1}`, term: "1" };
  if (month === 1) return { schoolYear: `${year - 1}-${year}`, term: "1" };
  return { schoolYear: `${year - 1}-${year}`, term: "2" };
}

export interface SignupBillRequest {
  studentId: string;
  activityTitle: string;
  /** The fee as two-decimal text. */
  fee: string;
  startTime: Date;
}

/**
 * Bills the fee on its own activity bill; answers the bill and its item. A student without a payer
 * (no paying parent, no employer) is refused: every amount is owed by someone (docs/decisions/071).
 */
export async function billSignup(tx: Executor, context: CrudContext, request: SignupBillRequest): Promise<{ billId: string; itemId: string }> {
  const { schoolYear, term } = termOf(request.startTime, context.services.config.schoolTimeZone);
  const [student] = await tx.rows<{ name_cn: string | null; corp_id: string | null; parent_id: string | null }>(sql`
    select s.name_cn, nullif(s.corp_id, '') as corp_id,
           (select sp.parent_id from school_student_parent sp where sp.student_id = s.id and sp.is_payer limit 1) as parent_id
    from school_student s where s.id = ${request.studentId} and s.tenant_id = ${context.tenantId}`);
  if (!student) throw new ApiError(ActivityMessages.unknownStudent);
  if (!student.corp_id && !student.parent_id) throw new ApiError(ActivityMessages.noPayer(student.name_cn ?? request.studentId));
  // The generation's lock of the term (bill-generation.ts): the payer's receivable of the term is
  // created by one writer at a time.
  await tx.rows(sql`select pg_advisory_xact_lock(hashtext(${`bill-generation:${context.tenantId}:${schoolYear}:${term}`}))`);
  const name = `活动：${request.activityTitle}`.slice(0, 100);
  const billId = await insertActivityBill(
    context,
    { studentId: request.studentId, schoolYear, term, items: [{ name, quantity: "1", unitPrice: request.fee, allowance: "0" }], remark: name.slice(0, 255) },
    tx,
  );
  const [item] = await tx.rows<{ id: string }>(sql`select id from bill_bill_item where bill_id = ${billId}`);
  return { billId, itemId: item!.id };
}

/** A payment moved the bill's paid amount between the refund's first read and the bill's lock. */
export class RefundRetry extends Error {
  constructor() {
    super("refund: the bill's paid amount moved; run the transaction again");
  }
}

/** Runs `work` in a transaction, again (up to three times) when a refund's amount moved under it. */
export async function withRefundRetry<T>(context: CrudContext, work: (tx: Executor) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await inTransaction(context.services.db, work);
    } catch (error) {
      if (!(error instanceof RefundRetry) || attempt >= 3) throw error;
    }
  }
}

export type SignupBillOutcome =
  | { kind: "none" }
  | { kind: "voided"; billNo: string }
  | { kind: "kept"; billNo: string; paid: string }
  | { kind: "refunded"; billNo: string; amount: string; paymentId: string; paymentNo: string; receiptNo: string };

interface SeenBill {
  bill_no: string;
  kind: string;
  status: string;
  paid: string;
  payer_type: string | null;
  payer_id: string | null;
}

const readBill = (tx: Executor, billId: string) =>
  tx.rows<SeenBill>(sql`select bill_no, kind, status, paid_amount::text as paid, payer_type, payer_id from bill_bill where id = ${billId}`);

/**
 * What cancelling a sign-up does to its activity bill, in the caller's transaction (which holds the
 * sign-up's row): nothing when voided already; 作废 with `reason` when nothing is paid; a refund of
 * what was paid when `refund` is "do" (the caller checked the right); "keep" leaves the paid part
 * as a refund to do for 财务 (an activity cancelled, or a sign-up cancelled by someone without the
 * right): the open remainder is waived, so the bill owes nothing more (docs/decisions/148).
 */
export async function settleSignupBill(
  tx: Executor,
  context: CrudContext,
  billId: string,
  options: { refund: "do" | "keep"; reason: string },
): Promise<SignupBillOutcome> {
  const [seen] = await readBill(tx, billId);
  if (!seen || seen.status === "4") return { kind: "none" };
  const paidFen = toFen(seen.paid);
  const history: HistoryChange = { tenantId: context.tenantId, username: context.username, action: "void", reason: options.reason };
  if (paidFen > 0n && options.refund === "keep") {
    // The bill's lock, then its receivable's (the house order); what is paid is read under the lock.
    const bills = await lockBills(tx, context.tenantId, [billId]);
    const [now] = await readBill(tx, billId);
    const receivables = await waiveCancelledActivityBills(tx, [billId], history, false);
    await recomputeReceivables(tx, receivables, history);
    return toFen(now!.paid) > 0n ? { kind: "kept", billNo: seen.bill_no, paid: now!.paid } : { kind: "voided", billNo: bills.get(billId)!.bill_no };
  }
  // The refund's payment row before the bill's lock (the house order).
  const refund = paidFen > 0n ? await insertRefund(tx, context, billId, seen, paidFen, options.reason) : null;
  const bills = await lockBills(tx, context.tenantId, [billId]);
  const bill = bills.get(billId)!;
  const [now] = await readBill(tx, billId);
  if (toFen(now!.paid) !== paidFen || now!.status === "4" || now!.payer_id !== seen.payer_id || now!.payer_type !== seen.payer_type) throw new RefundRetry();
  await withHistory(tx, history, BillHistory, [billId], history, () =>
    tx.rows(sql`update bill_bill set status = '4', update_by = ${context.username.slice(0, 32)}, update_time = now() where id = ${billId}`),
  );
  if (!refund) {
    await recomputeReceivables(tx, [bill.receivable_id], history);
    return { kind: "voided", billNo: seen.bill_no };
  }
  // The refund's allocation takes back what was paid: the bill's paid amount is 0 again (its
  // payments keep their allocations, the record of what they paid), then its receivable follows.
  await tx.rows(sql`
    insert into bill_payment_allocation (id, payment_id, bill_id, amount, sort_no)
    values (${newId()}, ${refund.id}, ${billId}, ${fenToYuan(-paidFen)}::numeric, 0)`);
  await settleBills(tx, bills, { ...history, action: "refund" });
  const receipt = await issueReceipt(tx, context, refund.id);
  return { kind: "refunded", billNo: seen.bill_no, amount: fenToYuan(paidFen), paymentId: refund.id, paymentNo: refund.paymentNo, receiptNo: receipt.receiptNo };
}

/** The refund: a payment of minus what was paid, to the bill's payer, by the channel that paid most lately. */
async function insertRefund(tx: Executor, context: CrudContext, billId: string, bill: SeenBill, paidFen: bigint, reason: string): Promise<{ id: string; paymentNo: string }> {
  const [payer] = await tx.rows<{ payer_name: string | null; channel: string | null }>(sql`
    select (select r.payer_name from bill_receivable r join bill_bill b on b.receivable_id = r.id where b.id = ${billId}) as payer_name,
           (select p.channel from bill_payment_allocation a join bill_payment p on p.id = a.payment_id
            where a.bill_id = ${billId} and p.kind = ${PaymentKind.receipt} and p.status <> ${PaymentStatus.reversed}
            order by p.paid_at desc, p.id desc limit 1) as channel`);
  return recordPayment(
    tx,
    context,
    {
      payerType: bill.payer_type,
      payerId: bill.payer_id,
      payerName: payer?.payer_name ?? null,
      channel: payer?.channel ?? "4",
      amount: fenToYuan(-paidFen),
      kind: PaymentKind.refund,
      remark: `退费：账单 ${bill.bill_no}，${reason}`,
      allocated: true,
    },
    { action: "refund", reason },
  );
}

/**
 * A sign-up confirmed before activity bills (its fee a line of the term's bill, decision 033):
 * takes its line off the bill (a bill left without lines is voided). A bill with payments keeps
 * the line: `refuse` refuses, `keep` leaves it for the refund and answers "kept".
 */
export async function unbillLegacySignup(tx: Executor, history: HistoryChange, billId: string, itemId: string, onPaid: "refuse" | "keep" = "refuse"): Promise<"removed" | "kept"> {
  const [bill] = await tx.rows<{ status: string; paid: string }>(sql`select status, paid_amount::text as paid from bill_bill where id = ${billId} for update`);
  if (!bill || bill.status === "4") return "removed";
  if (toFen(bill.paid) > 0n || bill.status === "2" || bill.status === "3") {
    if (onPaid === "keep") return "kept";
    throw new ApiError(ActivityMessages.billPaid);
  }
  await withHistory(tx, history, BillHistory, [billId], history, async () => {
    await tx.rows(sql`delete from bill_bill_item where id = ${itemId} and bill_id = ${billId}`);
    const [left] = await tx.rows<{ n: number }>(sql`select count(*)::int as n from bill_bill_item where bill_id = ${billId}`);
    if (left!.n === 0) await tx.rows(sql`update bill_bill set status = '4', update_time = now() where id = ${billId}`);
    await refreshBills(tx, [billId], history);
  });
  return "removed";
}

/** Whether the bill is an activity's own bill (else a term's bill holding a sign-up's line). */
export async function isActivityBill(tx: Executor, billId: string): Promise<boolean> {
  const [row] = await tx.rows<{ kind: string }>(sql`select kind from bill_bill where id = ${billId}`);
  return row?.kind === BillKind.activity;
}
