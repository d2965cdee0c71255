// Online reports (issue #18 parts 2-3) as an administrator would use them, without writing code:
// define a report with a parameter in 报表配置 (解析SQL fills its columns and parameters), open it
// (功能测试) and search by the parameter; then pick a row of it through the generic popup picker,
// in a grid cell and in a form field (组件示例's 报表弹窗, popup code demo_report).
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { hydrated, launchBrowser, newPage, signInAs, rowAction } from "./support/browser";
import { listRows } from "./support/list";

const ok = /确\s*定/;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  browser = await launchBrowser();
  page = await newPage(browser);
  await signInAs(page);
});
afterAll(async () => {
  await browser?.close();
});
// Where a failed run stopped (E2E_SCREENSHOT_DIR): the page as the assertion saw it.
afterEach(async (context) => {
  if (context.task.result?.state === "fail" && process.env.E2E_SCREENSHOT_DIR) {
    await page.screenshot({ path: `${process.env.E2E_SCREENSHOT_DIR}/online-report-${context.task.name.slice(0, 20)}.png`, fullPage: true }).catch(() => undefined);
  }
});

const message = (text: string | RegExp) => page.locator(".ant-message").getByText(text);


describe("online reports", () => {
  it("defines a report with a parameter in 报表配置 and opens it", { timeout: 300_000 }, async () => {
    await page.goto("/online/cgreport");
    await hydrated(page);
    await page.getByRole("button", { name: /新\s*增/ }).click();
    const dialog = page.getByRole("dialog", { name: "新增" });
    await dialog.getByLabel("报表编码").fill("demo_report");
    await dialog.getByLabel("报表名字").fill("用户报表");
    await dialog.getByLabel("报表SQL").fill("select username, realname from sys_user where username like '%${username}%' order by username desc");
    await dialog.getByRole("button", { name: "解析SQL" }).click();
    await expect.poll(() => message("解析成功：2个字段，1个参数").isVisible()).toBe(true);
    const items = dialog.locator(".jvxe-grid").last().locator("[role=row][data-row-id]");
    await expect.poll(() => items.count()).toBe(2);
    const params = dialog.locator(".jvxe-grid").first().locator("[role=row][data-row-id]");
    await expect.poll(() => params.count()).toBe(1);
    await params.first().locator('[data-key="paramTxt"] input').fill("账号");
    // The grids post their rows as named fields (docs/decisions/192), not as JSON text.
    const posted = page.waitForRequest((request) => request.method() === "POST" && (request.postData() ?? "").includes("intent="));
    await dialog.getByRole("button", { name: ok }).click();
    const body = new URLSearchParams((await posted).postData() ?? "");
    expect([body.get("items[1].fieldName"), body.get("params[0].paramName"), body.get("params[0].paramTxt"), body.get("items")]).toEqual(["realname", "username", "账号", null]);
    await expect.poll(() => message("添加成功！").isVisible()).toBe(true);

    const saved = listRows(page, "报表配置").filter({ hasText: "demo_report" });
    await expect.poll(() => saved.count()).toBe(1);
    await rowAction(page, saved, "功能测试");
    await page.waitForURL(/\/online\/cgreport\/[A-Za-z0-9]+$/);
    await hydrated(page);
    await expect.poll(() => listRows(page, "用户报表").filter({ hasText: "teacher_chen" }).count()).toBe(1);
    const all = await listRows(page, "用户报表").count();
    expect(all).toBeGreaterThan(1);
    // The parameter is a search field; its value is bound into the report's LIKE.
    await page.locator(".list-search").getByLabel("账号").fill("teacher_chen");
    await page.locator(".list-search").getByRole("button", { name: /查\s*询/ }).click();
    await expect.poll(() => listRows(page, "用户报表").count()).toBe(1);
    expect(await listRows(page, "用户报表").first().innerText()).toContain("陈静");
  });

  it("picks a row of the report through the popup picker in a grid cell and in a form field", { timeout: 300_000 }, async () => {
    await page.goto("/demo/widgets");
    await hydrated(page);
    const card = page.locator(".demo-report-popup");
    const cell = card.locator("[role=row][data-row-id]").first();
    await cell.locator('[data-key="account"]').getByRole("button").click();
    const picker = page.getByRole("dialog", { name: "用户报表" });
    const pickerRows = picker.locator(".ant-table-tbody tr.ant-table-row");
    await expect.poll(() => pickerRows.filter({ hasText: "teacher_chen" }).count()).toBe(1);
    // Nothing chosen: refused with the spec's words.
    await picker.getByRole("button", { name: ok }).click();
    await expect.poll(() => message("please select one record").isVisible()).toBe(true);
    await pickerRows.filter({ hasText: "teacher_chen" }).click();
    await picker.getByRole("button", { name: ok }).click();
    await expect.poll(() => cell.locator('[data-key="account"]').innerText()).toBe("teacher_chen");
    await expect.poll(() => cell.locator('[data-key="realname"] input').inputValue()).toBe("陈静");

    // The same report as a form field: the account in the field, the name beside it.
    await card.locator("#demo-popup-account").click();
    const fieldPicker = page.getByRole("dialog", { name: "用户报表" });
    const fieldRows = fieldPicker.locator(".ant-table-tbody tr.ant-table-row");
    await expect.poll(() => fieldRows.filter({ hasText: "teacher_chen" }).count()).toBe(1);
    await fieldRows.filter({ hasText: "teacher_chen" }).click();
    await fieldPicker.getByRole("button", { name: ok }).click();
    await expect.poll(() => card.locator("#demo-popup-account").inputValue()).toBe("teacher_chen");
    await expect.poll(() => card.getByTestId("demo-popup-realname").innerText()).toBe("陈静");
  });
});
