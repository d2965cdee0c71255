// 付款 (/billing/payment): money received from a payer (a parent or a corporation), allocated
// over bills in the same form (the allocation grid). Saving a payment with its allocations is one
// transaction: the payment, its allocations, each bill's paid amount and status (未付 / 部分 /
// 已付) and its receivable (./payment-allocation.ts). Changing allocations needs 分配
// (payment:allocate); 冲销 (payment:reverse) takes a payment back and restores the bills. A payment
// is never deleted (its number would leave a gap, docs/decisions/156): one recorded by mistake,
// never allocated nor receipted, is voided (作废, payment:void) with a reason and keeps its number.
import { sql } from "drizzle-orm";
import { paymentModule, PaymentKind, PaymentStatus, ReasonMessages, RefundMessages } from "#contract/modules/billing";
import { Messages } from "#contract/messages";
import { ResultCode } from "#contract/envelope";
import { billPayment } from "../../../db/schema";
import { createModuleCrud } from "../../../crud/module";
import { crudContext, inTransaction } from "../../../crud/context";
import { notFound, singleId } from "../../../crud/crud-messages";
import { endpoint, menuAccess, type Endpoint } from "../../../http/endpoint";
import { ApiError, ok, okMessage } from "../../../http/envelope";
import { fenToYuan, sumFen, toFen } from "#contract/money";
import { exactMoney, MAX_AMOUNT_FEN } from "../money-fields";
import { addNames, namesOf } from "../billing-names";
import { PayerType } from "../bill/bill-plan";
import { nextNumber } from "../../system/fill-rule/fill-rule-service";
import { currentAllocations, lockPayment, lockPaymentNotOfOrder, parseAllocations, PaymentMessages, replaceAllocations, reversePayment, sameAllocations } from "./payment-allocation";
import "../student-dictionary";
import { refuseFuturePaidAt } from "./payment-record";
import { historyReason, updateWithHistory, withHistory, type HistoryChange } from "../../../crud/history";
import { HistoryLabels, PaymentHistory } from "../history-sources";

export const PAYMENT_PAGE = paymentModule.page;
export const PaymentButtons = { allocate: "payment:allocate", reverse: "payment:reverse", void: "payment:void" } as const;
const PAYMENT_NO_RULE = "payment_no";

export const paymentCrud = createModuleCrud(paymentModule, {
  table: billPayment,
  entity: { tenantColumn: "tenant_id" },
  history: { extra: PaymentHistory.extra, labels: { allocations: HistoryLabels.allocations } },
  // Payments are recorded one by one (or created by the WeChat reconciliation), not from a sheet.
  excel: { operations: ["export"] },
  hooks: {
    prepare: async (prepared) => {
      exactMoney(prepared, "amount", "付款金额", { min: 1n, max: MAX_AMOUNT_FEN });
      refuseFuturePaidAt(prepared.values.paidAt);
      const allocations = parseAllocations(prepared.body.allocations);
      if (!allocations) return;
      // Changing allocations needs 分配; checked here, outside the transaction (one connection on PGlite).
      const id = typeof prepared.body.id === "string" ? prepared.body.id : "";
      const stored = prepared.operation === "edit" && id ? await currentAllocations(prepared.services.db, id) : new Map<string, bigint>();
      if (!sameAllocations(stored, allocations) && !(await prepared.services.permissions.hasButton(prepared.auth, PaymentButtons.allocate)))
        throw new ApiError(Messages.noPermission, ResultCode.noPermission);
    },
    beforeSave: async (save) => {
      if (save.operation === "edit") {
        const locked = await lockPaymentNotOfOrder(save.tx, save.tenantId, save.id);
        if (locked?.status === PaymentStatus.reversed) throw new ApiError(PaymentMessages.reversed);
        if (locked?.kind === PaymentKind.refund) throw new ApiError(RefundMessages.refundNotChanged);
        // An amount below what stays allocated is refused with the allocated sum named.
        const allocations = parseAllocations(save.body.allocations);
        const allocated = allocations ? allocations.reduce((sum, allocation) => sum + allocation.amountFen, 0n) : sumFen((await currentAllocations(save.tx, save.id)).values());
        const amount = toFen(save.values.amount ?? locked?.amount ?? "0");
        if (amount < allocated)
          throw new ApiError(allocations ? PaymentMessages.overPayment(fenToYuan(allocated), fenToYuan(amount)) : PaymentMessages.amountBelowAllocated(fenToYuan(allocated)));
        // Keeps the row's check (allocated ≤ amount) true until the allocations are settled.
        if (allocations) save.values.allocatedAmount = fenToYuan(allocated);
        return;
      }
      const payerType = String(save.values.payerType);
      const payerId = String(save.values.payerId);
      if (payerType !== PayerType.parent && payerType !== PayerType.corporation) throw new ApiError(PaymentMessages.unknownPayer);
      const kind = payerType === PayerType.corporation ? "corporation" : "parent";
      const payer = (await namesOf(save, kind, [payerId], save.tx)).get(payerId);
      if (!payer) throw new ApiError(PaymentMessages.unknownPayer);
      const paymentNo = await nextNumber(save.tx, save.tenantId, PAYMENT_NO_RULE, save.services.config.schoolTimeZone);
      Object.assign(save.values, { paymentNo, payerName: payer.name, status: PaymentStatus.unallocated, allocatedAmount: "0" });
    },
    // 详情 names a shop order's payment's order by its number, never its id.
    decorate: (context, records) => addNames(context, records, "orderId", (record) => (record.orderId ? "order" : null), "orderNo"),
    afterSave: async (save) => {
      const allocations = parseAllocations(save.body.allocations);
      if (!allocations) return;
      // A new payment's own history row is written by its settling UPDATE (one statement less, issue #32).
      const added = save.operation === "add" ? { source: paymentCrud.history, change: { ...paymentCrud.historyActor(save), action: "add" } } : undefined;
      await replaceAllocations(save.tx, save.tenantId, save.id, allocations, { tenantId: save.tenantId, username: save.username, action: "allocate" }, added);
      if (added) save.historyWritten = true;
    },
  },
});

export const paymentEndpoints: Endpoint[] = [
  ...paymentCrud.endpoints,
  // The payment's allocation grid: its rows with each bill's number.
  endpoint("GET", "/billing/payment/allocations", menuAccess(PAYMENT_PAGE), async (request) => {
    const context = crudContext(request);
    const id = singleId(request.query.paymentId);
    const payment = id ? await paymentCrud.findById(context, id) : undefined;
    if (!payment || !id) throw notFound();
    const rows = await context.services.db.rows(sql`
      select a.bill_id as "billId", b.bill_no as "billNo", a.amount::text as amount,
             -- The bill's name where the grid does not offer it (a paid bill, 详情): number and student.
             concat_ws(' ', b.bill_no, s.name_cn, b.school_year || '-' || b.term) as "billId_dictText"
      from bill_payment_allocation a join bill_bill b on b.id = a.bill_id left join school_student s on s.id = b.student_id
      where a.payment_id = ${id} order by a.sort_no, a.id`);
    return ok(rows);
  }, { doc: { summary: "付款分配到了哪些账单" } }),
  // The bills a payer may still pay (and those this payment already holds): the grid's choices.
  endpoint("GET", "/billing/payment/openBills", menuAccess(PAYMENT_PAGE), async (request) => {
    const context = crudContext(request);
    const payerType = String(request.query.payerType ?? "");
    const payerId = String(request.query.payerId ?? "");
    const paymentId = String(request.query.paymentId ?? "");
    const rows = await context.services.db.rows(sql`
      select b.id, b.bill_no as "billNo", s.name_cn as "studentName", b.school_year as "schoolYear", b.term,
             b.payable::text as payable, b.paid_amount::text as "paidAmount", b.status
      from bill_bill b left join school_student s on s.id = b.student_id
      where b.tenant_id = ${context.tenantId} and b.status <> '4'
        and ((b.payer_type = ${payerType} and b.payer_id = ${payerId} and b.paid_amount < b.payable)
             or b.id in (select bill_id from bill_payment_allocation where payment_id = ${paymentId}))
      order by b.bill_no limit 200`);
    return ok(rows);
  }, { doc: { summary: "付款方未付清的账单（供分配）" } }),
  endpoint("POST", "/billing/payment/allocate", PaymentButtons.allocate, async (request) => {
    const context = crudContext(request);
    const id = singleId(request.body.id ?? request.query.id);
    if (!id) throw notFound();
    const allocations = parseAllocations(request.body.allocations ?? []) ?? [];
    const history: HistoryChange = { ...paymentCrud.historyActor(context), action: "allocate" };
    await inTransaction(context.services.db, async (tx) => {
      if (!(await lockPayment(tx, context.tenantId, id))) throw notFound();
      await withHistory(tx, history, paymentCrud.history, [id], history, () => replaceAllocations(tx, context.tenantId, id, allocations, history));
    });
    return okMessage(PaymentMessages.allocatedDone);
  }, { doc: { summary: "把付款分配到账单" } }),
  endpoint("POST", "/billing/payment/reverse", PaymentButtons.reverse, async (request) => {
    const context = crudContext(request);
    const id = singleId(request.body.id ?? request.query.id);
    if (!id) throw notFound();
    const reason = historyReason(request.body);
    if (!reason) throw new ApiError(ReasonMessages.reverse);
    const history: HistoryChange = { ...paymentCrud.historyActor(context), action: "reverse", reason };
    const found = await inTransaction(context.services.db, async (tx) => {
      if (!(await lockPayment(tx, context.tenantId, id))) return false;
      return withHistory(tx, history, paymentCrud.history, [id], history, () => reversePayment(tx, context.tenantId, id, history));
    });
    if (!found) throw notFound();
    return okMessage(PaymentMessages.reversedDone);
  }, { doc: { summary: "冲销付款" } }),
  // 作废: a payment recorded by mistake (never allocated nor receipted: else 冲销) keeps its number,
  // with its state and the reason, out of every total as a reversed one (status 已作废).
  endpoint("POST", "/billing/payment/void", PaymentButtons.void, async (request) => {
    const context = crudContext(request);
    const id = singleId(request.body.id ?? request.query.id);
    if (!id) throw notFound();
    const reason = historyReason(request.body);
    if (!reason) throw new ApiError(ReasonMessages.void);
    const history: HistoryChange = { ...paymentCrud.historyActor(context), action: "void", reason };
    const username = context.username.slice(0, 32);
    const found = await inTransaction(context.services.db, async (tx) => {
      // Under the payment's lock, which allocation and 开收据 take too: neither can slip in between.
      const payment = await lockPaymentNotOfOrder(tx, context.tenantId, id);
      if (!payment) return false;
      if (payment.status === PaymentStatus.reversed) throw new ApiError(PaymentMessages.voidedAlready);
      const [used] = await tx.rows<{ used: boolean }>(sql`
        select exists (select 1 from bill_payment_allocation where payment_id = ${id}) or exists (select 1 from bill_receipt where payment_id = ${id}) as used`);
      if (used?.used) throw new ApiError(PaymentMessages.voidUsed);
      await updateWithHistory(tx, history, paymentCrud.history, [id], history, sql`
        update bill_payment p set status = ${PaymentStatus.reversed}, void_reason = ${reason.slice(0, 255)}, voided_by = ${username}, voided_at = now(),
               update_by = ${username}, update_time = now()
        where p.id = ${id}
        returning p.*`);
      return true;
    });
    if (!found) throw notFound();
    return okMessage(PaymentMessages.voidedDone);
  }, { doc: { summary: "作废付款" } }),
];
