// 对账单 (/billing/statement, docs/decisions/160): a payer's statement over a period, read with the
// page's menu access; its print view (statement:print), its .xlsx (statement:export, logged as an
// export like every download of rows, decision 120) and its mail to the payer (statement:email),
// written to 邮件 before it is sent, as every mail is.
import { loadExcelJs } from "../../../crud/excel/exceljs";
import { contentDisposition } from "#contract/content-disposition";
import { STATEMENT_PAGE, StatementButtons, type StatementAnswer } from "#contract/modules/billing-statement";
import { formatMoney } from "#contract/money";
import { crudContext, databaseExecutor, inTransaction, type CrudContext } from "../../../crud/context";
import { exportFilterText, type ExportNote } from "../../../crud/excel/export";
import { endpoint, menuAccess, type Endpoint, type EndpointRequest } from "../../../http/endpoint";
import { ApiError, ok } from "../../../http/envelope";
import { deliverMail, queueMail } from "../../communication/mail/mail-service";
import { buildStatement, statementRequest, StatementMessages } from "./statement";

const XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

async function statementOf(context: CrudContext, raw: Record<string, unknown>) {
  const request = statementRequest(raw, context.tenantId, context.services.config.schoolTimeZone);
  return buildStatement(databaseExecutor(context.services.db), request);
}

/** The answer without the payer's address (the page only needs to know there is one). */
function answerOf(statement: StatementAnswer & { email: string | null }): StatementAnswer {
  const { email: _email, ...answer } = statement;
  return answer;
}

/** The statement as an .xlsx: heading, 期初余额, one row per line, the period's sums and 期末余额. */
export async function statementWorkbook(statement: StatementAnswer): Promise<Buffer> {
  const ExcelJS = await loadExcelJs();
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet("对账单");
  sheet.columns = [
    { key: "at", width: 20 },
    { key: "kind", width: 10 },
    { key: "number", width: 22 },
    { key: "summary", width: 40 },
    { key: "charged", width: 14, style: { numFmt: "#,##0.00" } },
    { key: "received", width: 14, style: { numFmt: "#,##0.00" } },
    { key: "balance", width: 14, style: { numFmt: "#,##0.00" } },
  ];
  sheet.addRow([`${statement.payerName} 对账单`]).font = { bold: true, size: 14 };
  sheet.addRow([`期间：${statement.from} 至 ${statement.to}`]);
  sheet.addRow(["日期", "类型", "单号", "摘要", "应收", "已收", "余额"]).font = { bold: true };
  // Cells hold numbers (what a spreadsheet sums); two decimals are exact as a double's text.
  sheet.addRow([statement.from, "期初余额", null, null, null, null, Number(statement.opening)]).font = { bold: true };
  for (const line of statement.lines) {
    sheet.addRow([line.at, line.kindText, line.number, line.summary, Number(line.charged), Number(line.received), Number(line.balance)]);
  }
  sheet.addRow([statement.to, "本期合计", null, null, Number(statement.charged), Number(statement.received), null]).font = { bold: true };
  sheet.addRow([statement.to, "期末余额", null, null, null, null, Number(statement.closing)]).font = { bold: true };
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** The mail's text: the period's 应收, 已收 and the balances. */
export function statementMailText(statement: StatementAnswer): string {
  const money = (value: string) => formatMoney(value, { currency: true });
  return [
    `${statement.payerName}：`,
    "",
    `附件为 ${statement.from} 至 ${statement.to} 的对账单（${statement.lines.length} 笔）。`,
    `期初余额：${money(statement.opening)}`,
    `本期应收：${money(statement.charged)}`,
    `本期已收：${money(statement.received)}`,
    `期末余额：${money(statement.closing)}`,
    "",
    "余额为应收减已收；如有疑问请与学校财务联系。",
  ].join("\n");
}

const fileName = (statement: StatementAnswer) => `对账单-${statement.payerName}-${statement.from}-${statement.to}.xlsx`;

const queryOf = (request: EndpointRequest) => request.query as Record<string, unknown>;

export const statementEndpoints: Endpoint[] = [
  endpoint("GET", STATEMENT_PAGE, menuAccess(STATEMENT_PAGE), async (request) => ok(answerOf(await statementOf(crudContext(request), queryOf(request)))), {
    doc: { summary: "对账单" },
  }),
  // The print view's data: the same statement, for whoever may print it.
  endpoint("GET", `${STATEMENT_PAGE}/print`, StatementButtons.print, async (request) => ok(answerOf(await statementOf(crudContext(request), queryOf(request)))), {
    doc: { summary: "打印对账单" },
  }),
  endpoint("GET", `${STATEMENT_PAGE}/exportXls`, StatementButtons.export, async (request) => {
    const statement = answerOf(await statementOf(crudContext(request), queryOf(request)));
    const content = await statementWorkbook(statement);
    const note: ExportNote = { title: `对账单 ${statement.payerName}`, filter: exportFilterText(queryOf(request)), rows: statement.lines.length, masked: null };
    (request.res.locals as { exported?: ExportNote }).exported = note;
    request.res.status(200);
    request.res.setHeader("Content-Type", XLSX);
    request.res.setHeader("Content-Disposition", contentDisposition(fileName(statement)));
    request.res.setHeader("Cache-Control", "no-store");
    request.res.setHeader("X-Content-Type-Options", "nosniff");
    request.res.end(content);
    return null;
  }, { doc: { summary: "导出对账单" } }),
  endpoint("POST", `${STATEMENT_PAGE}/email`, StatementButtons.email, async (request) => {
    const context = crudContext(request);
    const statement = await statementOf(context, { ...queryOf(request), ...request.body });
    if (!statement.email) throw new ApiError(StatementMessages.noEmail(statement.payerName));
    const answer = answerOf(statement);
    const content = await statementWorkbook(answer);
    const mailId = await inTransaction(context.services.db, (tx) =>
      queueMail(tx, {
        tenantId: context.tenantId,
        to: statement.email!,
        subject: `${statement.payerName} 对账单（${statement.from} 至 ${statement.to}）`,
        body: statementMailText(answer),
        attachments: [{ filename: fileName(answer), contentType: XLSX, content }],
        relatedType: statement.payerType === "2" ? "statement-corporation" : "statement-parent",
        relatedId: statement.payerId,
        createdBy: context.username,
      }),
    );
    const outcome = await deliverMail(context.services, mailId);
    if (!outcome.sent) throw new ApiError(StatementMessages.failed(outcome.error ?? ""));
    return ok({ mailId }, StatementMessages.sent);
  }, { doc: { summary: "邮件发送对账单" } }),
];
