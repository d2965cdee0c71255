// The bill of a confirmed paid sign-up, through the billing module (docs/decisions/033): the fee
// becomes an item of the student's live bill of the activity's term, or a new bill when there is
// none — one live bill per student and term (docs/decisions/026). Runs in the caller's
// transaction, under the term's generation lock, so a generation running at the same time waits
// and then finds the bill.
import { sql } from "drizzle-orm";
import type { CrudContext, Executor } from "../../../crud/context";
import { newId } from "../../../db/ids";
import { ApiError } from "../../../http/envelope";
import { billCrud } from "../../billing/bill/bill-endpoints";
import { refreshBills } from "../../billing/bill/bill-store";
import { withHistory, type HistoryChange } from "../../../crud/history";
import { BillHistory } from "../../billing/history-sources";
import { ActivityMessages } from "#contract/modules/activity";

/** The school year and term of a day: September–January the first term, February–August the second. */
export function termOf(day: Date, timeZone: string): { schoolYear: string; term: string } {
  const parts = new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "numeric" }).formatToParts(day);
  const year = Number(parts.find((part) => part.type === "year")!.value);
  const month = Number(parts.find((part) => part.type === "month")!.value);
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

/** Bills the fee; answers the bill and the item it wrote. */
export async function billSignup(tx: Executor, context: CrudContext, request: SignupBillRequest): Promise<{ billId: string; itemId: string }> {
  const { schoolYear, term } = termOf(request.startTime, context.services.config.schoolTimeZone);
  // The generation's lock of the term (bill-generation.ts): one writer of the term's bills at a time.
  await tx.rows(sql`select pg_advisory_xact_lock(hashtext(${`bill-generation:${context.tenantId}:${schoolYear}:${term}`}))`);
  const name = `活动：${request.activityTitle}`.slice(0, 100);
  const [bill] = await tx.rows<{ id: string }>(sql`
    select id from bill_bill
    where tenant_id = ${context.tenantId} and student_id = ${request.studentId} and school_year = ${schoolYear} and term = ${term} and status <> '4'
    for update`);
  if (!bill) {
    const billId = await billCrud.insert(
      context,
      { studentId: request.studentId, schoolYear, term, items: [{ name, quantity: "1", unitPrice: request.fee, allowance: "0" }], remark: name.slice(0, 255) },
      tx,
    );
    const [item] = await tx.rows<{ id: string }>(sql`select id from bill_bill_item where bill_id = ${billId}`);
    return { billId, itemId: item!.id };
  }
  const itemId = newId();
  const history: HistoryChange = { tenantId: context.tenantId, username: context.username, action: "confirm" };
  await withHistory(tx, history, BillHistory, [bill.id], history, async () => {
    await tx.rows(sql`
      insert into bill_bill_item (id, bill_id, project_id, name, quantity, unit_price, amount, allowance, sort_no)
      select ${itemId}, ${bill.id}, null, ${name}, 1, ${request.fee}::numeric, ${request.fee}::numeric, 0, coalesce(max(sort_no) + 1, 0)
      from bill_bill_item where bill_id = ${bill.id}`);
    await refreshBills(tx, [bill.id], history);
  });
  return { billId: bill.id, itemId };
}

/**
 * Takes a cancelled sign-up's item off its bill (a bill left without items is voided). A bill with
 * payments keeps the item: `refuse` (a parent's or clerk's 取消) refuses, `keep` (the activity is
 * cancelled, docs/decisions/060) leaves it for the refund and answers "kept".
 */
export async function unbillSignup(tx: Executor, history: HistoryChange, billId: string, itemId: string, onPaid: "refuse" | "keep" = "refuse"): Promise<"removed" | "kept"> {
  const [bill] = await tx.rows<{ status: string; paid: string }>(sql`select status, paid_amount::text as paid from bill_bill where id = ${billId} for update`);
  if (!bill || bill.status === "4") return "removed";
  if (Number(bill.paid) > 0 || bill.status === "2" || bill.status === "3") {
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
