// Sign-in end to end in Chromium against the production build (issue: Foundation).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser } from "playwright-core";
import { baseUrl, clickInPlace, confirmOk, hydrated, launchBrowser, newPage, signInAs } from "./support/browser";
import { E2E_ADMIN_PASSWORD } from "./support/constants";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

describe("sign-in", () => {
  it("sends a visitor to the login page with the full path in redirect", async () => {
    const page = await newPage(browser);
    await page.goto("/isystem/user?pageNo=2");
    const url = new URL(page.url());
    expect(url.pathname).toBe("/user/login");
    expect(url.searchParams.get("redirect")).toBe("/isystem/user?pageNo=2");
    await page.context().close();
  });

  it("shows the required-field messages, then the wrong-password message", async () => {
    const page = await newPage(browser);
    await page.goto("/user/login");
    await hydrated(page);
    await page.getByRole("button", { name: /确\s*定/ }).click();
    await expect.poll(() => page.getByText("请输入用户名").isVisible()).toBe(true);
    expect(await page.getByText("请输入密码").isVisible()).toBe(true);
    await page.getByLabel("用户名").fill("admin");
    await page.getByLabel("密码", { exact: true }).fill("not-the-password");
    await page.getByRole("button", { name: /确\s*定/ }).click();
    await expect.poll(() => page.getByText("用户名或密码错误").isVisible()).toBe(true);
    expect(new URL(page.url()).pathname).toBe("/user/login");
    await page.context().close();
  });

  it("signs in, returns to the asked page, keeps the session on reload, and logs out", async () => {
    const page = await newPage(browser);
    await page.goto("/dashboard/analysis");
    await hydrated(page);
    await page.getByLabel("用户名").fill("admin");
    await page.getByLabel("密码", { exact: true }).fill(E2E_ADMIN_PASSWORD);
    await page.getByRole("button", { name: /确\s*定/ }).click();
    await page.waitForURL("**/dashboard/analysis");
    await expect.poll(() => page.getByTestId("greeting").textContent()).toMatch(/^(早上好|上午好|中午好|下午好|晚上好)，管理员/);
    const cookies = await page.context().cookies();
    const session = cookies.find((cookie) => cookie.name === "school_session");
    expect(session?.httpOnly).toBe(true);
    expect(await page.evaluate(() => document.cookie)).not.toContain("school_session");

    await page.reload();
    expect(new URL(page.url()).pathname).toBe("/dashboard/analysis");
    expect(await page.getByTestId("current-user").textContent()).toBe("管理员");

    await hydrated(page);
    await page.getByTestId("user-menu").click();
    await clickInPlace(page.getByRole("menuitem", { name: "退出登录" }));
    await confirmOk(page, /真的要注销登录吗/);
    await page.waitForURL("**/user/login");
    await page.goto("/dashboard/analysis");
    expect(new URL(page.url()).pathname).toBe("/user/login");
    await page.context().close();
  });

  it("works with JavaScript turned off: styled page, form post, session", async () => {
    const page = await newPage(browser, { javaScriptEnabled: false });
    await page.goto("/user/login");
    const buttonColour = await page.getByRole("button", { name: /确\s*定/ }).evaluate((button) => getComputedStyle(button).backgroundColor);
    expect(buttonColour).toBe("rgb(9, 109, 217)"); // the primary text shade #096DD9 (docs/decisions/029), from the static stylesheet
    await page.getByLabel("用户名").fill("admin");
    await page.getByLabel("密码", { exact: true }).fill(E2E_ADMIN_PASSWORD);
    await page.getByRole("button", { name: /确\s*定/ }).click();
    await page.waitForURL("**/dashboard/analysis");
    expect(await page.getByTestId("current-user").textContent()).toBe("管理员");
    await page.context().close();
  });

  it("sends a signed-in visit of the login page home", async () => {
    const page = await newPage(browser);
    await signInAs(page);
    await page.goto("/user/login");
    expect(new URL(page.url()).pathname).toBe("/dashboard/analysis");
    await page.goto("/");
    expect(new URL(page.url()).pathname).toBe("/dashboard/analysis");
    await page.context().close();
  });

  it("answers the health check", async () => {
    const response = await fetch(`${baseUrl()}/healthz`);
    expect(await response.json()).toMatchObject({ status: "ok", backend: "embedded" });
  });
});
