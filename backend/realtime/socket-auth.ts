// Who may open /websocket/{userId} (api-contract.md §8, hardened by §10: "the WebSocket needs a
// valid token and only carries the user's own messages"). The original 3.0 accepted anyone.
import { createHash } from "node:crypto";
import type { IncomingMessage } from "node:http";
import { decodeJwt } from "jose";
import { Messages } from "#contract/messages";
import { AccessRuleMessages } from "#contract/modules/access-rule";
import { userTenantIds } from "../crud/tenant";
import type { BackendServices } from "../services";

/** Close codes: the HTTP status of the same refusal, in the application range (RFC 6455 §7.4.2). */
export const SocketCloseCode = {
  /** No, illegal, ended or expired token; missing or locked user; a tenant the user left. */
  unauthenticated: 4401,
  /** A valid token for another user than the one in the path. */
  forbidden: 4403,
  /** The user opened more sockets than allowed; the oldest one gives way. */
  replaced: 4409,
  /** Server shutdown (RFC 6455 "going away"). */
  goingAway: 1001,
} as const;

/** What the server remembers of an admitted socket, to re-check it later. */
export interface SocketClient {
  userId: string;
  sessionId: string;
  /** The token's own expiry (JWT `exp`), in epoch milliseconds; null when it has none. */
  tokenExpiresAt: number | null;
  /** The client's address (through TRUST_PROXY) and the tenant it works in: 访问控制 re-checks them. */
  address: string | null;
  tenantId: number;
  /** False for a trusted proxy's own socket (SocketAddress): 访问控制 does not judge it. */
  addressChecked: boolean;
}

/**
 * Where a socket comes from. `checked: false`: a trusted proxy opened it on its own behalf (the web
 * server's notice bridge, one socket for all of a user's pages, whose addresses are judged on the
 * web server's own calls to the backend), so its address is the proxy's and no rule applies to it.
 */
export interface SocketAddress {
  address: string | null;
  checked: boolean;
}

export type SocketAdmission = { ok: true; client: SocketClient } | { ok: false; code: number; reason: string };

/**
 * The token, in the order clients send it: the `Sec-WebSocket-Protocol` header (the Vue 3 client,
 * `new WebSocket(url, [token])`), `X-Access-Token` (server-side clients such as the web server's
 * notice bridge), or `?token=` (contract §2 "Token").
 */
export function socketToken(req: IncomingMessage, url: URL): string | null {
  const protocol = firstProtocol(req);
  if (protocol) return protocol;
  const header = req.headers["x-access-token"];
  if (typeof header === "string" && header) return header;
  return url.searchParams.get("token") || null;
}

export function firstProtocol(req: IncomingMessage): string | null {
  const header = req.headers["sec-websocket-protocol"];
  if (typeof header !== "string") return null;
  return header.split(",")[0]?.trim() || null;
}

/** The tenant the client says it works in: the `tenant-id` header, or `?tenantId=` for browsers. */
function socketTenantId(req: IncomingMessage, url: URL): number {
  const raw = headerText(req, "tenant-id") ?? headerText(req, "x-tenant-id") ?? url.searchParams.get("tenantId") ?? "";
  const value = Number.parseInt(raw, 10);
  return Number.isSafeInteger(value) && value > 0 ? value : 0;
}

function headerText(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return typeof value === "string" ? value : undefined;
}

function refuse(code: number, reason: string): SocketAdmission {
  return { ok: false, code, reason };
}

/**
 * The same checks as an HTTP request (backend/http/auth.ts), then the path's user must be the
 * token's user: nobody listens to someone else's notices.
 */
export async function admitSocket(
  services: BackendServices,
  req: IncomingMessage,
  url: URL,
  pathUserId: string,
  from: SocketAddress = { address: req.socket.remoteAddress ?? null, checked: true },
): Promise<SocketAdmission> {
  const token = socketToken(req, url);
  if (!token) return refuse(SocketCloseCode.unauthenticated, Messages.tokenInvalid);
  const resolved = await services.sessions.resolve(token);
  switch (resolved.kind) {
    case "illegal":
      return refuse(SocketCloseCode.unauthenticated, Messages.tokenIllegal);
    case "ended":
      return refuse(SocketCloseCode.unauthenticated, Messages.tokenInvalid);
    case "no-user":
      return refuse(SocketCloseCode.unauthenticated, Messages.userMissing);
    case "locked":
      return refuse(SocketCloseCode.unauthenticated, Messages.userLocked);
    case "ok":
      break;
  }
  const tenantId = socketTenantId(req, url);
  if (tenantId !== 0 && !userTenantIds(resolved.user.relTenantIds).includes(tenantId))
    return refuse(SocketCloseCode.unauthenticated, Messages.tenantChanged);
  // The Vue 3.9 client names its socket `{userId}_{md5(token)}` (one per sign-in; docs/decisions/085).
  const ownPaths = [resolved.user.id, `${resolved.user.id}_${createHash("md5").update(token).digest("hex")}`];
  if (!ownPaths.includes(pathUserId)) return refuse(SocketCloseCode.forbidden, Messages.noPermission);
  // 访问控制 as for every HTTP call (docs/decisions/134): the platform's rules and the tenant's.
  const workingTenant = tenantId || resolved.session.tenantId || userTenantIds(resolved.user.relTenantIds)[0]!;
  if (from.checked && !(await services.addressRules.admits(from.address, workingTenant))) return refuse(SocketCloseCode.forbidden, AccessRuleMessages.refused);
  return {
    ok: true,
    client: {
      userId: resolved.user.id,
      sessionId: resolved.session.id,
      tokenExpiresAt: tokenExpiry(token),
      address: from.address,
      tenantId: workingTenant,
      addressChecked: from.checked,
    },
  };
}

/** The verified token's `exp` (resolve() has checked the signature already). */
function tokenExpiry(token: string): number | null {
  try {
    const { exp } = decodeJwt(token);
    return typeof exp === "number" ? exp * 1000 : null;
  } catch {
    return null;
  }
}
