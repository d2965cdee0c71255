// The embedded backend answered without a socket (docs/decisions/064). When the web server runs
// the backend itself (no BACKEND_URL), a loader's call to it used to cross the loopback: undici's
// fetch, the kernel's TCP both ways and a second HTTP parse, for every list page. server.ts hands
// the backend's request listener here and puts the transport it gets back in the router context
// (`backend`, docs/decisions/183); the backend client's JSON calls are then dispatched to it
// in this process (light-my-request builds the IncomingMessage / ServerResponse pair), with the
// same method, path, headers and body, so the backend sees the request it saw over HTTP.
// Streams (uploads forwarded as they arrive, downloads passed on) still go over HTTP.
import type { IncomingMessage, ServerResponse } from "node:http";
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

/** A backend elsewhere (BACKEND_URL): every call over HTTP. */
export const overHttp: BackendTransport = { fetch: (url, init) => fetch(url, init) };

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
  return { fetch: (url, init) => (url.startsWith(prefix) ? answerWith(dispatch, url, init) : fetch(url, init)) };
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
  const empty = answer.statusCode === 204 || answer.statusCode === 304 || init.method === "HEAD";
  // A Buffer is a Uint8Array; the DOM typings only refuse its possibly shared backing store.
  return new Response(empty ? null : (answer.rawPayload as Uint8Array<ArrayBuffer>), { status: answer.statusCode, statusText: answer.statusMessage, headers: responseHeaders });
}
