// 应收账单 (/billing/receivableBill): one per payer and period, aggregating bills (created and
// totalled by bill generation and bill saves, bill/bill-store.ts). `GET /bill/bill/ReceivableBilllist`
// is the list as the contract names it (app-shell.md §7); `POST /bill/bill/emailCorpBill` e-mails a
// corporation its statement (.xlsx) over SMTP, recording a 邮件 row, and the receivable's emailedAt
// once it is sent (also when a failed mail is sent again with 重发).
import { sql } from "drizzle-orm";
import { AGEING_PAGE, receivableModule } from "#contract/modules/billing";
import { billReceivable } from "../../../db/schema";
import { createModuleCrud } from "../../../crud/module";
import { crudContext, databaseExecutor, inTransaction } from "../../../crud/context";
import { updateWithHistory } from "../../../crud/history";
import { notFound, singleId } from "../../../crud/crud-messages";
import type { ListQueryParams } from "../../../crud/query-generator";
import { endpoint, menuAccess, type Endpoint } from "../../../http/endpoint";
import { ApiError, ok } from "../../../http/envelope";
import { deliverMail, onMailSent, queueMail } from "../../communication/mail/mail-service";
import { fenToYuan, formatMoney, toFen } from "#contract/money";
import { PayerType } from "../bill/bill-plan";
import { buildCorpStatement, type StatementHeader } from "./corp-statement";
import { ageingDate, ageingReport } from "./ageing";

const XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

export const ReceivableMessages = {
  notCorporate: "只有企业的应收账单可以邮件发送",
  noEmail: "该企业没有设置邮箱，请先在企业信息中填写",
  sent: "邮件发送成功",
  failed: (error: string) => `邮件发送失败：${error}。邮件已保存，可在 消息中心 → 邮件 中重发`,
} as const;

export const receivableCrud = createModuleCrud(receivableModule, {
  table: billReceivable,
  entity: { tenantColumn: "tenant_id" },
  // Receivables follow their bills: only the remark is edited by hand.
  operations: ["list", "edit", "queryById"],
  excel: { operations: ["export"] },
  hooks: {
    decorate: async (context, records) => {
      if (records.length === 0) return;
      const ids = records.map((record) => String(record.id));
      const bills = await context.services.db.rows<{ receivable_id: string; ids: string }>(sql`
        select receivable_id, string_agg(id, ',' order by bill_no) as ids from bill_bill
        where receivable_id = any(${`{${ids.join(",")}}`}::varchar[]) and status <> '4' group by receivable_id`);
      const byReceivable = new Map(bills.map((row) => [row.receivable_id, row.ids]));
      for (const record of records) record.billIds = byReceivable.get(String(record.id)) ?? "";
    },
  },
});

/** The corporate bill mail's text: 应收, 已收 and 余额 of the receivable (issue #33 item 2). */
export function corporateBillText(corporationName: string, header: StatementHeader): string {
  return [
    `${corporationName}：`,
    "",
    `附件为贵司 ${header.period} 的应收账单 ${header.receivableNo}。`,
    `应收金额：${formatMoney(header.totalAmount, { currency: true })}`,
    `已收金额：${formatMoney(header.receivedAmount, { currency: true })}`,
    `余额：${formatMoney(header.balance, { currency: true })}`,
    "",
    "如有疑问请与学校财务联系。",
  ].join("\n");
}

// A receivable counts as e-mailed when its mail went out, whenever that was (first try or 重发);
// its 历史 says so (发送邮件, by whoever asked for the mail), in the change's statement (issue #32
// item 5: a money workflow outside the generic save writes its history too).
onMailSent("receivable", async (db, receivableId, sentFor) => {
  await inTransaction(db, async (tx) => {
    const [receivable] = await tx.rows<{ tenant_id: number }>(sql`select tenant_id from bill_receivable where id = ${receivableId} for update`);
    if (!receivable) return;
    await updateWithHistory(
      tx,
      { tenantId: receivable.tenant_id, username: sentFor },
      receivableCrud.history,
      [receivableId],
      { action: "email" },
      sql`update bill_receivable t set emailed_at = now() where t.id = ${receivableId} returning t.*`,
    );
  });
});

export const receivableEndpoints: Endpoint[] = [
  ...receivableCrud.endpoints,
  // 账龄分析: `asOf` (default today in the school's zone), `pageNo`, `pageSize` (payers).
  endpoint("GET", "/billing/ageing", menuAccess(AGEING_PAGE), async (request) => {
    const context = crudContext(request);
    const asOf = ageingDate(request.query.asOf, context.services.config.schoolTimeZone);
    const paging = { pageNo: Number(request.query.pageNo) || 1, pageSize: Number(request.query.pageSize) || 20 };
    return ok(await ageingReport(databaseExecutor(context.services.db), context.tenantId, asOf, paging));
  }, { doc: { summary: "应收账款的账龄分析" } }),
  endpoint("GET", "/bill/bill/ReceivableBilllist", receivableCrud.access.list, async (request) => {
    return ok(await receivableCrud.list(crudContext(request), request.req.query as ListQueryParams));
  }, { doc: { summary: "付款方的应收账单明细" } }),
  endpoint("POST", "/bill/bill/emailCorpBill", "receivableBill:email", async (request) => {
    const context = crudContext(request);
    const id = singleId(request.body.id ?? request.query.id);
    const receivable = id ? await receivableCrud.findById(context, id) : undefined;
    if (!receivable || !id) throw notFound();
    if (receivable.payerType !== PayerType.corporation) throw new ApiError(ReceivableMessages.notCorporate);
    const [corporation] = await context.services.db.rows<{ name: string; email: string | null }>(
      sql`select name, email from school_corporation where id = ${String(receivable.payerId)} and tenant_id = ${context.tenantId}`,
    );
    if (!corporation?.email) throw new ApiError(ReceivableMessages.noEmail);
    const header = {
      receivableNo: String(receivable.receivableNo),
      payerName: corporation.name,
      period: String(receivable.period),
      // The wire record carries numbers (contract §1); the amount is read back as exact text.
      totalAmount: fenToYuan(toFen(receivable.totalAmount)),
      receivedAmount: fenToYuan(toFen(receivable.receivedAmount)),
      balance: fenToYuan(toFen(receivable.totalAmount) - toFen(receivable.receivedAmount)),
    };
    const mailId = await inTransaction(context.services.db, async (tx) => {
      const workbook = await buildCorpStatement(tx, id, header);
      return queueMail(tx, {
        tenantId: context.tenantId,
        to: corporation.email!,
        subject: `${corporation.name} 应收账单 ${header.receivableNo}（${header.period}）`,
        body: corporateBillText(corporation.name, header),
        attachments: [{ filename: `应收账单-${header.receivableNo}.xlsx`, contentType: XLSX, content: workbook }],
        relatedType: "receivable",
        relatedId: id,
        createdBy: context.username,
      });
    });
    const outcome = await deliverMail(context.services, mailId);
    if (!outcome.sent) throw new ApiError(ReceivableMessages.failed(outcome.error ?? ""));
    return ok({ mailId }, ReceivableMessages.sent);
  }, { doc: { summary: "给付费企业发送账单邮件" } }),
];
