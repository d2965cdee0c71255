// The session check before every notice delivery (backend/realtime/session-liveness.ts), on PGlite
// and on PostgreSQL: only open sessions of active, present users count, with their tenants as
// they are now; any number of ids goes in one statement.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { liveSessions } from "../../backend/realtime/session-liveness";
import { sysSession, sysUser } from "../../backend/db/schema";
import { loginToken, postgresReachable, startTestBackend, type TestBackend } from "../support/backend";
import { TEST_DEMO_PASSWORD } from "../support/constants";

const kinds: Array<"pglite" | "postgres"> = (await postgresReachable()) ? ["pglite", "postgres"] : ["pglite"];

describe.each(kinds)("liveSessions on %s", (kind) => {
  let test: TestBackend;
  const sessionOf: Record<string, string> = {};

  beforeAll(async () => {
    test = await startTestBackend(kind);
    for (const username of ["teacher_li", "teacher_chen", "principal_zhang"]) {
      await loginToken(test.url, username, TEST_DEMO_PASSWORD);
      const [row] = await test.backend.db.orm.select({ id: sysSession.id }).from(sysSession).where(eq(sysSession.username, username));
      sessionOf[username] = row!.id;
    }
  });
  afterAll(async () => test?.close());

  const orm = () => test.backend.db.orm;

  it("answers every open session with its user and the user's tenants, and nothing for an empty list", async () => {
    const live = await liveSessions(test.backend.db, Object.values(sessionOf));
    expect([...live.keys()].sort()).toEqual(Object.values(sessionOf).sort());
    for (const session of live.values()) expect(session.tenantIds.length).toBeGreaterThan(0);
    expect((await liveSessions(test.backend.db, [])).size).toBe(0);
  });

  it("takes thousands of ids, duplicates and unknown ones included, in one call", async () => {
    const unknown = Array.from({ length: 3000 }, () => randomUUID().replace(/-/g, ""));
    const live = await liveSessions(test.backend.db, [...unknown, sessionOf.teacher_li!, sessionOf.teacher_li!]);
    expect([...live.keys()]).toEqual([sessionOf.teacher_li]);
  });

  it("leaves out ended and expired sessions, and the sessions of locked or deleted users", async () => {
    await orm().update(sysSession).set({ endedAt: new Date() }).where(eq(sysSession.id, sessionOf.teacher_li!));
    await orm().update(sysSession).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(sysSession.id, sessionOf.teacher_chen!));
    const before = await liveSessions(test.backend.db, Object.values(sessionOf));
    expect([...before.keys()]).toEqual([sessionOf.principal_zhang]);

    await orm().update(sysUser).set({ status: 2 }).where(eq(sysUser.username, "principal_zhang"));
    expect((await liveSessions(test.backend.db, Object.values(sessionOf))).size).toBe(0);
    await orm().update(sysUser).set({ status: 1, delFlag: 1 }).where(eq(sysUser.username, "principal_zhang"));
    expect((await liveSessions(test.backend.db, Object.values(sessionOf))).size).toBe(0);
    await orm().update(sysUser).set({ delFlag: 0 }).where(eq(sysUser.username, "principal_zhang"));
    expect((await liveSessions(test.backend.db, Object.values(sessionOf))).size).toBe(1);
  });

  it("reads the user's tenants as they are now", async () => {
    await orm().update(sysUser).set({ relTenantIds: "2,1" }).where(eq(sysUser.username, "principal_zhang"));
    expect((await liveSessions(test.backend.db, [sessionOf.principal_zhang!])).get(sessionOf.principal_zhang!)?.tenantIds).toEqual([2, 1]);
    await orm().update(sysUser).set({ relTenantIds: null }).where(eq(sysUser.username, "principal_zhang"));
    expect((await liveSessions(test.backend.db, [sessionOf.principal_zhang!])).get(sessionOf.principal_zhang!)?.tenantIds).toEqual([1]);
  });
});
