// `npm run admin:reset-password`: run as the command it is, on a PGlite folder made from the
// seeded test template, the way an operator recovers a lost administrator password.
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../../backend/db/client";
import { verifyPassword } from "../../backend/security/password";
import { Messages } from "#contract/messages";
import { TEST_ADMIN_PASSWORD } from "../support/constants";
import { pgliteTemplate } from "../support/backend";

const folder = mkdtempSync(path.join(tmpdir(), "admin-reset-"));

function resetPassword(args: string[], env: Record<string, string> = {}) {
  const { ADMIN_PASSWORD: _ignored, DATABASE_URL: _none, ...rest } = process.env;
  return spawnSync(path.resolve("node_modules/.bin/tsx"), ["scripts/admin-reset-password.ts", ...args], {
    env: { ...rest, DATA_DIR: folder, ...env },
    encoding: "utf8",
    timeout: 60_000,
  });
}

async function withDatabase<T>(work: (db: Awaited<ReturnType<typeof openDatabase>>) => Promise<T>): Promise<T> {
  const db = await openDatabase({ dataDir: folder });
  try {
    return await work(db);
  } finally {
    await db.close();
  }
}

const adminRow = (db: Awaited<ReturnType<typeof openDatabase>>) =>
  db.rows<{ id: string; password: string; status: number }>(sql`SELECT id, password, status FROM sys_user WHERE username = 'admin'`).then((rows) => rows[0]!);

// Each `tsx` run takes 5-20 s of a busy 2-core machine and a test makes up to two (48 s once, at
// load 9): the tests wait as long as their runs may take (spawnSync's 60 s each).
describe("admin:reset-password", { timeout: 130_000 }, () => {
  beforeAll(async () => {
    // The seeded template, then a frozen admin with an open session: what an operator may find.
    const db = await openDatabase({ dataDir: folder, loadDataDir: pgliteTemplate() });
    const { id } = await adminRow(db);
    await db.rows(sql`UPDATE sys_user SET status = 2 WHERE id = ${id}`);
    await db.rows(sql`INSERT INTO sys_session (id, token_hash, user_id, username, expires_at) VALUES ('s1', ${"a".repeat(64)}, ${id}, 'admin', now() + interval '1 day')`);
    await db.close();
  }, 120_000);
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  it("sets a generated password, printed once, unfreezes the account and ends its sessions", async () => {
    const run = resetPassword([]);
    expect(run.status).toBe(0);
    const printed = /The new password of "admin": (\S+)/.exec(run.stdout)?.[1];
    expect(printed).toBeTruthy();
    await withDatabase(async (db) => {
      const admin = await adminRow(db);
      expect(await verifyPassword(printed!, admin.password)).toBe(true);
      expect(await verifyPassword(TEST_ADMIN_PASSWORD, admin.password)).toBe(false);
      expect(admin.status).toBe(1);
      expect(await db.rows(sql`SELECT id FROM sys_session WHERE user_id = ${admin.id} AND ended_at IS NULL`)).toEqual([]);
    });
  });

  it("takes the password from ADMIN_PASSWORD without printing it", async () => {
    const run = resetPassword(["admin"], { ADMIN_PASSWORD: "Chosen-Pass-2026!" });
    expect(run.status).toBe(0);
    expect(run.stdout).not.toContain("Chosen-Pass-2026!");
    await withDatabase(async (db) => expect(await verifyPassword("Chosen-Pass-2026!", (await adminRow(db)).password)).toBe(true));
  });

  it("fails with a clear message for an unknown account and changes nothing", async () => {
    const run = resetPassword(["nobody_here"]);
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('No account "nobody_here"');
    await withDatabase(async (db) => expect(await verifyPassword("Chosen-Pass-2026!", (await adminRow(db)).password)).toBe(true));
  });

  it("refuses one of the account's last five passwords, as every other path does (issue #34 item 3), and changes nothing", async () => {
    const run = resetPassword(["admin"], { ADMIN_PASSWORD: "Chosen-Pass-2026!" });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain(Messages.passwordReused);
    await withDatabase(async (db) => expect(await verifyPassword("Chosen-Pass-2026!", (await adminRow(db)).password)).toBe(true));
    expect(resetPassword(["admin"], { ADMIN_PASSWORD: "Another-Pass-2026!" }).status).toBe(0);
    await withDatabase(async (db) => expect(await verifyPassword("Another-Pass-2026!", (await adminRow(db)).password)).toBe(true));
  });
});
