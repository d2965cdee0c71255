// 角色管理 end to end: an administrator creates a role, authorises it for 用户管理 without the
// delete buttons and gives it to a member; the member sees no 删除 and the backend refuses the
// delete too, until the role is granted user:delete; 取消关联 takes the role away again.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Locator, Page } from "playwright-core";
import { baseUrl, linkTreeChecks, hydrated, launchBrowser, newPage, rowAction, signInFirstTime, confirmOk, useSession, clickInPlace } from "./support/browser";
import { listRows } from "./support/list";
import { E2E_ADMIN_PASSWORD } from "./support/constants";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

const MEMBER = { username: "e2e_role_member", password: "Member-2026!" };
const toast = (page: Page, text: string) => page.locator(".ant-message").getByText(text, { exact: true });
const row = (page: Page, text: string, list = "角色管理") => listRows(page, list).filter({ hasText: text });

async function backend(path: string, init: { method?: string; token?: string; body?: unknown } = {}) {
  const response = await fetch(`${baseUrl()}/jeecg-boot${path}`, {
    method: init.method ?? "GET",
    headers: { "Content-Type": "application/json", ...(init.token ? { "X-Access-Token": init.token } : {}) },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  return response.json();
}

async function tokenOf(username: string, password: string): Promise<string> {
  const answer = await backend("/sys/login", { method: "POST", body: { username, password } });
  expect(answer.success).toBe(true);
  return answer.result.token;
}

async function addUser(adminToken: string, username: string, password: string, workNo: string): Promise<string> {
  const answer = await backend("/sys/user/add", { method: "POST", token: adminToken, body: { username, realname: username, workNo, password } });
  expect(answer.success).toBe(true);
  const listed = await backend(`/sys/user/list?username=${username}`, { token: adminToken });
  return listed.result.records[0].id;
}

/** The tree node titled exactly `title`, and the node `offset` places after it (its buttons, expanded). */
function treeNode(drawer: Locator, title: string, offset = 0): Locator {
  const node = drawer.locator(".ant-tree-treenode").filter({ has: drawer.page().locator(".ant-tree-title", { hasText: new RegExp(`^${title}$`) }) });
  return offset === 0 ? node : node.locator(`xpath=following-sibling::div[contains(@class, "ant-tree-treenode")][${offset}]`);
}

const openRowAction = (page: Page, roleName: string, action: string) => rowAction(page, row(page, roleName), action);

describe("roles", () => {
  it("authorises a new role, gives it to a member, and the backend enforces what it grants", async () => {
    const adminToken = await tokenOf("admin", E2E_ADMIN_PASSWORD);
    await addUser(adminToken, MEMBER.username, MEMBER.password, "E2E-R1");
    const target = await addUser(adminToken, "e2e_role_target", "Target-2026!", "E2E-R2");

    const page = await newPage(browser);
    await useSession(page);
    await page.goto("/isystem/roleUserList");
    await hydrated(page);

    // The form's rules: no Chinese in the code, and a code the school already has is refused.
    await page.getByRole("button", { name: /新\s*增/ }).click();
    const dialog = page.getByRole("dialog", { name: "新增" });
    await dialog.getByLabel("角色名称").fill("用户查看员");
    await dialog.getByLabel("角色编码").fill("查看员");
    await dialog.getByRole("button", { name: /确\s*定/ }).click();
    await expect.poll(() => dialog.getByText("角色编码不可输入汉字!").isVisible()).toBe(true);
    await dialog.getByLabel("角色编码").fill("teacher");
    await dialog.getByRole("button", { name: /确\s*定/ }).click();
    await expect.poll(() => dialog.getByText("角色编码已存在").isVisible()).toBe(true);
    await dialog.getByLabel("角色编码").fill("e2e_user_viewer");
    await dialog.getByRole("button", { name: /确\s*定/ }).click();
    await expect.poll(() => toast(page, "添加成功！").isVisible()).toBe(true);
    await expect.poll(() => row(page, "e2e_user_viewer").count()).toBe(1);

    // 授权: 用户管理 with every button but the two deletes (父子关联 checks the buttons with the page).
    await openRowAction(page, "e2e_user_viewer", "授权");
    const auth = page.locator(".role-auth-drawer");
    await expect.poll(() => treeNode(auth, "用户管理").count()).toBe(1);
    // A click on the menu's item lost while it opens would leave the checks independent.
    await linkTreeChecks(page, auth);
    await treeNode(auth, "用户管理").locator(".ant-tree-checkbox").click();
    for (const offset of [3, 4]) {
      const button = treeNode(auth, "用户管理", offset);
      expect(await button.locator(".ant-tree-title").textContent()).toMatch(/^(删除|批量删除)$/);
      await button.locator(".ant-tree-checkbox").click();
    }
    await expect.poll(() => treeNode(auth, "用户管理").locator(".ant-tree-checkbox-indeterminate").count()).toBe(1);
    await auth.getByRole("button", { name: "保存并关闭" }).click();
    await expect.poll(() => toast(page, "保存成功！").isVisible()).toBe(true);
    await expect.poll(() => auth.isVisible()).toBe(false);

    // 用户 → 已有用户: the member gets the role.
    await openRowAction(page, "e2e_user_viewer", "用户");
    const users = page.locator(".role-users-drawer");
    await users.getByRole("button", { name: "已有用户" }).click();
    const picker = page.getByRole("dialog", { name: "选择用户" });
    await picker.getByPlaceholder("请输入账号").fill(MEMBER.username);
    await picker.getByRole("button", { name: /查\s*询/ }).click();
    await picker.locator(".ant-table-tbody tr").filter({ hasText: MEMBER.username }).click();
    await picker.getByRole("button", { name: /确\s*定/ }).click();
    await expect.poll(() => toast(page, "添加成功!").isVisible()).toBe(true);
    await expect.poll(() => listRows(users).filter({ hasText: MEMBER.username }).count()).toBe(1);
    await users.locator(".ant-drawer-close").click();
    await expect.poll(() => users.isVisible()).toBe(false);

    // The member: 用户管理 without 删除, and the backend refuses the delete as well.
    const member = await newPage(browser);
    await signInFirstTime(member, MEMBER.username, MEMBER.password);
    await member.goto("/isystem/user");
    await hydrated(member);
    await row(member, "e2e_role_target", "用户管理").getByText("更多").click();
    await expect.poll(() => member.getByRole("menuitem", { name: "详情" }).isVisible()).toBe(true);
    expect(await member.getByRole("menuitem", { name: "删除", exact: true }).count()).toBe(0);
    await member.keyboard.press("Escape");
    await member.getByRole("button", { name: /批量操作/ }).click();
    await expect.poll(() => member.getByRole("menuitem", { name: "冻结" }).isVisible()).toBe(true);
    expect(await member.getByRole("menuitem", { name: "删除", exact: true }).count()).toBe(0);
    // The member chose his own password at the first sign-in (signInFirstTime).
    const memberToken = await tokenOf(MEMBER.username, `${MEMBER.password}x`);
    const refused = await backend(`/sys/user/delete?id=${target}`, { method: "DELETE", token: memberToken });
    expect(refused).toMatchObject({ success: false, code: 510, message: "没有权限，请联系管理员授权" });

    // Granting user:delete (independent checks: only that button) lets the same call through.
    await openRowAction(page, "e2e_user_viewer", "授权");
    await expect.poll(() => treeNode(auth, "用户管理").count()).toBe(1);
    const deleteButton = treeNode(auth, "用户管理", 3);
    expect(await deleteButton.locator(".ant-tree-title").textContent()).toBe("删除");
    await deleteButton.locator(".ant-tree-checkbox").click();
    await auth.getByRole("button", { name: "仅保存" }).click();
    // Refused (510) until the save has landed, then accepted.
    await expect.poll(async () => (await backend(`/sys/user/delete?id=${target}`, { method: "DELETE", token: memberToken })).message).toBe("删除成功!");
    await member.context().close();

    // 用户 → 取消关联 of the member's row: the role is taken away again. The pointer leaves the
    // 保存成功！ message first: a hovered message stays, over the drawer's close button.
    await page.mouse.move(5, 600);
    await expect.poll(() => page.locator(".ant-message-notice").count()).toBe(0);
    await auth.locator(".ant-drawer-close").click();
    await expect.poll(() => auth.isVisible()).toBe(false);
    await openRowAction(page, "e2e_user_viewer", "用户");
    const memberRow = listRows(users).filter({ hasText: MEMBER.username });
    await expect.poll(() => memberRow.count()).toBe(1);
    await memberRow.getByText("更多").click();
    await clickInPlace(page.locator(".ant-dropdown:not(.ant-dropdown-hidden)").getByRole("menuitem", { name: "取消关联" }));
    await confirmOk(page);
    await expect.poll(() => toast(page, "删除成功!").isVisible()).toBe(true);
    await expect.poll(() => memberRow.count()).toBe(0);
    await page.context().close();
  });
});
