// 网关路由 end to end (issue #16 part 1): the platform administrator adds a route in the page that
// proxies a local HTTP server, fetches through the web server, then disables it, in Chromium.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Locator, Page } from "playwright-core";
import { baseUrl, hydrated, launchBrowser, newPage, signInAs, chooseOption } from "./support/browser";
import { listRows } from "./support/list";

const ok = /确\s*定/;
let browser: Browser;
let page: Page;
let upstream: http.Server;
let upstreamUrl = "";
const seen: Array<{ url: string; cookie: string; forwardedHost: string }> = [];

beforeAll(async () => {
  upstream = http.createServer((req, res) => {
    seen.push({ url: req.url ?? "", cookie: req.headers.cookie ?? "", forwardedHost: String(req.headers["x-forwarded-host"] ?? "") });
    res.writeHead(200, { "Content-Type": "text/plain; charset=utf-8" });
    res.end(`上游应答 ${req.method} ${req.url}`);
  });
  await new Promise<void>((resolve) => upstream.listen(0, "127.0.0.1", resolve));
  upstreamUrl = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
  browser = await launchBrowser();
  page = await newPage(browser);
  await signInAs(page);
});
afterAll(async () => {
  await page?.context().close();
  await browser?.close();
  await new Promise((resolve) => upstream?.close(resolve));
});

const rows = () => listRows(page, "网关路由");
const row = (text: string) => rows().filter({ hasText: text });
const message = (text: string | RegExp) => page.locator(".ant-message").getByText(text);



async function openAddDialog(): Promise<Locator> {
  await page.goto("/isystem/gatewayRoute");
  await hydrated(page);
  await page.getByRole("button", { name: /新\s*增/ }).click();
  return page.getByRole("dialog", { name: "新增" });
}

describe("网关路由", () => {
  it("refuses a non-http target and a path of the app's own", async () => {
    const dialog = await openAddDialog();
    await dialog.getByLabel("路由ID").fill("e2e_bad");
    await dialog.getByLabel("路由名称").fill("坏路由");
    await dialog.getByLabel("路径").fill("/isystem/**");
    await dialog.getByLabel("目标地址").fill("ftp://127.0.0.1/");
    await dialog.getByRole("button", { name: ok }).click();
    await expect.poll(() => dialog.getByText("目标地址只能是http或https地址，如 http://127.0.0.1:8081").isVisible()).toBe(true);
    await dialog.getByLabel("目标地址").fill(upstreamUrl);
    await dialog.getByRole("button", { name: ok }).click();
    await expect.poll(() => message("路径 /isystem 属于系统自身，不能用作网关路由").isVisible()).toBe(true);
    await dialog.getByRole("button", { name: /取\s*消/ }).click();
  });

  it("proxies a local server through the web server at once, and stops when disabled", async () => {
    const dialog = await openAddDialog();
    await dialog.getByLabel("路由ID").fill("e2e_upstream");
    await dialog.getByLabel("路由名称").fill("端到端上游");
    await dialog.getByLabel("路径").fill("/e2e-gw/**");
    await dialog.getByLabel("目标地址").fill(`${upstreamUrl}/base`);
    await dialog.getByRole("button", { name: ok }).click();
    await expect.poll(() => message("添加成功！").isVisible()).toBe(true);
    await expect.poll(() => row("e2e_upstream").count()).toBe(1);
    expect(await row("e2e_upstream").textContent()).toContain("有效");

    // The browser, signed in, fetches through the web server: prefix stripped, no session cookie upstream.
    await expect.poll(async () => (await page.request.get(`${baseUrl()}/e2e-gw/hello?x=1`)).text()).toBe("上游应答 GET /base/hello?x=1");
    const answer = await page.evaluate(async () => (await fetch("/e2e-gw/from-page")).text());
    expect(answer).toBe("上游应答 GET /base/from-page");
    expect(seen.at(-1)!.cookie).not.toContain("school_session");
    expect(seen.at(-1)!.forwardedHost).toContain("127.0.0.1");

    await row("e2e_upstream").getByText("编辑").click();
    const edit = page.getByRole("dialog", { name: "编辑" });
    await chooseOption(page, edit.getByLabel("状态"), /^无效$/);
    await edit.getByRole("button", { name: ok }).click();
    await expect.poll(() => row("e2e_upstream").textContent()).toContain("无效");
    const before = seen.length;
    await expect.poll(async () => (await page.request.get(`${baseUrl()}/e2e-gw/hello`)).text()).not.toContain("上游应答");
    expect(seen.length).toBe(before);
  });
});
