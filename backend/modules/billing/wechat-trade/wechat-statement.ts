// The WeChat Pay merchant statement (交易账单, "ALL" bill type) as the merchant platform downloads
// it: a header row of Chinese column names, data rows whose every field is prefixed with a
// backtick (`) so that spreadsheets keep long numbers as text, then two summary lines
// (总交易单数,应结订单总金额,… and their values). The Excel variant holds the same table. Pure.
import { toFen } from "#contract/money";

export interface StatementTrade {
  tradeTime: string;
  transactionId: string;
  outTradeNo: string;
  openId: string;
  tradeState: string;
  /** 订单金额 (else 应结订单金额) in fen. */
  amountFen: bigint;
  refundFen: bigint;
  goodsName: string;
  attach: string;
}

export interface ParsedStatement {
  trades: StatementTrade[];
  /** 总交易单数 of the summary lines, when present. */
  declaredCount: number | null;
  /** Rows that could not be read: 1-based line and reason. */
  problems: Array<{ line: number; message: string }>;
}

export const StatementMessages = {
  noHeader: "不是微信支付交易账单：找不到表头（交易时间、微信订单号、商户订单号）",
  badRow: (line: number) => `第${line}行的交易时间、微信订单号或金额格式不正确`,
  future: (line: number, time: string) => `第${line}行的交易时间 ${time} 晚于当前时间：账单只含已发生的交易`,
  countMismatch: (declared: number, read: number) => `账单汇总的总交易单数为${declared}，读到${read}笔交易`,
} as const;

const SUMMARY_HEADER = "总交易单数";
const TRADE_STATES = new Set(["SUCCESS", "REFUND", "NOTPAY", "CLOSED", "PAYERROR", "REVOKED", "USERPAYING"]);

/** A field without the statement's backtick prefix and surrounding blanks. */
function clean(field: unknown): string {
  const text = field === null || field === undefined ? "" : field instanceof Date ? field.toISOString() : String(field);
  return text.trim().replace(/^`/, "").trim();
}

/** Splits one CSV line; the statement does not quote, but a quoted field is read as CSV does. */
export function splitCsvLine(line: string): string[] {
  const fields: string[] = [];
  let current = "";
  let quoted = false;
  for (let index = 0; index < line.length; index++) {
    const character = line[index]!;
    if (quoted) {
      if (character === '"' && line[index + 1] === '"') {
        current += '"';
        index++;
      } else if (character === '"') quoted = false;
      else current += character;
    } else if (character === '"' && current === "") quoted = true;
    else if (character === ",") {
      fields.push(current);
      current = "";
    } else current += character;
  }
  fields.push(current);
  return fields;
}

/** The statement's table from CSV text (UTF-8, with or without a BOM). */
export function csvRows(text: string): string[][] {
  return text
    .replace(/^\uFEFF/, "")
    .split(/\r?\n/)
    .map((line) => (line.trim() === "" ? [] : splitCsvLine(line)));
}

const AMOUNT = /^\d{1,10}(\.\d{1,2})?$/;
const TIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;

/**
 * Reads the statement's trades from its rows (CSV lines or sheet rows). `notAfter`: now on the
 * school's clock (`yyyy-MM-dd HH:mm:ss`); a trade dated later is a problem, as the payment it would
 * make is (docs/decisions/178): a statement holds only trades that happened.
 */
export function parseStatement(rows: ReadonlyArray<readonly unknown[]>, notAfter?: string): ParsedStatement {
  const headerIndex = rows.findIndex((row) => row.map(clean).includes("微信订单号") && row.map(clean).includes("交易时间"));
  if (headerIndex < 0) throw new Error(StatementMessages.noHeader);
  const header = rows[headerIndex]!.map(clean);
  const column = (name: string) => header.indexOf(name);
  const at = {
    time: column("交易时间"),
    transactionId: column("微信订单号"),
    outTradeNo: column("商户订单号"),
    openId: column("用户标识"),
    state: column("交易状态"),
    orderAmount: column("订单金额"),
    settledAmount: column("应结订单金额"),
    refund: column("退款金额"),
    goods: column("商品名称"),
    attach: column("商户数据包"),
  };
  const trades: StatementTrade[] = [];
  const problems: ParsedStatement["problems"] = [];
  let declaredCount: number | null = null;
  for (let index = headerIndex + 1; index < rows.length; index++) {
    const row = rows[index]!.map(clean);
    if (row.every((field) => field === "")) continue;
    if (row[0] === SUMMARY_HEADER) {
      // The summary: its values are on the next line; nothing after it is a trade.
      const values = rows[index + 1]?.map(clean);
      const count = values ? Number(values[0]) : NaN;
      declaredCount = Number.isInteger(count) ? count : null;
      break;
    }
    const field = (position: number) => (position >= 0 ? (row[position] ?? "") : "");
    const amountText = field(at.orderAmount) || field(at.settledAmount);
    const refundText = field(at.refund) || "0";
    const time = field(at.time);
    const transactionId = field(at.transactionId);
    if (!TIME.test(time) || !/^\d{10,32}$/.test(transactionId) || !AMOUNT.test(amountText) || !AMOUNT.test(refundText)) {
      problems.push({ line: index + 1, message: StatementMessages.badRow(index + 1) });
      continue;
    }
    if (notAfter !== undefined && time > notAfter) {
      problems.push({ line: index + 1, message: StatementMessages.future(index + 1, time) });
      continue;
    }
    const state = field(at.state).toUpperCase();
    trades.push({
      tradeTime: time,
      transactionId,
      outTradeNo: field(at.outTradeNo),
      openId: field(at.openId),
      tradeState: TRADE_STATES.has(state) ? state : "SUCCESS",
      amountFen: toFen(amountText),
      refundFen: toFen(refundText),
      goodsName: field(at.goods),
      attach: field(at.attach),
    });
  }
  if (declaredCount !== null && declaredCount !== trades.length + problems.length && problems.length === 0)
    problems.push({ line: rows.length, message: StatementMessages.countMismatch(declaredCount, trades.length) });
  return { trades, declaredCount, problems };
}
