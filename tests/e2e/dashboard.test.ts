// 首页 end to end (issue #13 part 6): the figures are in the server's HTML (visible before any
// JavaScript), the charts render once their chunk arrives, and a figure's link lands on its
// filtered list showing the same count.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser } from "playwright-core";
import { hydrated, launchBrowser, newPage, signInAs } from "./support/browser";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

describe("dashboard", () => {
  it("shows the figures server-rendered, draws the charts, and a figure leads to its filtered list", async () => {
    const page = await newPage(browser);
    await signInAs(page);
    await page.goto("/dashboard/analysis");

    // The server's HTML already carries the numbers and their links.
    const html = await (await page.request.get("/dashboard/analysis")).text();
    expect(html).toContain('data-testid="figure-active-students"');
    expect(html).toContain("在读学生");
    expect(html).toMatch(/href="\/school\/student\?status=1"/);

    await hydrated(page);
    const figure = page.getByTestId("figure-active-students");
    const active = Number((await figure.locator(".ant-statistic-content-value").textContent())?.replace(/[^\d]/g, ""));
    expect(active).toBeGreaterThan(0);
    await expect.poll(() => page.getByTestId("payments-by-month").locator("li").count()).toBe(12);
    await expect.poll(() => page.getByTestId("figure-unread").isVisible()).toBe(true);
    // Both charts are drawn (echarts' SVG renderer) once the lazy chunk has loaded.
    await expect.poll(() => page.locator("[data-testid=dashboard-chart] svg").count(), { timeout: 20_000 }).toBe(2);

    await figure.click();
    await expect.poll(() => new URL(page.url()).pathname + new URL(page.url()).search).toBe("/school/student?status=1");
    await expect.poll(() => page.locator(".list-page .ant-pagination-total-text").textContent(), { timeout: 20_000 }).toContain(`共${active}条`);
    await page.context().close();
  });
});
