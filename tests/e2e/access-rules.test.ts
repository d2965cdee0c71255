// 访问控制 end to end (issue #34 item 4, docs/decisions/134): the platform administrator blocks a
// network in the page, a browser from it (X-Forwarded-For, trusted from loopback) is refused at the
// login form in the rule's words, and a rule that would shut out the administrator's own address is
// refused. Documentation addresses (203.0.113.0/24) only, as other files sign in in parallel.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { chooseOption, hydrated, launchBrowser, newPage, rowAction, signInAs } from "./support/browser";
import { listRows } from "./support/list";
import { E2E_ADMIN_PASSWORD } from "./support/constants";

const ok = /确\s*定/;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  browser = await launchBrowser();
  page = await newPage(browser);
  await signInAs(page);
});
afterAll(async () => {
  await page?.context().close();
  await browser?.close();
});

const row = (text: string) => listRows(page, "访问控制").filter({ hasText: text });
const message = (text: string | RegExp) => page.locator(".ant-message").getByText(text);

async function addRule(type: RegExp, address: string): Promise<void> {
  await page.goto("/isystem/accessRule");
  await hydrated(page);
  await page.getByRole("button", { name: /新\s*增/ }).click();
  const dialog = page.getByRole("dialog", { name: "新增" });
  await chooseOption(page, dialog.getByLabel("规则类型"), type);
  await dialog.getByLabel("地址或网段").fill(address);
  await dialog.getByRole("button", { name: ok }).click();
}

describe("访问控制", () => {
  it("blocks a network at the login form, and refuses to shut out the administrator's own address", async () => {
    await addRule(/^禁止$/, "203.0.113.0/24");
    await expect.poll(() => message("添加成功！").isVisible()).toBe(true);
    await expect.poll(() => row("203.0.113.0/24").count()).toBe(1);

    const outsider = await newPage(browser, { extraHTTPHeaders: { "X-Forwarded-For": "203.0.113.9" } });
    try {
      await outsider.goto("/user/login");
      await hydrated(outsider);
      await outsider.getByLabel("用户名").fill("admin");
      await outsider.getByLabel("密码", { exact: true }).fill(E2E_ADMIN_PASSWORD);
      await outsider.getByRole("button", { name: ok }).click();
      await expect.poll(() => outsider.getByText("当前IP地址不允许访问").isVisible()).toBe(true);
      expect(new URL(outsider.url()).pathname).toBe("/user/login");
    } finally {
      await outsider.context().close();
    }

    await addRule(/^禁止$/, "127.0.0.0/8");
    await expect.poll(() => message(/保存后当前IP地址（127\.0\.0\.1）将无法访问，不能保存此规则/).isVisible()).toBe(true);
    await page.getByRole("dialog", { name: "新增" }).getByRole("button", { name: /取\s*消/ }).click();

    await page.goto("/isystem/accessRule");
    await hydrated(page);
    await rowAction(page, row("203.0.113.0/24"), "删除", { confirm: true });
    await expect.poll(() => row("203.0.113.0/24").count()).toBe(0);
  });
});
