// 收据 (/billing/receipt): a receipt is issued from a payment (开收据, receipt:add), numbered by
// the fill rule receipt_no, with the amount in capital numerals (contract/amount-in-words.ts).
// One receipt per payment. 打印 (receipt:print) answers what the print view shows and counts the
// print. Only the remark is edited by hand.
import { sql } from "drizzle-orm";
import { PaymentStatus, receiptModule } from "#contract/modules/billing";
import { amountInWords } from "#contract/amount-in-words";
import { toFen } from "#contract/money";
import { billReceipt } from "../../../db/schema";
import { createModuleCrud } from "../../../crud/module";
import { crudContext, inTransaction } from "../../../crud/context";
import { notFound, singleId } from "../../../crud/crud-messages";
import { newId } from "../../../db/ids";
import { endpoint, type Endpoint } from "../../../http/endpoint";
import { ApiError, ok } from "../../../http/envelope";
import { nextNumber } from "../../system/fill-rule/fill-rule-service";
import { lockPayment } from "../payment/payment-allocation";
import { formatDateTime } from "../../../http/format";
import { historyAdded, withHistory } from "../../../crud/history";

const RECEIPT_NO_RULE = "receipt_no";

export const ReceiptMessages = {
  issuedAlready: (receiptNo: string) => `该付款已开具收据 ${receiptNo}`,
  reversed: "已冲销的付款不能开具收据",
  issued: (receiptNo: string) => `收据 ${receiptNo} 已开具`,
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
  channel: string;
  paidAt: string;
  tradeNo: string | null;
  paymentStatus: string;
}

export const receiptEndpoints: Endpoint[] = [
  ...receiptCrud.endpoints,
  endpoint("POST", "/billing/receipt/issue", "receipt:add", async (request) => {
    const context = crudContext(request);
    const paymentId = singleId(request.body.paymentId ?? request.query.paymentId);
    if (!paymentId) throw notFound();
    const issuer = (context.auth.user.realname || context.username).slice(0, 50);
    const receipt = await inTransaction(context.services.db, async (tx) => {
      const payment = await lockPayment(tx, context.tenantId, paymentId);
      if (!payment) throw notFound();
      if (payment.status === PaymentStatus.reversed) throw new ApiError(ReceiptMessages.reversed);
      const [existing] = await tx.rows<{ receipt_no: string }>(sql`select receipt_no from bill_receipt where payment_id = ${paymentId}`);
      if (existing) throw new ApiError(ReceiptMessages.issuedAlready(existing.receipt_no));
      const [detail] = await tx.rows<{ payment_no: string; payer_name: string | null }>(sql`select payment_no, payer_name from bill_payment where id = ${paymentId}`);
      const receiptNo = await nextNumber(tx, RECEIPT_NO_RULE, context.services.config.schoolTimeZone);
      const id = newId();
      await tx.rows(sql`
        insert into bill_receipt (id, tenant_id, receipt_no, payment_id, payment_no, payer_name, amount, amount_in_words, issuer, create_by)
        values (${id}, ${context.tenantId}, ${receiptNo}, ${paymentId}, ${detail!.payment_no}, ${detail!.payer_name}, ${payment.amount}::numeric,
                ${amountInWords(toFen(payment.amount))}, ${issuer}, ${context.username.slice(0, 32)})`);
      await historyAdded(tx, receiptCrud.historyActor(context), receiptCrud.history, [id], { action: "issue" });
      return { id, receiptNo };
    });
    return ok(receipt, ReceiptMessages.issued(receipt.receiptNo));
  }),
  // The print view's data; every call is one print (the view is opened to be printed).
  endpoint("POST", "/billing/receipt/print", "receipt:print", async (request) => {
    const context = crudContext(request);
    const id = singleId(request.body.id ?? request.query.id);
    if (!id) throw notFound();
    const printed = await inTransaction(context.services.db, async (tx) => {
      const [receipt] = await withHistory(tx, receiptCrud.historyActor(context), receiptCrud.history, [id], { action: "print" }, () => tx.rows<PrintedReceipt>(sql`
        update bill_receipt r set print_count = r.print_count + 1
        from bill_payment p
        where r.id = ${id} and r.tenant_id = ${context.tenantId} and p.id = r.payment_id
        returning r.id, r.receipt_no as "receiptNo", r.payment_no as "paymentNo", r.payer_name as "payerName", r.amount::text as amount,
                  r.amount_in_words as "amountInWords", r.issued_at as "issuedAt", r.issuer, r.print_count as "printCount", r.remark,
                  p.channel, p.paid_at as "paidAt", p.trade_no as "tradeNo", p.status as "paymentStatus"`));
      if (!receipt) return undefined;
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
  }),
];
