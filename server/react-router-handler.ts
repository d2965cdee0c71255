// Express → React Router request handler. Like @react-router/express (which pins React Router to
// an older patch), but the URL's protocol comes from Express (`trust proxy`), so cookies get
// `Secure` behind an nginx that terminates TLS.
import { Readable } from "node:stream";
import type { NextFunction, Request as ExpressRequest, Response as ExpressResponse } from "express";
import { createRequestHandler, type RouterContextProvider, type ServerBuild } from "react-router";
import { CLIENT_ADDRESS_HEADER } from "./client-address";
import { requestOrigin } from "./origin-check";
import { cspNonce } from "./security-headers";
import { readWithinTurn, sendWhole } from "./compression";
import { CSP_NONCE_HEADER } from "../app/lib/csp-nonce";

/**
 * The router context of a request (the templates' `getLoadContext`), given the build that answers
 * it: the build names the context key, so that a development reload of the app's modules keeps
 * reading the services server.ts built once (app/services/app-context.server.ts).
 */
export type GetLoadContext = (build: ServerBuild) => RouterContextProvider;

export function createReactRouterHandler(build: ServerBuild | (() => Promise<ServerBuild>), mode: string, getLoadContext: GetLoadContext) {
  // A build loaded per request (development) gets its handler per request, as React Router's own does.
  const fixed = typeof build === "function" ? null : createRequestHandler(build, mode);
  return async (req: ExpressRequest, res: ExpressResponse, next: NextFunction) => {
    try {
      const request = toFetchRequest(req, res);
      const current = typeof build === "function" ? await build() : build;
      const handle = fixed ?? createRequestHandler(current, mode);
      const response = await handle(request, getLoadContext(current));
      keepPrefetchedData(request, response);
      await sendFetchResponse(req, res, response);
    } catch (error) {
      next(error);
    }
  };
}

/** How long a page's data fetched ahead (a hovered menu link) may serve the click that follows. */
export const PREFETCHED_DATA_SECONDS = 5;

/**
 * A hovered link prefetches the page's data (`<link rel="prefetch" href="….data">`); without a
 * cache lifetime the browser fetches it again on the click, so the prefetch only doubled the work.
 * The prefetched answer may serve that click for a few seconds, privately; every other data
 * answer stays uncached.
 */
export function keepPrefetchedData(request: Request, response: Response): void {
  const purpose = `${request.headers.get("sec-purpose") ?? ""} ${request.headers.get("purpose") ?? ""}`;
  if (request.method !== "GET" || !purpose.includes("prefetch")) return;
  if (!new URL(request.url).pathname.endsWith(".data") || response.status !== 200 || response.headers.has("Cache-Control")) return;
  try {
    response.headers.set("Cache-Control", `private, max-age=${PREFETCHED_DATA_SECONDS}`);
    response.headers.append("Vary", "Cookie");
  } catch {
    // A response with immutable headers is sent as it is.
  }
}

/** The Fetch request React Router gets for an Express request (exported for its test). */
export function toFetchRequest(req: ExpressRequest, res: ExpressResponse): Request {
  // The same origin as the origin check's (server/origin-check.ts): forwarded proto and host count
  // only from a trusted proxy.
  const url = new URL(req.originalUrl, requestOrigin(req));
  // Loaders and actions are aborted when the answer can no longer be written: a `close` before
  // `finish` (the client went away). Aborting after every finished answer too cost each request a
  // DOMException with its stack and an abort event (docs/decisions/064), as in @react-router/express.
  const controller = new AbortController();
  res.on("close", () => {
    if (!res.writableFinished) controller.abort();
  });
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const item of value) headers.append(name, item);
    else headers.set(name, value);
  }
  // The browser's address as `trust proxy` resolved it, for the backend's logs and sign-in guard;
  // whatever a client sent under this name is replaced.
  headers.set(CLIENT_ADDRESS_HEADER, req.ip ?? req.socket.remoteAddress ?? "");
  // The answer's CSP nonce for the server render; never one the client sent.
  headers.delete(CSP_NONCE_HEADER);
  const nonce = cspNonce(res);
  if (nonce) headers.set(CSP_NONCE_HEADER, nonce);
  const init: RequestInit & { duplex?: "half" } = { method: req.method, headers, signal: controller.signal };
  if (req.method !== "GET" && req.method !== "HEAD") {
    init.body = Readable.toWeb(req) as ReadableStream<Uint8Array>;
    init.duplex = "half";
  }
  return new Request(url, init);
}

/** Writes React Router's answer to Express: whole when complete at once, else streamed (exported for its test). */
export async function sendFetchResponse(req: ExpressRequest, res: ExpressResponse, response: Response): Promise<void> {
  res.status(response.status);
  if (response.statusText) res.statusMessage = response.statusText;
  for (const [name, value] of response.headers) if (name !== "set-cookie") res.setHeader(name, value);
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) res.setHeader("Set-Cookie", cookies);
  if (!response.body) {
    res.end();
    return;
  }
  const streaming = response.headers.get("content-type")?.startsWith("text/event-stream") ?? false;
  const chunks = (response.body as unknown as AsyncIterable<Uint8Array>)[Symbol.asyncIterator]();
  let pending: Promise<IteratorResult<Uint8Array>> | null = null;
  if (!streaming) {
    // Complete within this turn: sent whole (server/compression.ts); else what came streams on.
    const read = await readWithinTurn(chunks);
    if (read.done) {
      sendWhole(req, res, read.chunks);
      return;
    }
    for (const chunk of read.chunks) res.write(chunk);
    pending = read.pending;
  }
  // An event stream's message arrives as several chunks in one tick (remix-utils enqueues `id:`,
  // `event:` and each `data:` line apart): corked until the tick ends, they leave in one write.
  let corked = false;
  const uncork = () => {
    corked = false;
    if (!res.destroyed) res.uncork();
  };
  for (;;) {
    const next = await (pending ?? chunks.next());
    pending = null;
    if (next.done || res.destroyed) break;
    if (streaming && !corked) {
      corked = true;
      res.cork();
      setImmediate(uncork);
    }
    res.write(next.value);
  }
  // A client that went away: the body is not read further (as the for-await loop's break did).
  if (res.destroyed) await chunks.return?.();
  res.end();
}
