// Served in turn, or told at once (issue #35 item 1, docs/decisions/096): PGlite's statements leave
// the event loop's turns short, the admission gate serves waiting requests in arrival order and
// refuses past its queue at once, and a fresh connection is answered while 50 keep-alive clients
// keep the backend busy.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import express from "express";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { sql } from "drizzle-orm";
import { createAdmission, BUSY_MESSAGE } from "../../server/admission";
import { loginToken, startTestBackend, type TestBackend } from "../support/backend";

/** The longest stretch, in ms, in which a 1 ms interval timer could not fire while `work` ran; and the work's duration. */
async function longestBlockedStretch(work: () => Promise<unknown>): Promise<{ blockedMs: number; totalMs: number }> {
  let last = performance.now();
  let blockedMs = 0;
  const ticker = setInterval(() => {
    const now = performance.now();
    blockedMs = Math.max(blockedMs, now - last);
    last = now;
  }, 1);
  const started = performance.now();
  await work();
  const totalMs = performance.now() - started;
  clearInterval(ticker);
  blockedMs = Math.max(blockedMs, performance.now() - last);
  return { blockedMs, totalMs };
}

describe("fair service under load", () => {
  let server: TestBackend;
  beforeAll(async () => {
    server = await startTestBackend("pglite");
  });
  afterAll(async () => server?.close());

  it("runs 300 queued PGlite statements across many turns of the event loop, not in one", async () => {
    const { db } = server.backend;
    const { blockedMs, totalMs } = await longestBlockedStretch(() =>
      Promise.all(Array.from({ length: 300 }, () => db.rows(sql`select count(*)::int as n from sys_user`))),
    );
    // In one microtask drain the timer would wait for all of them (blocked ≈ total).
    expect(blockedMs).toBeLessThan(totalMs / 5);
  });

  it("answers a fresh connection while 50 keep-alive clients keep the backend busy", async () => {
    const token = await loginToken(server.url);
    const url = new URL(`${server.url}/sys/user/list?pageNo=1&pageSize=10`);
    const get = (agent: http.Agent | false) =>
      new Promise<number>((resolve, reject) => {
        const started = performance.now();
        const request = http.get(
          { host: url.hostname, port: url.port, path: url.pathname + url.search, agent, headers: { "X-Access-Token": token } },
          (response) => {
            response.resume();
            response.on("end", () => (response.statusCode === 200 ? resolve(performance.now() - started) : reject(new Error(`HTTP ${response.statusCode}`))));
          },
        );
        request.on("error", reject);
      });
    let stop = false;
    const loaded: number[] = [];
    const clients = Array.from({ length: 50 }, async () => {
      const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
      const deadline = performance.now() + 60_000;
      while (!stop && performance.now() < deadline) loaded.push(await get(agent));
      agent.destroy();
    });
    while (loaded.length < 50) await new Promise((resolve) => setTimeout(resolve, 20));
    const servedBefore = loaded.length;
    const probes: number[] = [];
    for (let i = 0; i < 3; i++) probes.push(await get(false));
    const stillLoaded = !stop && loaded.length > servedBefore;
    stop = true;
    await Promise.all(clients);
    expect(stillLoaded).toBe(true);
    const sorted = [...loaded].sort((a, b) => a - b);
    const median = sorted[Math.floor(sorted.length / 2)]!;
    console.log(`[fairness] ${loaded.length} loaded answers, median ${median.toFixed(0)} ms; probes ${probes.map((ms) => ms.toFixed(0)).join(", ")} ms`);
    // Served in turn: a newcomer waits about as long as everyone else, not until the crowd leaves.
    expect(Math.max(...probes)).toBeLessThanOrEqual(Math.max(3 * median, 250));
  }, 120_000);
});

describe("the admission gate", () => {
  let base: string;
  let close: () => Promise<void>;
  const started: string[] = [];
  const release = new Map<string, () => void>();

  beforeAll(async () => {
    const admission = createAdmission({ concurrency: 1, queue: 2 });
    const app = express();
    app.use(admission.middleware);
    app.get(["/page/:id", "/api/:id"], (req, res) => {
      const id = String(req.params.id);
      started.push(id);
      release.set(id, () => res.send(`done ${id}`));
    });
    const listening = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => listening.once("listening", resolve));
    base = `http://127.0.0.1:${(listening.address() as AddressInfo).port}`;
    close = async () => {
      listening.closeAllConnections();
      await new Promise((resolve) => listening.close(resolve));
    };
  });
  afterAll(async () => close?.());

  const until = async (condition: () => boolean) => {
    while (!condition()) await new Promise((resolve) => setTimeout(resolve, 5));
  };

  it("serves waiting requests in arrival order and refuses past the queue at once, in each caller's terms", async () => {
    const first = fetch(`${base}/page/a`);
    await until(() => started.includes("a"));
    const second = fetch(`${base}/page/b`);
    await new Promise((resolve) => setTimeout(resolve, 50));
    const third = fetch(`${base}/page/c`);
    await new Promise((resolve) => setTimeout(resolve, 50));

    const page = await fetch(`${base}/page/d`);
    expect(page.status).toBe(503);
    expect(Number(page.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    expect(await page.text()).toContain(BUSY_MESSAGE);
    const api = await fetch(`${base}/api/e`);
    expect(api.status).toBe(503);
    expect(await api.json()).toMatchObject({ success: false, code: 503, message: BUSY_MESSAGE });
    expect(started).toEqual(["a"]);

    release.get("a")!();
    expect(await (await first).text()).toBe("done a");
    await until(() => started.length === 2);
    release.get("b")!();
    expect(await (await second).text()).toBe("done b");
    await until(() => started.length === 3);
    release.get("c")!();
    expect(await (await third).text()).toBe("done c");
    expect(started).toEqual(["a", "b", "c"]);
  });

  it("gives the place of a client that left while waiting to the next one", async () => {
    started.length = 0;
    const first = fetch(`${base}/page/f`);
    await until(() => started.includes("f"));
    const leaving = new AbortController();
    const left = fetch(`${base}/page/g`, { signal: leaving.signal }).catch(() => "left");
    await new Promise((resolve) => setTimeout(resolve, 50));
    const next = fetch(`${base}/page/h`);
    await new Promise((resolve) => setTimeout(resolve, 50));
    leaving.abort();
    expect(await left).toBe("left");
    await new Promise((resolve) => setTimeout(resolve, 50));
    release.get("f")!();
    await first;
    await until(() => started.length === 2);
    expect(started).toEqual(["f", "h"]);
    release.get("h")!();
    expect(await (await next).text()).toBe("done h");
  });
});
