// 在线用户 (/sys/online, page /monitor/onlineUser; the original's SysUserOnlineController): the
// open backend sessions of the caller's tenant, and 强退 (forceLogout) ending one of them.
//
// The original listed every Redis token and took the token back to end it, which hands every
// signed-in user's credentials to the administrator's browser. Here `token` (and `id`) carry the
// session's id instead: the list/forceLogout round trip of the original client still works, and
// no credential ever leaves the backend (docs/decisions/021-online-users-by-session-id.md).
import { decryptValue } from "../../../security/personal-data";
import { and, asc, desc, eq, gt, ilike, isNull, or, sql, type SQL } from "drizzle-orm";
import { Messages } from "#contract/messages";
import { sysSession, sysUser } from "../../../db/schema";
import { endpoint, menuAccess, type Endpoint } from "../../../http/endpoint";
import { failure, ok } from "../../../http/envelope";
import { clientIp, formatDateTime } from "../../../http/format";
import { crudContext } from "../../../crud/context";
import { maskRecords, seesSensitive } from "../../../crud/sensitive";
import { DEFAULT_TENANT_ID } from "../../../crud/tenant";
import { noticeBusOf } from "../../../realtime/bus-registry";
import type { BackendServices } from "../../../services";
import { LogType } from "../../../log-service";
import { describeBrowser } from "../log/browser";
import { userCrud } from "../../system/user/user-crud";
import { PAGES } from "#contract/pages";

export const ONLINE_PAGE_PATH = PAGES["system/OnlineUserList"];
export const FORCE_LOGOUT_PERMISSION = "onlineUser:force_logout";

const MAX_PAGE_SIZE = 200;

function sessionTenant(tenantId: number): SQL {
  return tenantId === DEFAULT_TENANT_ID
    ? or(eq(sysSession.tenantId, tenantId), isNull(sysSession.tenantId))!
    : eq(sysSession.tenantId, tenantId);
}

function openSessions(tenantId: number): SQL {
  return and(isNull(sysSession.endedAt), gt(sysSession.expiresAt, new Date()), sessionTenant(tenantId))!;
}

function positive(value: string | undefined, fallback: number, max: number): number {
  const number = Number.parseInt(value ?? "", 10);
  return Number.isSafeInteger(number) && number > 0 ? Math.min(number, max) : fallback;
}

/**
 * Closes the sockets of a user's ended sessions now, on every instance: a frame-less delivery
 * makes each instance re-check the user's sockets (backend/realtime/notice-socket.ts).
 */
async function closeEndedSockets(services: BackendServices, userId: string): Promise<void> {
  try {
    await noticeBusOf(services).publish({ audience: { kind: "users", userIds: [userId] } });
  } catch (error) {
    // The periodic session sweep still closes them within a minute.
    services.logger.error("[monitor] closing the sockets of a forced logout failed", error);
  }
}

export const onlineEndpoints: Endpoint[] = [
  endpoint("GET", "/sys/online/list", menuAccess(ONLINE_PAGE_PATH), async (request) => {
    const context = crudContext(request);
    const { query, services } = request;
    const pageNo = positive(query.pageNo, 1, 1_000_000);
    const pageSize = positive(query.pageSize, 10, MAX_PAGE_SIZE);
    const conditions: SQL[] = [openSessions(context.tenantId)];
    const username = query.username?.trim();
    if (username) {
      const pattern = `%${username.replace(/[\\%_]/g, "\\$&")}%`;
      conditions.push(or(ilike(sysSession.username, pattern), ilike(sysUser.realname, pattern))!);
    }
    const where = and(...conditions);
    const [counted] = await services.db.orm
      .select({ total: sql<number>`count(*)` })
      .from(sysSession)
      .leftJoin(sysUser, eq(sysUser.id, sysSession.userId))
      .where(where);
    const rows = await services.db.orm
      .select({
        id: sysSession.id,
        userId: sysSession.userId,
        username: sysSession.username,
        realname: sysUser.realname,
        avatar: sysUser.avatar,
        sex: sysUser.sex,
        phone: sysUser.phone,
        ip: sysSession.ip,
        userAgent: sysSession.userAgent,
        createTime: sysSession.createTime,
        lastActive: sysSession.lastActive,
      })
      .from(sysSession)
      .leftJoin(sysUser, eq(sysUser.id, sysSession.userId))
      .where(where)
      .orderBy(desc(sysSession.lastActive), asc(sysSession.id))
      .limit(pageSize)
      .offset((pageNo - 1) * pageSize);
    const total = Number(counted?.total ?? 0);
    const records = rows.map(({ userAgent, createTime, lastActive, ...row }) => ({
      ...row,
      // Stored encrypted (docs/decisions/145).
      phone: row.phone ? decryptValue(row.phone) : row.phone,
      token: row.id,
      browser: describeBrowser(userAgent),
      loginTime: formatDateTime(createTime),
      lastActive: formatDateTime(lastActive),
      // The caller's own session: 强退 would sign the administrator out.
      current: row.id === context.auth.session.id,
    }));
    // The user's phone as 用户管理 shows it: masked without user:viewSensitive (docs/decisions/136).
    if (!(await seesSensitive(context, userCrud.config.permissionPrefix))) maskRecords(userCrud.config.sensitive!, records);
    return ok({ records, total, size: pageSize, current: pageNo, pages: Math.ceil(total / pageSize) });
  }, { doc: { summary: "在线用户-分页列表查询" } }),

  endpoint("POST", "/sys/online/forceLogout", FORCE_LOGOUT_PERMISSION, async (request) => {
    const context = crudContext(request);
    const { body, services, req } = request;
    const sessionId = String(body.token ?? body.id ?? "").trim();
    if (!sessionId) return failure(Messages.logoutFailed);
    // Only a session of the caller's tenant can be ended; anything else is simply not found.
    const [target] = await services.db.orm
      .select({ id: sysSession.id })
      .from(sysSession)
      .where(and(eq(sysSession.id, sessionId.slice(0, 32)), openSessions(context.tenantId)));
    const ended = target ? await services.sessions.endById(target.id, "forced") : null;
    if (!ended) return failure(Messages.logoutTokenInvalid);
    await closeEndedSockets(services, ended.userId);
    const [user] = await services.db.orm.select({ realname: sysUser.realname }).from(sysUser).where(eq(sysUser.id, ended.userId));
    services.logs.enqueue({
      logType: LogType.login,
      content: `强制: ${user?.realname ?? ended.username}退出成功！（操作人: ${context.username}）`,
      username: ended.username,
      realname: user?.realname ?? null,
      ip: clientIp(req),
      requestUrl: req.path,
      requestType: req.method,
      tenantId: context.tenantId,
    });
    return ok(null, Messages.logoutSuccess);
  }, { doc: { summary: "强制在线用户退出" } }),
];
