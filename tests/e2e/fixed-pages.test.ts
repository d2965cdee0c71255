// The pages issue #30 found unfinished, at a desktop's 1440 px and a phone's 390 px (its Done-when:
// "screenshots of the fixed pages at 1440 and 390 px looked at"). Each page is checked for what the
// issue saw wrong there: the page never scrolls sideways, a table's column titles stay on one line
// (名额, 默认地址, 租户编号, 用户姓名, 性别 wrapped mid-word), a card's title and a description's label
// are not cut or folded (性能监控's 数据库大小 took three lines), and 文件存储's 上传文件 is a toolbar
// button beside 高级查询. A screenshot of each page at each width is written to
// node_modules/.cache/e2e-screenshots/ (or E2E_SCREENSHOT_DIR) for a person to look at.
import { mkdirSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { hydrated, launchBrowser, newPage, useSession } from "./support/browser";

const SCREENSHOTS = process.env.E2E_SCREENSHOT_DIR ?? "node_modules/.cache/e2e-screenshots";

/** The pages the issue names, each with what it showed wrong. */
const FIXED_PAGES = [
  "/dashboard/analysis", // 首页: a teacher's finance figures, charts' legends
  "/dashboard/chart", // 图表: legends over the axis
  "/dashboard/monitor", // 监控
  "/isystem/user", // 用户姓名, 性别 wrapped
  "/isystem/tenant", // 租户编号 wrapped
  "/isystem/permission", // the `icon` column
  "/isystem/dataSource", // the password not marked required
  "/isystem/ossFile", // 上传文件 a small button on a line of its own
  "/activity/activity", // 名额 wrapped
  "/shop/address", // 默认地址 wrapped
  "/billing/bill", // the bill grid in its dialog
  "/billing/receipt", // 新增 with only 备注
  "/billing/wechatTrade", // 新增 with no field
  "/monitor/server", // 数据库大小 on three lines
  "/monitor/apiDoc", // summaries repeating the method and path
  "/demo/editors", // scripts from unpkg.com, the editor's Normal
] as const;

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
  mkdirSync(SCREENSHOTS, { recursive: true });
});
afterAll(async () => browser?.close());

/** What is out of place on the page as it stands, one line each; none for a page that fits. */
const layoutFaults = (page: Page) =>
  page.evaluate(() => {
    const faults: string[] = [];
    const overflow = document.documentElement.scrollWidth - document.documentElement.clientWidth;
    if (overflow > 0) faults.push(`the page scrolls sideways by ${overflow} px`);
    const lineHeight = (element: Element) => parseFloat(getComputedStyle(element).lineHeight) || 22;
    const textHeight = (element: Element) => {
      const range = document.createRange();
      range.selectNodeContents(element);
      return range.getBoundingClientRect().height;
    };
    // The box of an element's text, from its first text to its last (a column title, not its sort icons).
    const textsHeight = (element: Element) => {
      const texts = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
      const first = texts.nextNode();
      if (!first) return 0;
      let last = first;
      while (texts.nextNode()) last = texts.currentNode;
      const range = document.createRange();
      range.setStart(first, 0);
      range.setEnd(last, last.textContent!.length);
      return range.getBoundingClientRect().height;
    };
    // A table's column titles, the list's and antd's tables alike (a phone's cards hide the header row).
    for (const th of document.querySelectorAll<HTMLElement>("main thead th")) {
      if (!th.checkVisibility() || !th.innerText.trim()) continue;
      if (textsHeight(th) > 1.6 * lineHeight(th)) faults.push(`column title wraps: ${th.innerText.trim()}`);
    }
    // A description's label (性能监控's 数据库大小) and a card's title.
    for (const label of document.querySelectorAll<HTMLElement>("main .ant-descriptions-item-label")) {
      if (label.checkVisibility() && label.innerText.trim() && textHeight(label) > 1.6 * lineHeight(label)) faults.push(`label wraps: ${label.innerText.trim()}`);
    }
    for (const title of document.querySelectorAll<HTMLElement>("main .ant-card-head-title")) {
      if (title.checkVisibility() && title.scrollWidth > title.clientWidth + 1) faults.push(`card title cut: ${title.innerText.trim()}`);
    }
    return faults;
  });

describe.each([1440, 390])("the pages issue #30 named, at %i px", (width) => {
  it("fit the screen, titles and labels on one line; a screenshot of each is kept", async () => {
    const phone = width < 576;
    const page = await newPage(browser, phone ? { viewport: { width, height: 844 }, isMobile: true, hasTouch: true } : { viewport: { width, height: 900 } });
    await useSession(page);
    const found: Record<string, string[]> = {};
    for (const path of FIXED_PAGES) {
      const response = await page.goto(path);
      await hydrated(page);
      expect(response?.status(), path).toBe(200);
      // Charts are drawn once the browser is idle; the screenshot shows them.
      if (path.startsWith("/dashboard/")) await page.locator("[data-testid=dashboard-chart] svg").first().waitFor({ timeout: 20_000 });
      const faults = await layoutFaults(page);
      if (faults.length > 0) found[path] = faults;
      await page.screenshot({ path: `${SCREENSHOTS}/${path.slice(1).replace(/\//g, "-")}-${width}.png`, fullPage: true });
    }
    expect(found).toEqual({});

    // 文件存储's 上传文件 is a toolbar button like 高级查询, on its line (not a small one on a line of its own).
    await page.goto("/isystem/ossFile");
    await hydrated(page);
    const upload = await page.getByRole("button", { name: "上传文件" }).boundingBox();
    const query = await page.getByRole("button", { name: "高级查询" }).boundingBox();
    expect(upload && query).toBeTruthy();
    expect(Math.abs(upload!.y - query!.y)).toBeLessThanOrEqual(2);
    expect(Math.abs(upload!.height - query!.height)).toBeLessThanOrEqual(1);
    await page.context().close();
  }, 300_000);
});
