// What a page costs the network after sign-in: each piece of data fetched once (issue #19 §5), and
// what the sign-in → 首页 path loads (issue #35 item 3, docs/decisions/173).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, CDPSession, Page } from "playwright-core";
import { hydrated, launchBrowser, newPage, signInAs } from "./support/browser";
import { columnHeader, listTable } from "./support/list";
import { E2E_ADMIN_PASSWORD } from "./support/constants";
import { hoverSettledMenuLink } from "../support/menu-hover";
import { gzipSize, scriptAssets, signInPathScripts } from "../support/page-scripts";

/** Budget of the scripts 首页 loads beyond the sign-in page's (gzip level 9, KB), issue #35 item 3. */
const SIGN_IN_PATH_JS_BUDGET_KB = 200;
/** Budget of a list page's first-paint scripts, the layout's included (gzip level 9, KB), issue #35 item 2. */
const LIST_PAGE_JS_BUDGET_KB = 300;

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

/** Requests seen by the browser's network stack, and which of them the HTTP cache answered. */
async function watchNetwork(page: Page): Promise<{ sent: (match: RegExp) => number; fromCache: (match: RegExp) => number; finished: (match: RegExp) => number; cdp: CDPSession }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Network.enable");
  const urls = new Map<string, string>();
  const cached = new Set<string>();
  const done = new Set<string>();
  cdp.on("Network.requestWillBeSent", (event) => urls.set(event.requestId, event.request.url));
  cdp.on("Network.loadingFinished", (event) => done.add(event.requestId));
  cdp.on("Network.requestServedFromCache", (event) => cached.add(event.requestId));
  cdp.on("Network.responseReceived", (event) => {
    if (event.response.fromDiskCache || event.response.fromPrefetchCache) cached.add(event.requestId);
  });
  const matching = (match: RegExp) => [...urls].filter(([, url]) => match.test(new URL(url).pathname));
  return {
    cdp,
    sent: (match) => matching(match).filter(([id]) => !cached.has(id)).length,
    fromCache: (match) => matching(match).filter(([id]) => cached.has(id)).length,
    finished: (match) => matching(match).filter(([id]) => done.has(id)).length,
  };
}

/**
 * A page as the server answers it, with the context's cookie: its first paint's scripts, not what the
 * live document has added since (lazy chunks, idle prefetches). The status and address are in the
 * failure, should another page answer (a redirect, a 503 of the bounded queue).
 */
async function servedHtml(page: Page, address: string): Promise<string> {
  const answer = await page.request.get(address, { maxRedirects: 0 });
  expect(`${answer.status()} ${answer.headers()["location"] ?? ""}`.trim(), address).toBe("200");
  return answer.text();
}

describe("page load", () => {
  it("asks for the notices once at sign-in", async () => {
    const page = await newPage(browser);
    const network = await watchNetwork(page);
    await signInAs(page);
    await expect.poll(() => page.getByTestId("notice-bell").getAttribute("data-stream")).toBe("up");
    // Past the first list's wait for the stream: nothing more is asked.
    await page.waitForTimeout(2_000);
    expect(network.sent(/^\/api\/notices\/list$/)).toBe(1);
    await page.context().close();
  });

  it("loads the list engine's code while the dashboard is idle, before any list is opened", async () => {
    const page = await newPage(browser);
    const network = await watchNetwork(page);
    await signInAs(page);
    await hydrated(page);
    expect(new URL(page.url()).pathname).toBe("/dashboard/analysis");
    // The dashboard itself does not use it: only the idle warm-up asks for it.
    await expect.poll(() => network.sent(/^\/assets\/list-page-[\w-]+\.js$/) + network.fromCache(/^\/assets\/list-page-[\w-]+\.js$/), { timeout: 15_000 }).toBe(1);
    await page.context().close();
  });

  it("keeps zod out of the first paint of the layout and of a list page", async () => {
    const page = await newPage(browser);
    await signInAs(page);
    const origin = new URL(page.url()).origin;
    for (const address of ["/dashboard/analysis", "/isystem/user"]) {
      const scripts = scriptAssets(await servedHtml(page, address), origin);
      expect(scripts.length, address).toBeGreaterThan(10);
      const withZod: string[] = [];
      for (const script of scripts) if ((await (await page.request.get(script)).text()).includes("$ZodError")) withZod.push(script);
      expect(withZod, address).toEqual([]);
    }
    await page.context().close();
  });

  it("keeps a list page's first-paint scripts within budget", async () => {
    const page = await newPage(browser);
    await signInAs(page);
    const origin = new URL(page.url()).origin;
    const scripts = scriptAssets(await servedHtml(page, "/isystem/user"), origin);
    let gzipBytes = 0;
    for (const script of scripts) gzipBytes += gzipSize(await (await page.request.get(script)).body());
    expect(gzipBytes / 1024, `${scripts.length} scripts`).toBeLessThanOrEqual(LIST_PAGE_JS_BUDGET_KB);
    await page.context().close();
  });

  it("keeps the scripts between the sign-in and 首页 within budget, without chart code", async () => {
    const page = await newPage(browser);
    const loginHtml = await servedHtml(page, "/user/login");
    await signInAs(page);
    const origin = new URL(page.url()).origin;
    const files = signInPathScripts(loginHtml, await servedHtml(page, "/dashboard/analysis"), origin);
    let gzipBytes = 0;
    const withCharts: string[] = [];
    for (const file of files) {
      const body = await (await page.request.get(file)).body();
      gzipBytes += gzipSize(body);
      if (/__ec_inner_|recharts-/.test(body.toString("utf8"))) withCharts.push(file);
    }
    expect(withCharts).toEqual([]);
    expect(gzipBytes / 1024, `${files.length} scripts: ${files.join(" ")}`).toBeLessThanOrEqual(SIGN_IN_PATH_JS_BUDGET_KB);
    await page.context().close();
  });

  it("opens 首页 after the sign-in form as a document, its figures in the server's HTML", async () => {
    const page = await newPage(browser);
    await page.goto("/user/login");
    await hydrated(page);
    await page.getByLabel("用户名").fill("admin");
    await page.getByLabel("密码", { exact: true }).fill(E2E_ADMIN_PASSWORD);
    await page.getByRole("button", { name: /确\s*定/ }).click();
    await page.waitForURL("**/dashboard/analysis");
    await page.getByTestId("figure-active-students").waitFor();
    // The document itself is 首页 (the browser loaded it), not the sign-in page navigated on the client.
    expect(await page.evaluate(() => new URL(performance.getEntriesByType("navigation")[0]!.name).pathname)).toBe("/dashboard/analysis");
    expect(await servedHtml(page, "/dashboard/analysis")).toContain('data-testid="figure-active-students"');
    await page.context().close();
  });

  it("prefetches the code of the lists 首页's figures open once idle, and draws the charts after", async () => {
    const page = await newPage(browser);
    await signInAs(page);
    const studentsPreloaded = () =>
      page.evaluate(() => {
        const routes = Object.values((window as unknown as { __reactRouterManifest: { routes: Record<string, { path?: string; module: string }> } }).__reactRouterManifest.routes);
        const students = routes.find((route) => route.path === "school/student");
        return students ? document.querySelector(`link[rel=modulepreload][href="${students.module}"]`) !== null : false;
      });
    await expect.poll(studentsPreloaded, { timeout: 15_000 }).toBe(true);
    await expect.poll(() => page.locator("[data-testid=dashboard-chart] svg").count(), { timeout: 20_000 }).toBe(2);
    await page.context().close();
  });

  it("fetches a menu page's data once when its link was hovered before the click", async () => {
    const page = await newPage(browser);
    await signInAs(page);
    const network = await watchNetwork(page);
    const link = page.getByRole("link", { name: "职务管理" });
    await hoverSettledMenuLink(page, () => page.getByRole("menuitem", { name: "系统管理" }).click(), link, "/isystem/position");
    await expect.poll(() => network.sent(/^\/isystem\/position\.data$/)).toBe(1);
    // The hover's prefetch has arrived (a click while it is still on its way asks again: in the last
    // full run, at load 15, it did).
    await expect.poll(() => network.finished(/^\/isystem\/position\.data$/)).toBe(1);
    await link.click();
    await page.waitForURL("**/isystem/position");
    await hydrated(page);
    await columnHeader(listTable(page, "职务管理"), "职务编码").waitFor();
    expect(network.sent(/^\/isystem\/position\.data$/)).toBe(1);
    expect(network.fromCache(/^\/isystem\/position\.data$/)).toBe(1);
    await page.context().close();
  });
});
