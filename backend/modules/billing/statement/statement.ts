// 对账单 of a family (a paying parent) or a company (docs/decisions/160): the payer's opening
// balance (everything before the period), every bill, payment, refund, reversal and void of the
// period in date order with the running balance, and the closing balance.
//
// The lines are built from the bills the payer owes now (bill_bill.payer_*, as 应收账单 totals
// them: decision 107 moves open bills with their paid part to a new payer), so the closing balance
// of a period ending today is exactly the sum of the payer's 应收账单 余额:
//   a bill           + its payable as it stands (its discounts, 减免 and later lines included), at its create_time;
//   a payment        − what it allocated to these bills, at its paid_at (a refund: a negative amount, so +);
//   its 冲销          + the same back, at its reversed_at (migration 0810);
//   a bill's 作废     − what the bill still owed (payable − paid), at its voided_at.
// For every bill the lines add up to payable − paid when it is live and to 0 when it is voided.
// Money is summed by the database on numeric and in code in fen (bigint), never in floats.
import { sql } from "drizzle-orm";
import { STATEMENT_LINE_KINDS, type StatementAnswer, type StatementLine, type StatementLineKind } from "#contract/modules/billing-statement";
import { parseWireDate, schoolDay } from "#contract/clock";
import { fenToYuan, toFen } from "#contract/money";
import { readTogether, type Executor } from "../../../crud/context";
import { ApiError } from "../../../http/envelope";
import { decryptValue } from "../../../security/personal-data";
import { PayerType } from "../bill/bill-plan";

export const StatementMessages = {
  noPayer: "请选择付款方类型和付款方",
  unknownPayer: "付款方不存在",
  badDate: "日期格式不正确，应为yyyy-MM-dd",
  badPeriod: "开始日期不能晚于结束日期",
  noEmail: (payerName: string) => `付款方 ${payerName} 没有设置邮箱，请先在家长或企业信息中填写`,
  sent: "对账单已发送",
  failed: (error: string) => `邮件发送失败：${error}。邮件已保存，可在 消息中心 → 邮件 中重发`,
} as const;

/** dict payment_channel. */
const CHANNELS: Record<string, string> = { "1": "微信", "2": "支付宝", "3": "银行转账", "4": "现金" };
/** dict school_term. */
const TERMS: Record<string, string> = { "1": "上学期", "2": "下学期" };

export interface StatementRequest {
  tenantId: number;
  payerType: string;
  payerId: string;
  /** yyyy-MM-dd, in the school's zone. */
  from: string;
  to: string;
  timeZone: string;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The request of a query or body: payer and period (default: from 1 January of `to`'s year to today). */
export function statementRequest(raw: Record<string, unknown>, tenantId: number, timeZone: string, now = new Date()): StatementRequest {
  const text = (value: unknown) => (typeof value === "string" ? value.trim() : "");
  const payerType = text(raw.payerType);
  const payerId = text(raw.payerId);
  if (!payerId || (payerType !== PayerType.parent && payerType !== PayerType.corporation) || payerId.length > 32) throw new ApiError(StatementMessages.noPayer);
  const today = schoolDay(now, timeZone);
  const to = text(raw.to) || `${today.year}-${today.month}-${today.day}`;
  const from = text(raw.from) || `${to.slice(0, 4)}-01-01`;
  for (const day of [from, to]) if (!DATE.test(day) || !parseWireDate(day, timeZone)) throw new ApiError(StatementMessages.badDate);
  if (from > to) throw new ApiError(StatementMessages.badPeriod);
  return { tenantId, payerType, payerId, from, to, timeZone };
}

export interface StatementPayer {
  name: string;
  /** Clear e-mail address, or null. */
  email: string | null;
}

/** The payer in the tenant (a parent or a corporation), or 付款方不存在. */
export async function statementPayer(executor: Executor, request: StatementRequest): Promise<StatementPayer> {
  const table = request.payerType === PayerType.corporation ? sql`school_corporation` : sql`school_parent`;
  const [payer] = await executor.rows<{ name: string; email: string | null }>(
    sql`select name, nullif(trim(email), '') as email from ${table} where id = ${request.payerId} and tenant_id = ${request.tenantId}`,
  );
  if (!payer) throw new ApiError(StatementMessages.unknownPayer);
  const email = payer.email ? decryptValue(payer.email).trim() : "";
  return { name: payer.name, email: email || null };
}

interface MoveRow {
  kind: StatementLineKind | "opening";
  at: string | null;
  number: string | null;
  summary: string | null;
  charged: string;
  received: string;
}

/** The statement of a payer over a period. */
export async function buildStatement(executor: Executor, request: StatementRequest): Promise<StatementAnswer & { email: string | null }> {
  const payer = await statementPayer(executor, request);
  const start = parseWireDate(request.from, request.timeZone)!.start.toISOString();
  const end = parseWireDate(request.to, request.timeZone)!.end.toISOString();
  const zone = request.timeZone;
  const channel = sql.raw(`case p.channel ${Object.entries(CHANNELS).map(([value, text]) => `when '${value}' then '${text}'`).join(" ")} else p.channel end`);
  const term = sql.raw(`case b.term ${Object.entries(TERMS).map(([value, text]) => `when '${value}' then '${text}'`).join(" ")} else b.term end`);
  const [moves, unallocated] = await readTogether(executor, [
    () => executor.rows<MoveRow>(sql`
      with bills as (
        select b.id, b.bill_no, coalesce(b.create_time, b.update_time) as at, b.payable, b.paid_amount, b.status,
               coalesce(b.voided_at, b.update_time) as voided_at,
               concat_ws(' ', s.name_cn, b.school_year || ' ' || ${term}, case when b.kind = '2' then '活动' end) as summary
        from bill_bill b left join school_student s on s.id = b.student_id
        where b.tenant_id = ${request.tenantId} and b.payer_type = ${request.payerType} and b.payer_id = ${request.payerId}
      ), paid as (
        select a.payment_id, sum(a.amount) as amount, string_agg(bills.bill_no, '、' order by bills.bill_no) as bill_nos
        from bill_payment_allocation a join bills on bills.id = a.bill_id
        group by a.payment_id
      ), moves as (
        select 1 as sort, 'bill' as kind, at, bill_no as number, summary, payable as charged, 0::numeric as received from bills
        union all
        select 2, case when p.kind = '2' then 'refund' else 'payment' end, p.paid_at, p.payment_no,
               concat_ws(' ', ${channel}, '账单 ' || paid.bill_nos), 0, paid.amount
        from paid join bill_payment p on p.id = paid.payment_id
        union all
        select 3, case when p.kind = '2' then 'refundReversal' else 'reversal' end, coalesce(p.reversed_at, p.update_time), p.payment_no,
               concat_ws(' ', '账单 ' || paid.bill_nos,
                         (select '原因：' || h.reason from sys_record_history h
                           where h.module = 'bill_payment' and h.record_id = p.id and h.action = 'reverse' order by h.id desc limit 1)),
               0, -paid.amount
        from paid join bill_payment p on p.id = paid.payment_id where p.status = '4'
        union all
        select 4, 'void', voided_at, bill_no,
               concat_ws(' ', summary, (select '原因：' || h.reason from sys_record_history h
                                         where h.module = 'bill_bill' and h.record_id = bills.id and h.action = 'void' order by h.id desc limit 1)),
               -(payable - paid_amount), 0
        from bills where status = '4'
      )
      select kind, at_text as at, number, summary, charged, received from (
        select 0 as part, null::timestamptz as at, 0 as sort, 'opening' as kind, null as at_text, null as number, null as summary,
               coalesce(sum(charged), 0)::text as charged, coalesce(sum(received), 0)::text as received
        from moves where at < ${start}::timestamptz
        union all
        select 1, at, sort, kind, to_char(at at time zone ${zone}, 'YYYY-MM-DD HH24:MI:SS'), number, summary, charged::text, received::text
        from moves where at >= ${start}::timestamptz and at < ${end}::timestamptz
      ) m
      order by part, at, sort, number`),
    () => executor.rows<{ number: string; at: string; amount: string }>(sql`
      select payment_no as number, to_char(paid_at at time zone ${zone}, 'YYYY-MM-DD HH24:MI:SS') as at, (amount - allocated_amount)::text as amount
      from bill_payment
      where tenant_id = ${request.tenantId} and payer_type = ${request.payerType} and payer_id = ${request.payerId}
        and status <> '4' and kind = '1' and amount <> allocated_amount and paid_at < ${end}::timestamptz
        -- A shop order's payment pays its order, never bills (docs/decisions/161).
        and order_id is null
      order by paid_at, payment_no`),
  ] as const);
  const [opening, ...period] = moves;
  const openingFen = toFen(opening!.charged) - toFen(opening!.received);
  let balance = openingFen;
  let charged = 0n;
  let received = 0n;
  const lines: StatementLine[] = period.map((move) => {
    const kind = move.kind as StatementLineKind;
    charged += toFen(move.charged);
    received += toFen(move.received);
    balance += toFen(move.charged) - toFen(move.received);
    return {
      at: move.at ?? "",
      kind,
      kindText: STATEMENT_LINE_KINDS[kind],
      number: move.number ?? "",
      summary: move.summary ?? "",
      charged: fenToYuan(toFen(move.charged)),
      received: fenToYuan(toFen(move.received)),
      balance: fenToYuan(balance),
    };
  });
  return {
    payerType: request.payerType,
    payerId: request.payerId,
    payerName: payer.name,
    hasEmail: payer.email !== null,
    email: payer.email,
    from: request.from,
    to: request.to,
    opening: fenToYuan(openingFen),
    charged: fenToYuan(charged),
    received: fenToYuan(received),
    closing: fenToYuan(balance),
    lines,
    unallocated,
  };
}
