// Allocation of payments over bills (docs/decisions/030). Every writer takes its row locks in one
// order — the payment (and its kept total, docs/decisions/059), then its bills by id, then their
// receivables by id — so two cashiers
// allocating to the same bill queue on the bill's row instead of deadlocking, and the second one
// sees what the first wrote. A bill's paid_amount is recomputed from the allocations of its live
// payments (never incremented blindly), and the checks run on the locked rows: a payment never
// allocates more than it holds, a bill never receives more than it owes.
import { sql } from "drizzle-orm";
import { BillKind, PaymentKind, PaymentStatus, RefundMessages } from "#contract/modules/billing";
import { ShopMessages } from "#contract/modules/shop";
import { fenToYuan, toFen } from "#contract/money";
import type { Executor } from "../../../crud/context";
import { newId } from "../../../db/ids";
import { ApiError } from "../../../http/envelope";
import { BillStatus } from "../bill/bill-endpoints";
import { recomputeReceivables, waiveCancelledActivityBills } from "../bill/bill-store";
import { updateWithHistory, type HistoryChange, type HistorySource } from "../../../crud/history";
import { BillHistory } from "../history-sources";

export const PaymentMessages = {
  badAllocations: "分配明细格式不正确",
  tooManyAllocations: "分配明细不能超过100条",
  allocationBill: (row: number) => `第${row}条分配请选择账单`,
  allocationAmount: (row: number) => `第${row}条分配的金额须大于0，最多两位小数`,
  repeatedBill: (billNo: string) => `账单 ${billNo} 重复分配`,
  overPayment: (allocated: string, amount: string) => `分配合计 ${allocated} 超过付款金额 ${amount}`,
  overBill: (billNo: string, open: string) => `账单 ${billNo} 最多还可分配 ${open}`,
  unknownBill: "账单不存在",
  voidBill: (billNo: string) => `账单 ${billNo} 已作废，不能分配`,
  reversed: "已冲销的付款不能修改或分配",
  reversedAlready: "该付款已冲销",
  reversedDone: "冲销成功",
  allocatedDone: "分配成功",
  voidUsed: "已分配或已开收据的付款不能作废，请使用冲销",
  voidedAlready: "该付款已作废",
  voidedDone: "作废成功",
  unknownPayer: "付款方不存在",
  amountBelowAllocated: (allocated: string) => `付款金额不能小于已分配金额 ${allocated}`,
} as const;

export interface AllocationInput {
  billId: string;
  amountFen: bigint;
}

/** The body's `allocations` ([{ billId, amount }]) checked for shape; undefined when absent. */
export function parseAllocations(raw: unknown): AllocationInput[] | undefined {
  if (raw === undefined || raw === null) return undefined;
  if (!Array.isArray(raw)) throw new ApiError(PaymentMessages.badAllocations);
  if (raw.length > 100) throw new ApiError(PaymentMessages.tooManyAllocations);
  return raw.map((item, index) => {
    const row = (item && typeof item === "object" ? item : {}) as Record<string, unknown>;
    const billId = typeof row.billId === "string" ? row.billId.trim() : "";
    if (!billId || billId.length > 32) throw new ApiError(PaymentMessages.allocationBill(index + 1));
    let amountFen: bigint;
    try {
      amountFen = toFen(row.amount);
    } catch {
      throw new ApiError(PaymentMessages.allocationAmount(index + 1));
    }
    if (amountFen <= 0n) throw new ApiError(PaymentMessages.allocationAmount(index + 1));
    return { billId, amountFen };
  });
}

interface LockedPayment {
  id: string;
  amount: string;
  status: string;
  kind: string;
  /** The number of the shop order it is of (docs/decisions/161), else null. */
  order_no: string | null;
}

/** The payment's row, locked for the rest of the transaction; undefined when not in the tenant. */
export async function lockPayment(tx: Executor, tenantId: number, paymentId: string): Promise<LockedPayment | undefined> {
  const [payment] = await tx.rows<LockedPayment>(sql`
    select p.id, p.amount::text as amount, p.status, p.kind, (select o.order_no from shop_order o where o.id = p.order_id) as order_no
    from bill_payment p where p.id = ${paymentId} and p.tenant_id = ${tenantId} for update of p`);
  return payment;
}

/**
 * The locked payment, refused when it is a shop order's (docs/decisions/161): its order's 退款 is the
 * way, never 作废, 冲销, an edit or an allocation in 付款.
 */
export async function lockPaymentNotOfOrder(tx: Executor, tenantId: number, paymentId: string): Promise<LockedPayment | undefined> {
  const payment = await lockPayment(tx, tenantId, paymentId);
  if (payment?.order_no) throw new ApiError(ShopMessages.orderPayment(payment.order_no));
  return payment;
}

interface LockedBill {
  id: string;
  bill_no: string;
  payable: string;
  status: string;
  receivable_id: string | null;
}

const idArray = (ids: readonly string[]) => `{${ids.join(",")}}`;

/** Bills locked in id order (the house order: payment, bills, receivables). */
export async function lockBills(tx: Executor, tenantId: number, billIds: readonly string[]): Promise<Map<string, LockedBill>> {
  const ids = [...new Set(billIds)].sort();
  if (ids.length === 0) return new Map();
  const rows = await tx.rows<LockedBill>(sql`
    select id, bill_no, payable::text as payable, status, receivable_id from bill_bill
    where id = any(${idArray(ids)}::varchar[]) and tenant_id = ${tenantId}
    order by id for update`);
  return new Map(rows.map((row) => [row.id, row]));
}

/** What the live payments have allocated to each bill, in fen. */
async function allocatedToBills(tx: Executor, billIds: readonly string[]): Promise<Map<string, bigint>> {
  if (billIds.length === 0) return new Map();
  const rows = await tx.rows<{ bill_id: string; paid: string }>(sql`
    select a.bill_id, sum(a.amount)::text as paid from bill_payment_allocation a
    join bill_payment p on p.id = a.payment_id and p.status <> ${PaymentStatus.reversed}
    where a.bill_id = any(${idArray(billIds)}::varchar[]) group by a.bill_id`);
  return new Map(rows.map((row) => [row.bill_id, toFen(row.paid)]));
}

/**
 * The first of these bills that a live refund (退费) paid back, by number, with the refund's number:
 * the payments that paid it keep their allocation to it, or its paid amount would go below zero
 * (docs/decisions/138); the refund is reversed first when its money never went out (147).
 */
export async function refundedBill(tx: Executor, billIds: readonly string[]): Promise<{ billNo: string; refundNo: string } | undefined> {
  if (billIds.length === 0) return undefined;
  const [row] = await tx.rows<{ bill_no: string; payment_no: string }>(sql`
    select b.bill_no, p.payment_no from bill_payment_allocation a
    join bill_payment p on p.id = a.payment_id and p.kind = ${PaymentKind.refund} and p.status <> ${PaymentStatus.reversed}
    join bill_bill b on b.id = a.bill_id
    where a.bill_id = any(${idArray([...billIds])}::varchar[]) order by b.bill_no, p.payment_no limit 1`);
  return row ? { billNo: row.bill_no, refundNo: row.payment_no } : undefined;
}

/**
 * Bills' paid amount and status (未付 / 部分 / 已付) from their allocations, then their receivables.
 * A voided bill stays voided unless `reopen` (a reversed refund gives its bill back its payments,
 * docs/decisions/147). An activity bill whose sign-up is cancelled owes nothing more: its open
 * remainder is waived, or it is voided when nothing is paid (148).
 */
export async function settleBills(tx: Executor, bills: ReadonlyMap<string, LockedBill>, history: HistoryChange, options: { reopen?: boolean } = {}): Promise<void> {
  const ids = [...bills.keys()];
  if (ids.length === 0) return;
  const paid = await allocatedToBills(tx, ids);
  const rows = ids.map((id) => ({ id, paid: fenToYuan(paid.get(id) ?? 0n) }));
  // The bills' update and their history in one statement (the history's cost, issue #32).
  const settled = await updateWithHistory<{ id: string; kind: string }>(tx, history, BillHistory, ids, history, sql`
    update bill_bill b
    set paid_amount = s.paid,
        status = case when b.status = ${BillStatus.void} and not ${options.reopen === true} then b.status
                      when s.paid = 0 then ${BillStatus.unpaid}
                      when s.paid < b.payable then ${BillStatus.partial}
                      else ${BillStatus.paid} end,
        update_time = now()
    from json_to_recordset(${JSON.stringify(rows)}::json) as s(id varchar, paid numeric)
    where b.id = s.id
    returning b.*`, { answer: sql`t.id, t.kind` });
  const activityBills = settled.rows.filter((bill) => bill.kind === BillKind.activity).map((bill) => bill.id);
  await waiveCancelledActivityBills(tx, activityBills, history);
  const receivableIds = [...new Set([...bills.values()].map((bill) => bill.receivable_id).filter((id): id is string => Boolean(id)))].sort();
  if (receivableIds.length === 0) return;
  await tx.rows(sql`select id from bill_receivable where id = any(${idArray(receivableIds)}::varchar[]) order by id for update`);
  await recomputeReceivables(tx, receivableIds, history);
}

/** A new payment's own history row (action add), written by its settling UPDATE (issue #32). */
export interface AddedPaymentHistory {
  source: HistorySource;
  change: HistoryChange;
}

/**
 * The payment's allocated amount and status from its allocations. With `added` (a payment just
 * recorded with its allocations) the same statement writes the payment's add history row.
 */
async function settlePayment(tx: Executor, paymentId: string, added?: AddedPaymentHistory): Promise<void> {
  const update = sql`
    update bill_payment p
    set allocated_amount = s.allocated,
        status = case when p.status = ${PaymentStatus.reversed} then p.status
                      when s.allocated = 0 then ${PaymentStatus.unallocated}
                      when s.allocated < p.amount then ${PaymentStatus.partial}
                      else ${PaymentStatus.allocated} end
    from (select coalesce(sum(amount), 0) as allocated from bill_payment_allocation where payment_id = ${paymentId}) s
    where p.id = ${paymentId}`;
  if (added) await updateWithHistory(tx, added.change, added.source, [paymentId], added.change, sql`${update} returning p.*`, { added: true });
  else await tx.rows(update);
}

/** The payment's current allocations (bill id → fen). */
export async function currentAllocations(executor: Pick<Executor, "rows">, paymentId: string): Promise<Map<string, bigint>> {
  const rows = await executor.rows<{ bill_id: string; amount: string }>(
    sql`select bill_id, amount::text as amount from bill_payment_allocation where payment_id = ${paymentId} order by sort_no, id`,
  );
  return new Map(rows.map((row) => [row.bill_id, toFen(row.amount)]));
}

/** Whether `allocations` says the same as the stored ones (order aside). */
export function sameAllocations(stored: ReadonlyMap<string, bigint>, allocations: readonly AllocationInput[]): boolean {
  return stored.size === allocations.length && allocations.every((allocation) => stored.get(allocation.billId) === allocation.amountFen);
}

/**
 * Replaces the payment's allocations with `allocations`, in the caller's transaction: locks the
 * payment, then every bill involved (old and new) by id, checks both limits on the locked rows,
 * writes, and settles bills, receivables and the payment (with `added`, a payment just recorded:
 * its add history row written by its settling UPDATE).
 */
export async function replaceAllocations(
  tx: Executor,
  tenantId: number,
  paymentId: string,
  allocations: readonly AllocationInput[],
  history: HistoryChange,
  added?: AddedPaymentHistory,
): Promise<void> {
  const payment = await lockPaymentNotOfOrder(tx, tenantId, paymentId);
  if (!payment) throw new ApiError(PaymentMessages.badAllocations);
  if (payment.status === PaymentStatus.reversed) throw new ApiError(PaymentMessages.reversed);
  if (payment.kind === PaymentKind.refund) throw new ApiError(RefundMessages.refundNotChanged);
  const previous = await currentAllocations(tx, paymentId);
  const bills = await lockBills(tx, tenantId, [...previous.keys(), ...allocations.map((allocation) => allocation.billId)]);
  // A refunded bill keeps what paid it (checked under the bills' locks).
  const wanted = new Map(allocations.map((allocation) => [allocation.billId, allocation.amountFen]));
  const moved = [...bills.keys()].filter((billId) => (previous.get(billId) ?? 0n) !== (wanted.get(billId) ?? 0n));
  const refunded = await refundedBill(tx, moved);
  if (refunded) throw new ApiError(RefundMessages.billRefunded(refunded.billNo, refunded.refundNo));

  const seen = new Set<string>();
  let total = 0n;
  for (const allocation of allocations) {
    const bill = bills.get(allocation.billId);
    if (!bill) throw new ApiError(PaymentMessages.unknownBill);
    if (seen.has(allocation.billId)) throw new ApiError(PaymentMessages.repeatedBill(bill.bill_no));
    seen.add(allocation.billId);
    total += allocation.amountFen;
  }
  const amount = toFen(payment.amount);
  if (total > amount) throw new ApiError(PaymentMessages.overPayment(fenToYuan(total), fenToYuan(amount)));

  // What other live payments hold on these bills, read under the bills' locks.
  const held = await allocatedToBills(tx, [...seen]);
  for (const allocation of allocations) {
    const bill = bills.get(allocation.billId)!;
    const previouslyMine = previous.get(allocation.billId) ?? 0n;
    if (bill.status === BillStatus.void && allocation.amountFen !== previouslyMine) throw new ApiError(PaymentMessages.voidBill(bill.bill_no));
    const open = toFen(bill.payable) - ((held.get(allocation.billId) ?? 0n) - previouslyMine);
    if (allocation.amountFen > open) throw new ApiError(PaymentMessages.overBill(bill.bill_no, fenToYuan(open > 0n ? open : 0n)));
  }

  await tx.rows(sql`delete from bill_payment_allocation where payment_id = ${paymentId}`);
  if (allocations.length > 0) {
    const rows = allocations.map((allocation, index) => ({ id: newId(), payment_id: paymentId, bill_id: allocation.billId, amount: fenToYuan(allocation.amountFen), sort_no: index }));
    await tx.rows(sql`
      insert into bill_payment_allocation (id, payment_id, bill_id, amount, sort_no)
      select r.id, r.payment_id, r.bill_id, r.amount, r.sort_no
      from json_to_recordset(${JSON.stringify(rows)}::json) as r(id varchar, payment_id varchar, bill_id varchar, amount numeric, sort_no integer)`);
  }
  await settleBills(tx, bills, history);
  await settlePayment(tx, paymentId, added);
}

/**
 * 冲销: the payment no longer counts; its bills and receivables go back to what the others paid.
 * A payment whose bill was refunded is refused, naming the refund to reverse first; a refund's
 * 冲销 says its money never went out (docs/decisions/147): its bill is live again with what its
 * payments paid, a refund still to do (the open remainder waived, 148).
 */
export async function reversePayment(tx: Executor, tenantId: number, paymentId: string, history: HistoryChange): Promise<boolean> {
  const username = history.username;
  const payment = await lockPaymentNotOfOrder(tx, tenantId, paymentId);
  if (!payment) return false;
  if (payment.status === PaymentStatus.reversed) throw new ApiError(PaymentMessages.reversedAlready);
  const refund = payment.kind === PaymentKind.refund;
  // The status first: its trigger takes the payment's kept total (migration 0200) before the bills'
  // locks, in the order every payment writer takes them (payment, its total, bills). A reversed
  // payment has nothing allocated (its allocation rows stay as the record of what it had paid).
  await tx.rows(sql`update bill_payment set status = ${PaymentStatus.reversed}, allocated_amount = 0, update_by = ${username.slice(0, 32)}, update_time = now() where id = ${paymentId}`);
  const previous = await currentAllocations(tx, paymentId);
  const bills = await lockBills(tx, tenantId, [...previous.keys()]);
  if (refund) {
    // The sign-up no longer names a refund: 待退费 again (docs/decisions/148).
    await tx.rows(sql`update act_signup set refund_payment_id = null, update_by = ${username.slice(0, 32)}, update_time = now() where refund_payment_id = ${paymentId}`);
    await settleBills(tx, bills, history, { reopen: true });
    return true;
  }
  const refunded = await refundedBill(tx, [...bills.keys()]);
  if (refunded) throw new ApiError(RefundMessages.billRefunded(refunded.billNo, refunded.refundNo));
  await settleBills(tx, bills, history);
  return true;
}
