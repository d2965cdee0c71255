// Sign-in that resists guessing, in Chromium on the production build (issue #10 part B): the
// captcha appears on the login form after 3 failures (with and without JavaScript), and an account
// whose password an administrator set must choose its own before anything else.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { baseUrl, hydrated, launchBrowser, newPage, signInAs } from "./support/browser";
import { listRows } from "./support/list";
import { E2E_ADMIN_PASSWORD } from "./support/constants";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

// The server trusts a proxy on loopback: each scenario signs in from its own (documentation)
// address, so its failures do not ask the other test files' sign-ins for a captcha.
const fromAddress = (address: string) => ({ extraHTTPHeaders: { "X-Forwarded-For": address } });

/**
 * One sign-in attempt, done once the server has answered it. 用户名或密码错误 stays on the page from
 * the attempt before, so it cannot tell that this one was answered: a next attempt sent before the
 * answer came cancels this one (React Router aborts the earlier submission, and the server stops
 * work for a browser that left), and the server counts one failure less: no captcha after "three".
 */
async function tryPassword(page: Page, username: string, password: string) {
  await page.getByLabel("用户名").fill(username);
  await page.getByLabel("密码", { exact: true }).fill(password);
  const answered = page.waitForResponse((response) => response.request().method() === "POST" && new URL(response.url()).pathname.startsWith("/user/login"));
  await page.getByRole("button", { name: /确\s*定/ }).click();
  await answered;
}

async function captchaPicture(page: Page): Promise<{ src: string; width: number; height: number }> {
  const image = page.getByRole("img", { name: "验证码" });
  await image.waitFor();
  await page.waitForFunction(() => (document.querySelector("img[alt='验证码']") as HTMLImageElement | null)?.complete === true);
  return image.evaluate((element: HTMLImageElement) => ({ src: element.src, width: element.naturalWidth, height: element.naturalHeight }));
}

describe("captcha on the login form", () => {
  it("appears after the third failure, refreshes, and refuses a wrong code", async () => {
    const page = await newPage(browser, fromAddress("198.51.100.21"));
    await page.goto("/user/login");
    await hydrated(page);
    for (let attempt = 1; attempt <= 2; attempt++) {
      await tryPassword(page, "e2e_guess_one", `guess-${attempt}`);
      await expect.poll(() => page.getByText("用户名或密码错误").isVisible()).toBe(true);
      expect(await page.getByLabel("验证码").count()).toBe(0);
    }
    await tryPassword(page, "e2e_guess_one", "guess-3");
    const first = await captchaPicture(page);
    expect(first.src).toMatch(/^data:image\/png;base64,/);
    expect([first.width, first.height]).toEqual([105, 35]);
    expect(await page.getByLabel("用户名").inputValue()).toBe("e2e_guess_one");

    await page.getByRole("link", { name: "看不清？换一张" }).click();
    await expect.poll(async () => (await captchaPicture(page)).src).not.toBe(first.src);

    await page.getByLabel("密码", { exact: true }).fill("guess-4");
    await page.getByLabel("验证码").fill("0000");
    await page.getByRole("button", { name: /确\s*定/ }).click();
    await expect.poll(() => page.getByText("验证码错误").isVisible()).toBe(true);
    // A new picture comes with the refusal.
    expect((await captchaPicture(page)).width).toBe(105);
    await page.context().close();
  });

  it("works without JavaScript: picture, refresh link and the captcha input", async () => {
    const page = await newPage(browser, { ...fromAddress("198.51.100.22"), javaScriptEnabled: false });
    await page.goto("/user/login?redirect=%2Fisystem%2Fuser");
    for (let attempt = 1; attempt <= 3; attempt++) {
      await tryPassword(page, "e2e_guess_two", `guess-${attempt}`);
      await page.waitForLoadState("load");
    }
    const first = await captchaPicture(page);
    expect(first.width).toBe(105);
    await page.getByRole("link", { name: "看不清？换一张" }).click();
    await page.waitForLoadState("load");
    expect((await captchaPicture(page)).src).not.toBe(first.src);
    const url = new URL(page.url());
    expect(url.searchParams.get("username")).toBe("e2e_guess_two");
    expect(url.searchParams.get("redirect")).toBe("/isystem/user");
    await page.getByLabel("密码", { exact: true }).fill("guess-4");
    await page.getByRole("button", { name: /确\s*定/ }).click();
    await page.waitForLoadState("load");
    expect(await page.getByText("验证码无效").isVisible()).toBe(true);
    await page.context().close();
  });
});

describe("forced password change", () => {
  it("sends a user whose password an administrator set to choose their own, before any page", async () => {
    const admin = await fetch(`${baseUrl()}/jeecg-boot/sys/login`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ username: "admin", password: E2E_ADMIN_PASSWORD }),
    }).then((response) => response.json());
    const roles = await fetch(`${baseUrl()}/jeecg-boot/sys/role/list?pageSize=100`, { headers: { "X-Access-Token": admin.result.token } }).then((response) =>
      response.json(),
    );
    const adminRole = roles.result.records.find((role: { roleCode: string }) => role.roleCode === "admin");
    const added = await fetch(`${baseUrl()}/jeecg-boot/sys/user/add`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-Access-Token": admin.result.token },
      body: JSON.stringify({ username: "e2e_forced", realname: "首次登录", password: "Given-By-Admin-1", selectedroles: adminRole.id, selecteddeparts: "" }),
    }).then((response) => response.json());
    expect(added.success).toBe(true);

    const page = await newPage(browser, fromAddress("198.51.100.23"));
    await page.goto("/isystem/user");
    await hydrated(page);
    await tryPassword(page, "e2e_forced", "Given-By-Admin-1");
    await page.waitForURL((url) => url.pathname === "/user/password");
    expect(new URL(page.url()).searchParams.get("redirect")).toBe("/isystem/user");
    await expect.poll(() => page.getByText("首次登录或密码已被管理员重置，请先修改密码", { exact: false }).isVisible()).toBe(true);

    // Any other page sends it back here.
    await page.goto("/dashboard/analysis");
    expect(new URL(page.url()).pathname).toBe("/user/password");
    await hydrated(page);

    await page.getByLabel("旧密码").fill("Given-By-Admin-1");
    await page.getByLabel("新密码", { exact: true }).fill("short");
    await page.getByLabel("确认新密码").fill("short");
    await page.getByRole("button", { name: /确\s*定/ }).click();
    // The field's own error, not the rule restated in the page's hint.
    await expect.poll(() => page.locator(".ant-form-item-explain-error").getByText("密码由8位数字、大小写字母和特殊符号组成!", { exact: true }).isVisible()).toBe(true);

    await page.getByLabel("新密码", { exact: true }).fill("My-Own-Choice-9");
    await page.getByLabel("确认新密码").fill("My-Own-Choice-9");
    await page.getByRole("button", { name: /确\s*定/ }).click();
    // On to the page it was going to, now with the whole app.
    await page.waitForURL((url) => url.pathname === "/dashboard/analysis");
    await page.locator(".main-layout").waitFor();
    await page.context().close();
  });
});

describe("smaller exposure", () => {
  it("runs scripts under a nonce-based CSP without 'unsafe-inline', and antd pages still render and hydrate", async () => {
    const page = await newPage(browser);
    const violations: string[] = [];
    page.on("console", (message) => {
      if (message.text().includes("Content Security Policy")) violations.push(message.text());
    });
    const response = await page.goto("/user/login");
    const policy = response!.headers()["content-security-policy"] ?? "";
    const scripts = policy.split(";").find((directive) => directive.trim().startsWith("script-src")) ?? "";
    expect(scripts).toMatch(/'nonce-[A-Za-z0-9+/=]{20,}'/);
    expect(scripts).not.toContain("unsafe-inline");
    await signInAs(page);
    await page.goto("/isystem/user");
    await hydrated(page);
    await listRows(page, "用户管理").first().waitFor();
    expect(violations).toEqual([]);
    // Each answer has its own nonce.
    const again = await fetch(`${baseUrl()}/user/login`);
    expect(again.headers.get("content-security-policy")).not.toBe(policy);
    await page.context().close();
  });

  it("sends a sign-in whose redirect holds a line break home instead of answering 500", async () => {
    const response = await fetch(`${baseUrl()}/user/login`, {
      method: "POST",
      redirect: "manual",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: baseUrl(), "X-Forwarded-For": "198.51.100.24" },
      body: new URLSearchParams({ username: "admin", password: E2E_ADMIN_PASSWORD, redirect: "/isystem/user\r\nSet-Cookie: a=1" }).toString(),
    });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/dashboard/analysis");
  });
});
