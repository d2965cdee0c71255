// Debian's Chromium driven by playwright-core (no browser downloads here: STACK.md).
import { chromium, type Browser, type BrowserContextOptions, type Page } from "playwright-core";
import { inject } from "vitest";
import { E2E_ADMIN_PASSWORD } from "./constants";

export const baseUrl = () => inject("baseUrl");

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
    ],
  });
}

export async function newPage(browser: Browser, options: BrowserContextOptions = {}): Promise<Page> {
  const context = await browser.newContext({ baseURL: baseUrl(), locale: "zh-CN", viewport: { width: 1280, height: 800 }, ...options });
  return context.newPage();
}

/** Waits until React has hydrated the page (its event handlers are attached). */
export async function hydrated(page: Page): Promise<void> {
  await page.waitForFunction(() => (window as unknown as { __reactRouterRouteModules?: unknown }).__reactRouterRouteModules !== undefined);
  await page.waitForLoadState("networkidle");
}

export async function signInAs(page: Page, username = "admin", password = E2E_ADMIN_PASSWORD): Promise<void> {
  await page.goto("/user/login");
  await hydrated(page);
  await page.getByLabel("用户名").fill(username);
  await page.getByLabel("密码", { exact: true }).fill(password);
  await page.getByRole("button", { name: /确\s*定/ }).click();
  await page.waitForURL((url) => !url.pathname.startsWith("/user/login"));
  await page.locator(".main-layout").waitFor();
  await hydrated(page);
}
