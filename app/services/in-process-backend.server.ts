// The embedded backend answered without a socket (docs/decisions/064). When the web server runs
// the backend itself (no BACKEND_URL), a loader's call to it used to cross the loopback: undici's
// fetch, the kernel's TCP both ways and a second HTTP parse, for every list page. server.ts hands
// the backend's request listener here and puts the transport it gets back in the router context
// (`backend`, docs/decisions/183); the backend client's JSON calls are then dispatched to it
// in this process (light-my-request builds the IncomingMessage / ServerResponse pair), with the
// same method, path, headers and body, so the backend sees the request it saw over HTTP.
// Streams (uploads forwarded as they arrive, downloads passed on) still go over HTTP.
import http, { type IncomingMessage, type ServerResponse } from "node:http";
import https from "node:https";
import { brotliDecompressSync, gunzipSync, inflateSync } from "node:zlib";
import { inject, type DispatchFunc, type Response as InjectedAnswer } from "light-my-request";

export interface BackendRequest {
  method: string;
  headers: Headers;
  body?: string;
  signal: AbortSignal;
}

/** How the backend client's JSON calls reach the backend: the router context's `backend`. */
export interface BackendTransport {
  fetch(url: string, init: BackendRequest): Promise<Response>;
}

/**
 * A backend elsewhere (BACKEND_URL): every call over HTTP, through node:http's client on keep-alive
 * connections rather than fetch. undici's fetch (its Request, WHATWG streams and abort plumbing) was
 * 14 % of the web server's CPU per list page behind nginx (docs/decisions/187); the answer, a few
 * kilobytes of JSON, is read whole and handed on as the Response fetch would have given (decoded when
 * a backend compressed it anyway). Redirects are not followed: the backend's JSON calls have none.
 */
export const overHttp: BackendTransport = { fetch: requestOverHttp };

// An idle connection is closed after 4 s (undici's default), or earlier when the server's Keep-Alive
// header asks, so that it is rarely reused just as the other side closes it; a GET that meets that
// race anyway (ECONNRESET on a reused connection) is sent once more on a fresh one.
const agents = { "http:": new http.Agent({ keepAlive: true, timeout: 4_000 }), "https:": new https.Agent({ keepAlive: true, timeout: 4_000 }) };
/** Headers of one connection, not of the answer (a Response built by hand must not repeat them). */
const HOP_BY_HOP = new Set(["connection", "keep-alive", "transfer-encoding"]);

function requestOverHttp(url: string, init: BackendRequest, retried = false): Promise<Response> {
  const target = new URL(url);
  if (target.protocol !== "http:" && target.protocol !== "https:") return fetch(url, init);
  const protocol = target.protocol;
  const headers: Record<string, string> = {};
  for (const [name, value] of init.headers) headers[name] = value;
  if (init.body !== undefined) headers["content-length"] = String(Buffer.byteLength(init.body));
  return new Promise<Response>((resolve, reject) => {
    init.signal.throwIfAborted();
    const fail = (error: unknown) => reject(init.signal.aborted ? init.signal.reason : error);
    const request = (protocol === "https:" ? https : http).request(target, { method: init.method, headers, agent: agents[protocol], signal: init.signal }, (answer) => {
      const chunks: Buffer[] = [];
      answer.on("data", (chunk: Buffer) => chunks.push(chunk));
      answer.on("error", fail);
      answer.on("end", () => {
        try {
          const encoding = String(answer.headers["content-encoding"] ?? "identity").toLowerCase();
          const body = decoded(Buffer.concat(chunks), encoding);
          const responseHeaders = new Headers();
          for (let index = 0; index < answer.rawHeaders.length; index += 2) {
            const name = answer.rawHeaders[index]!.toLowerCase();
            if (HOP_BY_HOP.has(name) || (encoding !== "identity" && (name === "content-encoding" || name === "content-length"))) continue;
            responseHeaders.append(name, answer.rawHeaders[index + 1]!);
          }
          resolve(bufferedResponse(init.method, answer.statusCode ?? 502, answer.statusMessage, responseHeaders, body));
        } catch (error) {
          fail(error);
        }
      });
    });
    request.on("error", (error: NodeJS.ErrnoException) => {
      if (!retried && request.reusedSocket && error.code === "ECONNRESET" && init.method === "GET" && !init.signal.aborted) resolve(requestOverHttp(url, init, true));
      else fail(error);
    });
    request.end(init.body);
  });
}

function decoded(body: Buffer, encoding: string): Buffer {
  switch (encoding) {
    case "gzip":
    case "x-gzip":
      return gunzipSync(body);
    case "deflate":
      return inflateSync(body);
    case "br":
      return brotliDecompressSync(body);
    default:
      return body;
  }
}

/** An Express application: a request listener with its own request and response prototypes. */
export interface ExpressApp {
  (req: IncomingMessage, res: ServerResponse): void;
  request: object;
  response: object;
}

/**
 * Serves calls to `backendUrl` (the embedded backend's own address) with `app`, an Express
 * application holding only the backend's router. light-my-request's own Express support re-parents
 * Express's prototypes, which every Express application shares: the web server's real requests
 * would lose IncomingMessage's methods. So it is bypassed (the app is wrapped), and this app alone
 * gets private copies of Express's request and response methods, parented on light-my-request's
 * classes (found by one probe call).
 */
export async function answerInProcess(backendUrl: string, app: ExpressApp): Promise<BackendTransport> {
  const [injectedRequest, injectedResponse] = await new Promise<[object, object]>((resolve, reject) => {
    inject(
      (req, res) => {
        resolve([Object.getPrototypeOf(req) as object, Object.getPrototypeOf(res) as object]);
        res.end();
      },
      { url: "/" },
    ).catch(reject);
  });
  for (const [own, base] of [
    [app.request, injectedRequest],
    [app.response, injectedResponse],
  ] as const) {
    const express = Object.getPrototypeOf(own) as object;
    Object.setPrototypeOf(own, Object.create(base, Object.getOwnPropertyDescriptors(express)));
  }
  const prefix = backendUrl.replace(/\/+$/, "") + "/";
  const dispatch: DispatchFunc = (req, res) => app(req, res);
  return { fetch: (url, init) => (url.startsWith(prefix) ? answerWith(dispatch, url, init) : requestOverHttp(url, init)) };
}

/** The in-process dispatch of one call: the answer `fetch(url, init)` would have given. */
async function answerWith(dispatch: DispatchFunc, url: string, init: BackendRequest): Promise<Response> {
  const target = new URL(url);
  const headers: Record<string, string> = { host: target.host };
  for (const [name, value] of init.headers) headers[name] = value;
  init.signal.throwIfAborted();
  const answer = await new Promise<InjectedAnswer>((resolve, reject) => {
    const abort = () => reject(init.signal.reason);
    init.signal.addEventListener("abort", abort, { once: true });
    inject(dispatch, { method: init.method, url: target.pathname + target.search, headers, payload: init.body, remoteAddress: "127.0.0.1" })
      .then(resolve, reject)
      .finally(() => init.signal.removeEventListener("abort", abort));
  });
  const responseHeaders = new Headers();
  for (const [name, value] of Object.entries(answer.headers)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const item of value) responseHeaders.append(name, item);
    else responseHeaders.set(name, String(value));
  }
  return bufferedResponse(init.method, answer.statusCode, answer.statusMessage, responseHeaders, answer.rawPayload);
}

/** The Response fetch would have given for an answer read whole (no body where HTTP has none). */
function bufferedResponse(method: string, status: number, statusText: string | undefined, headers: Headers, body: Buffer): Response {
  const empty = status === 204 || status === 304 || method === "HEAD";
  // A Buffer is a Uint8Array; the DOM typings only refuse its possibly shared backing store.
  return new Response(empty ? null : (body as Uint8Array<ArrayBuffer>), { status, statusText, headers });
}
