// The request signal React Router's loaders get (server/react-router-handler.ts): aborted when the
// browser goes away before the answer is written, and left alone once the answer was sent.
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import express from "express";
import type { AddressInfo } from "node:net";
import { get, type Server } from "node:http";
import { setTimeout as sleep } from "node:timers/promises";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { toFetchRequest } from "../../server/react-router-handler";
import { staticFiles } from "../../server/precompressed";
import { clientGoneLine } from "../../server/client-gone";

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

// A browser that navigates away while a script is still downloading (issue #30 item 9): the static
// files' answer is abandoned quietly, one line at debug level, never an error with its stack.
describe("a static file the browser stops downloading", () => {
  const passedOn: unknown[] = [];
  let server: Server;
  let base: string;
  let root: string;

  beforeAll(async () => {
    root = mkdtempSync(path.join(tmpdir(), "static-abort-"));
    writeFileSync(path.join(root, "big.js"), "x");
    // Larger than every socket buffer on the way: the answer is still being written when the client leaves.
    writeFileSync(path.join(root, "big.js.br"), Buffer.alloc(32 * 1024 * 1024, 7));
    const app = express();
    app.use(staticFiles(root, { maxAge: "1h", debugLogging: true }));
    app.use((error: unknown, _req: express.Request, res: express.Response, _next: express.NextFunction) => {
      passedOn.push(error);
      res.destroy();
    });
    server = await new Promise<Server>((resolve) => {
      const listening = app.listen(0, "127.0.0.1", () => resolve(listening));
    });
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    rmSync(root, { recursive: true, force: true });
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it("logs one short debug line and passes no error on", async () => {
    const lines: string[] = [];
    const debug = vi.spyOn(console, "debug").mockImplementation((...args: unknown[]) => void lines.push(args.map(String).join(" ")));
    try {
      // The raw answer (fetch would decode it): the first bytes arrive, then the browser is gone.
      const encoding = await new Promise<string | undefined>((resolve, reject) => {
        const request = get(`${base}/big.js`, { headers: { "Accept-Encoding": "br" } }, (response) => {
          response.once("data", () => {
            request.destroy();
            resolve(response.headers["content-encoding"]);
          });
        });
        request.on("error", (error) => reject(error));
      });
      expect(encoding).toBe("br");
      for (let waited = 0; waited < 5_000 && lines.length === 0; waited += 10) await sleep(10);
      expect(lines).toEqual([clientGoneLine({ method: "GET", originalUrl: "/big.js" })]);
      expect(lines[0]).not.toContain("\n");
      expect(passedOn).toEqual([]);
    } finally {
      debug.mockRestore();
    }
  });
});
