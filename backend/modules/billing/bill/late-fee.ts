// 计收滞纳金 (the ChargeLateFeeJob kind, docs/decisions/159): each project's late fee rule charged on
// the tenant's overdue bills, once per bill and school day. A bill is overdue from the due date of
// its earliest open part (its earliest instalment not paid in full, else its own due date); a
// project's rule on it charges a daily or one-off amount or percent of the project's part of the
// bill once more days than the rule's have passed, never more than its cap in all.
//
// Once per bill and day, whatever runs the job twice or on two instances at once: the bills are
// locked (by id, the house's order, then their receivables), and the day's row of bill_late_fee
// (unique on bill and day) is inserted ON CONFLICT DO NOTHING before anything is charged; only the
// bills whose row this run inserted get their 「滞纳金：<project>」 line raised, their totals,
// instalments, receivable and history moved, all in one transaction.
import { sql } from "drizzle-orm";
import { fenToYuan, toFen } from "#contract/money";
import { daysBetween, lateFeeLineName, lateFeeOfDay } from "#contract/modules/billing-instalments";
import type { Database } from "../../../db/client";
import type { BackendConfig } from "../../../config";
import { inTransaction } from "../../../crud/context";
import { withHistory, type HistoryChange } from "../../../crud/history";
import { newId } from "../../../db/ids";
import { schoolDay } from "../../system/fill-rule/fill-number";
import { BillHistory } from "../history-sources";
import { hasOpenPartDue } from "./instalments";
import { refreshBills } from "./bill-store";

/** bill_bill_item.kind of a late fee line. */
export const LATE_FEE_KIND = "lateFee";

export interface LateFeeOutcome {
  /** Overdue open bills with a late fee rule on one of their projects. */
  overdueBills: number;
  /** Bills charged by this run, and the sum charged (yuan). */
  chargedBills: number;
  charged: string;
  /** Bills charged today already (by an earlier or a concurrent run): nothing added. */
  chargedBefore: number;
}

interface RuleRow {
  bill_id: string;
  first_due: string | null;
  project_id: string;
  project_name: string;
  late_fee_mode: string;
  late_fee_value: string;
  late_fee_days: number | null;
  late_fee_cap: string | null;
  base: string;
  charged: string;
  line_id: string | null;
  next_sort: number;
}

export async function chargeLateFees(deps: { db: Database; config: Pick<BackendConfig, "schoolTimeZone"> }, tenantId: number, now = new Date()): Promise<LateFeeOutcome> {
  const { year, month, day } = schoolDay(now, deps.config.schoolTimeZone);
  const today = `${year}-${month}-${day}`;
  return inTransaction(deps.db, async (tx) => {
    // The bills that may owe a fee today, locked by id (a cashier allocating waits, or we wait).
    const locked = await tx.rows<{ id: string }>(sql`
      select b.id from bill_bill b
      where b.tenant_id = ${tenantId} and b.status in ('1', '2') and b.payable > b.paid_amount
        and exists (select 1 from bill_bill_item it join bill_project p on p.id = it.project_id
                    where it.bill_id = b.id and p.late_fee_mode is not null and p.tenant_id = ${tenantId})
        and ${hasOpenPartDue("b", (due) => sql`${due} < ${today}::date`)}
      order by b.id for update of b`);
    if (locked.length === 0) return { overdueBills: 0, chargedBills: 0, charged: "0.00", chargedBefore: 0 };
    const ids = `{${locked.map((row) => row.id).join(",")}}`;
    // Read again under the locks: each bill's earliest open due date and each rule of its projects.
    const rules = await tx.rows<RuleRow>(sql`
      select b.id as bill_id,
             to_char(coalesce((select min(i.due_date) from bill_instalment i where i.bill_id = b.id and i.cumulative > b.paid_amount), b.due_date), 'YYYY-MM-DD') as first_due,
             p.id as project_id, p.name as project_name, p.late_fee_mode, p.late_fee_value::text as late_fee_value, p.late_fee_days, p.late_fee_cap::text as late_fee_cap,
             coalesce((select sum(it.amount - it.allowance) from bill_bill_item it where it.bill_id = b.id and it.project_id = p.id and it.kind is distinct from ${LATE_FEE_KIND}), 0)::text as base,
             coalesce((select sum(it.amount) from bill_bill_item it where it.bill_id = b.id and it.project_id = p.id and it.kind = ${LATE_FEE_KIND}), 0)::text as charged,
             (select min(it.id) from bill_bill_item it where it.bill_id = b.id and it.project_id = p.id and it.kind = ${LATE_FEE_KIND}) as line_id,
             (select coalesce(max(it.sort_no) + 1, 0) from bill_bill_item it where it.bill_id = b.id)::int as next_sort
      from bill_bill b
      join bill_project p on p.tenant_id = ${tenantId} and p.late_fee_mode is not null
        and p.id in (select it.project_id from bill_bill_item it where it.bill_id = b.id and it.project_id is not null)
      where b.id = any(${ids}::varchar[]) and b.status in ('1', '2') and b.payable > b.paid_amount
      order by b.id, p.sort_no, p.id`);
    const fees = rules.flatMap((rule) => {
      if (!rule.first_due) return [];
      const fee = lateFeeOfDay(
        { mode: rule.late_fee_mode, value: rule.late_fee_value, days: rule.late_fee_days ?? 0, cap: rule.late_fee_cap },
        daysBetween(rule.first_due, today),
        toFen(rule.base),
        toFen(rule.charged),
      );
      return fee > 0n ? [{ rule, fee }] : [];
    });
    const dayTotals = new Map<string, bigint>();
    for (const { rule, fee } of fees) dayTotals.set(rule.bill_id, (dayTotals.get(rule.bill_id) ?? 0n) + fee);
    if (dayTotals.size === 0) return { overdueBills: locked.length, chargedBills: 0, charged: "0.00", chargedBefore: 0 };
    // The day's row per bill: the database's word that this bill is charged once today.
    const ledger = [...dayTotals.entries()].map(([billId, amount]) => ({ id: newId(), bill_id: billId, amount: fenToYuan(amount) }));
    const inserted = new Set(
      (
        await tx.rows<{ bill_id: string }>(sql`
          insert into bill_late_fee (id, tenant_id, bill_id, fee_date, amount)
          select l.id, ${tenantId}, l.bill_id, ${today}::date, l.amount
          from json_to_recordset(${JSON.stringify(ledger)}::json) as l(id varchar, bill_id varchar, amount numeric)
          order by l.bill_id
          on conflict (bill_id, fee_date) do nothing
          returning bill_id`)
      ).map((row) => row.bill_id),
    );
    const charging = fees.filter(({ rule }) => inserted.has(rule.bill_id));
    if (charging.length > 0) {
      const history: HistoryChange = { tenantId, username: "system", action: "lateFee", reason: `滞纳金 ${today}` };
      const billIds = [...inserted].sort();
      await withHistory(tx, history, BillHistory, billIds, history, async () => {
        // A project's late fees are one line of the bill, raised each day it is charged.
        const raised = charging.filter(({ rule }) => rule.line_id).map(({ rule, fee }) => ({ id: rule.line_id, fee: fenToYuan(fee) }));
        if (raised.length > 0)
          await tx.rows(sql`
            update bill_bill_item it set amount = it.amount + r.fee, unit_price = it.amount + r.fee
            from json_to_recordset(${JSON.stringify(raised)}::json) as r(id varchar, fee numeric)
            where it.id = r.id`);
        const sortOf = new Map<string, number>();
        const added = charging
          .filter(({ rule }) => !rule.line_id)
          .map(({ rule, fee }) => {
            const sort = sortOf.get(rule.bill_id) ?? rule.next_sort;
            sortOf.set(rule.bill_id, sort + 1);
            return { id: newId(), bill_id: rule.bill_id, project_id: rule.project_id, name: lateFeeLineName(rule.project_name), fee: fenToYuan(fee), sort_no: sort };
          });
        if (added.length > 0)
          await tx.rows(sql`
            insert into bill_bill_item (id, bill_id, project_id, name, quantity, unit_price, amount, allowance, sort_no, kind)
            select a.id, a.bill_id, a.project_id, a.name, 1, a.fee, a.fee, 0, a.sort_no, ${LATE_FEE_KIND}
            from json_to_recordset(${JSON.stringify(added)}::json) as a(id varchar, bill_id varchar, project_id varchar, name varchar, fee numeric, sort_no integer)`);
        await refreshBills(tx, billIds, history);
      });
    }
    const charged = charging.reduce((sum, { fee }) => sum + fee, 0n);
    return { overdueBills: locked.length, chargedBills: inserted.size, charged: fenToYuan(charged), chargedBefore: dayTotals.size - inserted.size };
  });
}
