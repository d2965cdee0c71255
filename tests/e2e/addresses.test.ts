// 地址 end to end (issue #14 "Done when": add an address with province, city and district): a new
// parent, an address for them chosen level by level in the area selector, the list naming the
// area, and the parent's 详情 showing the address as its default.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { hydrated, launchBrowser, newPage, useSession, clickInPlace } from "./support/browser";
import { listRows } from "./support/list";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

const toast = (page: Page, text: string) => page.locator(".ant-message").getByText(text);
const ok = /确\s*定/;
/** The row of the list titled `list` (地址, 家长) that shows `text`. */
const row = (page: Page, list: string, text: string) => listRows(page, list).filter({ hasText: text });

describe("addresses", () => {
  it("adds a parent's address with province, city and district, and shows it on the parent's detail", async () => {
    const page = await newPage(browser);
    await useSession(page);

    await page.goto("/school/parent");
    await hydrated(page);
    await page.getByRole("button", { name: /新\s*增/ }).click();
    const parentDialog = page.getByRole("dialog", { name: "新增" });
    await parentDialog.getByLabel("姓名").fill("地址测试家长");
    await parentDialog.getByRole("button", { name: ok }).click();
    await expect.poll(() => toast(page, "添加成功！").isVisible()).toBe(true);

    await page.goto("/shop/address");
    await hydrated(page);
    await page.getByRole("button", { name: /新\s*增/ }).click();
    const dialog = page.getByRole("dialog", { name: "新增" });
    // 600 demo parents: the select is searched by typing.
    await dialog.getByLabel("家长", { exact: true }).click();
    await page.keyboard.type("地址测试家长");
    // Filtered to the one parent, chosen by keyboard (a click can land while the list re-renders).
    await expect.poll(() => page.locator(".ant-select-dropdown:visible .ant-select-item-option").allTextContents()).toEqual(["地址测试家长"]);
    await page.keyboard.press("Enter");
    await expect.poll(() => dialog.locator(".ant-form-item").filter({ has: page.locator('label:text-is("家长")') }).locator(".ant-select").textContent()).toContain("地址测试家长");
    await dialog.getByLabel("收货人").fill("王端端");
    await dialog.getByLabel("手机号").fill("13912345678");
    // Province, then city, then district, one menu each.
    await dialog.getByLabel("所在地区").click();
    const menuItem = (text: string) => page.locator(".ant-cascader-dropdown:visible .ant-cascader-menu-item").filter({ hasText: new RegExp(`^${text}$`) });
    for (const level of ["浙江省", "杭州市", "西湖区"]) await menuItem(level).click();
    await expect.poll(() => dialog.locator(".ant-cascader").textContent()).toContain("西湖区");
    await dialog.getByLabel("详细地址").fill("文三路1号");
    await dialog.getByRole("button", { name: ok }).click();
    await expect.poll(() => toast(page, "添加成功！").isVisible()).toBe(true);
    await expect.poll(() => row(page, "地址", "王端端").count()).toBe(1);
    const text = await row(page, "地址", "王端端").textContent();
    expect(text).toContain("浙江省/杭州市/西湖区");
    expect(text).toContain("地址测试家长");

    await page.goto("/school/parent");
    await hydrated(page);
    await row(page, "家长", "地址测试家长").getByText("更多").click();
    await clickInPlace(page.getByRole("menuitem", { name: "详情" }));
    const detail = page.getByRole("dialog", { name: "详情" });
    await expect.poll(() => detail.getByLabel("家长地址").textContent()).toBe("王端端 13912345678 浙江省/杭州市/西湖区 文三路1号（默认）");
    await page.context().close();
  });
});
