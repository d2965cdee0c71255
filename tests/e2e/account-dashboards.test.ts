// The account centre and the dashboards besides 首页 end to end (issue #17 parts 7-8): 账户设置 is
// reached from the user menu; a saved name shows in the header; a cropped avatar is uploaded and
// shown in the header; each dashboard renders and a figure's link lands on its filtered list.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { clickMenuItem, hydrated, launchBrowser, newPage, signInAs, useSession } from "./support/browser";
import { E2E_DEMO_PASSWORD } from "./support/constants";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

const ACCOUNT = "cashier_zhao";
const pathAndSearch = (page: Page) => {
  const url = new URL(page.url());
  return url.pathname + url.search;
};

/** Opens the user menu's item `name` and waits for its page `path` (once more if a click was lost). */
async function openUserMenuItem(page: Page, name: string, path: string) {
  for (let attempt = 1; ; attempt++) {
    await clickMenuItem(page, () => page.getByTestId("user-menu").click({ timeout: 10_000 }), name);
    try {
      await page.waitForURL((url) => url.pathname === path, { timeout: 10_000 });
      return;
    } catch (error) {
      if (attempt >= 3) throw error;
    }
  }
}

describe("account centre", () => {
  it("edits the basic settings from the user menu and the header follows; a cropped avatar shows in the header", async () => {
    const page = await newPage(browser);
    await signInAs(page, ACCOUNT, E2E_DEMO_PASSWORD);
    const original = (await page.getByTestId("current-user").textContent()) ?? "";

    await openUserMenuItem(page, "账户设置", "/account/settings/base");
    await hydrated(page);
    const form = page.getByTestId("profile-form");
    await form.getByLabel("手机号码").fill("12345");
    await page.getByRole("button", { name: "更新基本信息" }).click();
    await expect.poll(() => page.getByText("请输入正确手机号").first().isVisible()).toBe(true);

    await form.getByLabel("手机号码").fill("13700001111");
    await form.getByLabel("姓名").fill("赵出纳改名");
    await page.getByRole("button", { name: "更新基本信息" }).click();
    await expect.poll(() => page.getByTestId("current-user").textContent(), { timeout: 20_000 }).toBe("赵出纳改名");
    // 个人中心 shows it too, after a reload (it is stored, not only in the page).
    await openUserMenuItem(page, "个人中心", "/account/center");
    await page.reload();
    await expect.poll(() => page.getByTestId("center-realname").textContent()).toBe("赵出纳改名");
    await expect.poll(() => page.getByText("13700001111").isVisible()).toBe(true);

    // Avatar: an image drawn in the page, cropped, uploaded and shown in the header.
    await page.goto("/account/settings/base");
    await hydrated(page);
    const png = await page.evaluate(() => {
      const canvas = document.createElement("canvas");
      canvas.width = 320;
      canvas.height = 240;
      const context = canvas.getContext("2d")!;
      context.fillStyle = "#1890ff";
      context.fillRect(0, 0, 320, 240);
      context.fillStyle = "#fadb14";
      context.fillRect(100, 60, 120, 120);
      return canvas.toDataURL("image/png").split(",")[1]!;
    });
    await page.getByTestId("avatar-file").setInputFiles({ name: "me.png", mimeType: "image/png", buffer: Buffer.from(png, "base64") });
    await expect.poll(() => page.getByTestId("avatar-cropper").isVisible(), { timeout: 20_000 }).toBe(true);
    await expect.poll(() => page.getByTestId("avatar-crop-ok").isEnabled()).toBe(true);
    await page.getByTestId("avatar-crop-ok").click();
    const headerImage = page.getByTestId("header-avatar").locator("img");
    await expect.poll(() => headerImage.getAttribute("src"), { timeout: 20_000 }).toMatch(/^\/api\/files\/static\?path=avatar%2F/);
    // The stored file is the cropped square PNG.
    const stored = await page.request.get((await headerImage.getAttribute("src"))!);
    expect(stored.status()).toBe(200);
    const bytes = await stored.body();
    expect(bytes.subarray(1, 4).toString()).toBe("PNG");
    expect(bytes.readUInt32BE(16)).toBe(200);
    expect(bytes.readUInt32BE(20)).toBe(200);

    // The other tabs render; 账号绑定 mounts the bindings list.
    for (const [tab, title] of [
      ["security", "安全设置"],
      ["binding", "账号绑定"],
      ["notification", "新消息通知"],
      ["custom", "个性化"],
    ] as const) {
      await page.getByRole("link", { name: title }).click();
      await page.waitForURL((url) => url.pathname === `/account/settings/${tab}`);
      await expect.poll(() => page.getByTestId("settings-title").textContent()).toBe(title);
      if (tab === "binding") await expect.poll(() => page.getByText("未配置第三方登录").isVisible()).toBe(true);
      if (tab === "security") await expect.poll(() => page.getByTestId("recent-sign-ins").locator("tbody tr").count()).toBeGreaterThanOrEqual(1);
    }

    // Put the name back for the other tests.
    await page.goto("/account/settings/base");
    await hydrated(page);
    await page.getByTestId("profile-form").getByLabel("姓名").fill(original);
    await page.getByRole("button", { name: "更新基本信息" }).click();
    await expect.poll(() => page.getByTestId("current-user").textContent(), { timeout: 20_000 }).toBe(original);
    await page.context().close();
  }, 300_000);
});

describe("dashboards", () => {
  it("renders 工作台, 图表, 任务 and 监控, and their figures lead to the filtered lists", async () => {
    const page = await newPage(browser);
    await useSession(page);

    await page.goto("/dashboard/workplace");
    await hydrated(page);
    const vouchers = page.getByTestId("workplace-vouchers");
    await expect.poll(() => vouchers.isVisible()).toBe(true);
    await vouchers.click();
    await expect.poll(() => pathAndSearch(page)).toBe("/billing/voucher?status=1");

    await page.goto("/dashboard/chart");
    await hydrated(page);
    await expect.poll(() => page.getByTestId("chart-months").locator("tbody tr").count()).toBe(12);
    await expect.poll(() => page.locator("[data-testid=dashboard-chart] svg").count(), { timeout: 20_000 }).toBe(1);

    await page.goto("/dashboard/task");
    await hydrated(page);
    await expect.poll(() => page.getByTestId("task-board").locator(".ant-card").count()).toBe(4);
    await page.getByTestId("task-link-signupsToConfirm").click();
    await expect.poll(() => pathAndSearch(page)).toBe("/activity/signup?status=1");

    await page.goto("/dashboard/monitor");
    await hydrated(page);
    const online = page.getByTestId("monitor-online");
    const count = Number((await online.locator(".ant-statistic-content-value").textContent())?.replace(/[^\d]/g, ""));
    expect(count).toBeGreaterThanOrEqual(1);
    await online.click();
    await expect.poll(() => pathAndSearch(page)).toBe("/monitor/onlineUser");

    await page.goto("/test/home");
    await expect.poll(() => page.getByTestId("test-home").isVisible()).toBe(true);
    await page.context().close();
  }, 300_000);
});
