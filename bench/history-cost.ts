// What the record history (docs/decisions/070) adds to a money save (issue #32, section `billing`):
// an embedded backend (in-memory PGlite, the demo school) answers, one call after another,
//  - a plain save: PUT /billing/project/edit of a fee project (its 单价 changing each time), and
//  - a payment with its allocation: POST /billing/payment/add allocating 0.01 to an open bill (the
//    payment, its allocation, the bill's paid amount and status, and the receivable move together),
// with the history as shipped and with its writers turned off (history.ts historyWriting), one call
// with and one without in turn (A B A B, in four rounds), so that a machine getting busier or
// quieter favours neither. The figures are the mean and the median per call of each; the goal is at
// most 15 % more with the history.
import { loadavg } from "node:os";
import { performance } from "node:perf_hooks";
import { sql } from "drizzle-orm";
import { startBenchBackend } from "./in-process";
import { historyWriting } from "../backend/crud/history";
import { percentile, round } from "./lib";

const ADMIN_PASSWORD = "Bench-Admin-2026!";
const CALLS_PER_ROUND = 240;
const WARM_UP = 20;

export async function benchHistoryCost(): Promise<Record<string, unknown>> {
  const loadBefore = loadavg()[0]!;
  const { backend, base, headers, close } = await startBenchBackend(ADMIN_PASSWORD, { scheduler: false });
  try {
    const call = async (method: string, path: string, body: unknown) => {
      const started = performance.now();
      const answer = (await (await fetch(`${base}${path}`, { method, headers, body: JSON.stringify(body) })).json()) as { success: boolean; message: string };
      if (!answer.success) throw new Error(`${method} ${path} refused: ${answer.message}`);
      return performance.now() - started;
    };

    const [project] = await backend.db.rows<Record<string, string>>(sql`
      select id, code, name, type, unit_price::text as "unitPrice", period, active::text as active from bill_project where tenant_id = 1 order by sort_no limit 1`);
    let price = 0;
    const plainSave = () => {
      price += 1;
      return call("PUT", "/billing/project/edit", { id: project!.id, name: project!.name, type: project!.type, period: project!.period, active: project!.active, unitPrice: `${1000 + (price % 500)}.50` });
    };
    // The largest open bill of a parent: enough for every cent the rounds allocate.
    const [bill] = await backend.db.rows<{ id: string; payer_type: string; payer_id: string }>(sql`
      select id, payer_type, payer_id from bill_bill where tenant_id = 1 and status in ('1', '2') and payer_id is not null
      order by payable - paid_amount desc limit 1`);
    const allocation_ = () =>
      call("POST", "/billing/payment/add", {
        payerType: bill!.payer_type,
        payerId: bill!.payer_id,
        channel: "1",
        amount: "0.01",
        paidAt: "2026-11-01 10:00:00",
        allocations: [{ billId: bill!.id, amount: "0.01" }],
      });

    // Calls with and without the history alternate one by one (A B A B …, after a warm-up), so that a
    // machine getting busier or quieter weighs on both alike; medians resist the outliers of a
    // shared machine. Four rounds, as before, each starting with the other one.
    const run = async (work: () => Promise<number>, firstOn: boolean) => {
      for (let index = 0; index < WARM_UP; index += 1) await work();
      const on: number[] = [];
      const off: number[] = [];
      for (let index = 0; index < CALLS_PER_ROUND; index += 1) {
        const history = (index % 2 === 0) === firstOn;
        historyWriting.enabled = history;
        (history ? on : off).push(await work());
      }
      historyWriting.enabled = true;
      const mean = (times: number[]) => times.reduce((sum, time) => sum + time, 0) / times.length;
      return { on: { meanMs: mean(on), p50Ms: percentile(on, 50) }, off: { meanMs: mean(off), p50Ms: percentile(off, 50) } };
    };
    const historyRows = async () => Number((await backend.db.rows<{ count: unknown }>(sql`select count(*) as count from sys_record_history`))[0]?.count ?? 0);
    const rounds: Array<{ history: boolean; save: { meanMs: number; p50Ms: number }; allocation: { meanMs: number; p50Ms: number } }> = [];
    for (const firstOn of [false, true, true, false]) {
      const save = await run(plainSave, firstOn);
      const allocation = await run(allocation_, firstOn);
      rounds.push({ history: true, save: save.on, allocation: allocation.on }, { history: false, save: save.off, allocation: allocation.off });
    }
    // Nothing is written while the writers are off.
    historyWriting.enabled = false;
    const before = await historyRows();
    await plainSave();
    await allocation_();
    const rowsWhenOff = (await historyRows()) - before;
    historyWriting.enabled = true;
    const mean = (history: boolean, kind: "save" | "allocation", key: "meanMs" | "p50Ms") => {
      const chosen = rounds.filter((entry) => entry.history === history).map((entry) => entry[kind][key]);
      return chosen.reduce((sum, value) => sum + value, 0) / chosen.length;
    };
    const figures = (kind: "save" | "allocation") => {
      const on = mean(true, kind, "meanMs");
      const off = mean(false, kind, "meanMs");
      const onP50 = mean(true, kind, "p50Ms");
      const offP50 = mean(false, kind, "p50Ms");
      return {
        withHistoryMeanMs: round(on, 2),
        withoutHistoryMeanMs: round(off, 2),
        withHistoryP50Ms: round(onP50, 2),
        withoutHistoryP50Ms: round(offP50, 2),
        addedPercent: round(((on - off) / off) * 100, 1),
        addedPercentP50: round(((onP50 - offP50) / offP50) * 100, 1),
      };
    };
    return {
      // The machine's 1-minute load average as the run started and ended (a shared machine).
      loadAverage: { start: round(loadBefore, 2), end: round(loadavg()[0]!, 2) },
      callsPerRound: CALLS_PER_ROUND,
      plainSave: figures("save"),
      allocation: figures("allocation"),
      // Nothing is written while the writers are off: the "off" rounds measure what they claim.
      historyRowsWhileOff: rowsWhenOff,
      rounds: rounds.map((entry) => ({ history: entry.history, saveMeanMs: round(entry.save.meanMs, 2), allocationMeanMs: round(entry.allocation.meanMs, 2) })),
    };
  } finally {
    historyWriting.enabled = true;
    await close();
  }
}

/** The section's lines (`npx tsx bench/run.ts history-cost`). */
export function summarizeHistoryCost(result: Record<string, unknown> | undefined): string[] {
  const load = (result?.loadAverage ?? {}) as { start?: number; end?: number };
  return [
    `load average ${load.start} → ${load.end}`,
    ...(["plainSave", "allocation"] as const).map((kind) => {
      const cost = (result?.[kind] ?? {}) as Record<string, number>;
      const label = kind === "plainSave" ? "plain save (收费项目 编辑)" : "payment with its allocation";
      return `${label}: with history ${cost.withHistoryMeanMs} ms, without ${cost.withoutHistoryMeanMs} ms (mean): +${cost.addedPercent} %; p50 ${cost.withHistoryP50Ms} / ${cost.withoutHistoryP50Ms} ms: +${cost.addedPercentP50} % (goal ≤ 15 %)`;
    }),
  ];
}
