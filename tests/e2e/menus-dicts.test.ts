// 菜单管理 and 数据字典 end to end, as an administrator would use them (issue #4 part 5): a
// sub-menu and its button added through 添加下级 appear in the tree; a dictionary with two items,
// refreshed, answers its items to the dictionary selects; both are deleted again.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Locator, Page } from "playwright-core";
import { hydrated, launchBrowser, newPage, confirmOk, useSession, clickInPlace } from "./support/browser";
import { expandButton, listRows } from "./support/list";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

const toast = (page: Page, text: string) => page.locator(".ant-message").getByText(text);
const ok = (scope: Locator) => scope.getByRole("button", { name: /确\s*定/ });
/** The row that shows `text` of the list titled `list` (菜单管理, 数据字典), or of the list `scope` holds alone (字典配置's drawer). */
const row = (scope: Page | Locator, text: string, list?: string) => listRows(scope, list).filter({ hasText: text });

async function rowMenu(page: Page, list: string, text: string, item: string) {
  await row(page, text, list).first().getByText("更多").click();
  await clickInPlace(page.getByRole("menuitem", { name: item }));
}

describe("menus and dictionaries", () => {
  it("adds a sub-menu and a button under it, sees them in the tree, and deletes them", async () => {
    const page = await newPage(browser);
    await useSession(page);
    await page.goto("/isystem/permission");
    await hydrated(page);
    await expect.poll(() => row(page, "系统管理", "菜单管理").count()).toBe(1);

    await rowMenu(page, "菜单管理", "系统管理", "添加下级");
    const dialog = page.getByRole("dialog", { name: "新增" });
    // A click landing while the dialog still opens is lost: clicked again, as a person would.
    await expect
      .poll(async () => {
        if (!(await dialog.getByText("请输入菜单名称!").isVisible())) await ok(dialog).click({ timeout: 2_000 }).catch(() => undefined);
        return dialog.getByText("请输入菜单名称!").isVisible();
      })
      .toBe(true);
    await dialog.getByLabel("菜单名称").fill("E2E菜单");
    await dialog.getByLabel("菜单路径").fill("/isystem/e2eMenu");
    await dialog.getByLabel("前端组件").fill("system/E2eList");
    await ok(dialog).click();
    await expect.poll(() => toast(page, "添加成功！").isVisible()).toBe(true);

    // The new sub-menu sits under 系统管理 once it is expanded.
    await expandButton(row(page, "系统管理", "菜单管理")).click();
    await expect.poll(() => row(page, "E2E菜单", "菜单管理").count()).toBe(1);

    await rowMenu(page, "菜单管理", "E2E菜单", "添加下级");
    const button = page.getByRole("dialog", { name: "新增" });
    await button.getByText("按钮/权限", { exact: true }).click();
    await expect.poll(() => button.getByLabel("授权标识").isVisible()).toBe(true);
    expect(await button.getByLabel("菜单路径").count()).toBe(0);
    await button.locator("#record_name").fill("E2E按钮");
    await button.getByLabel("授权标识").fill("user:add");
    await button.getByLabel("授权标识").blur();
    await expect.poll(() => button.getByText("授权标识已存在!").isVisible()).toBe(true);
    await button.getByLabel("授权标识").fill("e2e:do");
    await ok(button).click();
    await expect.poll(() => toast(page, "添加成功！").isVisible()).toBe(true);
    await expandButton(row(page, "E2E菜单", "菜单管理")).click();
    await expect.poll(() => row(page, "E2E按钮", "菜单管理").count()).toBe(1);
    expect(await row(page, "E2E按钮", "菜单管理").textContent()).toContain("按钮/权限");

    // Deleting the sub-menu takes its button with it.
    await rowMenu(page, "菜单管理", "E2E菜单", "删除");
    await confirmOk(page);
    await expect.poll(() => toast(page, "删除成功!").isVisible()).toBe(true);
    await expect.poll(() => row(page, "E2E菜单", "菜单管理").count()).toBe(0);
    expect(await row(page, "E2E按钮", "菜单管理").count()).toBe(0);
    await page.context().close();
  });

  it("adds a dictionary with two items, refreshes the cache, sees the items, and deletes it", async () => {
    const page = await newPage(browser);
    await useSession(page);
    await page.goto("/isystem/dict");
    await hydrated(page);

    await page.locator(".list-page").getByRole("button", { name: /新\s*增/ }).click();
    const dialog = page.getByRole("dialog", { name: "新增" });
    await dialog.getByLabel("字典名称").fill("E2E颜色");
    await dialog.getByLabel("字典编码").fill("sex");
    await ok(dialog).click();
    await expect.poll(() => dialog.getByText("该值不可用，系统中已存在！").isVisible()).toBe(true);
    await dialog.getByLabel("字典编码").fill("e2e_colour");
    await ok(dialog).click();
    await expect.poll(() => toast(page, "添加成功！").isVisible()).toBe(true);

    await page.locator(".list-search").getByPlaceholder("请输入字典编号").fill("e2e_colour");
    await page.locator(".list-search").getByRole("button", { name: /查\s*询/ }).click();
    await expect.poll(() => row(page, "e2e_colour", "数据字典").count()).toBe(1);
    await rowMenu(page, "数据字典", "e2e_colour", "字典配置");
    const drawer = page.locator(".dict-items-drawer");
    await drawer.waitFor();

    for (const [text, value] of [["红色", "red"], ["绿色", "green"]] as const) {
      await drawer.getByRole("button", { name: /新\s*增/ }).click();
      const item = page.getByRole("dialog", { name: "新增" });
      await item.getByLabel("名称").fill(text);
      await item.getByLabel("数据值").fill(value);
      await ok(item).click();
      await expect.poll(() => row(drawer, text).count()).toBe(1);
    }
    // A value is unique within its dictionary.
    await drawer.getByRole("button", { name: /新\s*增/ }).click();
    const again = page.getByRole("dialog", { name: "新增" });
    await again.getByLabel("名称").fill("又红");
    await again.getByLabel("数据值").fill("red");
    await ok(again).click();
    await expect.poll(() => again.getByText("该值不可用，系统中已存在！").isVisible()).toBe(true);
    await again.getByRole("button", { name: /取\s*消/ }).click();
    await page.locator(".dict-items-drawer .ant-drawer-close").click();
    await expect.poll(() => drawer.isVisible()).toBe(false);

    await page.locator(".list-page").getByRole("button", { name: "刷新缓存" }).click();
    await expect.poll(() => toast(page, "刷新缓存完成！").isVisible()).toBe(true);
    // What every dictionary select of the session loads for the code.
    const options = await page.evaluate(() => fetch("/api/widgets/dict/e2e_colour").then((response) => response.json()));
    expect(options).toMatchObject({ ok: true, items: [{ value: "red", text: "红色" }, { value: "green", text: "绿色" }] });

    await rowMenu(page, "数据字典", "e2e_colour", "删除");
    await confirmOk(page);
    await expect.poll(() => toast(page, "删除成功!").isVisible()).toBe(true);
    await expect.poll(() => row(page, "e2e_colour", "数据字典").count()).toBe(0);
    await page.context().close();
  });
});
