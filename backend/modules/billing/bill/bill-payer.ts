// Open bills follow their student's payer (issue #32 item 1, docs/decisions/107): when a student's
// payer changes (付费企业 set or cleared, another parent marked 付款人), the student's open bills
// (未付 and 部分) move to the new payer and its receivable of their period, and the receivables
// of the old and the new payer are totalled again, in the transaction of the change. Paid and
// voided bills stay where they are; a student left without any payer keeps its bills where they
// are (they stay owed by someone). Locks: the bills by id, then the receivables by id (the house
// order of docs/decisions/030, no payment involved).
import { sql } from "drizzle-orm";
import type { Executor } from "../../../crud/context";
import { withHistory, type HistoryChange } from "../../../crud/history";
import { BillHistory } from "../history-sources";
import { receivablePeriod, receivablesFor, recomputeReceivables } from "./bill-store";
import { PayerType } from "./bill-plan";

interface MovingBill {
  id: string;
  school_year: string;
  term: string;
  receivable_id: string | null;
  payer_type: string;
  payer_id: string;
  payer_name: string | null;
}

/** Moves the open bills of `studentIds` to each student's current payer; answers how many moved. */
export async function followStudentPayers(
  tx: Executor,
  request: { tenantId: number; timeZone: string; username: string },
  studentIds: readonly string[],
): Promise<number> {
  const ids = [...new Set(studentIds)].sort();
  if (ids.length === 0) return 0;
  const idArray = `{${ids.join(",")}}`;
  // The open bills whose payer is no longer their student's, locked in id order.
  const bills = await tx.rows<MovingBill>(sql`
    with payer as (
      select s.id as student_id,
             case when s.corp_id is not null and s.corp_id <> '' then ${PayerType.corporation} else ${PayerType.parent} end as payer_type,
             coalesce(nullif(s.corp_id, ''), (select sp.parent_id from school_student_parent sp
                                               where sp.student_id = s.id and sp.is_payer order by sp.sort_no, sp.id limit 1)) as payer_id
      from school_student s
      where s.id = any(${idArray}::varchar[]) and s.tenant_id = ${request.tenantId}
    )
    select b.id, b.school_year, b.term, b.receivable_id, p.payer_type, p.payer_id,
           case when p.payer_type = ${PayerType.corporation} then (select c.name from school_corporation c where c.id = p.payer_id)
                else (select pa.name from school_parent pa where pa.id = p.payer_id) end as payer_name
    from bill_bill b join payer p on p.student_id = b.student_id
    where b.tenant_id = ${request.tenantId} and b.status in ('1', '2') and p.payer_id is not null
      and (b.payer_type is distinct from p.payer_type or b.payer_id is distinct from p.payer_id)
    order by b.id
    for update of b`);
  if (bills.length === 0) return 0;
  const history: HistoryChange = { tenantId: request.tenantId, username: request.username, action: "payer" };
  // The new payer's receivable of each bill's period (created when missing).
  const target = new Map<string, string>();
  const periods = new Map<string, MovingBill[]>();
  for (const bill of bills) {
    const period = receivablePeriod(bill.school_year, bill.term);
    periods.set(period, [...(periods.get(period) ?? []), bill]);
  }
  for (const [period, inPeriod] of periods) {
    const found = await receivablesFor(
      tx,
      { tenantId: request.tenantId, timeZone: request.timeZone, createdBy: request.username },
      period,
      inPeriod.map((bill) => ({ payerType: bill.payer_type, payerId: bill.payer_id, payerName: bill.payer_name })),
      history,
    );
    for (const bill of inPeriod) target.set(bill.id, found.get(`${bill.payer_type}\u0000${bill.payer_id}`)!);
  }
  const rows = bills.map((bill) => ({ id: bill.id, payer_type: bill.payer_type, payer_id: bill.payer_id, receivable_id: target.get(bill.id)! }));
  await withHistory(tx, history, BillHistory, rows.map((row) => row.id), history, () => tx.rows(sql`
    update bill_bill b set payer_type = s.payer_type, payer_id = s.payer_id, receivable_id = s.receivable_id, update_by = ${request.username.slice(0, 32)}, update_time = now()
    from json_to_recordset(${JSON.stringify(rows)}::json) as s(id varchar, payer_type varchar, payer_id varchar, receivable_id varchar)
    where b.id = s.id`));
  const receivables = [...new Set([...bills.map((bill) => bill.receivable_id), ...rows.map((row) => row.receivable_id)].filter((id): id is string => Boolean(id)))].sort();
  await tx.rows(sql`select id from bill_receivable where id = any(${`{${receivables.join(",")}}`}::varchar[]) order by id for update`);
  await recomputeReceivables(tx, receivables, history);
  return bills.length;
}
