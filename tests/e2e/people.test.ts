// 学籍管理 end to end, as a school's registrar would use it: add a student with two parents in the
// form's parents grid, see the number the fill rule gave and the parents again after a reload.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { hydrated, launchBrowser, newPage, chooseOption, useSession } from "./support/browser";
import { listRows } from "./support/list";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

const toast = (page: Page, text: string) => page.locator(".ant-message").getByText(text);
const ok = /确\s*定/;

describe("students", () => {
  it("adds a student with two parents and shows them after a reload", async () => {
    const page = await newPage(browser);
    await useSession(page);
    await page.goto("/school/student");
    await hydrated(page);
    // The row whose name cell is exactly this name: other files' students are named "账龄端到端学生" and the like.
    const row = (name: string) =>
      listRows(page, "学生").filter({ has: page.getByRole("cell", { name, exact: true }) });

    await page.getByRole("button", { name: /新\s*增/ }).click();
    const dialog = page.getByRole("dialog", { name: "新增" });
    await dialog.getByLabel("中文名").fill("端到端学生");
    await chooseOption(page, dialog.getByLabel("性别", { exact: true }), /^女$/);
    await chooseOption(page, dialog.getByLabel("年级", { exact: true }), /^四年级$/);

    // Two parents in the grid: the father, and the mother who pays.
    const gridRows = dialog.locator("[role=row][data-row-id]");
    const cell = (index: number, key: string) => gridRows.nth(index).locator(`[data-key="${key}"]`);
    for (const index of [0, 1]) {
      await dialog.getByRole("button", { name: /新\s*增$/ }).click();
      await expect.poll(() => gridRows.count()).toBe(index + 1);
      // The grid refuses a second add within 1.5 s.
      await page.waitForTimeout(1600);
      // The grid mounts a cell's select when the cell is clicked (docs/decisions/038).
      await cell(index, "parentId").click();
      await page.locator(".ant-select-dropdown:visible .ant-select-item-option").first().waitFor();
      for (let step = 0; step < index; step++) await page.keyboard.press("ArrowDown");
      await page.keyboard.press("Enter");
      await expect.poll(() => page.locator(".ant-select-dropdown:visible").count()).toBe(0);
      await cell(index, "relation").click();
      // Clicked again if the click landed while the list was still being placed (it then stays open).
      for (let attempt = 1; ; attempt++) {
        await page.locator(".ant-select-dropdown:visible").getByText(index === 0 ? "父亲" : "母亲", { exact: true }).click();
        try {
          await expect.poll(() => page.locator(".ant-select-dropdown:visible").count(), { timeout: 3_000 }).toBe(0);
          break;
        } catch (error) {
          if (attempt >= 3) throw error;
        }
      }
    }
    await cell(1, "isPayer").getByRole("checkbox").check();
    // Each row reads "<parent's name>父亲" / "<parent's name>母亲": what the reloaded form must show again.
    const rowTexts = [await gridRows.nth(0).textContent(), await gridRows.nth(1).textContent()];
    expect(rowTexts[0]).toContain("父亲");
    expect(rowTexts[1]).toContain("母亲");

    await dialog.getByRole("button", { name: ok }).click();
    await expect.poll(() => toast(page, "添加成功！").isVisible()).toBe(true);
    await expect.poll(() => row("端到端学生").count()).toBe(1);
    expect(await row("端到端学生").textContent()).toMatch(/S\d{8}/);

    await page.reload();
    await hydrated(page);
    await row("端到端学生").getByText("编辑").click();
    const edit = page.getByRole("dialog", { name: "编辑" });
    const editRows = edit.locator("[role=row][data-row-id]");
    await expect.poll(() => editRows.count()).toBe(2);
    // The parents' names arrive from the dictionary text route.
    await expect.poll(() => editRows.nth(0).textContent()).toBe(rowTexts[0]);
    await expect.poll(() => editRows.nth(1).textContent()).toBe(rowTexts[1]);
    expect(await editRows.nth(0).locator('[data-key="isPayer"]').getByRole("checkbox").isChecked()).toBe(false);
    expect(await editRows.nth(1).locator('[data-key="isPayer"]').getByRole("checkbox").isChecked()).toBe(true);
    await page.context().close();
  });
});
