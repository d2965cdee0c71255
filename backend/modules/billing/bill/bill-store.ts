// Writes shared by the bill page and the generation: numbers, bulk inserts, and the receivables
// (one per payer and period) that aggregate live bills. Every function runs inside the caller's
// transaction.
import { sql } from "drizzle-orm";
import type { Executor } from "../../../crud/context";
import { newId } from "../../../db/ids";
import { nextNumbers } from "../../system/fill-rule/fill-rule-service";
import { historyAdded, withHistory, type HistoryChange } from "../../../crud/history";
import { ReceivableHistory } from "../history-sources";

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
export async function insertJsonRows(tx: Executor, table: "bill_bill" | "bill_bill_item" | "bill_receivable" | "bill_project" | "bill_allowance" | "bill_receipt", rows: ReadonlyArray<Record<string, unknown>>): Promise<void> {
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
  request: { tenantId: number; timeZone: string; createdBy: string },
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
  const numbers = await nextNumbers(tx, tenantId, NumberRule.receivable, missing.length, request.timeZone);
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
      create_time: new Date().toISOString(),
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
  await withHistory(tx, history, ReceivableHistory, ids, history, () => tx.rows(sql`
    update bill_receivable r
    set total_amount = t.payable,
        received_amount = t.paid,
        status = case when r.status = '4' then '4'
                      when t.paid = 0 then '1'
                      when t.paid < t.payable then '2'
                      else '3' end,
        update_time = now()
    from (
      select w.id, coalesce(sum(b.payable), 0) as payable, coalesce(sum(b.paid_amount), 0) as paid
      from unnest(${`{${ids.join(",")}}`}::varchar[]) as w(id)
      left join bill_bill b on b.receivable_id = w.id and b.status <> '4'
      group by w.id
    ) t
    where r.id = t.id`));
}

/**
 * Totals and status of bills from their items and what was paid (a voided bill stays voided), then
 * their receivables (with their history). The bills' own history is the caller's: it wraps the
 * change of their items and this in one withHistory, so that one row says what changed.
 */
export async function refreshBills(tx: Executor, billIds: readonly string[], history: HistoryChange): Promise<void> {
  if (billIds.length === 0) return;
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
  await recomputeReceivables(tx, [...new Set(bills.map((bill) => bill.receivable_id))].sort(), history);
}
