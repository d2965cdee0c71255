// 对账单 of one family over three years (issue #33 item 2, docs/decisions/160; section `billing`):
// a paying parent of three children billed two terms a year for three years (18 bills of ten
// lines), each bill paid in two payments, one payment reversed and paid again, an activity bill
// paid and refunded (a negative payment) then voided, and a voided bill — in the fee office's
// database of the section (2,000 students' bills of tenant 1, 100,000 bills of tenant 2). Timed:
// the statement of the three years (buildStatement, what GET /billing/statement answers). Goal
// ≤ 100 ms (median of 11 runs).
import { sql } from "drizzle-orm";
import type { Database } from "../backend/db/client";
import { databaseExecutor } from "../backend/crud/context";
import { buildStatement } from "../backend/modules/billing/statement/statement";
import { round } from "./lib";

export const STATEMENT_GOAL_MS = 100;

async function prepareFamily(db: Database): Promise<void> {
  await db.rows(sql`insert into school_parent (id, tenant_id, name, email) values ('stm-parent', 1, '对账家长', 'family@bench.example')`);
  await db.rows(sql`
    insert into school_student (id, tenant_id, student_no, name_cn, status, grade, create_by)
    select 'stm-s' || c, 1, 'STM' || c, '对账学生' || c, '1', c::text, 'bench' from generate_series(1, 3) c`);
  // 18 bills: three children × two terms × three school years, dated at their term's start.
  await db.rows(sql`
    insert into bill_bill (id, tenant_id, bill_no, student_id, school_year, term, total, payable, paid_amount, payer_type, payer_id, status, kind, create_time)
    select 'stm-b' || c || '-' || y || '-' || t, 1, 'STMB' || c || y || t, 'stm-s' || c, (2022 + y) || '-' || (2023 + y), t::text,
           10000 + c * 100.50, 10000 + c * 100.50, 10000 + c * 100.50, '1', 'stm-parent', '3', '1',
           make_timestamptz(2022 + y + (t - 1), case when t = 1 then 9 else 2 end, 1, 10, 0, 0, 'Asia/Shanghai')
    from generate_series(1, 3) c, generate_series(1, 3) y, generate_series(1, 2) t`);
  await db.rows(sql`
    insert into bill_bill_item (id, bill_id, name, quantity, unit_price, amount, sort_no)
    select b.id || '-' || i, b.id, '项目' || i, 1, b.payable / 10, b.payable / 10, i
    from bill_bill b, generate_series(1, 10) i where b.id like 'stm-b%'`);
  // Two payments per bill, a fortnight and a month after it.
  await db.rows(sql`
    insert into bill_payment (id, tenant_id, payment_no, payer_type, payer_id, payer_name, channel, amount, allocated_amount, paid_at, status, kind)
    select b.id || '-p' || n, 1, 'STMP' || b.bill_no || n, '1', 'stm-parent', '对账家长', '3', b.payable / 2, b.payable / 2,
           b.create_time + n * interval '14 days', '3', '1'
    from bill_bill b, generate_series(1, 2) n where b.id like 'stm-b%'`);
  await db.rows(sql`
    insert into bill_payment_allocation (id, payment_id, bill_id, amount)
    select p.id || '-a', p.id, substring(p.id from 1 for length(p.id) - 3), p.amount from bill_payment p where p.id like 'stm-b%-p_'`);
  // A reversed payment (its allocation kept, decision 030), an activity bill refunded, a voided bill.
  await db.rows(sql`
    insert into bill_payment (id, tenant_id, payment_no, payer_type, payer_id, payer_name, channel, amount, allocated_amount, paid_at, status, kind)
    values ('stm-rev', 1, 'STMREV', '1', 'stm-parent', '对账家长', '3', 5000, 0, '2023-09-20 10:00+08', '4', '1'),
           ('stm-act-pay', 1, 'STMACTPAY', '1', 'stm-parent', '对账家长', '1', 300, 300, '2024-10-02 10:00+08', '3', '1'),
           ('stm-refund', 1, 'STMREFUND', '1', 'stm-parent', '对账家长', '1', -300, -300, '2024-10-20 10:00+08', '3', '2')`);
  await db.rows(sql`
    insert into bill_bill (id, tenant_id, bill_no, student_id, school_year, term, total, payable, paid_amount, payer_type, payer_id, status, kind, create_time)
    values ('stm-act', 1, 'STMACT', 'stm-s1', '2024-2025', '1', 300, 300, 0, '1', 'stm-parent', '4', '2', '2024-10-01 10:00+08'),
           ('stm-void', 1, 'STMVOID', 'stm-s2', '2025-2026', '2', 800, 800, 0, '1', 'stm-parent', '4', '1', '2025-03-01 10:00+08')`);
  await db.rows(sql`
    insert into bill_payment_allocation (id, payment_id, bill_id, amount)
    values ('stm-rev-a', 'stm-rev', 'stm-b1-1-1', 5000), ('stm-act-a', 'stm-act-pay', 'stm-act', 300), ('stm-refund-a', 'stm-refund', 'stm-act', -300)`);
  // The triggers of migration 0810 dated the void and the reversal now: back to their days.
  await db.rows(sql`update bill_bill set voided_at = create_time + interval '20 days' where id in ('stm-act', 'stm-void')`);
  await db.rows(sql`update bill_payment set reversed_at = '2023-10-01 10:00+08' where id = 'stm-rev'`);
  await db.rows(sql`analyze bill_bill`);
  await db.rows(sql`analyze bill_payment`);
  await db.rows(sql`analyze bill_payment_allocation`);
}

/** The family's statement over three years, median of 11 runs (the first warms the caches). */
export async function timeStatement(db: Database): Promise<Record<string, unknown>> {
  await prepareFamily(db);
  const executor = databaseExecutor(db);
  const request = { tenantId: 1, payerType: "1", payerId: "stm-parent", from: "2023-01-01", to: "2025-12-31", timeZone: "Asia/Shanghai" };
  await buildStatement(executor, request);
  const times: number[] = [];
  let lines = 0;
  let closing = "";
  for (let run = 0; run < 11; run++) {
    const started = performance.now();
    const answer = await buildStatement(executor, request);
    times.push(performance.now() - started);
    lines = answer.lines.length;
    closing = answer.closing;
  }
  const sorted = [...times].sort((a, b) => a - b);
  return { lines, closing, medianMs: round(sorted[5]!, 1), runsMs: times.map((time) => round(time, 1)) };
}

export function summarizeStatement(figures: Record<string, unknown> | undefined): string {
  return `statement of one family over 3 years on PGlite (${String(figures?.lines)} lines, closing ${String(figures?.closing)}): median ${String(figures?.medianMs)} ms (goal ≤ ${STATEMENT_GOAL_MS})`;
}
