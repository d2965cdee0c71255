// The buttons of the platform's kinds (issue #27, docs/decisions/144 and 150): a school's
// administrator — every menu and button of tenant 2 granted, no platform administrator role — is
// not shown 新增 / 编辑 / 删除 of 填值规则, 校验规则, 数据字典 and 菜单管理, nor 表单开发's 同步数据库,
// 强制同步 and 加入菜单, nor 报表配置's 生成菜单, which the backend refuses him; he still sees 新增 /
// 编辑 / 删除 of his school's reports. The platform administrator sees them all. Both lists come
// from contract/permission.ts PlatformOwnedKinds.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { readAnswer } from "../support/answer";
import { E2E_ADMIN_PASSWORD } from "./support/constants";
import { baseUrl, clickMenuItem, hydrated, inPlace, launchBrowser, newPage, useSession } from "./support/browser";
import { listRows } from "./support/list";

const SCHOOL_ADMIN = "e2e_school2_admin";
const PASSWORD = "School2-Admin-2026!";
const CHANGED = `${PASSWORD}x`;

/** A backend call (the product's /jeecg-boot), as `token`, in `tenant`. */
async function api(method: string, path: string, token: string | null, body?: unknown, tenant?: number) {
  const headers: Record<string, string> = { "Content-Type": "application/json" };
  if (token) headers["X-Access-Token"] = token;
  if (tenant) headers["tenant-id"] = String(tenant);
  const answer = await readAnswer(await fetch(`${baseUrl()}/jeecg-boot${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) }));
  expect(answer.json?.success, `${path}: ${answer.text.slice(0, 300)}`).toBe(true);
  return answer.json.result;
}

const token = async (username: string, password: string) => (await api("POST", "/sys/login", null, { username, password })).token as string;

let browser: Browser;
let school: Page;
let platform: Page;

beforeAll(async () => {
  const admin = await token("admin", E2E_ADMIN_PASSWORD);
  // Tenant 2's administrator: a tenant-2 role holding every menu and button there is.
  const everything = (await api("GET", "/sys/permission/list", admin)) as Array<{ id: string; children?: unknown[] }>;
  const ids: string[] = [];
  const collect = (nodes: Array<{ id: string; children?: unknown[] }>) => {
    for (const node of nodes) {
      ids.push(node.id);
      collect((node.children ?? []) as typeof nodes);
    }
  };
  collect(everything);
  await api("POST", "/sys/role/add", admin, { roleCode: "e2e_school2_admin", roleName: "二校管理员" }, 2);
  const roles = (await api("GET", "/sys/role/list?roleCode=e2e_school2_admin", admin, undefined, 2)).records as Array<{ id: string }>;
  await api("POST", "/sys/permission/saveRolePermission", admin, { roleId: roles[0]!.id, permissionIds: ids.join(","), lastpermissionIds: "" }, 2);
  await api("POST", "/sys/user/add", admin, { username: SCHOOL_ADMIN, realname: "二校管理员", password: PASSWORD, selectedroles: roles[0]!.id, relTenantIds: "2" }, 2);
  const school2 = await token(SCHOOL_ADMIN, PASSWORD);
  await api("PUT", "/sys/user/updatePassword", school2, { username: SCHOOL_ADMIN, oldpassword: PASSWORD, password: CHANGED, confirmpassword: CHANGED });
  // A shared online form (the platform's) and a report of tenant 2's own, so that both lists have a row.
  await api("POST", "/online/cgform/head/add", admin, { tableName: "e2e_buttons", tableTxt: "按钮表单", tableType: "1", fieldJson: JSON.stringify([{ name: "note", label: "备注", dbType: "string", length: 50 }]) });
  await api("POST", "/online/cgreport/head/add", school2, { code: "e2e_buttons", name: "按钮报表", cgrSql: "select 1 as n" }, 2);

  browser = await launchBrowser();
  school = await newPage(browser);
  await useSession(school, SCHOOL_ADMIN, CHANGED);
  platform = await newPage(browser);
  await useSession(platform);
});
afterAll(async () => {
  await browser?.close();
});

/** What `page` offers on the list at `path`: its toolbar's 新增, the first row's 编辑 and the items of its 更多. */
async function offered(page: Page, path: string, list: string, rowText?: string): Promise<{ add: boolean; edit: boolean; more: string[] }> {
  await page.goto(path);
  await hydrated(page);
  const add = (await page.locator(".list-page").getByRole("button", { name: /新\s*增/ }).count()) > 0;
  const rows = listRows(page, list);
  const row = rowText ? rows.filter({ hasText: rowText }).first() : rows.first();
  await row.waitFor();
  const actions = row.locator(".list-row-actions");
  const edit = (await actions.getByText("编辑", { exact: true }).count()) > 0;
  await actions.getByRole("button", { name: /更多/ }).click();
  const menu = page.locator(".ant-dropdown:not(.ant-dropdown-hidden) .ant-dropdown-menu");
  await inPlace(menu.locator(".ant-dropdown-menu-item").first());
  const more = (await menu.locator(".ant-dropdown-menu-item").allTextContents()).map((text) => text.trim());
  await page.keyboard.press("Escape");
  return { add, edit, more };
}

describe("buttons of the platform's kinds", () => {
  for (const [title, path, row] of [
    ["填值规则", "/isystem/fillRule", "student_no"],
    ["校验规则", "/isystem/checkRule", undefined],
    ["数据字典", "/isystem/dict", undefined],
  ] as const) {
    it(`${title}: 新增, 编辑 and 删除 for the platform administrator only`, { timeout: 120_000 }, async () => {
      const hidden = await offered(school, path, title, row);
      expect(hidden).toMatchObject({ add: false, edit: false });
      expect(hidden.more).not.toContain("删除");
      const shown = await offered(platform, path, title, row);
      expect(shown).toMatchObject({ add: true, edit: true });
      expect(shown.more).toContain("删除");
    });
  }

  it("数据字典's 字典配置: the items' 新增 for the platform administrator only", { timeout: 120_000 }, async () => {
    for (const [page, shown] of [[school, 0], [platform, 1]] as const) {
      await page.goto("/isystem/dict");
      await hydrated(page);
      const row = listRows(page, "数据字典").first();
      await clickMenuItem(page, () => row.locator(".list-row-actions").getByRole("button", { name: /更多/ }).click(), "字典配置");
      const drawer = page.locator(".ant-drawer-open");
      await listRows(drawer).first().waitFor();
      expect(await drawer.getByRole("button", { name: /新\s*增/ }).count()).toBe(shown);
    }
  });

  it("菜单管理: 新增 and 编辑 for the platform administrator only", { timeout: 120_000 }, async () => {
    for (const [page, shown] of [[school, 0], [platform, 1]] as const) {
      await page.goto("/isystem/permission");
      await hydrated(page);
      const rows = listRows(page, "菜单管理");
      await rows.first().waitFor();
      expect(await page.getByRole("button", { name: /新\s*增/ }).count()).toBe(shown);
      expect(await rows.getByText("编辑", { exact: true }).count() > 0).toBe(shown === 1);
    }
  });

  it("表单开发: 同步数据库, 强制同步, 加入菜单 and the definition's writes for the platform administrator only", { timeout: 120_000 }, async () => {
    const hidden = await offered(school, "/online/cgform", "表单开发", "e2e_buttons");
    expect(hidden).toMatchObject({ add: false, edit: false });
    for (const label of ["同步数据库", "强制同步", "加入菜单", "删除"]) expect(hidden.more).not.toContain(label);
    const shown = await offered(platform, "/online/cgform", "表单开发", "e2e_buttons");
    expect(shown).toMatchObject({ add: true, edit: true });
    for (const label of ["同步数据库", "强制同步", "加入菜单", "删除"]) expect(shown.more).toContain(label);
  });

  it("报表配置: a school's administrator writes his school's reports, but 生成菜单 is the platform administrator's", { timeout: 120_000 }, async () => {
    const school2 = await offered(school, "/online/cgreport", "报表配置", "e2e_buttons");
    expect(school2).toMatchObject({ add: true, edit: true });
    expect(school2.more).toContain("删除");
    expect(school2.more).not.toContain("生成菜单");
    await api("POST", "/online/cgreport/head/add", await token("admin", E2E_ADMIN_PASSWORD), { code: "e2e_buttons_t1", name: "按钮报表一", cgrSql: "select 1 as n" });
    expect((await offered(platform, "/online/cgreport", "报表配置", "e2e_buttons_t1")).more).toContain("生成菜单");
  });
});
