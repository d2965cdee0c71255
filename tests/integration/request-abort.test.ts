// The request signal React Router's loaders get (server/react-router-handler.ts): aborted when the
// browser goes away before the answer is written, and left alone once the answer was sent.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import express from "express";
import type { AddressInfo } from "node:net";
import type { Server } from "node:http";
import { setTimeout as sleep } from "node:timers/promises";
import { toFetchRequest } from "../../server/react-router-handler";

describe("the loaders' request signal", () => {
  const signals = new Map<string, AbortSignal>();
  let server: Server;
  let base: string;

  beforeAll(async () => {
    const app = express();
    app.get("/answered", (req, res) => {
      signals.set("answered", toFetchRequest(req, res).signal);
      res.send("done");
    });
    // Never answers: the client gives up.
    app.get("/pending", (req, res) => {
      signals.set("pending", toFetchRequest(req, res).signal);
    });
    server = await new Promise<Server>((resolve) => {
      const listening = app.listen(0, "127.0.0.1", () => resolve(listening));
    });
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it("stays unaborted after the answer was sent and the connection closed", async () => {
    const response = await fetch(`${base}/answered`, { headers: { Connection: "close" } });
    expect(await response.text()).toBe("done");
    await sleep(50);
    expect(signals.get("answered")?.aborted).toBe(false);
  });

  it("aborts when the client goes away before the answer", async () => {
    const controller = new AbortController();
    const request = fetch(`${base}/pending`, { signal: controller.signal }).catch(() => "gone");
    while (!signals.has("pending")) await sleep(5);
    controller.abort();
    expect(await request).toBe("gone");
    for (let waited = 0; waited < 1_000 && !signals.get("pending")?.aborted; waited += 10) await sleep(10);
    expect(signals.get("pending")?.aborted).toBe(true);
  });
});
