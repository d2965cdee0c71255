// WeChat reconciliation (issue #13 "Figures", part of the `school` section): 100,000 statement
// trades against 100,000 WeChat payments through the backend's own matching
// (backend/modules/billing/wechat-trade/reconcile.ts): 70 % share an outTradeNo with their payment,
// 20 % match by amount + payer + day, 5 % differ in amount, and the rest are missing on either
// side. Median of 5 runs after one warm-up. Goal ≤ 5 s.
import { performance } from "node:perf_hooks";
import { reconcile, type PaymentToMatch, type TradeToMatch } from "../backend/modules/billing/wechat-trade/reconcile";
import { round } from "./lib";

const COUNT = 100_000;
export const RECONCILE_GOALS = { reconcile100kx100kMs: 5000 } as const;

function sample(): { trades: TradeToMatch[]; payments: PaymentToMatch[] } {
  const trades: TradeToMatch[] = [];
  const payments: PaymentToMatch[] = [];
  for (let index = 0; index < COUNT; index++) {
    const day = `2026-${String(9 + (index % 4)).padStart(2, "0")}-${String(1 + (index % 28)).padStart(2, "0")}`;
    const payerId = `parent${index % 5_000}`;
    const amountFen = BigInt(10_000 + (index % 997) * 37);
    const share = index % 100;
    const outTradeNo = `PM${String(index).padStart(10, "0")}`;
    trades.push({ id: `t${index}`, outTradeNo: share < 70 || (share >= 90 && share < 95) ? outTradeNo : `SHOP${index}`, amountFen, payerId, day });
    payments.push({
      id: `p${index}`,
      tradeNo: share < 70 || (share >= 90 && share < 95) ? outTradeNo : null,
      amountFen: share >= 90 && share < 95 ? amountFen + 1n : amountFen,
      payerId: share >= 95 ? `other${index}` : payerId,
      day,
    });
  }
  return { trades, payments };
}

export async function benchReconcile(): Promise<Record<string, unknown>> {
  const { trades, payments } = sample();
  reconcile(trades, payments);
  const runs: number[] = [];
  let outcome = reconcile(trades, payments);
  for (let run = 0; run < 5; run++) {
    const started = performance.now();
    outcome = reconcile(trades, payments);
    runs.push(performance.now() - started);
  }
  runs.sort((left, right) => left - right);
  return {
    trades: COUNT,
    payments: COUNT,
    medianMs: round(runs[2]!),
    minMs: round(runs[0]!),
    matched: outcome.matched.length,
    differing: outcome.differing.length,
    missingPayments: outcome.missingPayments.length,
    missingTrades: outcome.missingTrades.length,
    goals: RECONCILE_GOALS,
  };
}

export function summarizeReconcile(result: Record<string, unknown> | undefined): string[] {
  if (!result) return [];
  return [
    `WeChat reconciliation ${result.trades} × ${result.payments}: median ${result.medianMs} ms (min ${result.minMs}; goal ≤ 5000); matched ${result.matched}, differing ${result.differing}, missing payments ${result.missingPayments}, missing trades ${result.missingTrades}`,
  ];
}
