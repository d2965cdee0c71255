// Server rendering with the request's CSP nonce (issue #10, docs/decisions/013-script-nonce.md):
// server.ts draws a nonce per answer, names it in the Content-Security-Policy header and hands it
// over in the internal `x-csp-nonce` request header; every inline script React and React Router
// write carries it, so the policy needs no 'unsafe-inline' for scripts. Otherwise React Router's
// default node entry.
import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { ServerRouter, type EntryContext } from "react-router";
import { renderToPipeableStream } from "react-dom/server";
import { CSP_NONCE_HEADER, NonceContext } from "./lib/csp-nonce";

export const streamTimeout = 5_000;

/** The router context key server.ts sets the app's services under (app/services/app-context.server.ts). */
export { appContext } from "./services/app-context.server";

export default function handleRequest(request: Request, responseStatusCode: number, responseHeaders: Headers, routerContext: EntryContext) {
  if (request.method.toUpperCase() === "HEAD") return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  const nonce = request.headers.get(CSP_NONCE_HEADER) ?? undefined;

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);
    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </NonceContext.Provider>,
      {
        nonce,
        // A part that is ready when the page goes out stays in place: pages work before and
        // without JavaScript (issue #19), and React would otherwise move ready Suspense parts that
        // come after its 12.8 KB chunk to the end of the page, shown by an inline script.
        progressiveChunkSize: Number.MAX_SAFE_INTEGER,
        [routerContext.isSpaMode ? "onAllReady" : "onShellReady"]() {
          shellRendered = true;
          const body = new PassThrough({
            final(callback) {
              clearTimeout(timeoutId);
              timeoutId = undefined;
              callback();
            },
          });
          responseHeaders.set("Content-Type", "text/html");
          pipe(body);
          resolve(new Response(createReadableStreamFromReadable(body), { headers: responseHeaders, status: responseStatusCode }));
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) console.error(error);
        },
      },
    );
  });
}
