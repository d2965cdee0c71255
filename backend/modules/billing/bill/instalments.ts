// A bill's instalments (分期, docs/decisions/159): written at generation from the projects' plans,
// re-planned on one bill (分期), and kept summing to the bill's payable whenever its lines change
// (a late fee goes on the earliest open instalment, a 减免 comes off the last ones). What is paid
// is never stored per instalment: the bill's paid amount goes to the earliest due first, read
// from `cumulative` (this and the earlier instalments' amounts). Every function runs inside the
// caller's transaction, the bills locked by it.
import { sql, type SQL } from "drizzle-orm";
import type { Executor } from "../../../crud/context";
import { newId } from "../../../db/ids";
import { fenToYuan, toFen } from "#contract/money";
import {
  instalmentFigures,
  isDateText,
  MAX_INSTALMENTS,
  reconcileInstalments,
  splitEvenly,
  type InstalmentAmount,
  type InstalmentFigures,
} from "#contract/modules/billing-instalments";
import { insertJsonRows } from "./bill-store";
import { ApiError } from "../../../http/envelope";

export const InstalmentMessages = {
  badCount: `请输入分期期数（1到${MAX_INSTALMENTS}）`,
  badDates: "请为每一期选择到期日（yyyy-MM-dd）",
  datesOrder: "各期到期日须按先后顺序，且不早于已付清的期次",
  voided: "该账单已作废",
  paid: "该账单已付清，不能再分期",
  tooMany: (kept: number) => `已付清的 ${kept} 期之后最多还可分 ${MAX_INSTALMENTS - kept} 期`,
  done: (count: number) => (count > 1 ? `已分为${count}期` : "已取消分期"),
} as const;

/** Rows of bill_instalment for bills: seq, amounts and their running sums. */
function instalmentRows(billId: string, instalments: readonly InstalmentAmount[]): Array<Record<string, unknown>> {
  let cumulative = 0n;
  return instalments.map((instalment, index) => {
    cumulative += instalment.amount;
    return { id: newId(), bill_id: billId, seq: index + 1, due_date: instalment.dueDate, amount: fenToYuan(instalment.amount), cumulative: fenToYuan(cumulative) };
  });
}

/** The instalments of new bills (the generation's): billId → its plan. */
export async function insertInstalments(tx: Executor, plans: ReadonlyArray<{ billId: string; instalments: readonly InstalmentAmount[] }>): Promise<void> {
  await insertJsonRows(tx, "bill_instalment", plans.flatMap((plan) => instalmentRows(plan.billId, plan.instalments)));
}

/** Replaces a bill's instalments (fewer than two: none) and sets its due date to the last one's. */
async function replaceInstalments(tx: Executor, billId: string, instalments: readonly InstalmentAmount[]): Promise<void> {
  await tx.rows(sql`delete from bill_instalment where bill_id = ${billId}`);
  if (instalments.length >= 2) await insertJsonRows(tx, "bill_instalment", instalmentRows(billId, instalments));
  const last = instalments.at(-1);
  if (last) await tx.rows(sql`update bill_bill set due_date = ${last.dueDate}::date where id = ${billId}`);
}

async function readAmounts(tx: Executor, billIds: readonly string[]) {
  const rows = await tx.rows<{ bill_id: string; due_date: string; amount: string; payable: string; paid_amount: string }>(sql`
    select i.bill_id, to_char(i.due_date, 'YYYY-MM-DD') as due_date, i.amount::text as amount, b.payable::text as payable, b.paid_amount::text as paid_amount
    from bill_instalment i join bill_bill b on b.id = i.bill_id
    where i.bill_id = any(${`{${billIds.join(",")}}`}::varchar[]) order by i.bill_id, i.seq`);
  const bills = new Map<string, { payable: bigint; paid: bigint; instalments: InstalmentAmount[] }>();
  for (const row of rows) {
    const bill = bills.get(row.bill_id) ?? { payable: toFen(row.payable), paid: toFen(row.paid_amount), instalments: [] };
    bill.instalments.push({ dueDate: row.due_date, amount: toFen(row.amount) });
    bills.set(row.bill_id, bill);
  }
  return bills;
}

/**
 * After the bills' payable changed: their instalments sum to it again (reconcileInstalments).
 * Bills without instalments read nothing more than one empty select.
 */
export async function reconcileBillInstalments(tx: Executor, billIds: readonly string[]): Promise<void> {
  if (billIds.length === 0) return;
  for (const [billId, bill] of await readAmounts(tx, billIds)) {
    const sum = bill.instalments.reduce((total, instalment) => total + instalment.amount, 0n);
    if (sum === bill.payable) continue;
    const next = reconcileInstalments(bill.instalments, bill.payable, bill.paid);
    await tx.rows(sql`delete from bill_instalment where bill_id = ${billId}`);
    await insertJsonRows(tx, "bill_instalment", instalmentRows(billId, next));
  }
}

/** An unpaid bill edited by hand: its new payable split evenly again over the same due dates. */
export async function resplitInstalments(tx: Executor, billId: string): Promise<void> {
  const bill = (await readAmounts(tx, [billId])).get(billId);
  if (!bill) return;
  const amounts = splitEvenly(bill.payable, bill.instalments.length);
  await replaceInstalments(tx, billId, bill.instalments.map((instalment, index) => ({ dueDate: instalment.dueDate, amount: amounts[index]! })));
}

/** A bill's instalments with what each has received, its balance and state (期次, 到期日, 金额, 已收, 余额, 状态). */
export async function instalmentsOf(executor: Executor, billId: string, today: string): Promise<InstalmentFigures[]> {
  const bill = (await readAmounts(executor, [billId])).get(billId);
  return bill ? instalmentFigures(bill.instalments, bill.paid, today) : [];
}

/** The body of 分期: `count` and its `dueDates` (an array, or text separated by commas). */
export function replanRequest(body: Record<string, unknown>): { count: number; dueDates: string[] } {
  const count = Number(body.count);
  if (!Number.isInteger(count) || count < 1 || count > MAX_INSTALMENTS) throw new ApiError(InstalmentMessages.badCount);
  const raw = body.dueDates;
  const dates = (Array.isArray(raw) ? raw : typeof raw === "string" ? raw.split(/[\s,，]+/) : []).map((date) => (typeof date === "string" ? date.trim() : "")).filter(Boolean);
  if (dates.length !== count || !dates.every(isDateText)) throw new ApiError(InstalmentMessages.badDates);
  return { count, dueDates: dates };
}

/**
 * 分期 on one bill (locked by the caller): the instalments already paid in full stay as they are;
 * what is left of the payable is split evenly over `dueDates` (the remainder fen on the last).
 * One date and nothing paid: the bill is no longer split, due on that date.
 */
export async function replanInstalments(tx: Executor, bill: { id: string; status: string; payable: string; paidAmount: string }, request: { count: number; dueDates: string[] }): Promise<number> {
  if (bill.status === "4") throw new ApiError(InstalmentMessages.voided);
  const payable = toFen(bill.payable);
  const paid = toFen(bill.paidAmount);
  if (paid >= payable) throw new ApiError(InstalmentMessages.paid);
  const current = (await readAmounts(tx, [bill.id])).get(bill.id)?.instalments ?? [];
  const kept: InstalmentAmount[] = [];
  let cumulative = 0n;
  for (const instalment of current) {
    if (cumulative + instalment.amount > paid) break;
    cumulative += instalment.amount;
    kept.push(instalment);
  }
  if (kept.length + request.count > MAX_INSTALMENTS) throw new ApiError(InstalmentMessages.tooMany(kept.length));
  const dates = [...kept.map((instalment) => instalment.dueDate), ...request.dueDates];
  if (dates.some((date, index) => index > 0 && date <= dates[index - 1]!)) throw new ApiError(InstalmentMessages.datesOrder);
  const rest = splitEvenly(payable - cumulative, request.count);
  const next = [...kept, ...request.dueDates.map((dueDate, index) => ({ dueDate, amount: rest[index]! }))];
  await replaceInstalments(tx, bill.id, next);
  return next.length >= 2 ? next.length : 1;
}

/**
 * The open parts of a tenant's live open bills, one row per bill and bucket (columns bill_id,
 * payer_type, payer_id, bucket, open): a bill without instalments is one part due on its due date;
 * a bill with instalments has a part per instalment still open, due on the instalment's date (what
 * is paid goes to the earliest first), and its parts falling in the same bucket are one row. Their
 * sum per bill is payable − paid. `bucketOf` turns a due date into the bucket's key (the ageing's
 * columns); `where` narrows the bills (alias `b`). Only the bills with instalments are grouped, so
 * a count of rows is a count of distinct bills in a bucket without sorting the parts. Which bills
 * have instalments is the bill's `has_instalments`, kept by the database (migration 0951,
 * docs/decisions/176): no bill is looked for in bill_instalment.
 */
export function openPartsByBucket(tenantId: number, bucketOf: (due: SQL) => SQL, where: SQL = sql`true`): SQL {
  const open = sql`b.tenant_id = ${tenantId} and b.status <> '4' and b.payable > b.paid_amount and ${where}`;
  return sql`
    select b.id as bill_id, b.payer_type, b.payer_id, ${bucketOf(sql`b.due_date`)} as bucket, b.payable - b.paid_amount as open
    from bill_bill b
    where ${open} and not b.has_instalments
    union all
    select b.id, b.payer_type, b.payer_id, ${bucketOf(sql`i.due_date`)}, sum(least(i.amount, i.cumulative - b.paid_amount))
    from bill_bill b join bill_instalment i on i.bill_id = b.id
    where ${open} and b.has_instalments and i.cumulative > b.paid_amount
    group by b.id, 4`;
}

/**
 * Whether the bill of table alias `bill` has an open part whose due date meets `due` (a condition
 * on the SQL `due` it is given: the bill's due date, or an instalment's).
 */
export function hasOpenPartDue(bill: string, due: (column: SQL) => SQL): SQL {
  const alias = sql.raw(bill);
  return sql`(case when ${alias}.has_instalments
                   then exists (select 1 from bill_instalment i where i.bill_id = ${alias}.id and i.cumulative > ${alias}.paid_amount and ${due(sql`i.due_date`)})
                   else ${due(sql`${alias}.due_date`)} end)`;
}
