// Is the session behind an open socket still alive? A socket outlives the request that opened it,
// so logout, forced logout, idle expiry, a password change or a locked account must also reach it.
//
// This read deliberately does not go through SessionService.resolve(): resolve() slides the idle
// deadline, and an open socket is not user activity: a forgotten tab must not keep a session
// alive forever.
import { and, eq, gt, inArray, isNull } from "drizzle-orm";
import type { Database } from "../db/client";
import { sysSession, sysUser } from "../db/schema";
import { userTenantIds } from "../crud/tenant";

export interface LiveSession {
  userId: string;
  /** The user's tenants now (sys_user.rel_tenant_ids; none means the default tenant). */
  tenantIds: number[];
}

/** Keeps each IN list to a bounded statement. */
const CHUNK = 500;

/** The open sessions among `sessionIds`, with their users' current tenants. */
export async function liveSessions(db: Database, sessionIds: readonly string[]): Promise<Map<string, LiveSession>> {
  const unique = [...new Set(sessionIds)];
  const live = new Map<string, LiveSession>();
  const now = new Date();
  for (let start = 0; start < unique.length; start += CHUNK) {
    const rows = await db.orm
      .select({ sessionId: sysSession.id, userId: sysUser.id, relTenantIds: sysUser.relTenantIds })
      .from(sysSession)
      .innerJoin(sysUser, eq(sysUser.id, sysSession.userId))
      .where(
        and(
          inArray(sysSession.id, unique.slice(start, start + CHUNK)),
          isNull(sysSession.endedAt),
          gt(sysSession.expiresAt, now),
          eq(sysUser.status, 1),
          eq(sysUser.delFlag, 0),
        ),
      );
    for (const row of rows) live.set(row.sessionId, { userId: row.userId, tenantIds: userTenantIds(row.relTenantIds) });
  }
  return live;
}
