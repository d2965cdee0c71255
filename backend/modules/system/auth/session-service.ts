// Server-side sessions behind access tokens. A token is valid only while its sys_session row is
// open and not idle for longer than the configured minutes; logout and forced logout close it.
import { randomBytes } from "node:crypto";
import { and, eq, isNull, ne, sql } from "drizzle-orm";
import type { Database } from "../../../db/client";
import { sysAppSecret, sysRole, sysSession, sysUser, sysUserRole } from "../../../db/schema";
import { newId } from "../../../db/ids";
import { signToken, tokenHash, verifyToken, type TokenKeys } from "../../../security/token";
import type { BackendConfig } from "../../../config";

export interface SessionUser {
  id: string;
  username: string;
  realname: string | null;
  avatar: string | null;
  orgCode: string | null;
  relTenantIds: string | null;
  /** An import or an administrator chose the password: only the self-change is open. */
  passwordChangeRequired: boolean;
  /**
   * Holds a platform administrator role, read with the session: the permission checks of this
   * request need no query of their own (docs/decisions/064).
   */
  platformAdmin: boolean;
}

export interface SessionRecord {
  id: string;
  tenantId: number | null;
  createTime: Date;
  lastActive: Date;
}

export type SessionResolution =
  | { kind: "ok"; user: SessionUser; session: SessionRecord }
  | { kind: "illegal" }
  | { kind: "ended" }
  | { kind: "no-user" }
  | { kind: "locked" };

/** Sliding the idle deadline is written at most this often per session. */
const TOUCH_INTERVAL_MS = 60_000;
const TOKEN_KEY_NAME = "token_signing_key";

export class SessionService {
  /**
   * The session and its user by token hash: asked on every authenticated call, so built once and
   * prepared (PostgreSQL parses and plans it once per connection; docs/decisions/064).
   */
  private readonly sessionByHash;

  private constructor(
    private readonly db: Database,
    private readonly config: BackendConfig,
    private readonly keys: TokenKeys,
  ) {
    this.sessionByHash = sessionByHashQuery(db);
  }

  static async open(db: Database, config: BackendConfig): Promise<SessionService> {
    await db.orm
      .insert(sysAppSecret)
      .values({ name: TOKEN_KEY_NAME, value: randomBytes(48).toString("base64") })
      .onConflictDoNothing();
    const [row] = await db.orm.select().from(sysAppSecret).where(eq(sysAppSecret.name, TOKEN_KEY_NAME));
    if (!row) throw new Error("token signing key missing after insert");
    return new SessionService(db, config, { secret: Buffer.from(row.value, "base64") });
  }

  private idleMs(): number {
    return this.config.sessionIdleMinutes * 60_000;
  }

  async create(
    user: { id: string; username: string },
    details: { tenantId: number | null; ip: string | null; userAgent: string | null },
  ): Promise<string> {
    const token = await signToken(this.keys, user.username, this.config.tokenLifetimeSeconds);
    const now = new Date();
    await this.db.orm.insert(sysSession).values({
      id: newId(),
      tokenHash: tokenHash(token),
      userId: user.id,
      username: user.username,
      tenantId: details.tenantId,
      ip: details.ip?.slice(0, 100) ?? null,
      userAgent: details.userAgent?.slice(0, 500) ?? null,
      createTime: now,
      lastActive: now,
      expiresAt: new Date(now.getTime() + this.idleMs()),
    });
    return token;
  }

  async resolve(token: string): Promise<SessionResolution> {
    const check = await verifyToken(this.keys, token);
    if (!check.ok) return check.reason === "expired" ? { kind: "ended" } : { kind: "illegal" };
    const [row] = await this.sessionByHash.execute({ tokenHash: tokenHash(token) });
    if (!row || row.endedAt) return { kind: "ended" };
    const now = Date.now();
    if (row.expiresAt.getTime() <= now) {
      await this.closeById(row.sessionId, "expired");
      return { kind: "ended" };
    }
    if (!row.userId || row.delFlag !== 0) return { kind: "no-user" };
    if (row.status !== 1) return { kind: "locked" };
    if (now - row.lastActive.getTime() > TOUCH_INTERVAL_MS) {
      await this.db.orm
        .update(sysSession)
        .set({ lastActive: new Date(now), expiresAt: new Date(now + this.idleMs()) })
        .where(eq(sysSession.id, row.sessionId));
    }
    return {
      kind: "ok",
      user: {
        id: row.userId,
        username: row.username!,
        realname: row.realname,
        avatar: row.avatar,
        orgCode: row.orgCode,
        relTenantIds: row.relTenantIds,
        passwordChangeRequired: row.passwordChangeRequired ?? false,
        platformAdmin: row.platformAdmin === true,
      },
      session: { id: row.sessionId, tenantId: row.tenantId, createTime: row.createTime, lastActive: row.lastActive },
    };
  }

  /** Ends the session of `token`; false when there was no open session for it. */
  async end(token: string, reason: "logout" | "forced"): Promise<boolean> {
    const closed = await this.db.orm
      .update(sysSession)
      .set({ endedAt: new Date(), endReason: reason })
      .where(and(eq(sysSession.tokenHash, tokenHash(token)), isNull(sysSession.endedAt)))
      .returning({ id: sysSession.id });
    return closed.length > 0;
  }

  /** Ends the open session `id` (a forced logout); its user, or null when it was not open. */
  async endById(id: string, reason: "forced"): Promise<{ userId: string; username: string } | null> {
    const [closed] = await this.db.orm
      .update(sysSession)
      .set({ endedAt: new Date(), endReason: reason })
      .where(and(eq(sysSession.id, id), isNull(sysSession.endedAt)))
      .returning({ userId: sysSession.userId, username: sysSession.username });
    return closed ?? null;
  }

  /** Ends every open session of a user, except `keepSessionId` (password change keeps the caller's). */
  async endAllForUser(userId: string, reason: string, keepSessionId?: string): Promise<number> {
    const conditions = [eq(sysSession.userId, userId), isNull(sysSession.endedAt)];
    if (keepSessionId) conditions.push(ne(sysSession.id, keepSessionId));
    const closed = await this.db.orm
      .update(sysSession)
      .set({ endedAt: new Date(), endReason: reason })
      .where(and(...conditions))
      .returning({ id: sysSession.id });
    return closed.length;
  }

  private async closeById(id: string, reason: string): Promise<void> {
    await this.db.orm
      .update(sysSession)
      .set({ endedAt: sql`now()`, endReason: reason })
      .where(and(eq(sysSession.id, id), isNull(sysSession.endedAt)));
  }
}

function sessionByHashQuery(db: Database) {
  return db.orm
    .select({
      sessionId: sysSession.id,
      tenantId: sysSession.tenantId,
      createTime: sysSession.createTime,
      lastActive: sysSession.lastActive,
      expiresAt: sysSession.expiresAt,
      endedAt: sysSession.endedAt,
      userId: sysUser.id,
      username: sysUser.username,
      realname: sysUser.realname,
      avatar: sysUser.avatar,
      orgCode: sysUser.orgCode,
      relTenantIds: sysUser.relTenantIds,
      passwordChangeRequired: sysUser.passwordChangeRequired,
      status: sysUser.status,
      delFlag: sysUser.delFlag,
      platformAdmin: sql<boolean>`exists (select 1 from ${sysUserRole} inner join ${sysRole} on ${sysRole.id} = ${sysUserRole.roleId} where ${sysUserRole.userId} = ${sysSession.userId} and ${sysRole.platformAdmin} = 1)`,
    })
    .from(sysSession)
    .leftJoin(sysUser, eq(sysUser.id, sysSession.userId))
    .where(eq(sysSession.tokenHash, sql.placeholder("tokenHash")))
    .prepare("session_by_token_hash");
}
