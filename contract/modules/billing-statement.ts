// 对账单 (/billing/statement, issue #33 item 2, docs/decisions/160): what the backend answers and the
// page, the print view, the .xlsx and the mail show — a payer's opening balance, every movement of
// the period in date order with the running balance, and the closing balance.

/** The page of statements. */
export const STATEMENT_PAGE = "/billing/statement";

/** Its buttons (granted to 财务 with the page). */
export const StatementButtons = { print: "statement:print", export: "statement:export", email: "statement:email" } as const;

/** What a line of the statement is. */
export const STATEMENT_LINE_KINDS = {
  bill: "账单",
  payment: "付款",
  refund: "退费",
  reversal: "冲销",
  refundReversal: "冲销退费",
  void: "作废",
} as const;

export type StatementLineKind = keyof typeof STATEMENT_LINE_KINDS;

/**
 * One movement. `charged` is what it adds to what the payer owes (应收: a bill, or a void taking
 * a bill's open amount off, negative); `received` what it takes off (已收: a payment; a refund or
 * a reversal, negative). Amounts are decimal text; `balance` is the running balance after it.
 */
export interface StatementLine {
  at: string;
  kind: StatementLineKind;
  kindText: string;
  /** The bill's or the payment's number. */
  number: string;
  summary: string;
  charged: string;
  received: string;
  balance: string;
}

export interface StatementAnswer {
  payerType: string;
  payerId: string;
  payerName: string;
  /** The payer's e-mail address is set (the page offers 邮件发送). */
  hasEmail: boolean;
  from: string;
  to: string;
  opening: string;
  /** Sums of the period's lines. */
  charged: string;
  received: string;
  closing: string;
  lines: StatementLine[];
  /** Payments of the payer with money not yet allocated to a bill (not in the balance). */
  unallocated: Array<{ number: string; at: string; amount: string }>;
}

/** The statement page's address of a payer (ageing and 应收账单 link to it). */
export function statementHref(payer: { payerType: string | null; payerId: string | null }, period: { from?: string; to?: string } = {}): string {
  const params = new URLSearchParams();
  if (payer.payerType) params.set("payerType", payer.payerType);
  if (payer.payerId) params.set("payerId", payer.payerId);
  if (period.from) params.set("from", period.from);
  if (period.to) params.set("to", period.to);
  return `${STATEMENT_PAGE}?${params.toString()}`;
}
