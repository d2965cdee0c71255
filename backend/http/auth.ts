// The token check of every non-public request (api-contract.md §2 "Token", our hardening of §10):
// a valid JWT, a live server-side session, an active user, and a tenant the user belongs to.
import type { Request } from "express";
import { ResultCode } from "#contract/envelope";
import { Messages } from "#contract/messages";
import { ApiError } from "./envelope";
import type { BackendServices } from "../services";
import type { SessionRecord, SessionUser } from "../modules/system/auth/session-service";

export interface AuthContext {
  token: string;
  user: SessionUser;
  session: SessionRecord;
  /** The tenant header's value; 0 when none is chosen. */
  tenantId: number;
}

export function readToken(req: Request): string | null {
  const header = req.get("X-Access-Token");
  if (header) return header;
  const query = req.query.token;
  return typeof query === "string" && query ? query : null;
}

export function readTenantId(req: Request): number {
  const raw = req.get("tenant-id") ?? req.get("X-Tenant-Id") ?? "";
  const value = Number.parseInt(raw, 10);
  return Number.isFinite(value) && value > 0 ? value : 0;
}

/** What a session that must change its password may still call (logout is public). */
const PASSWORD_CHANGE_PATHS = new Set(["/sys/user/updatePassword"]);

function unauthorized(message: string): ApiError {
  return new ApiError(message, ResultCode.tokenInvalid, 401);
}

export async function authenticate(req: Request, services: BackendServices): Promise<AuthContext> {
  const token = readToken(req);
  if (!token) throw unauthorized(Messages.tokenInvalid);
  const resolved = await services.sessions.resolve(token);
  if (resolved.kind === "illegal") throw unauthorized(Messages.tokenIllegal);
  if (resolved.kind === "ended") throw unauthorized(Messages.tokenInvalid);
  if (resolved.kind === "no-user") throw unauthorized(Messages.userMissing);
  if (resolved.kind === "locked") throw unauthorized(Messages.userLocked);
  const { user, session } = resolved;
  const tenantId = readTenantId(req);
  if (tenantId !== 0 && user.relTenantIds) {
    const allowed = user.relTenantIds.split(",").map((id) => id.trim());
    if (!allowed.includes(String(tenantId))) throw unauthorized(Messages.tenantChanged);
  }
  // Until the account chose its own password, the session serves only the self-change
  // (docs/decisions/011-password-policy.md).
  if (user.passwordChangeRequired && !PASSWORD_CHANGE_PATHS.has(req.path)) throw new ApiError(Messages.passwordChangeRequired);
  return { token, user, session, tenantId };
}
