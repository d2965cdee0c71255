// One journey with the keyboard alone (issue #19 §2: every list and form can be used with the
// keyboard): sign in, open 职务管理 from the menu, search, and add a position through the form.
// Every step is a key press; the test only reads the page to know where the focus is.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { hydrated, launchBrowser, newPage } from "./support/browser";
import { listRows, listTable } from "./support/list";
import { E2E_ADMIN_PASSWORD } from "./support/constants";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

/** A short description of the focused element: its tag, role, label and text. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    if (!element) return "";
    const label = element.getAttribute("aria-label") ?? element.getAttribute("placeholder") ?? "";
    // A menu item's own title (an open sub-menu's text holds its children's too).
    const text = element.querySelector(":scope > .ant-menu-title-content")?.textContent ?? element.textContent ?? "";
    return `${element.tagName.toLowerCase()}|${element.getAttribute("role") ?? ""}|${label}|${text.trim().slice(0, 40)}`;
  });

/** Presses `key` until the focused element matches (at most `limit` presses). */
async function pressUntil(page: Page, key: string, matches: (description: string) => boolean, limit = 150): Promise<void> {
  const trail: string[] = [];
  for (let index = 0; index < limit; index++) {
    const now = await focused(page);
    if (matches(now)) return;
    trail.push(now);
    await page.keyboard.press(key);
    // antd's menu moves the focus on the next animation frame: read it after that.
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  }
  throw new Error(`${key} never reached the element; focus went ${[...new Set(trail)].slice(0, 25).join(" → ")}`);
}

/** Enter on the focused sub-menu until it says it is open (a key pressed while the page re-renders may be lost). */
async function openFocusedSubmenu(page: Page): Promise<void> {
  const expanded = () => page.evaluate(() => document.activeElement?.getAttribute("aria-expanded") === "true");
  for (let attempt = 0; attempt < 3 && !(await expanded()); attempt++) {
    await page.keyboard.press("Enter");
    await page.waitForFunction(() => document.activeElement?.getAttribute("aria-expanded") === "true", null, { timeout: 3_000 }).catch(() => undefined);
  }
  expect(await expanded()).toBe(true);
}

describe("keyboard only", () => {
  it("signs in, opens a list from the menu, searches and adds a record", async () => {
    const page = await newPage(browser);
    await page.goto("/user/login");
    await hydrated(page);
    await pressUntil(page, "Tab", (element) => element.includes("|用户名|"));
    await page.keyboard.type("admin");
    await page.keyboard.press("Tab");
    await page.keyboard.type(E2E_ADMIN_PASSWORD);
    await page.keyboard.press("Enter");
    await page.waitForURL("**/dashboard/analysis");
    await hydrated(page);

    // The menu: Tab into it, arrows to 系统管理, Enter opens it, arrows to 职务管理, Enter.
    await pressUntil(page, "Tab", (element) => element.startsWith("ul|menu|主菜单"));
    await pressUntil(page, "ArrowDown", (element) => element.endsWith("|系统管理"));
    await openFocusedSubmenu(page);
    await pressUntil(page, "ArrowDown", (element) => element.endsWith("|职务管理"));
    await page.keyboard.press("Enter");
    await page.waitForURL("**/isystem/position");
    await hydrated(page);

    // Search by name: Tab to the field, type, Enter.
    await pressUntil(page, "Tab", (element) => element.includes("|请输入职务名称|"));
    await page.keyboard.type("键盘");
    await page.keyboard.press("Enter");
    await page.waitForURL(/name=/);
    await expect.poll(() => listTable(page, "职务管理").getByText("暂无数据").filter({ visible: true }).count()).toBe(1);

    // 新增: the form opens in the modal, its fields in order, 确定 by Enter.
    await pressUntil(page, "Tab", (element) => /^a\|button\|.*\|新\s*增$/.test(element));
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: "新增" });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    // The form is addressed (`?form=add`): its page's data arrives as the dialog opens; type once it is idle.
    await page.waitForLoadState("networkidle");
    await pressUntil(page, "Tab", (element) => element.includes("|请输入职务编码|"));
    await page.keyboard.type("kbPos1");
    await pressUntil(page, "Tab", (element) => element.includes("|请输入职务名称|"));
    await page.keyboard.type("键盘职务");
    expect(await dialog.getByPlaceholder("请输入职务编码").inputValue()).toBe("kbPos1");
    expect(await dialog.getByPlaceholder("请输入职务名称").inputValue()).toBe("键盘职务");
    // 职级: the select opens with ArrowDown and takes the highlighted option with Enter.
    await pressUntil(page, "Tab", (element) => element.startsWith("input|combobox|"));
    await page.keyboard.press("ArrowDown");
    await expect.poll(() => page.locator(".ant-select-dropdown:visible .ant-select-item-option").count()).toBeGreaterThan(0);
    await page.keyboard.press("Enter");
    await expect.poll(() => dialog.locator(".ant-select-content-has-value").count()).toBe(1);
    await pressUntil(page, "Tab", (element) => /^button\|.*\|确\s*定$/.test(element));
    await page.keyboard.press("Enter");
    await expect.poll(() => page.locator(".ant-message").getByText("添加成功！").isVisible()).toBe(true);
    await expect.poll(() => listRows(page, "职务管理").filter({ hasText: "kbPos1" }).count()).toBe(1);

    await page.context().close();
  });
});
