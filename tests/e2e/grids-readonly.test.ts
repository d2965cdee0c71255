// Grids that fit and read-only views that tell the truth (issue #30, docs/decisions/164): the bill
// dialog shows every column of its lines (单价, 补贴, 金额 inside the dialog), 数量 as an integer and
// each `*` against its title; a bill's 详情 shows its lines without 新增/删除 or selection boxes; a
// phone scrolls the grid sideways to every column. (导入 without JavaScript: list-no-js.test.ts; the
// phone's page without JavaScript: mobile-list.test.ts.)
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Locator, Page } from "playwright-core";
import { hydrated, launchBrowser, newPage, useSession } from "./support/browser";
import { listRows } from "./support/list";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1440, height: 900 };

/** The first bill's id (the list's row key). */
async function firstBillId(page: Page): Promise<string> {
  await page.goto("/billing/bill");
  const row = listRows(page, "账单").first();
  await row.waitFor();
  return (await row.getAttribute("data-row-key")) ?? "";
}

/** Each header's title box and its `*` box, and the cell boxes of the first row, inside the dialog's. */
const gridGeometry = (grid: Locator) =>
  grid.evaluate((root) => {
    const box = (element: Element | null) => {
      const rect = element?.getBoundingClientRect();
      return rect ? { left: rect.left, right: rect.right, width: rect.width } : null;
    };
    const dialog = root.closest(".ant-modal-content") ?? document.body;
    const headers = [...root.querySelectorAll<HTMLElement>('[role="columnheader"]')].map((header) => ({
      title: header.innerText.replace("*", "").trim(),
      star: box(header.querySelector(".jvxe-required")),
      text: box(header.querySelector(".jvxe-title")),
      cell: box(header),
    }));
    const firstRow = root.querySelector('[role="row"][data-row-id]');
    const cells = firstRow
      ? Object.fromEntries([...firstRow.querySelectorAll<HTMLElement>("[data-key]")].map((cell) => [cell.dataset.key!, { ...box(cell)!, value: cell.querySelector("input")?.value ?? cell.innerText }]))
      : {};
    return { dialog: box(dialog)!, headers, cells };
  });

describe("grids in dialogs", () => {
  it("shows every column of a bill's lines inside the dialog, 数量 as an integer and each * against its title", async () => {
    const page = await newPage(browser, { viewport: DESKTOP });
    await useSession(page);
    await page.goto(`/billing/bill?form=edit&id=${encodeURIComponent(await firstBillId(page))}`);
    await hydrated(page);
    const dialog = page.getByRole("dialog", { name: "编辑" });
    const grid = dialog.locator(".bill-items-field .jvxe-grid");
    await grid.locator('[role="row"][data-row-id]').first().waitFor();
    await expect.poll(async () => (await gridGeometry(grid)).cells.amount?.value ?? "").toMatch(/\d/);
    // The columns take their widths once the grid has measured its room (0 before, at load 15).
    // Money fits whole: 1,234,567.89 is 12 characters; the cell is wide enough for them.
    await expect.poll(async () => (await gridGeometry(grid)).cells.amount?.width ?? 0).toBeGreaterThanOrEqual(120);
    const geometry = await gridGeometry(grid);
    for (const key of ["projectId", "name", "quantity", "unitPrice", "allowance", "amount"]) {
      const cell = geometry.cells[key];
      expect(cell, key).toBeDefined();
      expect(cell!.left, key).toBeGreaterThanOrEqual(geometry.dialog.left);
      expect(cell!.right, key).toBeLessThanOrEqual(geometry.dialog.right);
    }
    expect(geometry.cells.quantity!.value).toMatch(/^\d+$/);
    expect(geometry.cells.amount!.width).toBeGreaterThanOrEqual(120);
    // Each `*` is right against its title (the title follows it at once), not at the other end of the cell.
    const required = geometry.headers.filter((header) => header.star);
    expect(required.map((header) => header.title)).toEqual(expect.arrayContaining(["名称", "数量", "单价"]));
    for (const header of required) {
      expect(header.star!.width, header.title).toBeLessThanOrEqual(12);
      expect(header.text!.right - header.star!.right, header.title).toBeLessThanOrEqual(header.title.length * 16);
      expect(header.text!.right, header.title).toBeLessThanOrEqual(header.cell!.right);
    }
    await page.context().close();
  });

  it("reaches every column of the grid on a phone by scrolling it sideways", async () => {
    const page = await newPage(browser, { viewport: PHONE, isMobile: true, hasTouch: true });
    await useSession(page);
    await page.goto("/billing/bill?form=add");
    await hydrated(page);
    const dialog = page.getByRole("dialog", { name: "新增" });
    const field = dialog.locator(".bill-items-field");
    await field.getByRole("button", { name: /新\s*增/ }).click();
    const amount = field.locator('[role="row"][data-row-id] [data-key="amount"]').first();
    await amount.waitFor();
    // The page itself never scrolls sideways: the grid does.
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
    await amount.scrollIntoViewIfNeeded();
    const visible = await amount.evaluate((cell) => {
      const rect = cell.getBoundingClientRect();
      const scroller = cell.closest(".jvxe-scroll")!.getBoundingClientRect();
      return rect.left >= scroller.left - 1 && rect.right <= scroller.right + 1;
    });
    expect(visible).toBe(true);
    await page.context().close();
  });
});

describe("read-only views", () => {
  it("shows a bill's lines in 详情 without 新增, 删除, selection boxes or editors", async () => {
    const page = await newPage(browser, { viewport: DESKTOP });
    await useSession(page);
    await page.goto(`/billing/bill?form=detail&id=${encodeURIComponent(await firstBillId(page))}`);
    await hydrated(page);
    const dialog = page.getByRole("dialog", { name: "详情" });
    const lines = dialog.locator(".record-view-rows");
    await lines.locator("tbody tr").first().waitFor();
    expect(await lines.getByRole("button").count()).toBe(0);
    expect(await lines.locator("input").count()).toBe(0);
    expect(await lines.locator("th").allInnerTexts()).toEqual(expect.arrayContaining(["收费项目", "名称", "数量", "单价", "补贴", "金额"]));
    // Money with separators and two decimals, right-aligned; a count as an integer.
    const quantity = await lines.locator("tbody tr").first().locator("td").nth(3).innerText();
    expect(quantity.trim()).toMatch(/^\d+$/);
    const price = lines.locator("tbody tr").first().locator("td").nth(4);
    expect((await price.innerText()).trim()).toMatch(/^\d{1,3}(,\d{3})*\.\d{2}$/);
    expect(await price.evaluate((cell) => getComputedStyle(cell).textAlign)).toBe("right");
    await page.context().close();
  });
});
