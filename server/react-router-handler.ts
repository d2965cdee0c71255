// Express → React Router request handler. Like @react-router/express (which pins React Router to
// an older patch), but the URL's protocol comes from Express (`trust proxy`), so cookies get
// `Secure` behind an nginx that terminates TLS.
import { Readable } from "node:stream";
import type { NextFunction, Request as ExpressRequest, Response as ExpressResponse } from "express";
import { createRequestHandler, type ServerBuild } from "react-router";

export function createReactRouterHandler(build: ServerBuild | (() => Promise<ServerBuild>), mode: string) {
  const handle = createRequestHandler(build, mode);
  return async (req: ExpressRequest, res: ExpressResponse, next: NextFunction) => {
    try {
      const response = await handle(toFetchRequest(req, res));
      await sendFetchResponse(res, response);
    } catch (error) {
      next(error);
    }
  };
}

function toFetchRequest(req: ExpressRequest, res: ExpressResponse): Request {
  const url = new URL(req.originalUrl, `${req.protocol}://${req.get("host") ?? "localhost"}`);
  const controller = new AbortController();
  res.on("close", () => controller.abort());
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const item of value) headers.append(name, item);
    else headers.set(name, value);
  }
  const init: RequestInit & { duplex?: "half" } = { method: req.method, headers, signal: controller.signal };
  if (req.method !== "GET" && req.method !== "HEAD") {
    init.body = Readable.toWeb(req) as ReadableStream<Uint8Array>;
    init.duplex = "half";
  }
  return new Request(url, init);
}

async function sendFetchResponse(res: ExpressResponse, response: Response): Promise<void> {
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
  // An event stream's message arrives as several chunks in one tick (remix-utils enqueues `id:`,
  // `event:` and each `data:` line apart): corked until the tick ends, they leave in one write.
  let corked = false;
  const uncork = () => {
    corked = false;
    if (!res.destroyed) res.uncork();
  };
  for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
    if (res.destroyed) break;
    if (streaming && !corked) {
      corked = true;
      res.cork();
      setImmediate(uncork);
    }
    res.write(chunk);
  }
  res.end();
}
