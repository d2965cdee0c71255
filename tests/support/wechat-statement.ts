// A WeChat Pay merchant statement (交易账单, ALL) as the merchant platform writes it: the header,
// rows whose every field starts with a backtick, then the two summary lines. Used by the unit,
// integration and end-to-end tests.
import ExcelJS from "exceljs";

export interface StatementLine {
  time: string;
  transactionId: string;
  outTradeNo: string;
  openId: string;
  state?: string;
  amount: string;
  goods?: string;
}

const HEADER =
  "交易时间,公众账号ID,商户号,特约商户号,设备号,微信订单号,商户订单号,用户标识,交易类型,交易状态,付款银行,货币种类,应结订单金额,代金券金额,微信退款单号,商户退款单号,退款金额,充值券退款金额,退款类型,退款状态,商品名称,商户数据包,手续费,费率,订单金额,申请退款金额,费率备注";

/** The statement's lines as fields: header, trades, the summary's two lines (the same in CSV and Excel). */
export function wechatStatementRows(lines: readonly StatementLine[]): string[][] {
  const rows = lines.map((line) =>
    [
      line.time, "wx8888888888888888", "1900000109", "0", "", line.transactionId, line.outTradeNo, line.openId, "JSAPI", line.state ?? "SUCCESS",
      "CMB_DEBIT", "CNY", line.amount, "0.00", "0", "0", "0.00", "0.00", "", "", line.goods ?? "学费", "", "0.06000", "0.60%", line.amount, "0.00", "",
    ].map((field) => `\`${field}`),
  );
  const total = lines.reduce((sum, line) => sum + Math.round(Number(line.amount) * 100), 0);
  const summary = [String(lines.length), (total / 100).toFixed(2), "0.00", "0.00", "0.00000", (total / 100).toFixed(2), "0.00"].map((field) => `\`${field}`);
  return [HEADER.split(","), ...rows, SUMMARY_HEADER.split(","), summary];
}

const SUMMARY_HEADER = "总交易单数,应结订单总金额,退款总金额,充值券退款总金额,手续费总金额,订单总金额,申请退款总金额";

export function wechatStatementCsv(lines: readonly StatementLine[]): string {
  return `\uFEFF${wechatStatementRows(lines)
    .map((row) => row.join(","))
    .join("\r\n")}\r\n`;
}

/** The same statement as the merchant platform's Excel download: one sheet, every field a text cell. */
export async function wechatStatementXlsx(lines: readonly StatementLine[]): Promise<ArrayBuffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet("交易账单");
  for (const row of wechatStatementRows(lines)) sheet.addRow(row);
  return new Uint8Array(await workbook.xlsx.writeBuffer()).buffer;
}
