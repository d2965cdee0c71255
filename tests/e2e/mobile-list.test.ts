// The mobile list (issue #19 §2): on a phone a list's rows are cards, each field named by its column,
// and the page never scrolls sideways; the same before and after JavaScript.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { hydrated, launchBrowser, newPage, useSession } from "./support/browser";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

/** What a phone shows of the list: the header row's display, the page's overflow, and the first card's lines. */
const cardView = (page: Page) =>
  page.evaluate(() => {
    const row = document.querySelector<HTMLElement>(".list-page .ant-table-tbody tr.ant-table-row");
    const cells = row ? [...row.querySelectorAll<HTMLElement>("td[data-label]")] : [];
    return {
      header: getComputedStyle(document.querySelector(".list-page .ant-table-thead")!).display,
      overflow: document.documentElement.scrollWidth - document.documentElement.clientWidth,
      rowWidth: row?.getBoundingClientRect().width ?? 0,
      lines: cells.map((cell) => `${getComputedStyle(cell, "::before").content.replace(/"/g, "")}=${cell.innerText.trim()}`),
    };
  });

describe("the list on a phone", () => {
  it("shows each user as a card of named fields, with no sideways scrolling", async () => {
    const page = await newPage(browser, { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    await useSession(page);
    await page.goto("/isystem/user?username=admin");
    await hydrated(page);
    const view = await cardView(page);
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
    const view = await cardView(page);
    expect(view.header).toBe("none");
    expect(view.overflow).toBeLessThanOrEqual(0);
    expect(view.rowWidth).toBeLessThanOrEqual(390);
    expect(view.lines.length).toBeGreaterThan(1);
    await page.context().close();
  });
});
