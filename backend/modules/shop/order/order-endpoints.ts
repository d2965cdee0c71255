// 订单 (/shop/order): a parent's order with its lines (a grid on the page). The backend reads every
// commodity's name and price, takes the stock in the same transaction (./stock.ts) and computes
// the total in fen; it never trusts a price or total from the form. Lines change only while the
// order is 待付款 (the stock moves by the difference). 付款 → 发货 → 完成 move the status with
// conditional updates; 付款 records a payment of 付款, 取消 (unpaid) and 退款 (paid) give the stock
// back, 退款 records a negative payment. An order is never deleted (docs/decisions/161).
import { sql } from "drizzle-orm";
import { ORDER_TRANSITIONS, OrderStatus, ShopMessages, orderModule, type OrderTransition } from "#contract/modules/shop";
import { fenToYuan, multiplyFen, sumFen, toFen } from "#contract/money";
import { shopOrder } from "../../../db/schema";
import { createModuleCrud } from "../../../crud/module";
import { crudSummary } from "../../../crud/summary";
import { crudContext, inTransaction, type CrudContext, type Executor } from "../../../crud/context";
import { historyReason, updateWithHistory, type HistoryChange } from "../../../crud/history";
import { parseWireDate } from "../../../crud/values";
import { PaymentKind, PaymentStatus } from "#contract/modules/billing";
import { PayerType } from "../../billing/bill/bill-plan";
import { recordPayment, refuseFuturePaidAt } from "../../billing/payment/payment-record";
import { notFound, singleId } from "../../../crud/crud-messages";
import { newId } from "../../../db/ids";
import { endpoint, menuAccess, type Endpoint } from "../../../http/endpoint";
import { ApiError, ok, okMessage } from "../../../http/envelope";
import "../../billing/student-dictionary";
import { nextNumber } from "../../system/fill-rule/fill-rule-service";
import { moveStock, restoreStock, stockKey } from "./stock";
import { decryptValue } from "../../../security/personal-data";

/** The fill rule of order numbers (migration 0100: DD + day + 4 digits). */
export const ORDER_NO_RULE = "order_no";

export interface OrderLine {
  commodityId: string;
  /** The commodity's 规格, required when it has variants (checked when the stock is taken). */
  variantId: string | null;
  quantity: number;
}

/** The grid's lines as sent, checked (at least one, at most 100, one line per commodity and variant). */
export function parseOrderLines(input: unknown): OrderLine[] {
  if (!Array.isArray(input) || input.length === 0) throw new ApiError(ShopMessages.noLines);
  if (input.length > 100) throw new ApiError(ShopMessages.tooManyLines);
  const lines = input.map((raw, index) => {
    const row = (raw && typeof raw === "object" ? raw : {}) as Record<string, unknown>;
    const commodityId = typeof row.commodityId === "string" ? row.commodityId.trim() : "";
    const variantId = typeof row.variantId === "string" && row.variantId.trim() ? row.variantId.trim() : null;
    const quantity = Number(typeof row.quantity === "string" ? row.quantity.trim() : row.quantity);
    if (!commodityId || commodityId.includes("/") || variantId?.includes("/") || !Number.isInteger(quantity) || quantity < 1 || quantity > 9999)
      throw new ApiError(ShopMessages.badLine(index + 1));
    return { commodityId, variantId, quantity };
  });
  if (new Set(lines.map((line) => stockKey(line.commodityId, line.variantId))).size !== lines.length) throw new ApiError(ShopMessages.repeatedCommodity);
  return lines;
}

export const orderCrud = createModuleCrud(orderModule, {
  table: shopOrder,
  entity: { tenantColumn: "tenant_id" },
  // Orders are placed with their lines (a form or a cart), not from a sheet.
  excel: { operations: ["export"] },
  hooks: {
    prepare: (prepared) => {
      if (prepared.operation === "add" || prepared.body.lines !== undefined) parseOrderLines(prepared.body.lines);
    },
    beforeSave: async (save) => {
      const tenantId = save.tenantId;
      if (save.operation === "edit" && save.existing?.status !== OrderStatus.unpaid) throw new ApiError(ShopMessages.locked);
      const parentId = String(save.values.parentId ?? save.existing?.parentId);
      const [parent] = await save.tx.rows<{ name: string; phone: string | null }>(sql`select name, phone from school_parent where id = ${parentId} and tenant_id = ${tenantId}`);
      if (!parent) throw new ApiError("家长不存在");
      const studentId = save.values.studentId;
      if (typeof studentId === "string" && studentId) {
        const [student] = await save.tx.rows(sql`select 1 from school_student where id = ${studentId} and tenant_id = ${tenantId}`);
        if (!student) throw new ApiError("学生不存在");
      }
      // The receiver is a snapshot: the parent unless the order names another.
      if (!save.values.receiver && !save.existing?.receiver) save.values.receiver = parent.name.slice(0, 50);
      if (!save.values.receiverPhone && !save.existing?.receiverPhone) save.values.receiverPhone = parent.phone === null ? null : decryptValue(parent.phone);
      if (save.operation === "add") {
        save.values.orderNo = await nextNumber(save.tx, save.tenantId, ORDER_NO_RULE, save.services.config.schoolTimeZone);
        save.values.status = OrderStatus.unpaid;
      }
      if (save.operation === "add" || save.body.lines !== undefined) {
        const lines = parseOrderLines(save.body.lines);
        // The stock moves by what changed: new lines minus the stored ones (per commodity and variant).
        const change = new Map<string, number>();
        const stored =
          save.operation === "edit"
            ? await save.tx.rows<{ commodity_id: string; variant_id: string | null; name: string; variant_name: string | null; price: string; quantity: number }>(sql`
                select commodity_id, variant_id, name, variant_name, price::text as price, quantity from shop_order_item where order_id = ${save.id}`)
            : [];
        for (const line of stored) change.set(stockKey(line.commodity_id, line.variant_id), -line.quantity);
        for (const line of lines) {
          const key = stockKey(line.commodityId, line.variantId);
          change.set(key, (change.get(key) ?? 0) + line.quantity);
        }
        for (const [key, quantity] of change) if (quantity === 0) change.delete(key);
        const touched = await moveStock(save.tx, tenantId, change);
        // Lines whose quantity did not change keep the stored name and price.
        const known = new Map(stored.map((row) => [stockKey(row.commodity_id, row.variant_id), { name: row.name, price: row.price, variantName: row.variant_name }] as const));
        for (const [key, taken] of touched) known.set(key, taken);
        const priced = lines.map((line, index) => {
          const commodity = known.get(stockKey(line.commodityId, line.variantId))!;
          const amount = multiplyFen(toFen(commodity.price), String(line.quantity));
          return {
            id: newId(),
            commodity_id: line.commodityId,
            variant_id: line.variantId,
            variant_name: commodity.variantName,
            name: commodity.name,
            price: commodity.price,
            quantity: line.quantity,
            amount,
            sort_no: index,
          };
        });
        save.values.total = fenToYuan(sumFen(priced.map((line) => line.amount)));
        pricedLines.set(save.tx, priced.map((line) => ({ ...line, amount: fenToYuan(line.amount) })));
      }
    },
    afterSave: async (save) => {
      const lines = pricedLines.get(save.tx);
      if (!lines) return;
      pricedLines.delete(save.tx);
      await save.tx.rows(sql`delete from shop_order_item where order_id = ${save.id}`);
      const json = JSON.stringify(lines.map((line) => ({ ...line, order_id: save.id })));
      await save.tx.rows(sql`
        insert into shop_order_item (id, order_id, commodity_id, variant_id, variant_name, name, price, quantity, amount, sort_no)
        select r.id, r.order_id, r.commodity_id, r.variant_id, r.variant_name, r.name, r.price, r.quantity, r.amount, r.sort_no
        from json_populate_recordset(null::shop_order_item, ${json}::json) r`);
    },
  },
});

/** The priced lines of the order being saved, from beforeSave to afterSave. */
const pricedLines = new WeakMap<object, Array<Record<string, unknown>>>();

interface MovedOrder extends Record<string, unknown> {
  order_no: string;
  parent_id: string;
  parent_name: string | null;
  total: string;
}

/** 付款's channel (dict payment_channel) and time (the school's wall time; now when blank). */
function paymentOf(body: Record<string, unknown>): { channel: string; paidAt: Date | undefined } {
  const channel = typeof body.payChannel === "string" ? body.payChannel.trim() : "";
  if (!/^\d{1,2}$/.test(channel)) throw new ApiError(ShopMessages.payChannel);
  const text = typeof body.paidAt === "string" ? body.paidAt.trim() : "";
  if (!text) return { channel, paidAt: undefined };
  const paidAt = parseWireDate(text);
  if (!paidAt) throw new ApiError(ShopMessages.paidAt);
  // The order's 付款时间 is its payment's: never later than now (docs/decisions/178).
  refuseFuturePaidAt(paidAt.start);
  return { channel, paidAt: paidAt.start };
}

/**
 * An action moving the order's status by one conditional UPDATE (so that of many requests at
 * once exactly one moves it), which writes the order's history row with the reason, then, in the
 * same transaction: 付款 records the order's payment in 付款 (payer the parent, the order's total,
 * never allocated to bills); 取消 and 退款 give the stock back; 退款 records the negative payment
 * of the order's payment (docs/decisions/161).
 */
function transitionEndpoint(action: OrderTransition): Endpoint {
  const transition = ORDER_TRANSITIONS[action];
  return endpoint("POST", `${orderModule.api}/${action}`, `${orderModule.permissionPrefix}:${action}`, async (request) => {
    const context = crudContext(request);
    const id = singleId(request.body.id ?? request.query.id);
    if (!id) throw notFound();
    const reason = transition.reason ? historyReason(request.body) : null;
    if (transition.reason && !reason) throw new ApiError(ShopMessages.reason(transition.label));
    const payment = action === "pay" ? paymentOf(request.body) : undefined;
    const change: HistoryChange = { ...orderCrud.historyActor(context), action, reason };
    const username = context.username.slice(0, 32);
    const paymentNo = await inTransaction(context.services.db, async (tx) => {
      const from = `{${transition.from.join(",")}}`;
      const set = payment
        ? sql`, paid_at = coalesce(${payment.paidAt?.toISOString() ?? null}::timestamptz, now()), pay_channel = ${payment.channel}`
        : reason
          ? sql`, close_reason = ${reason.slice(0, 255)}, closed_at = now()`
          : sql``;
      const { rows } = await updateWithHistory<MovedOrder>(tx, change, orderCrud.history, [id], change, sql`
        update shop_order o set status = ${transition.to}, update_by = ${username}, update_time = now() ${set}
        where o.id = ${id} and o.tenant_id = ${context.tenantId} and o.status = any(${from}::varchar[])
        returning o.*`, { answer: sql`t.order_no, t.parent_id, (select p.name from school_parent p where p.id = t.parent_id) as parent_name, t.total::text as total` });
      const moved = rows[0];
      if (!moved) {
        const [exists] = await tx.rows(sql`select 1 from shop_order where id = ${id} and tenant_id = ${context.tenantId}`);
        if (!exists) throw notFound();
        throw new ApiError(ShopMessages.badTransition(transition.label));
      }
      if (action === "cancel" || action === "refund") await restoreStock(tx, context.tenantId, [id]);
      if (action === "refund") await refundOrderPayment(tx, context, id, moved.order_no, reason!);
      if (!payment || toFen(moved.total) <= 0n) return null;
      const paid = { payerType: PayerType.parent, payerId: moved.parent_id, payerName: moved.parent_name, channel: payment.channel, amount: moved.total, paidAt: payment.paidAt };
      return (await recordPayment(tx, context, { ...paid, kind: PaymentKind.receipt, remark: `订单 ${moved.order_no}`, allocated: false, orderId: id }, { action: "add" })).paymentNo;
    });
    return okMessage(paymentNo ? ShopMessages.paid(paymentNo) : `${transition.label}成功`);
  }, { doc: { summary: crudSummary(orderModule, transition.label) } });
}

/** 退款's negative payment (退费) of the order's payment: same payer and channel (none for an order paid before 161). */
async function refundOrderPayment(tx: Executor, context: CrudContext, orderId: string, orderNo: string, reason: string): Promise<void> {
  const [paid] = await tx.rows<{ payer_type: string; payer_id: string; payer_name: string | null; channel: string; amount: string }>(sql`
    select payer_type, payer_id, payer_name, channel, amount::text as amount from bill_payment
    where order_id = ${orderId} and kind = ${PaymentKind.receipt} and status <> ${PaymentStatus.reversed}`);
  if (!paid) return;
  const refund = { payerType: paid.payer_type, payerId: paid.payer_id, payerName: paid.payer_name, channel: paid.channel, amount: fenToYuan(-toFen(paid.amount)) };
  await recordPayment(tx, context, { ...refund, kind: PaymentKind.refund, remark: `退款：订单 ${orderNo}，${reason}`, allocated: false, orderId }, { action: "refund", reason });
}

const linesOf = endpoint("GET", "/shop/order/lines", menuAccess(orderModule.page), async (request) => {
  const context = crudContext(request);
  const id = singleId(request.query.orderId);
  if (!id || !(await orderCrud.findById(context, id))) throw notFound();
  const rows = await context.services.db.rows(sql`
    select commodity_id as "commodityId", variant_id as "variantId", variant_name as "variantName", name, price::text as price, quantity, amount::text as amount
    from shop_order_item where order_id = ${id} order by sort_no, id`);
  return ok(rows);
}, { doc: { summary: "订单的商品明细" } });

export const orderEndpoints: Endpoint[] = [...orderCrud.endpoints, ...(Object.keys(ORDER_TRANSITIONS) as OrderTransition[]).map(transitionEndpoint), linesOf];
