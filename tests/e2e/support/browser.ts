// Debian's Chromium driven by playwright-core (no browser downloads here: docs/stack.md).
import { chromium, type Browser, type BrowserContextOptions, type Locator, type Page } from "playwright-core";
import { expect, inject } from "vitest";
import { E2E_ADMIN_PASSWORD } from "./constants";

export const baseUrl = () => inject("baseUrl");

/** The browsers this test file launched: on a failure, their pages are reported (failure-report.ts). */
export const launchedBrowsers = new Set<Browser>();

export async function launchBrowser(): Promise<Browser> {
  const browser = await chromium.launch({
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
  launchedBrowsers.add(browser);
  browser.once("disconnected", () => launchedBrowsers.delete(browser));
  return browser;
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

/**
 * The first sign-in of an account whose password an administrator chose: sign in, choose
 * `newPassword` on the forced 修改密码 page (docs/decisions/011), and land in the app.
 */
export async function signInFirstTime(page: Page, username: string, password: string, newPassword = `${password}x`): Promise<void> {
  await page.goto("/user/login");
  await hydrated(page);
  await page.getByLabel("用户名").fill(username);
  await page.getByLabel("密码", { exact: true }).fill(password);
  await page.getByRole("button", { name: /确\s*定/ }).click();
  await page.waitForURL((url) => url.pathname === "/user/password");
  await hydrated(page);
  await page.getByLabel("旧密码").fill(password);
  await page.getByLabel("新密码", { exact: true }).fill(newPassword);
  await page.getByLabel("确认新密码").fill(newPassword);
  await page.getByRole("button", { name: /确\s*定/ }).click();
  await page.locator(".main-layout").waitFor();
  await hydrated(page);
}

/**
 * Opens a dropdown or context menu with `open` and clicks its item `name`. On a loaded machine the
 * menu can close again before the click lands (an animation, a re-render of its trigger): then it is
 * opened once more, up to `attempts` times.
 */
export async function clickMenuItem(page: Page, open: () => Promise<unknown>, name: string, attempts = 4, exact = false): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    await open();
    try {
      await page.getByRole("menuitem", { name, exact }).click({ timeout: 5_000 });
      return;
    } catch (error) {
      if (attempt >= attempts) throw error;
      await page.keyboard.press("Escape");
    }
  }
}

/**
 * 树操作 → 父子关联 in a role's 授权 drawer, until the drawer's header says the checks are linked: a
 * click that Playwright performed can still miss the menu item while the dropdown moves into place.
 * No Escape between tries (as clickMenuItem does): it would close the drawer too.
 */
export async function linkTreeChecks(page: Page, drawer: Locator): Promise<void> {
  const mode = drawer.locator(".role-auth-drawer__mode");
  const item = page.getByRole("menuitem", { name: "父子关联" });
  for (let attempt = 1; ; attempt++) {
    if (!(await item.isVisible())) await drawer.getByRole("button", { name: /树操作/ }).click();
    await item.click({ timeout: 5_000 }).catch(() => undefined);
    try {
      await expect.poll(() => mode.textContent(), { timeout: 3_000 }).toBe("父子关联");
      return;
    } catch (error) {
      if (attempt >= 4) throw error;
    }
  }
}

/**
 * Types `keyword` into the open async search select (a table dictionary searched as you type) and
 * waits for the backend's answer to that very keyword: until then, options of a shorter keyword can
 * be replaced under the pointer.
 */
export async function typeSearch(page: Page, keyword: string): Promise<void> {
  const answered = page.waitForResponse((response) => response.url().includes("/api/widgets/dict-search/") && new URL(response.url()).searchParams.get("keyword") === keyword);
  await page.keyboard.type(keyword);
  await answered;
}

/**
 * Chooses the option `text` of the antd select that holds `field` (its input or the select itself)
 * and waits until the select shows it. On a loaded machine a click can land while the dropdown is
 * still being placed, and is lost: then the option is clicked again (the select reopened if it
 * closed), up to three times.
 */
export async function chooseOption(page: Page, field: Locator, text: string | RegExp): Promise<void> {
  const select = field.locator("xpath=ancestor-or-self::*[contains(concat(' ', normalize-space(@class), ' '), ' ant-select ')][1]");
  const dropdown = page.locator(".ant-select-dropdown:visible");
  for (let attempt = 1; ; attempt++) {
    if ((await dropdown.count()) === 0) await select.click();
    await dropdown.locator(".ant-select-item-option").filter({ hasText: text }).first().click();
    try {
      await expect.poll(() => select.textContent(), { timeout: 3_000 }).toMatch(typeof text === "string" ? new RegExp(escapeRegExp(text)) : text);
      break;
    } catch (error) {
      if (attempt >= 3) throw error;
    }
  }
  // The list closes with an animation; another one opens cleanly only once it has gone.
  await dropdown.waitFor({ state: "hidden" });
}

/**
 * The dialog named `name` once its opening motion has ended: on a loaded machine a click that lands
 * while antd still zooms it in can be lost.
 */
export async function openedDialog(page: Page, name: string): Promise<Locator> {
  const dialog = page.getByRole("dialog", { name });
  await dialog.waitFor();
  await expect.poll(() => dialog.evaluate((element) => /-(appear|enter)\b/.test(element.className))).toBe(false);
  return dialog;
}

/**
 * Clicks 确定 in the open confirmation (the one showing `text`, when given) and waits until the click
 * is taken: the confirmation closes, or its 确定 loads (it waits for the server). A click that lands
 * while the confirmation is still being placed is lost on a loaded machine: then 确定 is clicked
 * again (antd ignores a second click once the first was taken).
 */
export async function confirmOk(page: Page, text?: string | RegExp): Promise<void> {
  // A confirmation on its way out (antd's leave motion) has taken its click already.
  const open = page.locator('.ant-modal-confirm:visible:not([class*="-leave"])');
  const confirmation = text === undefined ? open : open.filter({ hasText: text });
  const ok = confirmation.getByRole("button", { name: /确\s*定$/ });
  for (let attempt = 1; ; attempt++) {
    await ok.click();
    try {
      await expect.poll(async () => (await confirmation.count()) === 0 || (await ok.evaluate((button) => button.classList.contains("ant-btn-loading")).catch(() => true)), { timeout: 3_000 }).toBe(true);
      break;
    } catch (error) {
      if (attempt >= 3) throw error;
    }
  }
}

/**
 * Runs the row action `label` of `row`: a link of the row, or an item of its 更多 menu (opened again
 * if it closed before the click landed); `confirm` answers its confirmation with 确定.
 */
export async function rowAction(page: Page, row: Locator, label: string, { confirm = false } = {}): Promise<void> {
  const direct = row.locator("a, button").filter({ hasText: new RegExp(`^\\s*${escapeRegExp(label)}\\s*$`) });
  if (await direct.count()) await direct.click();
  else await clickMenuItem(page, () => row.getByText("更多").click(), label, 4, true);
  if (confirm) await confirmOk(page);
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** Signs in as the administrator with JavaScript turned off: the login form posts as plain HTML. */
export async function signInWithoutScript(page: Page): Promise<void> {
  await page.goto("/user/login");
  await page.getByLabel("用户名").fill("admin");
  await page.getByLabel("密码", { exact: true }).fill(E2E_ADMIN_PASSWORD);
  await page.getByRole("button", { name: /确\s*定/ }).click();
  await page.waitForURL("**/dashboard/analysis");
}
