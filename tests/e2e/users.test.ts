// 用户管理 end to end, as a new staff member would use it (issue: list engine, CRUD engine).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { baseUrl, hydrated, launchBrowser, newPage, openedDialog, confirmOk, useSession, clickInPlace } from "./support/browser";
import { E2E_ADMIN_PASSWORD } from "./support/constants";
import { allBox, columnHeader, columnTexts, listRows, listTable } from "./support/list";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

const toast = (page: Page, text: string) => page.locator(".ant-message").getByText(text);
const users = (page: Page) => listTable(page, "用户管理");
const row = (page: Page, text: string) => listRows(page, "用户管理").filter({ hasText: text });

async function backendToken(): Promise<string> {
  const answer = await fetch(`${baseUrl()}/jeecg-boot/sys/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ username: "admin", password: E2E_ADMIN_PASSWORD }),
  }).then((response) => response.json());
  return answer.result.token;
}

async function createUserThroughApi(token: string, username: string, realname: string, workNo: string) {
  const answer = await fetch(`${baseUrl()}/jeecg-boot/sys/user/add`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "X-Access-Token": token },
    body: JSON.stringify({ username, realname, workNo, password: "Pass-word-2026!", selectedroles: "", selecteddeparts: "" }),
  }).then((response) => response.json());
  expect(answer.success).toBe(true);
}

async function search(page: Page, label: string, value: string) {
  const field = page.locator(".list-search").getByPlaceholder(`请输入${label}`);
  await field.fill(value);
  await page.locator(".list-search").getByRole("button", { name: /查\s*询/ }).click();
}

describe("users", () => {
  it("creates, edits, shows and deletes a user", async () => {
    const page = await newPage(browser);
    await useSession(page);
    await page.goto("/isystem/user");
    await hydrated(page);

    await page.getByRole("button", { name: /新\s*增/ }).click();
    const dialog = await openedDialog(page, "新增");
    await dialog.getByRole("button", { name: /确\s*定/ }).click();
    await expect.poll(() => dialog.getByText("请输入用户账号!").isVisible()).toBe(true);
    expect(await dialog.getByText("请输入密码!").isVisible()).toBe(true);

    await dialog.getByLabel("用户账号").fill("e2e_new_teacher");
    await dialog.getByLabel("登录密码").fill("Teach-2026!");
    await dialog.getByLabel("确认密码").fill("Teach-2026!");
    await dialog.getByLabel("用户姓名").fill("新老师");
    await dialog.getByLabel("工号").fill("E2E-0001");
    await dialog.getByLabel("手机号码").fill("12345");
    await dialog.getByRole("button", { name: /确\s*定/ }).click();
    await expect.poll(() => dialog.getByText("请输入正确的手机号码!").isVisible()).toBe(true);
    await dialog.getByLabel("手机号码").fill("13912345678");
    await dialog.getByRole("button", { name: /确\s*定/ }).click();
    await expect.poll(() => toast(page, "添加成功！").isVisible()).toBe(true);

    await search(page, "账号", "e2e_new");
    await page.waitForURL(/username=\*e2e_new\*/);
    await expect.poll(() => row(page, "e2e_new_teacher").count()).toBe(1);

    await row(page, "e2e_new_teacher").getByText("编辑").click();
    const edit = await openedDialog(page, "编辑");
    await expect.poll(() => edit.getByLabel("用户姓名").inputValue()).toBe("新老师");
    await edit.getByLabel("用户姓名").fill("新来的老师");
    // 角色分配 through the role picker: its rows load when it opens.
    const roles = edit.locator(".ant-form-item").filter({ hasText: "角色分配" });
    await roles.getByRole("button").click();
    const picker = page.getByRole("dialog", { name: "角色选择" });
    await picker.locator("tr").filter({ hasText: "teacher" }).locator(".ant-checkbox-input").check();
    await picker.getByRole("button", { name: /确\s*定/ }).click();
    await expect.poll(() => roles.textContent()).toContain("教师");
    await edit.getByRole("button", { name: /确\s*定/ }).click();
    await expect.poll(() => toast(page, "编辑成功!").isVisible()).toBe(true);
    await expect.poll(() => row(page, "新来的老师").count()).toBe(1);

    await row(page, "e2e_new_teacher").getByText("更多").click();
    await clickInPlace(page.getByRole("menuitem", { name: "详情" }));
    const detail = page.getByRole("dialog", { name: "详情" });
    // 详情 is a description of the record, not a disabled form.
    const described = (label: string) => detail.locator(".record-view tr").filter({ hasText: label }).locator(".ant-descriptions-item-content");
    await expect.poll(() => described("用户姓名").textContent()).toBe("新来的老师");
    expect(await detail.locator("input").count()).toBe(0);
    await detail.locator(".ant-modal-footer").getByRole("button", { name: /关\s*闭/ }).click();

    await row(page, "e2e_new_teacher").getByText("更多").click();
    await clickInPlace(page.getByRole("menuitem", { name: "删除" }));
    await confirmOk(page);
    await expect.poll(() => toast(page, "删除成功!").isVisible()).toBe(true);
    await expect.poll(() => row(page, "e2e_new_teacher").count()).toBe(0);
    await page.context().close();
  });

  it("deletes several users at once, and asks for a selection first", async () => {
    const token = await backendToken();
    await createUserThroughApi(token, "e2e_batch_one", "批量一", "E2E-B1");
    await createUserThroughApi(token, "e2e_batch_two", "批量二", "E2E-B2");
    const page = await newPage(browser);
    await useSession(page);
    await page.goto("/isystem/user?username=*e2e_batch*");
    await hydrated(page);
    await expect.poll(() => listRows(page, "用户管理").count()).toBe(2);

    await page.getByRole("button", { name: /批量操作/ }).click();
    await clickInPlace(page.getByRole("menuitem", { name: "删除" }));
    await expect.poll(() => toast(page, "请选择一条记录！").isVisible()).toBe(true);
    await expect.poll(() => page.getByRole("menuitem", { name: "删除" }).isVisible()).toBe(false);

    await allBox(users(page)).check();
    await expect.poll(() => page.locator(".list-selection").textContent()).toContain("2");
    await page.getByRole("button", { name: /批量操作/ }).click();
    await clickInPlace(page.getByRole("menuitem", { name: "删除" }));
    await confirmOk(page);
    await expect.poll(() => toast(page, "批量删除成功！").isVisible()).toBe(true);
    await expect.poll(() => listRows(page, "用户管理").count()).toBe(0);
    await page.context().close();
  });

  it("keeps sort, filter and page in the URL, and a reload shows the same view", async () => {
    const page = await newPage(browser);
    await useSession(page);
    await page.goto("/isystem/user");
    await hydrated(page);
    await columnHeader(users(page), "用户账号").click();
    await page.waitForURL(/column=username&order=asc/);
    await expect.poll(async () => (await columnTexts(users(page), "用户账号"))[0]).toBe("admin");

    await page.getByRole("combobox", { name: "性别" }).click();
    await clickInPlace(page.locator(".ant-select-item-option").filter({ hasText: "女" }));
    await page.locator(".list-search").getByRole("button", { name: /查\s*询/ }).click();
    await page.waitForURL(/sex=2/);
    const cells = (title: string) => columnTexts(users(page), title);
    // The table shows only women once the filtered page has loaded.
    await expect.poll(async () => [...new Set(await cells("性别"))]).toEqual(["女"]);
    const url = page.url();
    const names = await cells("用户账号");
    expect(names.length).toBeGreaterThan(0);
    expect([...names].sort()).toEqual(names);

    await page.reload();
    await hydrated(page);
    expect(page.url()).toBe(url);
    expect(await cells("用户账号")).toEqual(names);
    expect(await columnHeader(users(page), "用户账号").getAttribute("aria-sort")).toBe("ascending");
    await page.context().close();
  });

  it("resets a user's password, and the user signs in with the new one", async () => {
    await createUserThroughApi(await backendToken(), "e2e_reset_pw", "重置密码", "E2E-RPW-1");
    const page = await newPage(browser);
    await useSession(page);
    await page.goto("/isystem/user?username=*e2e_reset_pw*");
    await hydrated(page);
    await row(page, "e2e_reset_pw").getByText("更多").click();
    await clickInPlace(page.getByRole("menuitem", { name: "密码" }));
    const dialog = page.getByRole("dialog", { name: "重新设置密码" });
    await dialog.getByLabel("登录密码").fill("short");
    await dialog.getByLabel("确认密码").fill("other");
    await dialog.getByRole("button", { name: /确\s*定/ }).click();
    await expect.poll(() => dialog.getByText("密码由8位数字、大小写字母和特殊符号组成!").isVisible()).toBe(true);
    await dialog.getByLabel("登录密码").fill("Reset-Pass-2026");
    await dialog.getByLabel("确认密码").fill("Reset-Pass-2026");
    await dialog.getByRole("button", { name: /确\s*定/ }).click();
    await expect.poll(() => dialog.isVisible()).toBe(false);

    // The administrator chose it: the user signs in, then must choose their own (issue #10).
    const user = await newPage(browser);
    await user.goto("/user/login");
    await hydrated(user);
    await user.getByLabel("用户名").fill("e2e_reset_pw");
    await user.getByLabel("密码", { exact: true }).fill("Reset-Pass-2026");
    await user.getByRole("button", { name: /确\s*定/ }).click();
    await user.waitForURL((url) => url.pathname === "/user/password");
    await hydrated(user);
    await user.getByLabel("旧密码").fill("Reset-Pass-2026");
    await user.getByLabel("新密码", { exact: true }).fill("Own-Pass-2026");
    await user.getByLabel("确认新密码").fill("Own-Pass-2026");
    await user.getByRole("button", { name: /确\s*定/ }).click();
    await user.waitForURL((url) => !url.pathname.startsWith("/user/"));
    await user.context().close();

    // 冻结: the list says so, and the account can no longer sign in.
    await row(page, "e2e_reset_pw").getByText("更多").click();
    await clickInPlace(page.getByRole("menuitem", { name: "冻结" }));
    await confirmOk(page);
    await expect.poll(() => toast(page, "操作成功!").isVisible()).toBe(true);
    await expect.poll(() => row(page, "e2e_reset_pw").textContent()).toContain("冻结");
    const frozen = await fetch(`${baseUrl()}/jeecg-boot/sys/login`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ username: "e2e_reset_pw", password: "Own-Pass-2026" }),
    }).then((response) => response.json());
    expect(frozen.message).toBe("该用户已冻结");
    await page.context().close();
  });
});
