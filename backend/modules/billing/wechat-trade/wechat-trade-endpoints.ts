// 微信交易 (/billing/wechatTrade): the merchant statement's trades. 导入 takes the WeChat Pay bill
// (CSV with its backtick-prefixed fields and summary lines, or the same table as Excel) and adds
// each trade once (by transactionId: the same file twice adds nothing). 对账 matches the period's
// successful trades with the WeChat payments (./reconcile.ts), records the matches, and lists what
// differs and what is missing on either side; 生成缺失付款 creates the missing payments.
import { sql } from "drizzle-orm";
import { PaymentStatus, wechatTradeModule, type ReconcileAnswer, type ReconcileRow } from "#contract/modules/billing";
import { fenToYuan, toFen } from "#contract/money";
import { formatWireDateTime } from "#contract/clock";
import { billWechatTrade } from "../../../db/schema";
import { createModuleCrud } from "../../../crud/module";
import { crudContext, inTransaction, type CrudContext, type Executor } from "../../../crud/context";
import { newId } from "../../../db/ids";
import { readWorkbook, sniffWorkbook } from "../../../crud/excel/workbook-reader";
import { endpoint, type Endpoint } from "../../../http/endpoint";
import { ApiError, ok, okMessage } from "../../../http/envelope";
import { MAX_UPLOAD_BYTES, MultipartError, readMultipart } from "../../../http/multipart";
import { nextNumbers } from "../../system/fill-rule/fill-rule-service";
import { csvRows, parseStatement } from "./wechat-statement";
import { historyAdded } from "../../../crud/history";
import { PaymentHistory } from "../history-sources";
import { reconcile, type PaymentToMatch, type TradeToMatch } from "./reconcile";

export const WechatMessages = {
  noFile: "请选择要导入的微信支付账单文件",
  unreadable: "无法读取该文件，请上传微信支付账单的 CSV 或 Excel 文件",
  imported: (added: number, existing: number) => `导入成功：新增${added}笔交易${existing ? `，${existing}笔已导入过` : ""}`,
  badDate: "对账日期格式不正确，应为 yyyy-MM-dd",
  created: (created: number, unknown: number) => `已生成${created}笔付款${unknown ? `，${unknown}笔交易找不到付款家长（用户标识未登记）` : ""}`,
} as const;

const CHANNEL_WECHAT = "1";
const LIST_LIMIT = 200;

export const wechatTradeCrud = createModuleCrud(wechatTradeModule, {
  table: billWechatTrade,
  entity: { tenantColumn: "tenant_id", defaultSort: { property: "tradeTime", order: "desc" } },
  excel: { operations: ["export"] },
});

/** The uploaded statement's rows: an Excel workbook's first sheet, else CSV text. */
async function statementRows(bytes: Uint8Array): Promise<unknown[][]> {
  if (sniffWorkbook(bytes)) {
    const read = await readWorkbook(bytes);
    if (!read.ok) throw new ApiError(WechatMessages.unreadable);
    return read.rows.map(([, cells]) => cells);
  }
  const text = new TextDecoder("utf-8", { fatal: false }).decode(bytes);
  return csvRows(text);
}

interface Period {
  from: string | null;
  to: string | null;
}

function periodOf(source: Record<string, unknown>): Period {
  const date = (value: unknown) => {
    if (value === undefined || value === null || value === "") return null;
    if (typeof value !== "string" || !/^\d{4}-\d{2}-\d{2}$/.test(value)) throw new ApiError(WechatMessages.badDate);
    return value;
  };
  return { from: date(source.from), to: date(source.to) };
}

interface TradeRow {
  id: string;
  transaction_id: string;
  out_trade_no: string | null;
  amount: string;
  payer_id: string | null;
  payer_name: string | null;
  day: string;
  time: string;
}

interface PaymentRow {
  id: string;
  payment_no: string;
  trade_no: string | null;
  amount: string;
  payer_id: string;
  payer_name: string | null;
  day: string;
  time: string;
}

/** The period's successful trades and WeChat payments, and their reconciliation. */
async function reconcilePeriod(executor: Pick<Executor, "rows">, context: CrudContext, period: Period) {
  const zone = context.services.config.schoolTimeZone;
  const within = (column: string) =>
    sql`${sql.raw(column)} >= coalesce(${period.from}::date, '0001-01-01'::date)::timestamp at time zone ${zone}
        and ${sql.raw(column)} < (coalesce(${period.to}::date, '9999-12-30'::date) + 1)::timestamp at time zone ${zone}`;
  const trades = await executor.rows<TradeRow>(sql`
    select t.id, t.transaction_id, t.out_trade_no, t.amount::text as amount, p.id as payer_id, p.name as payer_name,
           to_char(t.trade_time at time zone ${zone}, 'YYYY-MM-DD') as day, to_char(t.trade_time at time zone ${zone}, 'YYYY-MM-DD HH24:MI:SS') as time
    from bill_wechat_trade t
    left join lateral (select id, name from school_parent where tenant_id = t.tenant_id and wechat_open_id = t.open_id order by id limit 1) p on t.open_id <> ''
    where t.tenant_id = ${context.tenantId} and t.trade_state = 'SUCCESS' and ${within("t.trade_time")}`);
  const payments = await executor.rows<PaymentRow>(sql`
    select id, payment_no, trade_no, amount::text as amount, payer_id, payer_name,
           to_char(paid_at at time zone ${zone}, 'YYYY-MM-DD') as day, to_char(paid_at at time zone ${zone}, 'YYYY-MM-DD HH24:MI:SS') as time
    from bill_payment
    where tenant_id = ${context.tenantId} and channel = ${CHANNEL_WECHAT} and status <> ${PaymentStatus.reversed} and ${within("paid_at")}`);
  const result = reconcile(
    trades.map((trade): TradeToMatch => ({ id: trade.id, outTradeNo: trade.out_trade_no ?? "", amountFen: toFen(trade.amount), payerId: trade.payer_id, day: trade.day })),
    payments.map((payment): PaymentToMatch => ({ id: payment.id, tradeNo: payment.trade_no, amountFen: toFen(payment.amount), payerId: payment.payer_id, day: payment.day })),
  );
  return { trades: new Map(trades.map((trade) => [trade.id, trade])), payments: new Map(payments.map((payment) => [payment.id, payment])), result };
}

function row(trade: TradeRow | undefined, payment: PaymentRow | undefined): ReconcileRow {
  return {
    tradeId: trade?.id ?? null,
    paymentId: payment?.id ?? null,
    transactionId: trade?.transaction_id ?? null,
    outTradeNo: trade?.out_trade_no ?? payment?.trade_no ?? null,
    paymentNo: payment?.payment_no ?? null,
    payerName: trade?.payer_name ?? payment?.payer_name ?? null,
    tradeAmount: trade ? fenToYuan(toFen(trade.amount)) : null,
    paymentAmount: payment ? fenToYuan(toFen(payment.amount)) : null,
    time: trade?.time ?? payment?.time ?? null,
  };
}

/** Records the matches on the trades (payment and 已对账); leaves the others unreconciled. */
async function recordMatches(tx: Executor, matched: ReadonlyArray<{ tradeId: string; paymentId: string }>): Promise<void> {
  if (matched.length === 0) return;
  await tx.rows(sql`
    update bill_wechat_trade t set payment_id = m.payment_id, reconciled = 1, update_time = now()
    from json_to_recordset(${JSON.stringify(matched.map((match) => ({ trade_id: match.tradeId, payment_id: match.paymentId })))}::json) as m(trade_id varchar, payment_id varchar)
    where t.id = m.trade_id and (t.payment_id is distinct from m.payment_id or t.reconciled <> 1)`);
}

/** One reconciliation of a tenant at a time (two 生成缺失付款 at once must not create twice). */
const lockReconciliation = (tx: Executor, tenantId: number) => tx.rows(sql`select pg_advisory_xact_lock(hashtext('bill_wechat_reconcile'), ${tenantId})`);

export const wechatTradeEndpoints: Endpoint[] = [
  ...wechatTradeCrud.endpoints,
  endpoint("POST", "/billing/wechatTrade/importExcel", "wechatTrade:import", async (request) => {
    const context = crudContext(request);
    let bytes: Uint8Array | undefined;
    try {
      bytes = (await readMultipart(request.req, { maxFiles: 1, maxFileBytes: MAX_UPLOAD_BYTES })).files[0]?.bytes;
    } catch (error) {
      if (error instanceof MultipartError) throw new ApiError(error.message || WechatMessages.noFile);
      throw error;
    }
    if (!bytes || bytes.length === 0) throw new ApiError(WechatMessages.noFile);
    let parsed;
    try {
      parsed = parseStatement(await statementRows(bytes), formatWireDateTime(new Date(), context.services.config.schoolTimeZone));
    } catch (error) {
      if (error instanceof ApiError) throw error;
      throw new ApiError(error instanceof Error ? error.message : WechatMessages.unreadable);
    }
    const problem = parsed.problems[0];
    if (problem) throw new ApiError(problem.message);
    const zone = context.services.config.schoolTimeZone;
    const rows = parsed.trades.map((trade) => ({
      id: newId(),
      transaction_id: trade.transactionId,
      out_trade_no: trade.outTradeNo.slice(0, 64) || null,
      open_id: trade.openId.slice(0, 64) || null,
      amount: fenToYuan(trade.amountFen),
      refund_amount: fenToYuan(trade.refundFen),
      trade_state: trade.tradeState,
      trade_time: trade.tradeTime,
      goods_name: trade.goodsName.slice(0, 255) || null,
      attach: trade.attach.slice(0, 255) || null,
    }));
    const added = await inTransaction(context.services.db, async (tx) => {
      let count = 0;
      for (let start = 0; start < rows.length; start += 5000) {
        const inserted = await tx.rows<{ id: string }>(sql`
          insert into bill_wechat_trade (id, tenant_id, transaction_id, out_trade_no, open_id, amount, refund_amount, trade_state, trade_time, goods_name, attach, create_by)
          select r.id, ${context.tenantId}, r.transaction_id, r.out_trade_no, r.open_id, r.amount, r.refund_amount, r.trade_state,
                 r.trade_time::timestamp at time zone ${zone}, r.goods_name, r.attach, ${context.username.slice(0, 32)}
          from json_to_recordset(${JSON.stringify(rows.slice(start, start + 5000))}::json)
            as r(id varchar, transaction_id varchar, out_trade_no varchar, open_id varchar, amount numeric, refund_amount numeric, trade_state varchar, trade_time varchar, goods_name varchar, attach varchar)
          on conflict (tenant_id, transaction_id) do nothing
          returning id`);
        count += inserted.length;
      }
      return count;
    });
    return okMessage(WechatMessages.imported(added, rows.length - added));
  }, { doc: { summary: "导入微信对账单" } }),
  endpoint("POST", "/billing/wechatTrade/reconcile", "wechatTrade:reconcile", async (request) => {
    const context = crudContext(request);
    const period = periodOf({ ...request.query, ...request.body });
    const answer = await inTransaction(context.services.db, async (tx): Promise<ReconcileAnswer> => {
      await lockReconciliation(tx, context.tenantId);
      const { trades, payments, result } = await reconcilePeriod(tx, context, period);
      await recordMatches(tx, result.matched);
      return {
        matched: result.matched.length,
        differing: result.differing.slice(0, LIST_LIMIT).map((pair) => row(trades.get(pair.tradeId), payments.get(pair.paymentId))),
        missingPayments: result.missingPayments.slice(0, LIST_LIMIT).map((id) => row(trades.get(id), undefined)),
        missingTrades: result.missingTrades.slice(0, LIST_LIMIT).map((id) => row(undefined, payments.get(id))),
        unknownPayers: result.missingPayments.filter((id) => !trades.get(id)?.payer_id).length,
      };
    });
    return ok(answer);
  }, { doc: { summary: "微信交易与付款对账" } }),
  endpoint("POST", "/billing/wechatTrade/createMissingPayments", "wechatTrade:reconcile", async (request) => {
    const context = crudContext(request);
    const period = periodOf({ ...request.query, ...request.body });
    const outcome = await inTransaction(context.services.db, async (tx) => {
      await lockReconciliation(tx, context.tenantId);
      const { trades, result } = await reconcilePeriod(tx, context, period);
      await recordMatches(tx, result.matched);
      const creatable = result.missingPayments.map((id) => trades.get(id)!).filter((trade) => trade.payer_id);
      const numbers = await nextNumbers(tx, context.tenantId, "payment_no", creatable.length, context.services.config.schoolTimeZone);
      const payments = creatable.map((trade, index) => ({
        id: newId(),
        trade_id: trade.id,
        payment_no: numbers[index],
        payer_id: trade.payer_id,
        payer_name: trade.payer_name,
        amount: trade.amount,
        paid_at: trade.time,
        trade_no: (trade.out_trade_no || trade.transaction_id).slice(0, 64),
      }));
      if (payments.length > 0) {
        const json = JSON.stringify(payments);
        await tx.rows(sql`
          insert into bill_payment (id, tenant_id, payment_no, payer_type, payer_id, payer_name, channel, amount, paid_at, trade_no, status, remark, create_by)
          select r.id, ${context.tenantId}, r.payment_no, '1', r.payer_id, r.payer_name, ${CHANNEL_WECHAT}, r.amount,
                 r.paid_at::timestamp at time zone ${context.services.config.schoolTimeZone}, r.trade_no, ${PaymentStatus.unallocated}, '微信对账生成', ${context.username.slice(0, 32)}
          from json_to_recordset(${json}::json) as r(id varchar, payment_no varchar, payer_id varchar, payer_name varchar, amount numeric, paid_at varchar, trade_no varchar)`);
        await historyAdded(tx, { tenantId: context.tenantId, username: context.username }, PaymentHistory, payments.map((payment) => payment.id), { action: "add" });
        await recordMatches(tx, payments.map((payment) => ({ tradeId: payment.trade_id, paymentId: payment.id })));
      }
      return { created: payments.length, unknown: result.missingPayments.length - payments.length };
    });
    return ok(outcome, WechatMessages.created(outcome.created, outcome.unknown));
  }, { doc: { summary: "为微信交易补建缺少的付款" } }),
];
