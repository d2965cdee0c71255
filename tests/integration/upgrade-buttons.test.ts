// Migration 0140 on a database seeded before its modules' buttons existed: the missing buttons come
// back under their pages, granted to the platform administrators only (no school role gains a right
// by an upgrade), and applying it to a complete database changes nothing.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrationsFolder } from "../../backend/db/migrate";
import { startTestBackend, type TestBackend } from "../support/backend";

const MIGRATION = "0140_seed_buttons.sql";
/**
 * The later migrations' statements that retire buttons (del_flag): 收据's 删除 (0500), 系统日志's (0561, logs
 * are sealed), 付款's and 凭证's (0770, voided instead)… The seed no longer makes those buttons, so 0140
 * brings them back and the upgrade path retires them again.
 */
const RETIRING = readdirSync(migrationsFolder())
  .filter((file) => file > MIGRATION && file.endsWith(".sql"))
  .sort()
  .flatMap((file) => readFileSync(path.join(migrationsFolder(), file), "utf8").match(/UPDATE sys_permission SET del_flag = 1\s+WHERE menu_type = 2 AND perms IN \([^)]*\);/g) ?? []);
const LOST = ["payment:reverse", "voucher:post", "order:refund", "signup:confirm"];

let server: TestBackend;
const rows = <T>(text: string) => server.backend.db.rows<T>(sql.raw(text));
const apply = () => server.backend.db.execInTransaction(readFileSync(path.join(migrationsFolder(), MIGRATION), "utf8"));
const list = LOST.map((perms) => `'${perms}'`).join(", ");

beforeAll(async () => {
  server = await startTestBackend("pglite");
});
afterAll(async () => server?.close());

describe("migration 0140 (buttons of an older database)", () => {
  it("changes nothing on a complete database", async () => {
    // Live buttons: 0140 brings back the buttons later migrations retire (del_flag) and the seed no
    // longer makes, so the upgrade path from 0140 is applied, as an older database takes it.
    const count = async () => (await rows<{ n: string }>(`select count(*)::text n from sys_permission where menu_type = 2 and del_flag = 0`))[0]!.n;
    const before = await count();
    await apply();
    expect(RETIRING.length).toBeGreaterThanOrEqual(3);
    await server.backend.db.execInTransaction(RETIRING.join("\n"));
    expect(await count()).toBe(before);
  });

  it("brings lost buttons back under their pages, for the platform administrators only", async () => {
    const pages = await rows<{ perms: string; parent_id: string }>(`select perms, parent_id from sys_permission where perms in (${list})`);
    expect(pages).toHaveLength(LOST.length);
    await rows(`delete from sys_permission where perms in (${list})`);
    await apply();
    const back = await rows<{ id: string; perms: string; parent_id: string; status: string }>(`select id, perms, parent_id, status from sys_permission where perms in (${list}) and menu_type = 2`);
    expect(back.map((row) => row.perms).sort()).toEqual([...LOST].sort());
    for (const row of back) {
      expect(row.parent_id).toBe(pages.find((page) => page.perms === row.perms)!.parent_id);
      expect(row.status).toBe("1");
    }
    const holders = await rows<{ role_code: string; platform_admin: number }>(
      `select distinct r.role_code, r.platform_admin from sys_role_permission rp join sys_role r on r.id = rp.role_id
        where rp.permission_id in (${back.map((row) => `'${row.id}'`).join(", ")})`,
    );
    expect(holders.length).toBeGreaterThan(0);
    expect(holders.every((holder) => Number(holder.platform_admin) === 1)).toBe(true);
  });
});
