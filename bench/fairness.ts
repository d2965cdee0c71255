// Section `fairness` (issue #35 item 1): 50 signed-in people load 学生 (`/school/student`) without
// pause over keep-alive connections, each with a session of its own, for 25 s; every 2 s a 51st
// person asks for the same page on a fresh connection. Served in turn means the slowest probe is at
// most 3× the loaded median; a shed answer (503 with Retry-After) comes within 100 ms; nothing else
// fails. The embedded product on PGlite, started as `npm start` starts it.
import http from "node:http";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { findFreePort, percentile, round, signIn, startServer } from "./lib";

const ADMIN_PASSWORD = "Bench-Admin-2026";
const LOADED = Number(process.env.BENCH_FAIRNESS_CLIENTS ?? 50);
const SECONDS = Number(process.env.BENCH_FAIRNESS_SECONDS ?? 25);
const PROBE_EVERY_MS = 2_000;
const PAGE = "/school/student";
const GOALS = { slowestProbeOverLoadedP50: 3, shedMs: 100 } as const;

interface Answer {
  status: number;
  ms: number;
  retryAfter: string | null;
}

function get(port: number, cookie: string, agent: http.Agent | false): Promise<Answer> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const request = http.get({ host: "127.0.0.1", port, path: PAGE, agent, headers: { Cookie: cookie } }, (response) => {
      response.resume();
      response.on("end", () =>
        resolve({ status: response.statusCode ?? 0, ms: performance.now() - started, retryAfter: response.headers["retry-after"] ?? null }),
      );
      response.on("error", reject);
    });
    request.on("error", reject);
    request.setTimeout(120_000, () => request.destroy(new Error("no answer within 120 s")));
  });
}

export async function benchFairness(): Promise<Record<string, unknown>> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "bench-fairness-"));
  const port = await findFreePort();
  const server = await startServer({ port, env: { DATA_DIR: dataDir, ADMIN_PASSWORD }, readyTimeoutMs: 180_000 });
  try {
    // A session per person: 50 loaded ones and one per probe.
    const probes = Math.ceil((SECONDS * 1000) / PROBE_EVERY_MS);
    const sessions: string[] = [];
    for (let i = 0; i < LOADED + probes; i++) sessions.push(await signIn(server.baseUrl, "admin", ADMIN_PASSWORD));
    // Warm the page once.
    await get(port, sessions[0]!, false);

    const loaded: Answer[] = [];
    const errors: string[] = [];
    let stop = false;
    const loops = sessions.slice(0, LOADED).map(async (cookie) => {
      const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
      while (!stop) {
        try {
          loaded.push(await get(port, cookie, agent));
        } catch (error) {
          errors.push(error instanceof Error ? error.message : String(error));
          await sleep(100);
        }
      }
      agent.destroy();
    });
    await sleep(2_000);
    const probeAnswers: Promise<Answer>[] = [];
    for (let i = 0; i < probes; i++) {
      probeAnswers.push(get(port, sessions[LOADED + i]!, false).catch((error) => ({ status: 0, ms: Number.NaN, retryAfter: String(error) })));
      await sleep(PROBE_EVERY_MS);
    }
    const probed = await Promise.all(probeAnswers);
    stop = true;
    await Promise.all(loops);

    const served = (answers: Answer[]) => answers.filter((answer) => answer.status === 200).map((answer) => answer.ms);
    const shed = (answers: Answer[]) => answers.filter((answer) => answer.status === 503);
    const other = [...loaded, ...probed].filter((answer) => answer.status !== 200 && answer.status !== 503);
    const loadedP50 = percentile(served(loaded), 50);
    const probeMs = served(probed);
    const slowestProbe = probeMs.length ? Math.max(...probeMs) : Number.NaN;
    const shedAnswers = [...shed(loaded), ...shed(probed)];
    return {
      loadedClients: LOADED,
      seconds: SECONDS,
      loadAverage: os.loadavg().map((value) => round(value, 2)),
      loadedServed: served(loaded).length,
      loadedP50Ms: round(loadedP50),
      loadedP99Ms: round(percentile(served(loaded), 99)),
      probesServed: probeMs.length,
      probesShed: shed(probed).length,
      probeMs: probeMs.map((ms) => round(ms)),
      slowestProbeMs: round(slowestProbe),
      slowestProbeOverLoadedP50: round(slowestProbe / loadedP50, 2),
      shedAnswers: shedAnswers.length,
      slowestShedMs: shedAnswers.length ? round(Math.max(...shedAnswers.map((answer) => answer.ms))) : 0,
      shedWithoutRetryAfter: shedAnswers.filter((answer) => !answer.retryAfter).length,
      otherErrors: other.length + errors.length,
      otherErrorSamples: [...other.map((answer) => `HTTP ${answer.status} ${answer.retryAfter ?? ""}`), ...errors].slice(0, 5),
      goals: GOALS,
      met:
        slowestProbe / loadedP50 <= GOALS.slowestProbeOverLoadedP50 &&
        shedAnswers.every((answer) => answer.ms <= GOALS.shedMs && answer.retryAfter) &&
        other.length + errors.length === 0,
    };
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export function summarizeFairness(result: Record<string, unknown>): string[] {
  return [
    `loaded: ${String(result.loadedClients)} clients, p50 ${String(result.loadedP50Ms)} ms, p99 ${String(result.loadedP99Ms)} ms (${String(result.loadedServed)} served)`,
    `probes on fresh connections: ${String(result.probesServed)} served, slowest ${String(result.slowestProbeMs)} ms (${String(result.slowestProbeOverLoadedP50)}× the loaded p50, goal ≤ ${GOALS.slowestProbeOverLoadedP50}×), ${String(result.probesShed)} shed`,
    `shed answers: ${String(result.shedAnswers)}, slowest ${String(result.slowestShedMs)} ms (goal ≤ ${GOALS.shedMs}); other errors: ${String(result.otherErrors)}; met: ${String(result.met)}`,
  ];
}
