// What a page costs the network after sign-in: each piece of data fetched once (issue #19 §5).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, CDPSession, Page } from "playwright-core";
import { hydrated, launchBrowser, newPage, signInAs } from "./support/browser";
import { hoverSettledMenuLink } from "../support/menu-hover";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

/** Requests seen by the browser's network stack, and which of them the HTTP cache answered. */
async function watchNetwork(page: Page): Promise<{ sent: (match: RegExp) => number; fromCache: (match: RegExp) => number; cdp: CDPSession }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Network.enable");
  const urls = new Map<string, string>();
  const cached = new Set<string>();
  cdp.on("Network.requestWillBeSent", (event) => urls.set(event.requestId, event.request.url));
  cdp.on("Network.requestServedFromCache", (event) => cached.add(event.requestId));
  cdp.on("Network.responseReceived", (event) => {
    if (event.response.fromDiskCache || event.response.fromPrefetchCache) cached.add(event.requestId);
  });
  const matching = (match: RegExp) => [...urls].filter(([, url]) => match.test(new URL(url).pathname));
  return {
    cdp,
    sent: (match) => matching(match).filter(([id]) => !cached.has(id)).length,
    fromCache: (match) => matching(match).filter(([id]) => cached.has(id)).length,
  };
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
    for (const address of ["/dashboard/analysis", "/isystem/user"]) {
      await page.goto(address);
      const scripts = await page.evaluate(() => [...document.querySelectorAll<HTMLLinkElement>("link[rel=modulepreload]")].map((link) => link.href));
      expect(scripts.length).toBeGreaterThan(10);
      const withZod: string[] = [];
      for (const script of scripts) if ((await (await page.request.get(script)).text()).includes("$ZodError")) withZod.push(script);
      expect(withZod, address).toEqual([]);
    }
    await page.context().close();
  });

  it("fetches a menu page's data once when its link was hovered before the click", async () => {
    const page = await newPage(browser);
    await signInAs(page);
    const network = await watchNetwork(page);
    const link = page.getByRole("link", { name: "职务管理" });
    await hoverSettledMenuLink(page, () => page.getByRole("menuitem", { name: "系统管理" }).click(), link, "/isystem/position");
    await expect.poll(() => network.sent(/^\/isystem\/position\.data$/)).toBe(1);
    await link.click();
    await page.waitForURL("**/isystem/position");
    await hydrated(page);
    await page.getByRole("cell", { name: "职务编码" }).or(page.locator(".ant-table-thead").getByText("职务编码")).first().waitFor();
    expect(network.sent(/^\/isystem\/position\.data$/)).toBe(1);
    expect(network.fromCache(/^\/isystem\/position\.data$/)).toBe(1);
    await page.context().close();
  });
});
