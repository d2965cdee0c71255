// 账龄分析 (/billing/ageing, docs/decisions/110): the open amount (payable − paid) of a tenant's live
// bills by days overdue on a date (未到期 / 0-30 / 31-60 / 61-90 / 90天以上), per payer and in
// total, summed by the database on numeric (never in floats). Each figure links to the bill list
// filtered by `overdue` and `asOf` (ageingBillCondition), which picks exactly the bills summed.
import { sql, type SQL } from "drizzle-orm";
import { AGEING_BUCKETS, type AgeingAnswer, type AgeingBucketKey, type AgeingRow } from "#contract/modules/billing";
import { fenToYuan, sumAmounts } from "#contract/money";
import { readTogether, type Executor } from "../../../crud/context";
import { ApiError } from "../../../http/envelope";
import { schoolDay } from "../../system/fill-rule/fill-number";
import { hasOpenPartDue, openParts } from "../bill/instalments";

export const AgeingMessages = {
  badDate: "日期格式不正确，应为yyyy-MM-dd",
} as const;

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The report's date: `asOf` of the query, else today in the school's zone. */
export function ageingDate(raw: unknown, timeZone: string, now = new Date()): string {
  if (typeof raw === "string" && raw.trim() !== "") {
    const text = raw.trim();
    if (!DATE.test(text) || Number.isNaN(Date.parse(`${text}T00:00:00Z`))) throw new ApiError(AgeingMessages.badDate);
    return text;
  }
  const { year, month, day } = schoolDay(now, timeZone);
  return `${year}-${month}-${day}`;
}

/** The bucket of an open part of alias `o` (openParts) on `asOf`, as SQL text of the bucket key. */
function bucketOf(asOf: string): SQL {
  return sql`case when o.due is null or o.due > ${asOf}::date then 'notDue'
                  when ${asOf}::date - o.due <= 30 then '0-30'
                  when ${asOf}::date - o.due <= 60 then '31-60'
                  when ${asOf}::date - o.due <= 90 then '61-90'
                  else '90+' end`;
}

const OPEN = sql`b.status <> '4' and b.payable > b.paid_amount`;

/**
 * The condition on `bill_bill` (unaliased) of the bills behind one figure: live, open, and with an
 * open part in bucket `overdue` on `asOf` ("open": every open bill). A bill in instalments is aged
 * by its instalments' due dates (docs/decisions/159, amending 110): it is behind every figure one
 * of its open instalments falls in. Unknown keys answer null (no filter).
 */
export function ageingBillCondition(overdue: string, asOf: string): SQL | null {
  const bucket = AGEING_BUCKETS.find((candidate) => candidate.key === overdue);
  if (!bucket && overdue !== "open") return null;
  const open = sql`bill_bill.status <> '4' and bill_bill.payable > bill_bill.paid_amount`;
  if (!bucket) return open;
  if (bucket.key === "notDue") return sql`(${open} and ${hasOpenPartDue("bill_bill", (due) => sql`(${due} is null or ${due} > ${asOf}::date)`)})`;
  const { from, to } = bucket;
  return sql`(${open} and ${hasOpenPartDue("bill_bill", (due) =>
    to === null
      ? sql`(${due} <= ${asOf}::date and ${asOf}::date - ${due} >= ${from})`
      : sql`(${due} <= ${asOf}::date and ${asOf}::date - ${due} >= ${from} and ${asOf}::date - ${due} <= ${to})`,
  )})`;
}

interface BucketRow {
  payer_type: string | null;
  payer_id: string | null;
  payer_name: string | null;
  bucket: AgeingBucketKey;
  amount: string;
  bills: number;
}

function emptyFigures(): Pick<AgeingRow, "amounts" | "counts"> {
  const amounts = {} as AgeingRow["amounts"];
  const counts = {} as AgeingRow["counts"];
  for (const bucket of AGEING_BUCKETS) {
    amounts[bucket.key] = "0.00";
    counts[bucket.key] = 0;
  }
  return { amounts, counts };
}

/**
 * The report: the page of payers (largest open amount first, `pageSize` at most 100) and the
 * totals over every payer, in two statements over the tenant's open bills.
 */
export async function ageingReport(executor: Executor, tenantId: number, asOf: string, paging: { pageNo: number; pageSize: number }): Promise<AgeingAnswer> {
  const pageSize = Math.min(Math.max(1, paging.pageSize), 100);
  const offset = (Math.max(1, paging.pageNo) - 1) * pageSize;
  const [payerRows, totalRows] = await readTogether(executor, [
    () =>
      executor.rows<BucketRow & { payers: number }>(sql`
        with open as (
          select o.bill_id, o.payer_type, o.payer_id, o.open, ${bucketOf(asOf)} as bucket
          from (${openParts(tenantId)}) o
        ), payer as (
          select payer_type, payer_id, sum(open) as total, count(*) over () as payers
          from open group by payer_type, payer_id
          order by total desc, payer_type, payer_id nulls first
          limit ${pageSize} offset ${offset}
        )
        select p.payer_type, p.payer_id, p.payers::int as payers,
               coalesce(c.name, par.name) as payer_name, o.bucket, sum(o.open)::text as amount, count(distinct o.bill_id)::int as bills
        from payer p
        join open o on o.payer_type is not distinct from p.payer_type and o.payer_id is not distinct from p.payer_id
        left join school_corporation c on p.payer_type = '2' and c.id = p.payer_id and c.tenant_id = ${tenantId}
        left join school_parent par on p.payer_type = '1' and par.id = p.payer_id and par.tenant_id = ${tenantId}
        group by p.payer_type, p.payer_id, p.payers, p.total, c.name, par.name, o.bucket
        order by p.total desc, p.payer_type, p.payer_id nulls first`),
    () =>
      executor.rows<{ bucket: AgeingBucketKey; amount: string; bills: number }>(sql`
        select ${bucketOf(asOf)} as bucket, sum(o.open)::text as amount, count(distinct o.bill_id)::int as bills
        from (${openParts(tenantId)}) o
        group by 1`),
  ] as const);
  const rows: AgeingRow[] = [];
  const byPayer = new Map<string, AgeingRow>();
  let payers = 0;
  for (const row of payerRows) {
    payers = row.payers;
    const key = `${row.payer_type ?? ""}\u0000${row.payer_id ?? ""}`;
    let payer = byPayer.get(key);
    if (!payer) {
      payer = { payerType: row.payer_type, payerId: row.payer_id, payerName: row.payer_name, ...emptyFigures(), total: "0.00" };
      byPayer.set(key, payer);
      rows.push(payer);
    }
    payer.amounts[row.bucket] = row.amount;
    payer.counts[row.bucket] = row.bills;
  }
  for (const row of rows) row.total = sumText(Object.values(row.amounts));
  const totals = { ...emptyFigures(), total: "0.00" };
  for (const row of totalRows) {
    totals.amounts[row.bucket] = row.amount;
    totals.counts[row.bucket] = row.bills;
  }
  totals.total = sumText(Object.values(totals.amounts));
  if (payerRows.length === 0 && offset > 0) payers = await payerCount(executor, tenantId);
  return { asOf, rows, payers, totals };
}

async function payerCount(executor: Executor, tenantId: number): Promise<number> {
  const [row] = await executor.rows<{ payers: number }>(sql`
    select count(*)::int as payers from (select distinct b.payer_type, b.payer_id from bill_bill b where b.tenant_id = ${tenantId} and ${OPEN}) p`);
  return row?.payers ?? 0;
}

function sumText(values: readonly string[]): string {
  return fenToYuan(sumAmounts(values));
}
