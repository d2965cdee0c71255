// A browser that leaves before its answer is written (a click on the next page while a script or a
// page is still loading) is normal traffic, not an error: it is logged as one short line at debug
// level (LOG_LEVEL=debug), never as a stack trace (issue #30).
import type { Request } from "express";

/** Whether debug lines are written: LOG_LEVEL=debug. */
export function debugLogging(): boolean {
  return process.env.LOG_LEVEL?.toLowerCase() === "debug";
}

/** The one line for an answer the browser did not wait for. */
export function clientGoneLine(req: Pick<Request, "method" | "originalUrl">): string {
  return `[web] client gone before the answer: ${req.method} ${req.originalUrl}`;
}

export function logClientGone(req: Pick<Request, "method" | "originalUrl">): void {
  if (debugLogging()) console.debug(clientGoneLine(req));
}
