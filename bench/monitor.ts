// Section `monitor` (issue #15 part B): what the operation log costs a mutating call. An embedded
// backend (in-memory PGlite) answers position edits, one client after another and 20 at once,
// with the operation log as shipped (queued, batch inserts) and with the queue's writes turned off,
// two rounds each (the mean is reported): the difference is what logging costs. Also checks that
// no entry was lost and no secret was stored.
import { performance } from "node:perf_hooks";
import { sql } from "drizzle-orm";
import { startBenchBackend } from "./in-process";
import { percentile, round } from "./lib";

const ADMIN_PASSWORD = "Bench-Admin-2026!";
const SEQUENTIAL_CALLS = 150;
const CONCURRENT_CLIENTS = 20;
const CALLS_PER_CLIENT = 15;

export async function benchMonitor(): Promise<Record<string, unknown>> {
  const { backend, base, headers, close } = await startBenchBackend(ADMIN_PASSWORD);
  try {
    const list = await fetch(`${base}/sys/position/list?pageSize=1`, { headers });
    const position = ((await list.json()) as { result: { records: Array<{ id: string; name: string }> } }).result.records[0]!;
    let counter = 0;
    const edit = async () => {
      counter += 1;
      const started = performance.now();
      const answer = await fetch(`${base}/sys/position/edit`, { method: "PUT", headers, body: JSON.stringify({ id: position.id, name: `${position.name}`, password: `secret-${counter}` }) });
      const body = (await answer.json()) as { success: boolean };
      if (!body.success) throw new Error("edit refused");
      return performance.now() - started;
    };
    const run = async () => {
      for (let index = 0; index < 20; index += 1) await edit(); // warm-up
      const sequential: number[] = [];
      for (let index = 0; index < SEQUENTIAL_CALLS; index += 1) sequential.push(await edit());
      const concurrent: number[] = [];
      const started = performance.now();
      await Promise.all(
        Array.from({ length: CONCURRENT_CLIENTS }, async () => {
          for (let index = 0; index < CALLS_PER_CLIENT; index += 1) concurrent.push(await edit());
        }),
      );
      const seconds = (performance.now() - started) / 1000;
      return {
        sequentialP50Ms: round(percentile(sequential, 50), 2),
        sequentialP99Ms: round(percentile(sequential, 99), 2),
        concurrentP50Ms: round(percentile(concurrent, 50), 2),
        concurrentP99Ms: round(percentile(concurrent, 99), 2),
        concurrentCallsPerSecond: round((CONCURRENT_CLIENTS * CALLS_PER_CLIENT) / seconds, 0),
      };
    };
    const logs = backend.services.logs;
    const countEdits = async () => {
      await logs.flush();
      const [row] = await backend.db.rows<{ count: unknown }>(sql`SELECT count(*) AS count FROM sys_log WHERE method = 'PUT /sys/position/edit'`);
      return Number(row?.count ?? 0);
    };
    // Baseline: the same calls with the log's writes switched off (the journal still runs). The
    // rounds alternate off, on, on, off, so a machine that gets busier or quieter favours neither.
    const enqueue = logs.enqueue.bind(logs);
    const rounds: Array<{ log: boolean; figures: Record<string, number> }> = [];
    let logged = 0;
    let calls = 0;
    for (const log of [false, true, true, false]) {
      logs.enqueue = log ? enqueue : () => undefined;
      const before = log ? await countEdits() : 0;
      const callsBefore = counter;
      rounds.push({ log, figures: await run() });
      if (log) {
        logged += (await countEdits()) - before;
        calls += counter - callsBefore;
      }
    }
    logs.enqueue = enqueue;
    const mean = (log: boolean) => {
      const chosen = rounds.filter((round) => round.log === log).map((round) => round.figures);
      return Object.fromEntries(Object.keys(chosen[0]!).map((key) => [key, round(chosen.reduce((sum, figures) => sum + figures[key]!, 0) / chosen.length, 2)]));
    };
    const withLog = mean(true);
    const withoutLog = mean(false);
    const [masked] = await backend.db.rows<{ count: unknown }>(sql`SELECT count(*) AS count FROM sys_log WHERE request_param LIKE '%secret-%'`);
    return { withLog, withoutLog, rounds, callsLogged: calls, rowsWritten: logged, rowsDropped: logs.dropped, unmaskedSecrets: Number(masked?.count ?? 0) };
  } finally {
    await close();
  }
}

export function summarizeMonitor(result: Record<string, unknown>): string[] {
  const on = result.withLog as Record<string, number>;
  const off = result.withoutLog as Record<string, number>;
  return [
    `edit, one client: p50 ${on.sequentialP50Ms} ms / p99 ${on.sequentialP99Ms} ms with the log, ${off.sequentialP50Ms} / ${off.sequentialP99Ms} ms without`,
    `edit, ${CONCURRENT_CLIENTS} clients: p50 ${on.concurrentP50Ms} / p99 ${on.concurrentP99Ms} ms, ${on.concurrentCallsPerSecond}/s with the log; ${off.concurrentP50Ms} / ${off.concurrentP99Ms} ms, ${off.concurrentCallsPerSecond}/s without`,
    `logged ${String(result.rowsWritten)} of ${String(result.callsLogged)} calls, dropped ${String(result.rowsDropped)}, unmasked secrets ${String(result.unmaskedSecrets)}`,
  ];
}
