// The mobile list (issue #19 §2): on a phone a list's rows are cards, each field named by its column,
// and the page never scrolls sideways; the same before and after JavaScript. The search form folds to
// its first field and 展开 (a box and its label, no script); on a desktop the table's headers never wrap and
// no cell is hidden under the 操作 column of a list that fits (issue #30 item 3).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { hydrated, launchBrowser, newPage, useSession } from "./support/browser";
import { listRows, listTable } from "./support/list";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

/** What a phone shows of the list titled `list`: the header row's display, the page's overflow, and the first card's lines. */
async function cardView(page: Page, list: string) {
  const header = await listTable(page, list).evaluate((table: HTMLTableElement) => getComputedStyle(table.tHead!).display);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  const card = await listRows(page, list)
    .first()
    .evaluate((row) => ({
      rowWidth: row.getBoundingClientRect().width,
      // Each field's line: the column's name the phone layout shows before it (data-label), and its value.
      lines: [...row.querySelectorAll<HTMLElement>("td[data-label]")].map((cell) => `${getComputedStyle(cell, "::before").content.replace(/"/g, "")}=${cell.innerText.trim()}`),
    }));
  return { header, overflow, ...card };
}

describe("the list on a phone", () => {
  it("shows each user as a card of named fields, with no sideways scrolling", async () => {
    const page = await newPage(browser, { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    await useSession(page);
    await page.goto("/isystem/user?username=admin");
    await hydrated(page);
    const view = await cardView(page, "用户管理");
    expect(view.header).toBe("none");
    expect(view.overflow).toBeLessThanOrEqual(0);
    expect(view.rowWidth).toBeGreaterThan(0);
    expect(view.rowWidth).toBeLessThanOrEqual(390);
    expect(view.lines).toContain("用户账号=admin");
    expect(view.lines.some((line) => line.startsWith("操作=") && line.includes("编辑"))).toBe(true);
    await page.context().close();
  });

  it("shows the same cards before JavaScript", async () => {
    const page = await newPage(browser, { viewport: { width: 390, height: 844 }, javaScriptEnabled: false });
    await useSession(page);
    await page.goto("/isystem/position");
    // Before JavaScript the side menu stands above the page, not beside it.
    const view = await cardView(page, "职务管理");
    expect(view.header).toBe("none");
    expect(view.overflow).toBeLessThanOrEqual(0);
    expect(view.rowWidth).toBeLessThanOrEqual(390);
    expect(view.lines.length).toBeGreaterThan(1);
    await page.context().close();
  });

  it("gives the page under the menu the screen's width before JavaScript (antd's width 0 beside a sider)", async () => {
    const page = await newPage(browser, { viewport: { width: 390, height: 844 }, javaScriptEnabled: false });
    await useSession(page);
    for (const address of ["/isystem/position", "/billing/bill"]) {
      await page.goto(address);
      const widths = await page.evaluate(() => ({
        viewport: document.documentElement.clientWidth,
        content: document.querySelector(".main-layout__content")?.getBoundingClientRect().width ?? 0,
        card: document.querySelector(".list-page")?.getBoundingClientRect().width ?? 0,
      }));
      // The content takes the screen less its margins (12 px each side), never a narrow column.
      expect(widths.content, address).toBeGreaterThanOrEqual(widths.viewport - 32);
      expect(widths.card, address).toBeGreaterThanOrEqual(widths.viewport - 32);
    }
    await page.context().close();
  });

  it("folds the menu behind 菜单 before JavaScript, so that the page starts on the first screen", async () => {
    const page = await newPage(browser, { viewport: { width: 390, height: 844 }, javaScriptEnabled: false });
    await useSession(page);
    await page.goto("/isystem/position");
    const contentTop = () => page.evaluate(() => document.querySelector(".main-layout__content")!.getBoundingClientRect().top);
    const menu = page.getByRole("menu", { name: "主菜单" });
    expect(await menu.isVisible()).toBe(false);
    expect(await contentTop()).toBeLessThan(400);
    // 菜单 unfolds it (a label and its box), and the page moves below it.
    await page.getByText("菜单", { exact: true }).click();
    await expect.poll(() => menu.isVisible()).toBe(true);
    expect(await menu.getByRole("menuitem", { name: "系统管理" }).count()).toBe(1);
    expect(await contentTop()).toBeGreaterThan(844);
    await page.context().close();
  });

  it("folds the search form to its first field until 展开", async () => {
    {
      const page = await newPage(browser, { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
      await useSession(page);
      await page.goto("/isystem/user");
      await hydrated(page);
      const search = page.getByRole("search");
      await expect.poll(() => search.getByLabel("账号").isVisible()).toBe(true);
      expect(await search.getByLabel("姓名").isVisible()).toBe(false);
      await search.getByText("展开", { exact: true }).click();
      await expect.poll(() => search.getByLabel("姓名").isVisible()).toBe(true);
      expect(await search.getByText("收起", { exact: true }).isVisible()).toBe(true);
      // One field a line, every control as wide as the others.
      const boxes = await Promise.all(["账号", "姓名", "性别"].map((label) => search.getByLabel(label).locator("xpath=ancestor::div[contains(@class,'ant-form-item-control')][1]").boundingBox()));
      expect(new Set(boxes.map((box) => Math.round(box!.x + box!.width))).size).toBe(1);
      expect(new Set(boxes.map((box) => Math.round(box!.y))).size).toBe(3);
      await page.context().close();
    }
    // A search by a folded field opens the form with it shown.
    const page = await newPage(browser, { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    await useSession(page);
    await page.goto("/isystem/user?realname=*刘*");
    await expect.poll(() => page.getByRole("search").getByLabel("姓名").isVisible()).toBe(true);
    await page.context().close();
  });
});

describe("the list on a desktop", () => {
  it("keeps every header on one line and shows 创建时间 whole beside the 操作 column", async () => {
    const page = await newPage(browser, { viewport: { width: 1440, height: 900 } });
    await useSession(page);
    // The demo school's staff (work numbers BIS…): the users other files of this worker add (long
    // accounts, departments) would make the table wider than the screen, where scrolling is right.
    await page.goto("/isystem/user?workNo=BIS*");
    await hydrated(page);
    const layout = await listTable(page, "用户管理").evaluate((table: HTMLTableElement) => {
      const headers = [...table.tHead!.rows[0]!.cells].filter((th) => th.innerText.trim());
      // A title on one line: the box of its text (from its first text to its last, not the sort icons) is one line high.
      const wrapped = headers.filter((th) => {
        const texts = document.createTreeWalker(th, NodeFilter.SHOW_TEXT);
        const first = texts.nextNode()!;
        let last = first;
        while (texts.nextNode()) last = texts.currentNode;
        const text = document.createRange();
        text.setStart(first, 0);
        text.setEnd(last, last.textContent!.length);
        return text.getBoundingClientRect().height > 1.6 * parseFloat(getComputedStyle(th).lineHeight);
      });
      const row = [...table.tBodies[0]!.rows].find((tr) => tr.querySelector("td[data-label]"))!;
      const created = row.querySelector<HTMLElement>("td[data-label='创建时间']")!;
      const actions = row.querySelector<HTMLElement>("td[data-label='操作']")!;
      // The table scrolls sideways in its own box.
      const box = table.parentElement!;
      return {
        wrapped: wrapped.map((th) => th.innerText.trim()),
        createdRight: created.getBoundingClientRect().right,
        actionsLeft: actions.getBoundingClientRect().left,
        overflow: box.scrollWidth - box.clientWidth,
      };
    });
    expect(layout.wrapped).toEqual([]);
    expect(layout.overflow).toBeLessThanOrEqual(0);
    expect(layout.createdRight).toBeLessThanOrEqual(layout.actionsLeft + 1);
    await page.context().close();
  });

  it("shows a card's title whole, with what sits beside it below it (性能监控)", async () => {
    const page = await newPage(browser, { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    await useSession(page);
    await page.goto("/monitor/server");
    await hydrated(page);
    const head = await page.evaluate(() => {
      const title = document.querySelector<HTMLElement>(".monitor-server > .ant-card-head .ant-card-head-title")!;
      const extra = document.querySelector<HTMLElement>(".monitor-server > .ant-card-head .ant-card-extra")!;
      return { text: title.innerText, cut: title.scrollWidth - title.clientWidth, extraBelow: extra.getBoundingClientRect().top >= title.getBoundingClientRect().bottom - 1, overflow: document.documentElement.scrollWidth - document.documentElement.clientWidth };
    });
    expect(head.text).toBe("性能监控");
    expect(head.cut).toBeLessThanOrEqual(0);
    expect(head.extraBelow).toBe(true);
    expect(head.overflow).toBeLessThanOrEqual(0);
    await page.context().close();
  });
});
