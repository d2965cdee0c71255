// 访问控制 in the request pipeline (issue #34 item 4, docs/decisions/134): every endpoint call is
// checked against the platform's address rules before anything else, and a signed-in call against
// its tenant's too. A refusal answers the contract's no-permission envelope with the rule's words
// and is written to 系统日志 (at most once a minute per address and tenant, so that a refused
// client's retries do not flood it).
import type { Request } from "express";
import { ResultCode } from "#contract/envelope";
import { AccessRuleMessages, PLATFORM_SCOPE } from "#contract/modules/access-rule";
import type { BackendServices } from "../services";
import { LogType } from "../log-service";
import { userTenantIds } from "../crud/tenant";
import type { AuthContext } from "./auth";
import { ApiError } from "./envelope";
import { clientIp } from "./format";

/** The tenant a signed-in call works in: its header, else the session's, else the account's first. */
export function requestTenantOf(auth: AuthContext): number {
  if (auth.tenantId > 0) return auth.tenantId;
  return auth.session.tenantId ?? userTenantIds(auth.user.relTenantIds)[0]!;
}

const LOG_INTERVAL_MS = 60_000;
const LOGGED_LIMIT = 10_000;
const lastLogged = new WeakMap<BackendServices, Map<string, number>>();

/** Refuses the call when the rules of the platform (no `auth`) or of the call's tenant refuse its address. */
export async function requireAdmittedAddress(req: Request, services: BackendServices, auth: AuthContext | null): Promise<void> {
  const address = clientIp(req);
  const tenantId = auth ? requestTenantOf(auth) : PLATFORM_SCOPE;
  if (await services.addressRules.admits(address, tenantId)) return;
  logRefusal(services, req, address, tenantId, auth);
  throw new ApiError(AccessRuleMessages.refused, ResultCode.noPermission);
}

function logRefusal(services: BackendServices, req: Request, address: string | null, tenantId: number, auth: AuthContext | null): void {
  let logged = lastLogged.get(services);
  if (!logged) lastLogged.set(services, (logged = new Map()));
  const key = `${tenantId}\u0000${address ?? ""}`;
  const now = Date.now();
  if (now - (logged.get(key) ?? 0) < LOG_INTERVAL_MS) return;
  if (logged.size >= LOGGED_LIMIT) logged.clear();
  logged.set(key, now);
  services.logs.enqueue({
    logType: LogType.operation,
    content: `访问控制拒绝：${address ?? "未知地址"} ${req.method} ${req.path}，${AccessRuleMessages.refused}`,
    username: auth?.user.username ?? null,
    realname: auth?.user.realname ?? null,
    ip: address,
    method: `${req.method} ${req.path}`,
    requestUrl: req.path,
    requestType: req.method,
    tenantId: tenantId === PLATFORM_SCOPE ? null : tenantId,
  });
  services.logger.info(`[access] refused ${address ?? "unknown address"} ${req.method} ${req.originalUrl} (tenant ${tenantId})`);
}
