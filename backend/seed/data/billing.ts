// The demo school's fees (issue #12 part B): six projects, employer allowances of five
// corporations, and the term today falls in generated for every active student, with the payers'
// receivables, the term's payments allocated over them and a receipt for each payment; dates are
// relative to the seeding day (issue #30 item 7): every payment and receipt lies before today, none
// in the future, and the bills were issued before the earliest payment (issue #33: a statement
// opens with its bills, then the payments that pay them). Deterministic for a given day (stable
// ids), a few multi-row statements.
import { sql } from "drizzle-orm";
import type { Executor } from "../../crud/context";
import { stableId } from "../../db/ids";
import { writeGeneration } from "../../modules/billing/bill/bill-generation";
import { insertJsonRows } from "../../modules/billing/bill/bill-store";
import { nextNumbers } from "../../modules/system/fill-rule/fill-rule-service";
import { fenToYuan, toFen } from "#contract/money";
import { amountInWords } from "#contract/amount-in-words";
import { PaymentStatus } from "#contract/modules/billing";
import { termOf } from "../../modules/activity/signup/signup-bill";
import { schoolDay } from "../../modules/system/fill-rule/fill-number";
import { instantOfWallTime } from "#contract/clock";

const DAY = 86_400_000;
/** Days before the term's first day when the earliest payers pay. */
const EARLY_PAYMENT_DAYS = 7;
/** Days before the term's first day when its bills are issued (before the earliest payment), at 08:30. */
const BILLS_ISSUED_DAYS = 14;

export interface DemoTerm {
  schoolYear: string;
  term: string;
  /** The term's first day, `YYYY-MM-DD`: 1 September or 1 February. */
  firstDay: string;
  /** The bills' due date: the end of the term's first month (30 September, 28 February). */
  dueDate: string;
}

/** The term the demo bills: the one `now` falls in, in the school's time zone (termOf). */
export function demoTerm(now: Date, timeZone: string): DemoTerm {
  const { schoolYear, term } = termOf(now, timeZone);
  const first = Number(schoolYear.slice(0, 4));
  return term === "1"
    ? { schoolYear, term, firstDay: `${first}-09-01`, dueDate: `${first}-09-30` }
    : { schoolYear, term, firstDay: `${first + 1}-02-01`, dueDate: `${first + 1}-02-28` };
}

/** The start of the school day that `now` falls in (local midnight of the school's time zone). */
function startOfSchoolDay(now: Date, timeZone: string): Date {
  const parts = new Intl.DateTimeFormat("en-GB", { timeZone, hour: "numeric", minute: "numeric", second: "numeric", hourCycle: "h23" }).formatToParts(now);
  const part = (type: string) => Number(parts.find((item) => item.type === type)?.value ?? 0);
  return new Date(now.getTime() - ((part("hour") * 60 + part("minute")) * 60 + part("second")) * 1000 - now.getMilliseconds());
}

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

export async function seedBilling(tx: Executor, timeZone: string, createdBy: string, today = new Date()): Promise<void> {
  const now = today.toISOString();
  const term = demoTerm(today, timeZone);
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
      school_year: term.schoolYear,
      term: term.term,
      project_id: stableId("bill-project", project),
      amount,
      percent,
      status: "1",
      create_by: createdBy,
      create_time: now,
    })),
  );
  await writeGeneration(tx, { tenantId: 1, timeZone, schoolYear: term.schoolYear, term: term.term, dueDate: term.dueDate, issuedAt: billsIssuedAt(term, timeZone) }, createdBy);
  await seedPayments(tx, timeZone, createdBy, today, term);
}

/** When the demo term's bills were issued: two weeks before its first day, 08:30 at school, before any payment. */
export function billsIssuedAt(term: DemoTerm, timeZone: string): Date {
  const firstDay = new Date(`${term.firstDay}T00:00:00Z`);
  const issued = new Date(firstDay.getTime() - BILLS_ISSUED_DAYS * DAY);
  return instantOfWallTime({ year: issued.getUTCFullYear(), month: issued.getUTCMonth() + 1, day: issued.getUTCDate(), hour: 8, minute: 30, second: 0 }, timeZone);
}

/** The cashier of the demo staff (organisation.ts cashier_zhao), who issues the demo receipts. */
export const RECEIPT_ISSUER = "赵强";

/** Numbers of a day-reset fill rule for moments in order, each numbered in its own school day. */
export async function numbersByDay(tx: Executor, ruleCode: string, moments: Date[], timeZone: string): Promise<string[]> {
  const days = new Map<string, Date[]>();
  for (const moment of moments) {
    const { year, month, day } = schoolDay(moment, timeZone);
    const key = `${year}${month}${day}`;
    days.set(key, [...(days.get(key) ?? []), moment]);
  }
  const numbered = new Map<Date, string>();
  for (const group of days.values()) {
    const numbers = await nextNumbers(tx, 1, ruleCode, group.length, timeZone, group[0]!);
    group.forEach((moment, index) => numbered.set(moment, numbers[index]!));
  }
  return moments.map((moment) => numbered.get(moment)!);
}

/** dict payment_channel, in the demo's mix: mostly WeChat and bank transfers. */
const CHANNELS = ["1", "3", "1", "3", "2", "4"];

/**
 * A term's worth of payments (issue #13): one payment per payer, allocated over all of its bills —
 * three payers in five pay in full, one pays half of each bill, one has not paid yet — on a school
 * day between a week before the term's first day and yesterday, in office hours; each with its
 * receipt, issued by the cashier ten minutes later (issue #30 item 7). Payment and receipt numbers
 * follow their own day (fill rules payment_no and receipt_no). Bills, receivables and payments are
 * then settled from the allocations, as the payment page does
 * (backend/modules/billing/payment/payment-allocation.ts).
 */
async function seedPayments(tx: Executor, timeZone: string, createdBy: string, today: Date, term: DemoTerm): Promise<void> {
  const bills = await tx.rows<{ id: string; payable: string; payer_type: string; payer_id: string }>(sql`
    select id, payable::text as payable, payer_type, payer_id from bill_bill
    where tenant_id = 1 and status <> '4' and payer_id is not null and payable > 0 order by bill_no`);
  const byPayer = new Map<string, typeof bills>();
  for (const bill of bills) {
    const key = `${bill.payer_type}:${bill.payer_id}`;
    byPayer.set(key, [...(byPayer.get(key) ?? []), bill]);
  }
  // Days back from today: 1 (yesterday) to the term's first day less a week of early payers.
  const midnight = startOfSchoolDay(today, timeZone);
  const { year, month, day: dayOfMonth } = schoolDay(today, timeZone);
  const sinceFirstDay = Math.round((Date.UTC(Number(year), Number(month) - 1, Number(dayOfMonth)) - Date.parse(`${term.firstDay}T00:00:00Z`)) / DAY);
  const span = Math.max(1, sinceFirstDay + EARLY_PAYMENT_DAYS);
  const paying = [...byPayer.values()]
    .map((group, index) => {
      const daysBack = 1 + ((index * 7) % span);
      const paidAt = new Date(midnight.getTime() - daysBack * DAY + ((9 + (index % 8)) * 60 + ((index * 13) % 50)) * 60_000);
      return { group, index, paidAt };
    })
    .filter(({ index }) => index % 5 !== 4)
    .sort((a, b) => a.paidAt.getTime() - b.paidAt.getTime() || a.index - b.index);
  const paymentNumbers = await numbersByDay(tx, "payment_no", paying.map(({ paidAt }) => paidAt), timeZone);
  const receiptTimes = paying.map(({ paidAt }) => new Date(paidAt.getTime() + 10 * 60_000));
  const receiptNumbers = await numbersByDay(tx, "receipt_no", receiptTimes, timeZone);
  const payments: Array<Record<string, unknown>> = [];
  const allocations: Array<Record<string, unknown>> = [];
  const receipts: Array<Record<string, unknown>> = [];
  paying.forEach(({ group, index, paidAt }, position) => {
    const id = stableId("payment", group[0]!.id);
    const shares = group.map((bill) => (index % 5 === 3 ? toFen(bill.payable) / 2n : toFen(bill.payable)));
    const amount = shares.reduce((sum, share) => sum + share, 0n);
    const channel = CHANNELS[index % CHANNELS.length]!;
    payments.push({
      id,
      tenant_id: 1,
      payment_no: paymentNumbers[position],
      payer_type: group[0]!.payer_type,
      payer_id: group[0]!.payer_id,
      channel,
      amount: fenToYuan(amount),
      allocated_amount: fenToYuan(amount),
      paid_at: paidAt.toISOString(),
      trade_no: channel === "1" ? `DEMO${String(index + 1).padStart(8, "0")}` : null,
      status: PaymentStatus.allocated,
      // The insert selects * from json_populate_recordset, which leaves a missing key NULL (not the default).
      kind: "1",
      create_by: createdBy,
      create_time: paidAt.toISOString(),
    });
    group.forEach((bill, order) =>
      allocations.push({ id: stableId("payment-allocation", bill.id), payment_id: id, bill_id: bill.id, amount: fenToYuan(shares[order]!), sort_no: order }),
    );
    receipts.push({
      id: stableId("receipt", id),
      tenant_id: 1,
      receipt_no: receiptNumbers[position],
      payment_id: id,
      payment_no: paymentNumbers[position],
      amount: fenToYuan(amount),
      amount_in_words: amountInWords(amount),
      issued_at: receiptTimes[position]!.toISOString(),
      issuer: RECEIPT_ISSUER,
      print_count: 0,
      create_by: createdBy,
      create_time: receiptTimes[position]!.toISOString(),
    });
  });
  for (let start = 0; start < payments.length; start += 2000) {
    await tx.rows(sql`insert into bill_payment select * from json_populate_recordset(null::bill_payment, ${JSON.stringify(payments.slice(start, start + 2000))}::json)`);
    await tx.rows(sql`insert into bill_payment_allocation select * from json_populate_recordset(null::bill_payment_allocation, ${JSON.stringify(allocations.slice(start, start + 2000))}::json)`);
  }
  await insertJsonRows(tx, "bill_receipt", receipts);
  await tx.rows(sql`
    update bill_payment p set payer_name = coalesce(c.name, pa.name)
    from bill_payment q left join school_corporation c on q.payer_type = '2' and c.id = q.payer_id
    left join school_parent pa on q.payer_type = '1' and pa.id = q.payer_id
    where p.id = q.id and p.tenant_id = 1`);
  await tx.rows(sql`update bill_receipt r set payer_name = p.payer_name from bill_payment p where p.id = r.payment_id and r.tenant_id = 1`);
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
