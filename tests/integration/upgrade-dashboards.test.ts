// Migration 0170 on a database seeded before the dashboards existed: the 仪表盘 menu with 工作台, 图表,
// 任务 and 监控 comes back, granted to the platform administrators only (no school role gains a page
// by an upgrade), and applying it to a complete database changes nothing.
import { readFileSync } from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrationsFolder } from "../../backend/db/migrate";
import { call, loginToken, startTestBackend, type TestBackend } from "../support/backend";

const PAGES = ["/dashboard", "/dashboard/workplace", "/dashboard/chart", "/dashboard/task", "/dashboard/monitor"];
// The statements after the tables: the menu part of the migration (the tables exist already).
const menuPart = () => {
  const text = readFileSync(path.join(migrationsFolder(), "0170_account_dashboards.sql"), "utf8");
  return text.slice(text.indexOf("-- The dashboards' menu"));
};

let server: TestBackend;
const rows = <T>(text: string) => server.backend.db.rows<T>(sql.raw(text));
const list = PAGES.map((page) => `'${page}'`).join(", ");

beforeAll(async () => {
  server = await startTestBackend("pglite");
});
afterAll(async () => server?.close());

describe("migration 0170 (the dashboards' menu of an older database)", () => {
  it("changes nothing on a complete database", async () => {
    const count = async () => (await rows<{ n: string }>(`select count(*)::text n from sys_permission`))[0]!.n;
    const before = await count();
    await server.backend.db.execInTransaction(menuPart());
    expect(await count()).toBe(before);
  });

  it("brings the menu back for the platform administrators only, and they open the pages", async () => {
    await rows(`delete from sys_role_permission where permission_id in (select id from sys_permission where url in (${list}))`);
    await rows(`delete from sys_permission where url in (${list})`);
    await server.backend.db.execInTransaction(menuPart());
    const back = await rows<{ id: string; url: string; parent_id: string | null; menu_type: number }>(
      `select id, url, parent_id, menu_type from sys_permission where url in (${list})`,
    );
    expect(back.map((row) => row.url).sort()).toEqual([...PAGES].sort());
    const group = back.find((row) => row.url === "/dashboard")!;
    expect(back.filter((row) => row.url !== "/dashboard").every((row) => row.parent_id === group.id && Number(row.menu_type) === 1)).toBe(true);
    const holders = await rows<{ platform_admin: number }>(
      `select distinct r.platform_admin from sys_role_permission rp join sys_role r on r.id = rp.role_id
        where rp.permission_id in (${back.map((row) => `'${row.id}'`).join(", ")})`,
    );
    expect(holders.length).toBeGreaterThan(0);
    expect(holders.every((holder) => Number(holder.platform_admin) === 1)).toBe(true);
    const admin = await loginToken(server.url);
    expect((await call(server.url, "GET", "/school/dashboard/task", { token: admin })).json.success).toBe(true);
  });
});
