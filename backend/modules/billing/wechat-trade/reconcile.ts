// Reconciliation of WeChat trades with payments (docs/decisions/032 §WeChat): first by outTradeNo
// (the payment's 商户订单号), then, for what is left, by amount + payer + day. Pure and linear (hash
// maps), so 100,000 × 100,000 runs in well under a second (npm run bench, section school).

export interface TradeToMatch {
  id: string;
  outTradeNo: string;
  amountFen: bigint;
  /** The parent whose WeChat openId paid, when known. */
  payerId: string | null;
  /** The school's day of the trade, yyyy-MM-dd. */
  day: string;
}

export interface PaymentToMatch {
  id: string;
  tradeNo: string | null;
  amountFen: bigint;
  payerId: string;
  day: string;
}

export interface Reconciliation {
  matched: Array<{ tradeId: string; paymentId: string; by: "outTradeNo" | "amountPayerDay" }>;
  /** Same outTradeNo, different amounts. */
  differing: Array<{ tradeId: string; paymentId: string }>;
  /** Trades with no payment: the payments to create. */
  missingPayments: string[];
  /** Payments by WeChat with no trade in the statement. */
  missingTrades: string[];
}

export function reconcile(trades: readonly TradeToMatch[], payments: readonly PaymentToMatch[]): Reconciliation {
  const result: Reconciliation = { matched: [], differing: [], missingPayments: [], missingTrades: [] };
  const byTradeNo = new Map<string, PaymentToMatch>();
  for (const payment of payments) if (payment.tradeNo && !byTradeNo.has(payment.tradeNo)) byTradeNo.set(payment.tradeNo, payment);
  const used = new Set<string>();
  const rest: TradeToMatch[] = [];
  for (const trade of trades) {
    const payment = trade.outTradeNo ? byTradeNo.get(trade.outTradeNo) : undefined;
    if (!payment || used.has(payment.id)) {
      rest.push(trade);
      continue;
    }
    used.add(payment.id);
    if (payment.amountFen === trade.amountFen) result.matched.push({ tradeId: trade.id, paymentId: payment.id, by: "outTradeNo" });
    else result.differing.push({ tradeId: trade.id, paymentId: payment.id });
  }
  // Second pass: payments without a matching trade number, by amount, payer and day.
  const key = (amountFen: bigint, payerId: string, day: string) => `${amountFen}|${payerId}|${day}`;
  const open = new Map<string, PaymentToMatch[]>();
  for (const payment of payments) {
    if (used.has(payment.id)) continue;
    const slot = key(payment.amountFen, payment.payerId, payment.day);
    const list = open.get(slot);
    if (list) list.push(payment);
    else open.set(slot, [payment]);
  }
  for (const trade of rest) {
    const candidates = trade.payerId ? open.get(key(trade.amountFen, trade.payerId, trade.day)) : undefined;
    const payment = candidates?.pop();
    if (!payment) {
      result.missingPayments.push(trade.id);
      continue;
    }
    used.add(payment.id);
    result.matched.push({ tradeId: trade.id, paymentId: payment.id, by: "amountPayerDay" });
  }
  for (const payment of payments) if (!used.has(payment.id)) result.missingTrades.push(payment.id);
  return result;
}
