// Order placement (issue #14 "Figures", part of the `school` section): 50 concurrent clients place
// orders of one line through the embedded backend's HTTP API (PGlite, in memory, the demo seed),
// all on the same few commodities so that they contend for stock. Answers p50 / p99 per order,
// throughput in orders per second, and the oversold count (stock below zero or more lines than the
// stock had): must be 0. The last commodity has less stock than the orders wanting it, so the
// refusals (库存不足) are part of the run.
import { sql } from "drizzle-orm";
import { startBenchBackend } from "./in-process";
import { percentile, round } from "./lib";

const CLIENTS = 50;
const ORDERS_PER_CLIENT = 20;
const ADMIN_PASSWORD = "Bench-Admin-2026";
/** Stock of each bench commodity; the last one runs out during the run. */
const STOCKS = [100_000, 100_000, 100_000, 150];
export const SHOP_GOALS = { oversold: 0 } as const;

export async function benchShop(): Promise<Record<string, unknown>> {
  const { backend, base, token, close } = await startBenchBackend(ADMIN_PASSWORD, { scheduler: false });
  try {
    const commodities = STOCKS.map((stock, index) => ({ id: `bench-commodity-${index}`, stock }));
    for (const commodity of commodities)
      await backend.db.rows(sql`insert into shop_commodity (id, tenant_id, name, price, stock, status) values (${commodity.id}, 1, ${`压测商品${commodity.id}`}, 12.34, ${commodity.stock}, '1')`);
    const parents = (await backend.db.rows<{ id: string }>(sql`select id from school_parent where tenant_id = 1 order by id limit ${CLIENTS}`)).map((row) => row.id);

    const latencies: number[] = [];
    let placed = 0;
    let refused = 0;
    let failed = 0;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: CLIENTS }, async (_, client) => {
        for (let n = 0; n < ORDERS_PER_CLIENT; n++) {
          const commodity = commodities[(client + n) % commodities.length]!;
          const body = { parentId: parents[client % parents.length], lines: [{ commodityId: commodity.id, quantity: 1 }] };
          const begin = performance.now();
          const response = await fetch(`${base}/shop/order/add`, { method: "POST", headers: { "Content-Type": "application/json", "X-Access-Token": token }, body: JSON.stringify(body) });
          const answer = (await response.json()) as { success: boolean; message: string };
          latencies.push(performance.now() - begin);
          if (answer.success) placed++;
          else if (answer.message.includes("库存不足")) refused++;
          else failed++;
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    const counts = await backend.db.rows<{ id: string; stock: number; sold: number }>(sql`
      select c.id, c.stock, coalesce((select sum(i.quantity) from shop_order_item i where i.commodity_id = c.id), 0)::int as sold
      from shop_commodity c where c.id like 'bench-commodity-%' order by c.id`);
    const oversold = counts.reduce((sum, row) => {
      const initial = commodities.find((commodity) => commodity.id === row.id)!.stock;
      return sum + Math.max(0, row.sold - initial) + (row.stock < 0 ? 1 : 0) + (row.stock + row.sold !== initial ? 1 : 0);
    }, 0);
    return {
      backend: "embedded (PGlite in memory)",
      clients: CLIENTS,
      orders: CLIENTS * ORDERS_PER_CLIENT,
      placed,
      refusedOutOfStock: refused,
      failed,
      orderMs: { p50: round(percentile(latencies, 50)), p99: round(percentile(latencies, 99)), max: round(Math.max(...latencies)) },
      ordersPerSecond: round(placed / seconds, 1),
      oversold,
      goals: SHOP_GOALS,
    };
  } finally {
    await close();
  }
}

export function summarizeShop(result: Record<string, unknown> | undefined): string[] {
  const figures = result as { clients: number; placed: number; refusedOutOfStock: number; failed: number; orderMs: { p50: number; p99: number }; ordersPerSecond: number; oversold: number } | undefined;
  return [
    `order placement (${figures?.clients} concurrent clients, embedded backend): p50 ${figures?.orderMs.p50} ms, p99 ${figures?.orderMs.p99} ms, ${figures?.ordersPerSecond} orders/s; ${figures?.placed} placed, ${figures?.refusedOutOfStock} refused 库存不足, ${figures?.failed} failed, oversold ${figures?.oversold} (goal 0)`,
  ];
}
