// Writes shared by the bill page and the generation: numbers, bulk inserts, and the receivables
// (one per payer and period) that aggregate live bills. Every function runs inside the caller's
// transaction.
import { sql } from "drizzle-orm";
import type { Executor } from "../../../crud/context";
import { newId } from "../../../db/ids";
import { toFen } from "#contract/money";
import { nextNumbers } from "../../system/fill-rule/fill-rule-service";
import { historyAdded, updateWithHistory, withHistory, type HistoryChange } from "../../../crud/history";
import { BillHistory, ReceivableHistory } from "../history-sources";
import { reconcileBillInstalments } from "./instalments";

/** The period of a receivable: `<school year>-<term>`, e.g. 2026-2027-1. */
export function receivablePeriod(schoolYear: string, term: string): string {
  return `${schoolYear}-${term}`;
}

/** The fill rules (填值规则) that number bills and receivables (seeded with the people data). */
export const NumberRule = { bill: "bill_no", receivable: "receivable_no" } as const;

/**
 * Many rows into `table` with one parameter per 5,000 rows: a JSON array read with the table's own
 * row type (json_populate_recordset), as the CRUD engine's import does. Keys are column names.
 */
export async function insertJsonRows(tx: Executor, table: "bill_bill" | "bill_bill_item" | "bill_instalment" | "bill_receivable" | "bill_project" | "bill_allowance" | "bill_receipt", rows: ReadonlyArray<Record<string, unknown>>): Promise<void> {
  if (rows.length === 0) return;
  const columns = Object.keys(rows[0]!);
  const list = sql.join(columns.map((column) => sql.identifier(column)), sql`, `);
  const selected = sql.join(columns.map((column) => sql`r.${sql.identifier(column)}`), sql`, `);
  for (let start = 0; start < rows.length; start += 5000) {
    const chunk = JSON.stringify(rows.slice(start, start + 5000));
    await tx.rows(sql`insert into ${sql.identifier(table)} (${list}) select ${selected} from json_populate_recordset(null::${sql.identifier(table)}, ${chunk}::json) as r`);
  }
}

export interface ReceivableKey {
  payerType: string;
  payerId: string;
  payerName: string | null;
}

/**
 * The live receivable of each payer for the period, created when missing; answers
 * `payerType/payerId` → receivable id.
 */
export async function receivablesFor(
  tx: Executor,
  request: { tenantId: number; timeZone: string; createdBy: string; issuedAt?: Date },
  period: string,
  payers: readonly ReceivableKey[],
  history: HistoryChange,
): Promise<Map<string, string>> {
  const { tenantId, createdBy } = request;
  const key = (payerType: string, payerId: string) => `${payerType}\u0000${payerId}`;
  const wanted = new Map<string, ReceivableKey>();
  for (const payer of payers) wanted.set(key(payer.payerType, payer.payerId), payer);
  const found = new Map<string, string>();
  if (wanted.size === 0) return found;
  const existing = await tx.rows<{ id: string; payer_type: string; payer_id: string }>(sql`
    select id, payer_type, payer_id from bill_receivable
    where tenant_id = ${tenantId} and period = ${period} and status <> '4'`);
  for (const row of existing) found.set(key(row.payer_type, row.payer_id), row.id);
  const missing = [...wanted.entries()].filter(([payerKey]) => !found.has(payerKey));
  const issuedAt = request.issuedAt ?? new Date();
  const numbers = await nextNumbers(tx, tenantId, NumberRule.receivable, missing.length, request.timeZone, issuedAt);
  const rows = missing.map(([payerKey, payer], index) => {
    const id = newId();
    found.set(payerKey, id);
    return {
      id,
      tenant_id: tenantId,
      receivable_no: numbers[index],
      payer_type: payer.payerType,
      payer_id: payer.payerId,
      payer_name: payer.payerName,
      period,
      status: "1",
      create_by: createdBy.slice(0, 32),
      create_time: issuedAt.toISOString(),
    };
  });
  await insertJsonRows(tx, "bill_receivable", rows);
  await historyAdded(tx, history, ReceivableHistory, rows.map((row) => row.id), history);
  return found;
}

/**
 * Totals and status of receivables from their live bills (voided bills no longer count); those
 * that changed get a history row of `history`.
 */
export async function recomputeReceivables(tx: Executor, receivableIds: readonly (string | null | undefined)[], history: HistoryChange): Promise<void> {
  const ids = [...new Set(receivableIds.filter((id): id is string => Boolean(id)))];
  if (ids.length === 0) return;
  // The update and its history in one statement (the history's cost, issue #32).
  await updateWithHistory(tx, history, ReceivableHistory, ids, history, sql`
    update bill_receivable r
    set total_amount = s.payable,
        received_amount = s.paid,
        status = case when r.status = '4' then '4'
                      when s.paid = 0 then '1'
                      when s.paid < s.payable then '2'
                      else '3' end,
        update_time = now()
    from (
      select w.id, coalesce(sum(b.payable), 0) as payable, coalesce(sum(b.paid_amount), 0) as paid
      from unnest(${`{${ids.join(",")}}`}::varchar[]) as w(id)
      left join bill_bill b on b.receivable_id = w.id and b.status <> '4'
      group by w.id
    ) s
    where r.id = s.id
    returning r.*`);
}

/**
 * Totals and status of bills from their items and what was paid (a voided bill stays voided), then
 * their receivables (with their history). The bills' own history is the caller's: it wraps the
 * change of their items and this in one withHistory, so that one row says what changed.
 */
export async function refreshBills(tx: Executor, billIds: readonly string[], history: HistoryChange): Promise<void> {
  await recomputeReceivables(tx, await refreshBillTotals(tx, billIds), history);
}

/**
 * Totals and status of bills from their items and what was paid; their instalments follow the new
 * payable (docs/decisions/159). Answers their receivables.
 */
async function refreshBillTotals(tx: Executor, billIds: readonly string[]): Promise<string[]> {
  if (billIds.length === 0) return [];
  const bills = await tx.rows<{ receivable_id: string | null }>(sql`
    update bill_bill b
    set total = t.total, allowance_total = t.allowance, payable = t.total - t.allowance,
        status = case when b.status = '4' then '4'
                      when b.paid_amount = 0 then '1'
                      when b.paid_amount < t.total - t.allowance then '2'
                      else '3' end,
        update_time = now()
    from (select w.id as bill_id, coalesce(sum(i.amount), 0) as total, coalesce(sum(i.allowance), 0) as allowance
          from unnest(${`{${billIds.join(",")}}`}::varchar[]) as w(id) left join bill_bill_item i on i.bill_id = w.id group by w.id) t
    where b.id = t.bill_id
    returning b.receivable_id`);
  await reconcileBillInstalments(tx, billIds);
  return [...new Set(bills.map((bill) => bill.receivable_id).filter((id): id is string => Boolean(id)))].sort();
}

/** The reasons of what a cancelled sign-up's bill no longer owes (docs/decisions/148). */
export const WaiverReasons = {
  remainder: "报名已取消，未缴部分免收",
  nothingPaid: "报名已取消，无已缴费用",
} as const;

/**
 * An activity bill whose sign-up is cancelled owes nothing more (docs/decisions/148): what is
 * still open is taken off by a 减免 line (the paid part awaits 财务's 退费), and a bill with
 * nothing paid is voided. `cancelledOnly` keeps to the bills whose sign-ups are all cancelled (a
 * payment moved or reversed on any bill); the cancellation itself names its bill. The bills are
 * locked by the caller; answers the receivables to total again (the caller's, with its locks).
 */
export async function waiveCancelledActivityBills(tx: Executor, billIds: readonly string[], history: HistoryChange, cancelledOnly = true): Promise<string[]> {
  if (billIds.length === 0) return [];
  const bills = await tx.rows<{ id: string; open: string; paid: string; receivable_id: string | null; next: number }>(sql`
    select b.id, (b.payable - b.paid_amount)::text as open, b.paid_amount::text as paid, b.receivable_id,
           (select coalesce(max(i.sort_no) + 1, 0) from bill_bill_item i where i.bill_id = b.id)::int as next
    from bill_bill b
    where b.id = any(${`{${billIds.join(",")}}`}::varchar[]) and b.kind = '2' and b.status <> '4'
      and (${!cancelledOnly} or (exists (select 1 from act_signup s where s.bill_id = b.id)
                                 and not exists (select 1 from act_signup s where s.bill_id = b.id and s.status <> '3')))
    order by b.id`);
  const unpaid = bills.filter((bill) => toFen(bill.paid) === 0n).map((bill) => bill.id);
  const open = bills.filter((bill) => toFen(bill.paid) !== 0n && toFen(bill.open) !== 0n);
  if (unpaid.length > 0) {
    const voiding = { ...history, action: "void", reason: WaiverReasons.nothingPaid };
    await withHistory(tx, voiding, BillHistory, unpaid, voiding, () =>
      tx.rows(sql`update bill_bill set status = '4', update_by = ${history.username.slice(0, 32)}, update_time = now() where id = any(${`{${unpaid.join(",")}}`}::varchar[])`),
    );
  }
  if (open.length > 0) {
    const waiving = { ...history, action: "reduce", reason: WaiverReasons.remainder };
    const ids = open.map((bill) => bill.id);
    await withHistory(tx, waiving, BillHistory, ids, waiving, async () => {
      // numeric text, negated in SQL: exact.
      const lines = open.map((bill) => ({ id: newId(), bill_id: bill.id, open: bill.open, sort_no: bill.next }));
      await tx.rows(sql`
        insert into bill_bill_item (id, bill_id, project_id, name, quantity, unit_price, amount, allowance, sort_no, kind)
        select l.id, l.bill_id, null, ${`减免：${WaiverReasons.remainder}`}, 1, -l.open, -l.open, 0, l.sort_no, 'reduction'
        from json_to_recordset(${JSON.stringify(lines)}::json) as l(id varchar, bill_id varchar, open numeric, sort_no integer)`);
      await refreshBillTotals(tx, ids);
    });
  }
  return [...new Set(bills.map((bill) => bill.receivable_id).filter((id): id is string => Boolean(id)))].sort();
}
