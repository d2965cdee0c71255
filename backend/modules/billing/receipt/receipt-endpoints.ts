// 收据 (/billing/receipt): a receipt is issued from a payment (开收据, receipt:add), numbered by
// the fill rule receipt_no, with the amount in capital numerals (contract/amount-in-words.ts).
// One live receipt per payment. Nothing issued is deleted (docs/decisions/106): 作废 (receipt:void)
// keeps the number with its state and the reason; the payment's next receipt takes the next number
// and names the voided one (重开). 打印 (receipt:print) answers what the print view shows and counts
// the print: every print after the first is a 补打 (a copy). Only the remark is edited by hand.
import { sql } from "drizzle-orm";
import { PaymentStatus, ReasonMessages, ReceiptStatus, receiptModule } from "#contract/modules/billing";
import { amountInWords } from "#contract/amount-in-words";
import { toFen } from "#contract/money";
import { billReceipt } from "../../../db/schema";
import { createModuleCrud } from "../../../crud/module";
import { crudContext, inTransaction, type CrudContext, type Executor } from "../../../crud/context";
import { notFound, singleId } from "../../../crud/crud-messages";
import { newId } from "../../../db/ids";
import { endpoint, type Endpoint } from "../../../http/endpoint";
import { ApiError, ok, okMessage } from "../../../http/envelope";
import { nextNumber } from "../../system/fill-rule/fill-rule-service";
import { lockPayment } from "../payment/payment-allocation";
import { formatDateTime } from "../../../http/format";
import { historyAdded, historyReason, withHistory } from "../../../crud/history";

const RECEIPT_NO_RULE = "receipt_no";

export const ReceiptMessages = {
  issuedAlready: (receiptNo: string) => `该付款已开具收据 ${receiptNo}`,
  reversed: "已冲销的付款不能开具收据",
  issued: (receiptNo: string) => `收据 ${receiptNo} 已开具`,
  reissued: (receiptNo: string, previousNo: string) => `收据 ${receiptNo} 已重开（原收据 ${previousNo} 已作废）`,
  voidedAlready: "该收据已作废",
  voided: "作废成功",
  voidPrint: "已作废的收据不能打印",
} as const;

export const receiptCrud = createModuleCrud(receiptModule, {
  table: billReceipt,
  entity: { tenantColumn: "tenant_id", defaultSort: { property: "issuedAt", order: "desc" } },
  excel: { operations: ["export"] },
});

interface PrintedReceipt {
  id: string;
  receiptNo: string;
  paymentNo: string;
  payerName: string | null;
  amount: string;
  amountInWords: string;
  issuedAt: string;
  issuer: string | null;
  printCount: number;
  remark: string | null;
  reissueOfNo: string | null;
  channel: string;
  paidAt: string;
  tradeNo: string | null;
  paymentStatus: string;
}

/**
 * Issues the payment's receipt in the caller's transaction: under the payment's lock, refused when
 * it has a live one; names the last voided one it replaces (重开). A refund (退费, a negative
 * amount) gets its receipt too: the amount negative, the words of what was paid back.
 */
export async function issueReceipt(tx: Executor, context: CrudContext, paymentId: string): Promise<{ id: string; receiptNo: string; reissueOfNo: string | null }> {
  const issuer = (context.auth.user.realname || context.username).slice(0, 50);
  const payment = await lockPayment(tx, context.tenantId, paymentId);
  if (!payment) throw notFound();
  if (payment.status === PaymentStatus.reversed) throw new ApiError(ReceiptMessages.reversed);
  // Under the payment's lock: the live receipt, else the last voided one this one replaces (重开).
  const receipts = await tx.rows<{ id: string; receipt_no: string; status: string }>(
    sql`select id, receipt_no, status from bill_receipt where payment_id = ${paymentId} order by issued_at desc, receipt_no desc`,
  );
  const live = receipts.find((row) => row.status === ReceiptStatus.valid);
  if (live) throw new ApiError(ReceiptMessages.issuedAlready(live.receipt_no));
  const replaced = receipts[0];
  const [detail] = await tx.rows<{ payment_no: string; payer_name: string | null }>(sql`select payment_no, payer_name from bill_payment where id = ${paymentId}`);
  // Taken in this transaction: a refused or failed issue gives the number back (no gap).
  const receiptNo = await nextNumber(tx, context.tenantId, RECEIPT_NO_RULE, context.services.config.schoolTimeZone);
  const id = newId();
  const fen = toFen(payment.amount);
  await tx.rows(sql`
    insert into bill_receipt (id, tenant_id, receipt_no, payment_id, payment_no, payer_name, amount, amount_in_words, issuer, reissue_of, reissue_of_no, create_by)
    values (${id}, ${context.tenantId}, ${receiptNo}, ${paymentId}, ${detail!.payment_no}, ${detail!.payer_name}, ${payment.amount}::numeric,
            ${amountInWords(fen < 0n ? -fen : fen)}, ${issuer}, ${replaced?.id ?? null}, ${replaced?.receipt_no ?? null}, ${context.username.slice(0, 32)})`);
  await historyAdded(tx, receiptCrud.historyActor(context), receiptCrud.history, [id], { action: replaced ? "reissue" : "issue" });
  return { id, receiptNo, reissueOfNo: replaced?.receipt_no ?? null };
}

export const receiptEndpoints: Endpoint[] = [
  ...receiptCrud.endpoints,
  endpoint("POST", "/billing/receipt/issue", "receipt:add", async (request) => {
    const context = crudContext(request);
    // A payment, or a voided receipt whose payment gets its next receipt (重开 from the receipt list).
    const receiptId = singleId(request.body.receiptId ?? request.query.receiptId);
    const [ofReceipt] = receiptId
      ? await context.services.db.rows<{ payment_id: string }>(sql`select payment_id from bill_receipt where id = ${receiptId} and tenant_id = ${context.tenantId}`)
      : [];
    const paymentId = ofReceipt?.payment_id ?? singleId(request.body.paymentId ?? request.query.paymentId);
    if (!paymentId) throw notFound();
    const receipt = await inTransaction(context.services.db, (tx) => issueReceipt(tx, context, paymentId));
    return ok(receipt, receipt.reissueOfNo ? ReceiptMessages.reissued(receipt.receiptNo, receipt.reissueOfNo) : ReceiptMessages.issued(receipt.receiptNo));
  }, { doc: { summary: "为付款开具收据" } }),
  // 作废: the receipt stays with its number, its state and the reason; the payment may be receipted again.
  endpoint("POST", "/billing/receipt/void", "receipt:void", async (request) => {
    const context = crudContext(request);
    const id = singleId(request.body.id ?? request.query.id);
    if (!id) throw notFound();
    const reason = historyReason(request.body);
    if (!reason) throw new ApiError(ReasonMessages.void);
    const found = await inTransaction(context.services.db, async (tx) => {
      const [receipt] = await tx.rows<{ payment_id: string; status: string }>(
        sql`select payment_id, status from bill_receipt where id = ${id} and tenant_id = ${context.tenantId}`,
      );
      if (!receipt) return false;
      // The house order: the payment first (issue takes it too), then the receipt.
      await lockPayment(tx, context.tenantId, receipt.payment_id);
      const [locked] = await tx.rows<{ status: string }>(sql`select status from bill_receipt where id = ${id} for update`);
      if (locked!.status === ReceiptStatus.void) throw new ApiError(ReceiptMessages.voidedAlready);
      const history = { ...receiptCrud.historyActor(context), action: "void", reason };
      await withHistory(tx, history, receiptCrud.history, [id], history, () => tx.rows(sql`
        update bill_receipt set status = ${ReceiptStatus.void}, void_reason = ${reason.slice(0, 255)}, voided_by = ${context.username.slice(0, 32)},
               voided_at = now(), update_by = ${context.username.slice(0, 32)}, update_time = now()
        where id = ${id}`));
      return true;
    });
    if (!found) throw notFound();
    return okMessage(ReceiptMessages.voided);
  }, { doc: { summary: "作废收据" } }),
  // The print view's data; every call is one print (the view is opened to be printed).
  endpoint("POST", "/billing/receipt/print", "receipt:print", async (request) => {
    const context = crudContext(request);
    const id = singleId(request.body.id ?? request.query.id);
    if (!id) throw notFound();
    const printed = await inTransaction(context.services.db, async (tx) => {
      const [receipt] = await withHistory(tx, receiptCrud.historyActor(context), receiptCrud.history, [id], { action: "print" }, () => tx.rows<PrintedReceipt>(sql`
        update bill_receipt r set print_count = r.print_count + 1
        from bill_payment p
        where r.id = ${id} and r.tenant_id = ${context.tenantId} and p.id = r.payment_id and r.status = ${ReceiptStatus.valid}
        returning r.id, r.receipt_no as "receiptNo", r.payment_no as "paymentNo", r.payer_name as "payerName", r.amount::text as amount,
                  r.amount_in_words as "amountInWords", r.issued_at as "issuedAt", r.issuer, r.print_count as "printCount", r.remark, r.reissue_of_no as "reissueOfNo",
                  p.channel, p.paid_at as "paidAt", p.trade_no as "tradeNo", p.status as "paymentStatus"`));
      if (!receipt) {
        const [voided] = await tx.rows(sql`select 1 from bill_receipt where id = ${id} and tenant_id = ${context.tenantId} and status = ${ReceiptStatus.void}`);
        if (voided) throw new ApiError(ReceiptMessages.voidPrint);
        return undefined;
      }
      const bills = await tx.rows<{ billNo: string; studentName: string | null; schoolYear: string; term: string; amount: string }>(sql`
        select b.bill_no as "billNo", s.name_cn as "studentName", b.school_year as "schoolYear", b.term, a.amount::text as amount
        from bill_receipt r join bill_payment_allocation a on a.payment_id = r.payment_id
        join bill_bill b on b.id = a.bill_id left join school_student s on s.id = b.student_id
        where r.id = ${id} order by a.sort_no, a.id`);
      // The times as every list shows them (the school's clock), never the driver's UTC text.
      return { ...receipt, issuedAt: formatDateTime(receipt.issuedAt), paidAt: formatDateTime(receipt.paidAt), bills };
    });
    if (!printed) throw notFound();
    return ok(printed);
  }, { doc: { summary: "打印收据（记录打印次数）" } }),
];
