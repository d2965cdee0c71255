// No lost updates in the browser (issue #10, docs/decisions/009): saving a form whose record
// someone else saved meanwhile shows 数据已被修改，请刷新后重试 and keeps what the user typed.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { baseUrl, hydrated, launchBrowser, newPage, useSession } from "./support/browser";
import { listRows } from "./support/list";
import { E2E_ADMIN_PASSWORD } from "./support/constants";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

const row = (page: Page, text: string) => listRows(page, "职务管理").filter({ hasText: text });

async function backend(path: string, init: { method?: string; body?: unknown; token?: string } = {}) {
  const response = await fetch(`${baseUrl()}/jeecg-boot${path}`, {
    method: init.method ?? "GET",
    headers: { "Content-Type": "application/json", ...(init.token ? { "X-Access-Token": init.token } : {}) },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  return response.json();
}

describe("stale edits", () => {
  it("refuses saving a position someone else changed meanwhile, and keeps what was typed", async () => {
    const page = await newPage(browser);
    await useSession(page);
    await page.goto("/isystem/position?code=*cashier*");
    await hydrated(page);
    await row(page, "cashier").getByText("编辑").click();
    const edit = page.getByRole("dialog", { name: "编辑" });
    await expect.poll(() => edit.getByLabel("职务名称").inputValue()).toBe("出纳");

    // Someone else saves the same position after this form was opened.
    const token = (await backend("/sys/login", { method: "POST", body: { username: "admin", password: E2E_ADMIN_PASSWORD } })).result.token;
    const [record] = (await backend("/sys/position/list?code=cashier", { token })).result.records;
    const other = await backend("/sys/position/edit", { method: "PUT", token, body: { ...record, name: "出纳（他人）" } });
    expect(other.success).toBe(true);

    await edit.getByLabel("职务名称").fill("出纳员");
    await edit.getByRole("button", { name: /确\s*定/ }).click();
    await expect.poll(() => page.getByText("数据已被修改，请刷新后重试").first().isVisible()).toBe(true);
    expect(await edit.isVisible()).toBe(true);
    expect(await edit.getByLabel("职务名称").inputValue()).toBe("出纳员");
    const [after] = (await backend("/sys/position/list?code=cashier", { token })).result.records;
    expect(after.name).toBe("出纳（他人）");
  });
});
