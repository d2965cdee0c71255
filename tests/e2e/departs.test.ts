// 部门管理 and 职务管理 end to end, as a new staff member would use them: a department and a
// sub-department, their basic information (kept over a reload), a user added to a department, a
// delete; and a position's add / edit / delete with the form's checks.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { clickMenuItem, hydrated, launchBrowser, newPage, chooseOption, confirmOk, useSession, clickInPlace, openedDialog } from "./support/browser";
import { listRows } from "./support/list";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

const toast = (page: Page, text: string) => page.locator(".ant-message").getByText(text);
const treeNode = (page: Page, title: string) => page.locator(".depart-tree .depart-tree-title").getByText(title, { exact: true });
const ok = /确\s*定/;

describe("departments", () => {
  it("adds a department and a sub-department, edits it, adds a user to it and deletes them", async () => {
    const page = await newPage(browser);
    await useSession(page);
    await page.goto("/isystem/depart");
    await hydrated(page);
    await treeNode(page, "北京国际学校").waitFor();

    // A top-level department: the name is required.
    await page.getByRole("button", { name: "添加部门" }).click();
    const dialog = page.getByRole("dialog", { name: "新增" });
    await dialog.getByRole("button", { name: ok }).click();
    await expect.poll(() => dialog.getByText("请输入机构/部门名称!").isVisible()).toBe(true);
    await dialog.getByLabel("机构名称").fill("E2E分校");
    await dialog.getByRole("button", { name: ok }).click();
    await expect.poll(() => toast(page, "添加成功！").isVisible()).toBe(true);
    await expect.poll(() => dialog.isVisible()).toBe(false);

    // A sub-department through the right-click menu.
    await clickMenuItem(page, () => treeNode(page, "E2E分校").click({ button: "right" }), "添加下级");
    await expect.poll(() => dialog.locator("input[value='E2E分校']").count()).toBe(1);
    await dialog.getByLabel("机构名称").fill("E2E教研组");
    await dialog.getByRole("button", { name: ok }).click();
    await expect.poll(() => toast(page, "添加成功！").count()).toBeGreaterThan(0);
    await treeNode(page, "E2E教研组").waitFor();

    // Its basic information, saved and shown again after a reload.
    await treeNode(page, "E2E教研组").click();
    await page.waitForURL(/depId=/);
    // The list's banner names the department shown (not 未选中任何数据).
    await expect.poll(() => page.locator(".depart-tree-panel .ant-alert").textContent()).toBe("当前选择：E2E教研组");
    const basic = page.locator(".depart-detail");
    await expect.poll(() => basic.getByLabel("机构名称").inputValue()).toBe("E2E教研组");
    expect(await basic.getByLabel("机构编码").inputValue()).toMatch(/^A\d{2}A01$/);
    expect(await basic.getByLabel("机构编码").isDisabled()).toBe(true);
    await basic.getByLabel("地址").fill("三号楼");
    await basic.getByLabel("手机号").fill("010-88886666");
    await basic.getByRole("button", { name: /保\s*存/ }).click();
    await expect.poll(() => toast(page, "编辑成功!").isVisible()).toBe(true);
    await page.reload();
    await hydrated(page);
    await expect.poll(() => page.locator(".depart-detail").getByLabel("地址").inputValue()).toBe("三号楼");
    expect(await page.locator(".depart-detail").getByLabel("机构名称").inputValue()).toBe("E2E教研组");

    // 用户信息: add a demo teacher with the user picker and see the teacher listed.
    await page.getByRole("tab", { name: "用户信息" }).click();
    await page.waitForURL(/tab=users/);
    await page.getByRole("button", { name: "添加已有用户" }).click();
    // Filled once the picker has opened: its opening starts it from no filter.
    const picker = await openedDialog(page, "选择用户");
    await picker.getByPlaceholder("请输入账号").fill("teacher_chen");
    await picker.getByRole("button", { name: /查\s*询/ }).click();
    await expect.poll(() => picker.locator(".ant-table-tbody tr.ant-table-row").count()).toBe(1);
    await picker.locator(".ant-table-tbody tr.ant-table-row").click();
    await picker.getByRole("button", { name: ok }).click();
    await expect.poll(() => toast(page, "添加成功!").isVisible()).toBe(true);
    const users = listRows(page, "用户信息");
    await expect.poll(() => users.filter({ hasText: "teacher_chen" }).count()).toBe(1);

    // Deleting the top-level department takes the sub-department with it.
    await clickMenuItem(page, () => treeNode(page, "E2E分校").click({ button: "right" }), "删除");
    await confirmOk(page);
    await expect.poll(() => toast(page, "删除成功!").isVisible()).toBe(true);
    await expect.poll(() => treeNode(page, "E2E分校").count()).toBe(0);
    expect(await treeNode(page, "E2E教研组").count()).toBe(0);
    await page.context().close();
  });
});

describe("positions", () => {
  it("adds, edits and deletes a position, checking the code first", async () => {
    const page = await newPage(browser);
    await useSession(page);
    await page.goto("/isystem/position");
    await hydrated(page);
    const row = (text: string) => listRows(page, "职务管理").filter({ hasText: text });

    await page.getByRole("button", { name: /新\s*增/ }).click();
    const dialog = page.getByRole("dialog", { name: "新增" });
    await dialog.getByRole("button", { name: ok }).click();
    await expect.poll(() => dialog.getByText("请输入职务编码!").isVisible()).toBe(true);
    expect(await dialog.getByText("请输入职务名称!").isVisible()).toBe(true);
    await dialog.getByLabel("职务编码").fill("bad code");
    await dialog.getByLabel("职务名称").fill("教练");
    // A message goes as soon as the value is valid, before the next 确定 (issue #30).
    await expect.poll(() => dialog.getByText("请输入职务名称!").count()).toBe(0);
    await chooseOption(page, dialog.getByLabel("职级"), "中级");
    await dialog.getByRole("button", { name: ok }).click();
    await expect.poll(() => dialog.getByText("编码只能由字母、数字、下划线组成").isVisible()).toBe(true);
    // The 通用编码规则 check rule: a letter first.
    await dialog.getByLabel("职务编码").fill("9coach");
    await dialog.getByRole("button", { name: ok }).click();
    await expect.poll(() => dialog.getByText("第一位只能是字母").isVisible()).toBe(true);
    await dialog.getByLabel("职务编码").fill("teacher");
    await dialog.getByRole("button", { name: ok }).click();
    await expect.poll(() => dialog.getByText("该值不可用，系统中已存在！").isVisible()).toBe(true);
    await dialog.getByLabel("职务编码").fill("e2e_coach");
    await dialog.getByRole("button", { name: ok }).click();
    await expect.poll(() => toast(page, "添加成功！").isVisible()).toBe(true);
    await expect.poll(() => row("e2e_coach").count()).toBe(1);
    expect(await row("e2e_coach").textContent()).toContain("中级");

    await row("e2e_coach").getByText("编辑").click();
    const edit = page.getByRole("dialog", { name: "编辑" });
    await expect.poll(() => edit.getByLabel("职务名称").inputValue()).toBe("教练");
    expect(await edit.getByLabel("职务编码").isDisabled()).toBe(true);
    await edit.getByLabel("职务名称").fill("体育教练");
    await edit.getByRole("button", { name: ok }).click();
    await expect.poll(() => toast(page, "编辑成功!").isVisible()).toBe(true);
    await expect.poll(() => row("体育教练").count()).toBe(1);

    await row("e2e_coach").getByText("更多").click();
    await clickInPlace(page.getByRole("menuitem", { name: "删除" }));
    await confirmOk(page);
    await expect.poll(() => toast(page, "删除成功!").isVisible()).toBe(true);
    await expect.poll(() => row("e2e_coach").count()).toBe(0);
    await page.context().close();
  });
});
