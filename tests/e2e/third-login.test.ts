// Every third-party way in, in Chromium (issue #17 parts 2-4), against a server of its own started
// with a real OpenID provider (oidc-provider) and a small real CAS server run by this test: the
// first OpenID sign-in binds the identity to an existing account, the second goes straight in; the
// 绑定 page unbinds; CAS signs in and out through CAS; a WeCom in-app browser signs in through
// /oauth2-app/login, and again by itself once its session is gone.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, BrowserContextOptions, Page } from "playwright-core";
import { clickInPlace, confirmOk, hydrated, launchBrowser, newPage } from "./support/browser";
import { E2E_ADMIN_PASSWORD } from "./support/constants";
import { freePort, startProductServer } from "./support/global-setup";
import { startOidcProvider, type TestOidcProvider } from "../support/oidc";
import { startCasServer, type TestCasServer } from "../support/cas";

// Whole sign-in trips through two other servers: on a loaded machine they take minutes.
const TRIP_MS = 240_000;

const WECOM_UA = "Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Mobile Safari/537.36 wxwork/4.1.22 MicroMessenger/7.0.1";

let browser: Browser;
let provider: TestOidcProvider;
let cas: TestCasServer;
let server: { baseUrl: string; stop: () => Promise<void> };

beforeAll(async () => {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  provider = await startOidcProvider({
    redirectUris: [`${origin}/user/third-login/oidc/callback`, `${origin}/user/third-login/wechat_enterprise/callback`],
  });
  cas = await startCasServer({ admin: "cas-secret" });
  const common = { issuer: provider.issuer, clientId: provider.clientId, clientSecret: provider.clientSecret };
  server = await startProductServer({
    port,
    logFile: "node_modules/.cache/e2e-third-login-server.log",
    env: {
      THIRD_LOGIN_PROVIDERS: JSON.stringify([
        { type: "oidc", name: "统一身份认证", ...common },
        { type: "wechat_enterprise", name: "企业微信", ...common },
      ]),
      CAS_URL: cas.url,
    },
  });
  browser = await launchBrowser();
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await provider?.close();
  await cas?.close();
});

function open(options: BrowserContextOptions = {}): Promise<Page> {
  return newPage(browser, { baseURL: server.baseUrl, ...options });
}

/** The provider's own sign-in page (oidc-provider's development page: any login name). */
async function signInAtProvider(page: Page, login: string): Promise<void> {
  await page.waitForURL((url) => url.origin === provider.issuer);
  await page.locator('input[name="login"]').fill(login);
  await page.locator('input[name="password"]').fill("any");
  await page.locator('button[type="submit"]').click();
}

async function bindWithPassword(page: Page): Promise<void> {
  await page.waitForURL((url) => url.pathname.endsWith("/bind"));
  await hydrated(page);
  await expect.poll(() => page.getByText(/首次使用.*账号.*登录/).textContent()).toContain("外部用户");
  await page.getByLabel("用户名").fill("admin");
  await page.getByLabel("密码", { exact: true }).fill(E2E_ADMIN_PASSWORD);
  await page.getByRole("button", { name: "绑定并登录" }).click();
}

describe("OpenID Connect sign-in", () => {
  it("binds the identity to an existing account the first time, goes straight in the second, and unbinds on 绑定", async () => {
    const first = await open();
    // CAS is on: the password form (and the provider links) stay reachable with ?local=1.
    await first.goto("/user/login?local=1&redirect=%2Faccount%2Fbindings");
    await first.getByRole("navigation", { name: "第三方登录" }).getByRole("link", { name: "统一身份认证" }).click();
    await signInAtProvider(first, "e2e-alice");
    await bindWithPassword(first);
    await first.waitForURL((url) => url.pathname === "/account/bindings");
    await first.locator(".main-layout").waitFor();
    await expect.poll(() => first.getByRole("list", { name: "第三方账号绑定" }).textContent()).toContain("已绑定");
    await first.context().close();

    // A new browser: the provider asks who it is, and our side lets it straight in.
    const second = await open();
    await second.goto("/user/login?local=1");
    await second.getByRole("link", { name: "统一身份认证" }).click();
    await signInAtProvider(second, "e2e-alice");
    await second.waitForURL((url) => url.pathname === "/dashboard/analysis");
    await second.locator(".main-layout").waitFor();

    await second.goto("/account/bindings");
    await hydrated(second);
    const row = second.getByRole("listitem").filter({ hasText: "统一身份认证" });
    await expect.poll(() => row.textContent()).toContain("外部用户 e2e-alice");
    await row.getByRole("button", { name: /解\s*绑/ }).click();
    await second.getByRole("button", { name: /确\s*定/ }).click();
    await expect.poll(() => row.textContent()).toContain("未绑定");
    await second.context().close();
  }, TRIP_MS);
});

describe("CAS sign-in", () => {
  it("sends the login page to CAS, signs in with its ticket, and signs out through CAS", async () => {
    const page = await open();
    await page.goto("/dashboard/analysis");
    await page.waitForURL((url) => url.href.startsWith(`${cas.url}/login`));
    await page.getByLabel("CAS用户名").fill("admin");
    await page.getByLabel("CAS密码").fill("cas-secret");
    await page.getByRole("button", { name: "CAS登录" }).click();
    await page.waitForURL((url) => url.pathname === "/dashboard/analysis");
    await page.locator(".main-layout").waitFor();
    await hydrated(page);
    expect(await page.getByTestId("current-user").textContent()).toBe("管理员");

    const logouts = cas.logouts;
    await page.getByTestId("user-menu").click();
    await clickInPlace(page.getByRole("menuitem", { name: "退出登录" }));
    await confirmOk(page, /真的要注销登录吗/);
    // Out of CAS too: its sign-in form shows again instead of a new ticket.
    await page.waitForURL((url) => url.href.startsWith(`${cas.url}/login`));
    await page.getByLabel("CAS用户名").waitFor();
    expect(cas.logouts).toBe(logouts + 1);
    await page.context().close();
  }, TRIP_MS);
});

describe("work-chat in-app browser", () => {
  it("tells other browsers to open the app", async () => {
    const page = await open();
    await page.goto("/oauth2-app/login");
    await expect.poll(() => page.getByRole("alert").textContent()).toBe("请在企业微信或钉钉中打开");
    await page.context().close();
  }, TRIP_MS);

  it("signs in through /oauth2-app/login, binding the first time, and signs in again by itself when the session is gone", async () => {
    const page = await open({ userAgent: WECOM_UA, viewport: { width: 1280, height: 800 } });
    await page.goto("/isps/userAnnouncement");
    await page.waitForURL((url) => url.origin === provider.issuer);
    await signInAtProvider(page, "e2e-wecom-user");
    await bindWithPassword(page);
    await page.waitForURL((url) => url.pathname === "/isps/userAnnouncement");
    await page.locator(".main-layout").waitFor();

    // The session ends (its cookie goes) while the page stays open: the app signs in again through
    // the provider, no form. Two tabs do it at the same moment: each flow keeps a cookie of its
    // own, so neither callback finds its state overwritten by the other (登录状态无效或已过期).
    await page.context().clearCookies({ name: "school_session" });
    const other = await page.context().newPage();
    await Promise.all([page.goto("/dashboard/analysis"), other.goto("/isps/userAnnouncement")]);
    await page.waitForURL((url) => url.pathname === "/dashboard/analysis");
    await other.waitForURL((url) => url.pathname === "/isps/userAnnouncement");
    await page.locator(".main-layout").waitFor();
    await other.locator(".main-layout").waitFor();
    await page.context().close();
  }, TRIP_MS);
});
