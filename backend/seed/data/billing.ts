// The demo school's fees (issue #12 part B): six projects, employer allowances of five
// corporations, and the first term of 2026-2027 generated for every active student, with the
// payers' receivables, and the term's payments allocated over them; deterministic (stable ids,
// fixed term) and a few multi-row statements.
import { sql } from "drizzle-orm";
import type { Executor } from "../../crud/context";
import { stableId } from "../../db/ids";
import { writeGeneration } from "../../modules/billing/bill/bill-generation";
import { insertJsonRows } from "../../modules/billing/bill/bill-store";
import { nextNumbers } from "../../modules/system/fill-rule/fill-rule-service";
import { fenToYuan, toFen } from "#contract/money";

export const DEMO_SCHOOL_YEAR = "2026-2027";
export const DEMO_TERM = "1";

/** code, name, type (project_type), unit price, period (project_period). */
const PROJECTS: Array<[string, string, string, string, string]> = [
  ["TUITION", "学费", "1", "38000.00", "3"],
  ["BUS", "校车", "2", "1200.00", "2"],
  ["LUNCH", "午餐", "3", "950.50", "2"],
  ["BOOKS", "教材", "5", "1800.00", "4"],
  ["ACTIVITY", "活动费", "4", "600.00", "3"],
  ["UNIFORM", "校服", "5", "480.00", "1"],
];

/** corporation index (people.ts stableId("corporation", i)), project code, amount, percent. */
const ALLOWANCES: Array<[number, string, string | null, string | null]> = [
  [0, "TUITION", null, "50"],
  [1, "TUITION", null, "30"],
  [2, "TUITION", "10000.00", null],
  [3, "BUS", null, "100"],
  [4, "LUNCH", "500.00", null],
];

export async function seedBilling(tx: Executor, timeZone: string, createdBy: string): Promise<void> {
  const now = new Date().toISOString();
  await insertJsonRows(
    tx,
    "bill_project",
    PROJECTS.map(([code, name, type, unitPrice, period], index) => ({
      id: stableId("bill-project", code),
      tenant_id: 1,
      code,
      name,
      type,
      unit_price: unitPrice,
      period,
      active: 1,
      sort_no: index + 1,
      create_by: createdBy,
      create_time: now,
    })),
  );
  await insertJsonRows(
    tx,
    "bill_allowance",
    ALLOWANCES.map(([corporation, project, amount, percent]) => ({
      id: stableId("bill-allowance", String(corporation), project),
      tenant_id: 1,
      corp_id: stableId("corporation", String(corporation)),
      school_year: DEMO_SCHOOL_YEAR,
      term: DEMO_TERM,
      project_id: stableId("bill-project", project),
      amount,
      percent,
      status: "1",
      create_by: createdBy,
      create_time: now,
    })),
  );
  await writeGeneration(tx, { tenantId: 1, timeZone, schoolYear: DEMO_SCHOOL_YEAR, term: DEMO_TERM, dueDate: "2026-09-30" }, createdBy);
  await seedPayments(tx, timeZone, createdBy);
}

/** dict payment_channel, in the demo's mix: mostly WeChat and bank transfers. */
const CHANNELS = ["1", "3", "1", "3", "2", "4"];

/**
 * A term's worth of payments (issue #13): one payment per payer, allocated over all of its bills —
 * three payers in five pay in full, one pays half of each bill, one has not paid yet — on a day
 * between September and December 2026. Bills, receivables and payments are then settled from the
 * allocations, as the payment page does (backend/modules/billing/payment/payment-allocation.ts).
 */
async function seedPayments(tx: Executor, timeZone: string, createdBy: string): Promise<void> {
  const bills = await tx.rows<{ id: string; payable: string; payer_type: string; payer_id: string }>(sql`
    select id, payable::text as payable, payer_type, payer_id from bill_bill
    where tenant_id = 1 and status <> '4' and payer_id is not null and payable > 0 order by bill_no`);
  const byPayer = new Map<string, typeof bills>();
  for (const bill of bills) {
    const key = `${bill.payer_type}:${bill.payer_id}`;
    byPayer.set(key, [...(byPayer.get(key) ?? []), bill]);
  }
  const paying = [...byPayer.values()].map((group, index) => ({ group, index })).filter(({ index }) => index % 5 !== 4);
  const numbers = await nextNumbers(tx, "payment_no", paying.length, timeZone);
  const payments: Array<Record<string, unknown>> = [];
  const allocations: Array<Record<string, unknown>> = [];
  paying.forEach(({ group, index }, position) => {
    const id = stableId("payment", group[0]!.id);
    const shares = group.map((bill) => (index % 5 === 3 ? toFen(bill.payable) / 2n : toFen(bill.payable)));
    const amount = shares.reduce((sum, share) => sum + share, 0n);
    const day = new Date(Date.UTC(2026, 8, 1 + ((index * 7) % 110), 1 + (index % 8), (index * 13) % 60));
    const channel = CHANNELS[index % CHANNELS.length]!;
    payments.push({
      id,
      tenant_id: 1,
      payment_no: numbers[position],
      payer_type: group[0]!.payer_type,
      payer_id: group[0]!.payer_id,
      channel,
      amount: fenToYuan(amount),
      allocated_amount: fenToYuan(amount),
      paid_at: day.toISOString(),
      trade_no: channel === "1" ? `DEMO${String(index + 1).padStart(8, "0")}` : null,
      status: "3",
      create_by: createdBy,
      create_time: day.toISOString(),
    });
    group.forEach((bill, order) =>
      allocations.push({ id: stableId("payment-allocation", bill.id), payment_id: id, bill_id: bill.id, amount: fenToYuan(shares[order]!), sort_no: order }),
    );
  });
  for (let start = 0; start < payments.length; start += 2000) {
    await tx.rows(sql`insert into bill_payment select * from json_populate_recordset(null::bill_payment, ${JSON.stringify(payments.slice(start, start + 2000))}::json)`);
    await tx.rows(sql`insert into bill_payment_allocation select * from json_populate_recordset(null::bill_payment_allocation, ${JSON.stringify(allocations.slice(start, start + 2000))}::json)`);
  }
  await tx.rows(sql`
    update bill_payment p set payer_name = coalesce(c.name, pa.name)
    from bill_payment q left join school_corporation c on q.payer_type = '2' and c.id = q.payer_id
    left join school_parent pa on q.payer_type = '1' and pa.id = q.payer_id
    where p.id = q.id and p.tenant_id = 1`);
  await tx.rows(sql`
    update bill_bill b set paid_amount = t.paid,
      status = case when t.paid = 0 then '1' when t.paid < b.payable then '2' else '3' end
    from (select bill_id, sum(amount) as paid from bill_payment_allocation group by bill_id) t
    where t.bill_id = b.id`);
  await tx.rows(sql`
    update bill_receivable r set received_amount = t.paid,
      status = case when t.paid = 0 then '1' when t.paid < t.payable then '2' else '3' end
    from (select receivable_id, sum(paid_amount) as paid, sum(payable) as payable from bill_bill group by receivable_id) t
    where t.receivable_id = r.id`);
}
