// A browser that leaves before its answer is written (a click on the next page while a script or a
// page is still loading) is normal traffic, not an error: it is logged as one short line at debug
// level (LOG_LEVEL=debug: the config's `debugLogging`), never as a stack trace (issue #30).
import type { Request } from "express";

/** The one line for an answer the browser did not wait for. */
export function clientGoneLine(req: Pick<Request, "method" | "originalUrl">): string {
  return `[web] client gone before the answer: ${req.method} ${req.originalUrl}`;
}

export function logClientGone(req: Pick<Request, "method" | "originalUrl">, debugLogging: boolean): void {
  if (debugLogging) console.debug(clientGoneLine(req));
}
