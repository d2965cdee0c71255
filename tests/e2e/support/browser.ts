// Debian's Chromium driven by playwright-core (no browser downloads here: docs/stack.md).
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Locator, type Page, type Request } from "playwright-core";
import { expect } from "vitest";
import { CHROMIUM_LAUNCH } from "./chromium";
import { E2E_ADMIN_PASSWORD } from "./constants";

/** This worker's product server (worker-server.ts starts one per vitest worker). */
export function baseUrl(): string {
  const url = process.env.E2E_BASE_URL;
  if (!url) throw new Error("no e2e server for this worker (tests/e2e/support/worker-server.ts is a setupFile of vitest.e2e.config.ts)");
  return url;
}

/** Where this worker's server sends mail (SMTP_URL); a test listens there with its own SMTP server (tests/support/smtp.ts). */
export const smtpPort = (): number => Number(process.env.E2E_SMTP_PORT);

/** The browsers this test file launched: on a failure, their pages are reported (failure-report.ts). */
export const launchedBrowsers = new Set<Browser>();

export async function launchBrowser(): Promise<Browser> {
  // The worker's Chromium (worker-server.ts asks global-setup.ts for it): a connection of the file's
  // own, whose close() closes the file's contexts and leaves the browser to the worker's next file.
  const endpoint = process.env.E2E_BROWSER_ENDPOINT;
  const browser = endpoint ? await chromium.connect(endpoint) : await chromium.launch(CHROMIUM_LAUNCH);
  launchedBrowsers.add(browser);
  browser.once("disconnected", () => launchedBrowsers.delete(browser));
  return browser;
}

/**
 * A browser context as every test browses: Chinese, 1280 × 800, and reduced motion, so antd's popups
 * open and close without animation (app/lib/reduced-motion.tsx) and no click lands on a dialog's
 * button while its opening motion still moves it.
 */
export async function newBrowserContext(browser: Browser, options: BrowserContextOptions = {}): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL: baseUrl(), locale: "zh-CN", viewport: { width: 1280, height: 800 }, reducedMotion: "reduce", ...options });
  trackRequests(context);
  return context;
}

export async function newPage(browser: Browser, options: BrowserContextOptions = {}): Promise<Page> {
  const context = await newBrowserContext(browser, options);
  return context.newPage();
}

/** Waits until React has hydrated the page (its event handlers are attached) and its requests are done. */
export async function hydrated(page: Page): Promise<void> {
  // Set by the root layout's effect once React has hydrated (app/root.tsx): clicks are handled from then on.
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
  await networkQuiet(page);
}

/** The requests under way, per page of a context made by newBrowserContext(). */
const underWay = new WeakMap<Page, Set<Request>>();
const tracked = new WeakSet<BrowserContext>();
/** How long a page must have no request under way to count as settled. */
const QUIET_MS = 200;

function trackRequests(context: BrowserContext): void {
  tracked.add(context);
  const pageOf = (request: Request): Page | null => {
    try {
      return request.frame().page();
    } catch {
      return null; // a service worker's request
    }
  };
  context.on("request", (request) => {
    // The notice stream stays open as long as the page: nothing to wait for.
    if (request.resourceType() === "eventsource") return;
    const page = pageOf(request);
    if (!page) return;
    let requests = underWay.get(page);
    if (!requests) underWay.set(page, (requests = new Set()));
    requests.add(request);
  });
  const ended = (request: Request) => {
    const page = pageOf(request);
    if (page) underWay.get(page)?.delete(request);
  };
  context.on("requestfinished", ended);
  context.on("requestfailed", ended);
}

/**
 * Playwright's "networkidle" waits for 500 ms without a request (0.65 s of a page's 1.7 s in the
 * walk of every page); the requests are counted here instead (the event stream aside), and 200 ms
 * without one settle the page (docs/decisions/195).
 */
async function networkQuiet(page: Page, timeoutMs = 30_000): Promise<void> {
  if (!tracked.has(page.context())) return page.waitForLoadState("networkidle");
  await page.waitForLoadState("load");
  const deadline = Date.now() + timeoutMs;
  let quietSince = Date.now();
  for (;;) {
    const requests = underWay.get(page);
    if (requests && requests.size > 0) quietSince = Date.now();
    else if (Date.now() - quietSince >= QUIET_MS) return;
    if (Date.now() > deadline) throw new Error(`requests still under way after ${timeoutMs} ms: ${[...(requests ?? [])].map((request) => request.url()).join(", ")}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/**
 * The session cookie of `username`: one POST to the sign-in endpoint, exactly as the form posts
 * without JavaScript (the server signs in through the backend's /sys/login and sets the cookie),
 * and `landing`, where that sign-in leads (the home page; the forced password change, the tenant
 * choice). The form itself is the subject of sign-in.test.ts (and the other sign-in files); every
 * other file starts signed in through this, without rendering the sign-in page (docs/decisions/100).
 */
export async function signInRequest(username: string, password: string, userAgent?: string, origin = baseUrl()): Promise<{ cookie: Cookie; landing: string }> {
  const response = await fetch(`${origin}/user/login`, {
    method: "POST",
    body: new URLSearchParams({ username, password }),
    // The browser's own user agent: the login log names the browser of a sign-in.
    headers: { Origin: origin, ...(userAgent ? { "User-Agent": userAgent } : {}) },
    redirect: "manual",
  });
  const location = response.headers.get("location");
  const setCookie = response.headers.getSetCookie().find((header) => header.startsWith(`${SESSION_COOKIE}=`));
  if (response.status !== 302 || !location || !setCookie)
    throw new Error(`signing in as ${username} answered ${response.status} without a session: ${formError(await response.text())}`);
  const value = setCookie.slice(SESSION_COOKIE.length + 1, setCookie.indexOf(";") === -1 ? undefined : setCookie.indexOf(";"));
  return {
    cookie: { name: SESSION_COOKIE, value, url: origin, httpOnly: true, sameSite: "Lax" },
    landing: new URL(location, origin).pathname + new URL(location, origin).search,
  };
}

const SESSION_COOKIE = "school_session";

/** What a sign-in page answered says went wrong: the text of its alert, else the start of the page. */
function formError(html: string): string {
  const at = html.indexOf('role="alert"');
  if (at < 0) return html.slice(0, 500);
  return html.slice(html.indexOf(">", at) + 1, at + 800).replace(/<[^>]+>/g, " ").replace(/\s+/g, " ").trim().slice(0, 200);
}
type Cookie = Parameters<BrowserContext["addCookies"]>[0][number];

/**
 * Gives the page's browser context the session of `username` (signInRequest) without opening any
 * page; answers where the sign-in leads. For a test that opens its own first page next.
 */
export async function useSession(page: Page, username = "admin", password = E2E_ADMIN_PASSWORD, origin = baseUrl()): Promise<string> {
  const { cookie, landing } = await signInRequest(username, password, await page.evaluate(() => navigator.userAgent), origin);
  await page.context().addCookies([cookie]);
  return landing;
}

/**
 * Signs in as `username` (the session cookie, useSession) and opens the page the sign-in leads to,
 * hydrated. `origin`: the server signed in to, when the test runs its own (topology, restarts).
 */
export async function signInAs(page: Page, username = "admin", password = E2E_ADMIN_PASSWORD, origin = baseUrl()): Promise<void> {
  await page.goto(new URL(await useSession(page, username, password, origin), origin).href);
  await page.locator(".main-layout").waitFor();
  await hydrated(page);
}

/**
 * The first sign-in of an account whose password an administrator chose: signed in (the session
 * cookie), the forced 修改密码 page (docs/decisions/011) chooses `newPassword`, and the app opens.
 */
export async function signInFirstTime(page: Page, username: string, password: string, newPassword = `${password}x`): Promise<void> {
  await page.goto(await useSession(page, username, password));
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
 * Waits until the antd popup holding `item` (a dropdown, a context menu, a select's list) is in
 * place: its opening motion has ended and it lies in the window. antd renders a popup far above the
 * page (top -1000vh) and aligns it a few frames later; on a loaded machine Playwright can find it
 * "stable" out there, scroll the page to reach it, and a context menu closes on any scroll
 * (rc-trigger's alignPoint): the click then misses, or lands on what is under the closing menu.
 */
export async function inPlace(item: Locator, timeout = 5_000): Promise<void> {
  await expect
    .poll(
      () =>
        item.evaluate((element) => {
          for (let node: Element | null = element; node; node = node.parentElement) if (/-(appear|enter|leave)\b/.test(String(node.className))) return false;
          const rect = element.getBoundingClientRect();
          return rect.height > 0 && rect.top >= 0 && rect.bottom <= window.innerHeight;
        }),
      { timeout },
    )
    .toBe(true);
}

/**
 * Opens a dropdown or context menu with `open` and clicks its item `name` once the menu is in place
 * (inPlace). A menu that closes again before it is (a re-render of its trigger) is opened once more,
 * up to `attempts` times.
 */
export async function clickMenuItem(page: Page, open: () => Promise<unknown>, name: string, attempts = 4, exact = false): Promise<void> {
  const item = page.getByRole("menuitem", { name, exact });
  for (let attempt = 1; ; attempt++) {
    await open();
    try {
      await inPlace(item);
      await item.click({ timeout: 5_000 });
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
    const option = dropdown.locator(".ant-select-item-option").filter({ hasText: text }).first();
    // The list in place first (inPlace); one that never lies wholly in the window is clicked as it is.
    await inPlace(dropdown.first(), 3_000).catch(() => undefined);
    await option.click();
    try {
      await expect.poll(() => select.textContent(), { timeout: 3_000 }).toMatch(typeof text === "string" ? new RegExp(escapeRegExp(text)) : text);
      break;
    } catch (error) {
      if (attempt >= 3) throw error;
    }
  }
  // The list closes with an animation; another one opens cleanly only once it has gone. A list
  // left open once the value is shown (the closing click lost on a loaded machine) is closed with
  // Escape, which keeps the value.
  try {
    await dropdown.waitFor({ state: "hidden", timeout: 3_000 });
  } catch {
    await page.keyboard.press("Escape");
    await dropdown.waitFor({ state: "hidden" });
  }
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

/** Clicks `item` of an antd popup (a menu's item, a list's option) once the popup is in place (inPlace). */
export async function clickInPlace(item: Locator): Promise<void> {
  await inPlace(item);
  await item.click();
}
