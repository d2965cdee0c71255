// 账龄分析 (/billing/ageing, docs/decisions/110): the open amount (payable − paid) of a tenant's live
// bills by days overdue on a date (未到期 / 0-30 / 31-60 / 61-90 / 90天以上), per payer and in
// total, summed by the database on numeric (never in floats). Each figure links to the bill list
// filtered by `overdue` and `asOf` (ageingBillCondition), which picks exactly the bills summed.
// One pass over the tenant's open parts answers the payers' totals, their count and the buckets'
// totals; only the page's payers are then read by bucket (docs/decisions/180).
import { sql, type SQL } from "drizzle-orm";
import { AGEING_BUCKETS, type AgeingAnswer, type AgeingBucketKey, type AgeingRow } from "#contract/modules/billing";
import { fenToYuan, sumAmounts } from "#contract/money";
import type { Executor } from "../../../crud/context";
import { ApiError } from "../../../http/envelope";
import { schoolDay } from "../../system/fill-rule/fill-number";
import { hasOpenPartDue, openPartsByBucket } from "../bill/instalments";

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

/** The bucket of a due date on `asOf`, as SQL text of the bucket key (AGEING_BUCKETS). */
function bucketOn(asOf: string): (due: SQL) => SQL {
  return (due) => sql`case when ${due} is null or ${due} > ${asOf}::date then 'notDue'
                  when ${asOf}::date - ${due} <= 30 then '0-30'
                  when ${asOf}::date - ${due} <= 60 then '31-60'
                  when ${asOf}::date - ${due} <= 90 then '61-90'
                  else '90+' end`;
}

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

function emptyFigures(): Pick<AgeingRow, "amounts" | "counts"> {
  const amounts = {} as AgeingRow["amounts"];
  const counts = {} as AgeingRow["counts"];
  for (const bucket of AGEING_BUCKETS) {
    amounts[bucket.key] = "0.00";
    counts[bucket.key] = 0;
  }
  return { amounts, counts };
}

/** A row of the report's first statement: a payer of the page, a bucket's totals, or the payers' count. */
interface SummaryRow {
  kind: "payer" | "bucket" | "payers";
  payer_type: string | null;
  payer_id: string | null;
  bucket: AgeingBucketKey | null;
  amount: string | null;
  bills: number | null;
}

/** Bills of exactly these payers (alias `b`), a payer's type or id possibly null. */
function payersCondition(payers: ReadonlyArray<{ payerType: string | null; payerId: string | null }>): SQL {
  const is = (column: SQL, value: string | null) => (value === null ? sql`${column} is null` : sql`${column} = ${value}`);
  return sql`(${sql.join(
    payers.map((payer) => sql`(${is(sql`b.payer_type`, payer.payerType)} and ${is(sql`b.payer_id`, payer.payerId)})`),
    sql` or `,
  )})`;
}

/**
 * The report: the page of payers (largest open amount first, `pageSize` at most 100) and the
 * totals over every payer. The first statement groups the tenant's open parts (a row per bill and
 * bucket) by payer and by bucket in one pass and answers the page's payers, the buckets' totals
 * and the number of payers; the second reads the page's payers' bills by bucket (the payer index),
 * with their names.
 */
export async function ageingReport(executor: Executor, tenantId: number, asOf: string, paging: { pageNo: number; pageSize: number }): Promise<AgeingAnswer> {
  const pageSize = Math.min(Math.max(1, paging.pageSize), 100);
  const offset = (Math.max(1, paging.pageNo) - 1) * pageSize;
  const bucketOf = bucketOn(asOf);
  const summary = await executor.rows<SummaryRow>(sql`
    with part as (${openPartsByBucket(tenantId, bucketOf)}),
    grouped as materialized (
      select payer_type, payer_id, bucket, sum(open) as amount, count(*) as bills, grouping(payer_type, payer_id) as by_bucket
      from part group by grouping sets ((payer_type, payer_id), (bucket))
    )
    select * from (
      select 'payer' as kind, payer_type, payer_id, null as bucket, amount::text as amount, null::int as bills,
             row_number() over (order by page.amount desc, payer_type, payer_id nulls first) as place
      from (select payer_type, payer_id, amount from grouped where by_bucket = 0
            order by amount desc, payer_type, payer_id nulls first limit ${pageSize} offset ${offset}) page
      union all
      select 'bucket', null, null, bucket, amount::text, bills::int, null from grouped where by_bucket <> 0
      union all
      select 'payers', null, null, null, null, count(*)::int, null from grouped where by_bucket = 0
    ) summary
    order by kind, place`);
  const page = summary.filter((row) => row.kind === "payer").map((row) => ({ payerType: row.payer_type, payerId: row.payer_id }));
  const rows: AgeingRow[] = page.map((payer) => ({ ...payer, payerName: null, ...emptyFigures(), total: "0.00" }));
  const totals = { ...emptyFigures(), total: "0.00" };
  let payers = 0;
  for (const row of summary) {
    if (row.kind === "payers") payers = row.bills ?? 0;
    if (row.kind === "bucket" && row.bucket) {
      totals.amounts[row.bucket] = row.amount ?? "0.00";
      totals.counts[row.bucket] = row.bills ?? 0;
    }
  }
  totals.total = sumText(Object.values(totals.amounts));
  if (rows.length > 0) {
    const byPayer = new Map(rows.map((row) => [payerKey(row.payerType, row.payerId), row]));
    const figures = await executor.rows<{ payer_type: string | null; payer_id: string | null; payer_name: string | null; bucket: AgeingBucketKey; amount: string; bills: number }>(sql`
      select o.payer_type, o.payer_id, coalesce(c.name, par.name) as payer_name, o.bucket, sum(o.open)::text as amount, count(*)::int as bills
      from (${openPartsByBucket(tenantId, bucketOf, payersCondition(page))}) o
      left join school_corporation c on o.payer_type = '2' and c.id = o.payer_id and c.tenant_id = ${tenantId}
      left join school_parent par on o.payer_type = '1' and par.id = o.payer_id and par.tenant_id = ${tenantId}
      group by o.payer_type, o.payer_id, c.name, par.name, o.bucket`);
    for (const figure of figures) {
      const row = byPayer.get(payerKey(figure.payer_type, figure.payer_id));
      if (!row) continue;
      row.payerName = figure.payer_name;
      row.amounts[figure.bucket] = figure.amount;
      row.counts[figure.bucket] = figure.bills;
    }
    for (const row of rows) row.total = sumText(Object.values(row.amounts));
  }
  return { asOf, rows, payers, totals };
}

function payerKey(payerType: string | null, payerId: string | null): string {
  return `${payerType === null ? "\u0000" : `=${payerType}`}\u0000${payerId === null ? "\u0000" : `=${payerId}`}`;
}

function sumText(values: readonly string[]): string {
  return fenToYuan(sumAmounts(values));
}
