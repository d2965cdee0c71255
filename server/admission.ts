// Served in turn, or told at once (issue #35 item 1, docs/decisions/096). Node drains the microtask
// queue after every callback, so when every arriving request starts its work at once, each turn of
// the event loop runs the promise chains of all requests in flight: under 50 busy keep-alive clients
// one turn took seconds, the listening socket was polled once per turn, and a fresh connection waited
// in the kernel's accept queue until the load stopped (19-60 s, against a loaded median of ~1-5 s).
// This gate lets a bounded number of requests work at a time; the others wait in one first-in
// first-out queue, so the loop turns quickly, new connections are accepted, and every request is
// served in arrival order whatever its connection. Past the queue's bound a request is refused at
// once with 503 and Retry-After: 系统繁忙，请稍后重试 (a page) or the contract's envelope (API).
import type { NextFunction, Request, Response } from "express";

export interface AdmissionOptions {
  /** Requests doing work at the same time. */
  concurrency: number;
  /** Requests waiting beyond those; the next one is refused with 503. */
  queue: number;
}

export const BUSY_MESSAGE = "系统繁忙，请稍后重试";

/** Defaults measured on the two-core machine (docs/decisions/096); ADMISSION_CONCURRENCY and ADMISSION_QUEUE override them. */
export function admissionOptionsFromEnv(env: NodeJS.ProcessEnv): AdmissionOptions {
  const positive = (value: string | undefined, fallback: number) => {
    const parsed = Number(value);
    return Number.isInteger(parsed) && parsed > 0 ? parsed : fallback;
  };
  return { concurrency: positive(env.ADMISSION_CONCURRENCY, 8), queue: positive(env.ADMISSION_QUEUE, 200) };
}

export interface Admission {
  middleware: (req: Request, res: Response, next: NextFunction) => void;
  /** Working and waiting requests, for tests and the monitor. */
  stats(): { working: number; waiting: number; refused: number };
}

export function createAdmission(options: AdmissionOptions): Admission {
  let working = 0;
  let refused = 0;
  const waiting: { start: () => void; gone: () => boolean }[] = [];
  // Mean time a request works (exponential average): Retry-After tells how long the queue takes to drain.
  let meanWorkMs = 50;

  // Waiting requests start in a later turn of the loop (setImmediate), never in the microtask drain
  // of the one that just finished: otherwise one turn would run the whole queue, and the listening
  // socket (accepted once per turn) and the other sockets would wait for all of it.
  let scheduled = false;
  const admitNext = () => {
    if (scheduled) return;
    scheduled = true;
    setImmediate(() => {
      scheduled = false;
      while (working < options.concurrency && waiting.length > 0) {
        const next = waiting.shift()!;
        if (!next.gone()) next.start();
      }
    });
  };

  const middleware = (req: Request, res: Response, next: NextFunction) => {
    let gone = false;
    const start = () => {
      working++;
      const startedAt = performance.now();
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        working--;
        meanWorkMs = meanWorkMs * 0.9 + (performance.now() - startedAt) * 0.1;
        admitNext();
      };
      res.once("finish", release);
      res.once("close", release);
      next();
    };
    if (working < options.concurrency && waiting.length === 0) return start();
    if (waiting.length >= options.queue) {
      refused++;
      return refuse(req, res, Math.max(1, Math.ceil((waiting.length * meanWorkMs) / options.concurrency / 1000)));
    }
    // A client that leaves while waiting gives its place up.
    res.once("close", () => {
      gone = true;
    });
    waiting.push({ start, gone: () => gone });
  };

  return { middleware, stats: () => ({ working, waiting: waiting.length, refused }) };
}

/** API callers (the embedded backend, /api/*, React Router's data requests) get the contract's envelope; pages a page. */
function refuse(req: Request, res: Response, retryAfterSeconds: number): void {
  res.status(503).set("Retry-After", String(retryAfterSeconds)).set("Cache-Control", "no-store");
  const api = req.path.startsWith("/jeecg-boot/") || req.path.startsWith("/api/") || req.path.endsWith(".data") || (req.get("accept") ?? "").includes("application/json");
  if (api) {
    res.json({ success: false, message: BUSY_MESSAGE, code: 503, result: null, timestamp: Date.now() });
    return;
  }
  res
    .type("html")
    .send(
      `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${BUSY_MESSAGE}</title></head>` +
        `<body style="font-family:sans-serif;text-align:center;padding-top:20vh;color:#333"><h1 style="font-size:20px;font-weight:500">${BUSY_MESSAGE}</h1>` +
        `<p style="color:#666">请在 ${retryAfterSeconds} 秒后刷新页面。</p></body></html>`,
    );
}
