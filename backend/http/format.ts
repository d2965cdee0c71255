// Wire formats of dates (contract §0: yyyy-MM-dd HH:mm:ss in the school's zone, backend/clock.ts)
// and client details.
import type { IncomingMessage } from "node:http";
import type { Express, Request } from "express";
import { formatSchoolDateTime } from "../clock";

export function formatDateTime(value: Date | string | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return null;
  return formatSchoolDateTime(date);
}

/**
 * The client address of a request Express does not route (a WebSocket upgrade), as `req.ip` is for
 * those it does: through the app's `trust proxy` setting (TRUST_PROXY), so that 访问控制 judges the
 * same address on both (docs/decisions/134).
 */
export function upgradeClientIp(app: Express, req: IncomingMessage): string | null {
  const view = Object.create(app.request, { headers: { value: req.headers }, socket: { value: req.socket }, connection: { value: req.socket } }) as Request;
  return view.ip ?? req.socket.remoteAddress ?? null;
}

/**
 * Whether a request is a trusted proxy's own (a web server's, not a browser's it forwards): it
 * comes from an address `trust proxy` trusts and names no client in X-Forwarded-For.
 */
export function fromTrustedProxy(app: Express, req: IncomingMessage): boolean {
  if (req.headers["x-forwarded-for"]) return false;
  const trust = app.get("trust proxy fn") as ((address: string, hop: number) => boolean) | undefined;
  return !!trust && !!req.socket.remoteAddress && trust(req.socket.remoteAddress, 0);
}

export function clientIp(req: Request): string | null {
  return req.ip ?? req.socket.remoteAddress ?? null;
}
