// Is the session behind an open socket still alive? A socket outlives the request that opened it,
// so logout, forced logout, idle expiry, a password change or a locked account must also reach it.
//
// This read deliberately does not go through SessionService.resolve(): resolve() slides the idle
// deadline, and an open socket is not user activity: a forgotten tab must not keep a session
// alive forever.
//
// It runs before every delivery, for every candidate socket (1000 sockets: 1000 sessions), so it
// is two primary-key lookups with one array parameter each (`= ANY($1)`), not a join with an IN
// list of one parameter per id: building such a statement costs milliseconds per thousand ids,
// and without fresh statistics (PGlite never analyses by itself) the planner may pick a nested
// loop over every user for the join. See bench/README.md "notices".
import { and, eq, gt, isNull, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { sysSession, sysUser } from "../db/schema";
import { userTenantIds } from "../crud/tenant";

export interface LiveSession {
  userId: string;
  /** The user's tenants now (sys_user.rel_tenant_ids; none means the default tenant). */
  tenantIds: number[];
}

/** The open sessions among `sessionIds`, with their users' current tenants. */
export async function liveSessions(db: Database, sessionIds: readonly string[]): Promise<Map<string, LiveSession>> {
  const live = new Map<string, LiveSession>();
  const unique = [...new Set(sessionIds)];
  if (unique.length === 0) return live;
  const sessions = await db.orm
    .select({ sessionId: sysSession.id, userId: sysSession.userId })
    .from(sysSession)
    .where(and(sql`${sysSession.id} = ANY(${sql.param(unique)}::varchar[])`, isNull(sysSession.endedAt), gt(sysSession.expiresAt, new Date())));
  if (sessions.length === 0) return live;
  const userIds = [...new Set(sessions.map((session) => session.userId))];
  const users = await db.orm
    .select({ id: sysUser.id, relTenantIds: sysUser.relTenantIds })
    .from(sysUser)
    .where(and(sql`${sysUser.id} = ANY(${sql.param(userIds)}::varchar[])`, eq(sysUser.status, 1), eq(sysUser.delFlag, 0)));
  const tenantsOf = new Map(users.map((user) => [user.id, userTenantIds(user.relTenantIds)]));
  for (const session of sessions) {
    const tenantIds = tenantsOf.get(session.userId);
    if (tenantIds) live.set(session.sessionId, { userId: session.userId, tenantIds });
  }
  return live;
}
