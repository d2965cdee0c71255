// Families in one place (issue #29 item 3) as a registrar uses it: a new student with a new parent
// in the same form (the parent is saved with him and shows on his edit form again), 批量分班 of
// two selected students with the count in the message, and 批量设置付款方 of two students of its own
// to an enterprise found by name.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { chooseOption, clickInPlace, hydrated, launchBrowser, newPage, useSession } from "./support/browser";
import { listRows, rowBox } from "./support/list";
import { backendApi } from "./support/api";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

const toast = (page: Page, text: string | RegExp) => page.locator(".ant-message").getByText(text);
const ok = /确\s*定/;

describe("families", () => {
  it("enrols a student with a new parent in one form", async () => {
    const page = await newPage(browser);
    await useSession(page);
    await page.goto("/school/student");
    await hydrated(page);
    const row = (text: string) => listRows(page, "学生").filter({ hasText: text });

    await page.getByRole("button", { name: /新\s*增/ }).click();
    const dialog = page.getByRole("dialog", { name: "新增" });
    await dialog.getByLabel("中文名").fill("端到端新家庭");
    await chooseOption(page, dialog.getByLabel("性别", { exact: true }), /^男$/);
    await chooseOption(page, dialog.getByLabel("年级", { exact: true }), /^二年级$/);

    const gridRows = dialog.locator("[role=row][data-row-id]");
    const cell = (key: string) => gridRows.first().locator(`[data-key="${key}"]`);
    await dialog.getByRole("button", { name: /新\s*增$/ }).click();
    await expect.poll(() => gridRows.count()).toBe(1);
    // No parent chosen: the new parent's name, phone and e-mail in the same row.
    await cell("newName").locator("input").fill("端到端家长");
    await cell("newPhone").locator("input").fill("13912349901");
    await cell("newEmail").locator("input").fill("duan@family.example");
    await cell("relation").click();
    for (let attempt = 1; ; attempt++) {
      await page.locator(".ant-select-dropdown:visible").getByText("母亲", { exact: true }).click();
      try {
        await expect.poll(() => page.locator(".ant-select-dropdown:visible").count(), { timeout: 3_000 }).toBe(0);
        break;
      } catch (error) {
        if (attempt >= 3) throw error;
      }
    }
    await cell("isPayer").getByRole("checkbox").check();

    await dialog.getByRole("button", { name: ok }).click();
    await expect.poll(() => toast(page, "添加成功！").isVisible()).toBe(true);
    await expect.poll(() => row("端到端新家庭").count()).toBe(1);

    // The parent exists now and is the student's: his edit form chooses him.
    await row("端到端新家庭").getByText("编辑").click();
    const edit = page.getByRole("dialog", { name: "编辑" });
    const editRows = edit.locator("[role=row][data-row-id]");
    await expect.poll(() => editRows.count()).toBe(1);
    await expect.poll(() => editRows.first().locator('[data-key="parentId"]').textContent()).toContain("端到端家长");
    expect(await editRows.first().locator('[data-key="isPayer"]').getByRole("checkbox").isChecked()).toBe(true);
    await page.context().close();
  });

  it("assigns two selected students to a class at once", async () => {
    const page = await newPage(browser);
    await useSession(page);
    await page.goto("/school/student?grade=1&column=studentNo&order=asc");
    await hydrated(page);
    const rows = listRows(page, "学生");
    await expect.poll(() => rows.count()).toBeGreaterThan(1);
    for (const index of [0, 1]) await rowBox(rows.nth(index)).check();
    await expect.poll(() => page.locator(".list-selection").textContent()).toContain("2");

    await page.getByRole("button", { name: /批量操作/ }).click();
    await clickInPlace(page.getByRole("menuitem", { name: "批量分班" }));
    const dialog = page.getByRole("dialog", { name: "批量分班" });
    await expect.poll(() => dialog.getByText("已选择 2 名学生").isVisible()).toBe(true);
    await chooseOption(page, dialog.locator(".student-bulk-classId"), /^一年级2班$/);
    await dialog.getByRole("button", { name: ok }).click();
    await expect.poll(() => toast(page, "已将2名学生分到一年级2班").isVisible()).toBe(true);
    // The list shows their class (the answer reloads it) and the selection is cleared.
    await expect.poll(() => rows.nth(0).textContent()).toContain("一年级2班");
    await expect.poll(() => rows.nth(1).textContent()).toContain("一年级2班");
    await expect.poll(() => page.locator(".list-selection").count()).toBe(0);
    await page.context().close();
  });

  it("sets an enterprise as the payer of two selected students", async () => {
    // Two students of this test's own (no other file bills or moves them).
    const { backend } = await backendApi();
    for (const nameCn of ["批量付款甲", "批量付款乙"]) await backend("POST", "/school/student/add", { nameCn, sex: "1", grade: "2", status: "1" });
    const page = await newPage(browser);
    await useSession(page);
    await page.goto(`/school/student?nameCn=${encodeURIComponent("*批量付款*")}`);
    await hydrated(page);
    const rows = listRows(page, "学生");
    await expect.poll(() => rows.count()).toBe(2);
    for (const index of [0, 1]) await rowBox(rows.nth(index)).check();

    await page.getByRole("button", { name: /批量操作/ }).click();
    await clickInPlace(page.getByRole("menuitem", { name: "批量设置付款方" }));
    const dialog = page.getByRole("dialog", { name: "批量设置付款方" });
    await expect.poll(() => dialog.getByText("已选择 2 名学生").isVisible()).toBe(true);
    await dialog.getByText("付费企业", { exact: true }).click();
    const search = dialog.locator(".student-bulk-payerId input");
    await search.click();
    await search.fill("西门子");
    const option = page.locator(".ant-select-dropdown:visible .ant-select-item-option").filter({ hasText: "西门子（中国）有限公司" });
    await expect.poll(() => option.count()).toBeGreaterThan(0);
    await clickInPlace(option.first());
    await dialog.getByRole("button", { name: ok }).click();
    await expect.poll(() => toast(page, "已将2名学生的付款方设为西门子（中国）有限公司").isVisible()).toBe(true);
    await expect.poll(() => rows.nth(0).textContent()).toContain("西门子（中国）有限公司");
    await expect.poll(() => rows.nth(1).textContent()).toContain("西门子（中国）有限公司");
    await page.context().close();
  });
});
