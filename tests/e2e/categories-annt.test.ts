// 通知公告 and 分类字典 end to end: the administrator writes a notice for one user through the page
// (user picker, rich-text body), releases it, the user's open page shows it live with the
// administrator's real name, and revoking it marks it 已撤销; the category tree table adds a root
// and a child, shows the child when the root is expanded, and deletes it.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { hydrated, launchBrowser, newPage, signInAs, chooseOption, confirmOk, useSession, clickInPlace } from "./support/browser";
import { expandButton, listRows } from "./support/list";
import { E2E_DEMO_PASSWORD } from "./support/constants";

/** A demo user no other end-to-end file signs in as (赵强, finance: no user list). */
const READER = "cashier_zhao";
const LIVE_MS = 10_000;

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

const toast = (page: Page, text: string) => page.locator(".ant-message").getByText(text);
/** The row of the list titled `list` (通知公告, 分类字典) that shows `text`. */
const row = (page: Page, list: string, text: string) => listRows(page, list).filter({ hasText: text });
const bell = (page: Page) => page.getByTestId("notice-bell");
const unread = async (page: Page) => Number(await bell(page).getAttribute("data-unread"));

async function rowMenu(page: Page, list: string, text: string, item: string) {
  await row(page, list, text).getByText("更多").click();
  await clickInPlace(page.getByRole("menuitem", { name: item, exact: true }));
}

describe("announcements and categories", () => {
  it("writes a notice for one user, releases it live to that user, and revokes it", async () => {
    const reader = await newPage(browser);
    await signInAs(reader, READER, E2E_DEMO_PASSWORD);
    await expect.poll(() => bell(reader).getAttribute("data-stream"), { timeout: LIVE_MS }).toBe("up");
    const before = await unread(reader);

    const admin = await newPage(browser);
    await useSession(admin);
    await admin.goto("/isystem/annountCement");
    await hydrated(admin);

    const title = `校车路线调整 ${Date.now()}`;
    await admin.getByRole("button", { name: /新\s*增/ }).click();
    const dialog = admin.getByRole("dialog", { name: "新增" });
    // The form's 标题 field (the rich-text toolbar's heading picker is labelled 标题 too, once it loads).
    await dialog.getByRole("textbox", { name: "标题" }).fill(title);
    await chooseOption(admin, dialog.getByLabel("通告类型"), "指定用户");
    await dialog.getByRole("button", { name: /选\s*择/ }).click();
    const picker = admin.getByRole("dialog", { name: "选择用户" });
    await picker.getByPlaceholder("请输入账号").fill(READER);
    await picker.getByRole("button", { name: /查\s*询/ }).click();
    await picker.locator(".ant-table-tbody tr.ant-table-row").filter({ hasText: READER }).click();
    await picker.getByRole("button", { name: /确\s*定/ }).click();
    await expect.poll(() => dialog.getByText("赵强").isVisible()).toBe(true);
    const body = dialog.getByRole("textbox", { name: "内容" });
    await body.click();
    await admin.keyboard.type("下周一起");
    await dialog.getByRole("button", { name: "加粗" }).click();
    await admin.keyboard.type("校车改走东门");
    await dialog.locator(".ant-modal-footer").getByRole("button", { name: /确\s*定/ }).click();
    await expect.poll(() => toast(admin, "添加成功！").isVisible()).toBe(true);
    await expect.poll(() => row(admin, "通知公告", title).getByText("未发布").isVisible()).toBe(true);

    await rowMenu(admin, "通知公告", title, "发布");
    await expect.poll(() => admin.locator(".ant-modal-confirm-title").getByText("确定发布吗?").isVisible()).toBe(true);
    await confirmOk(admin);
    await expect.poll(() => toast(admin, "该系统通知发布成功").isVisible()).toBe(true);
    await expect.poll(() => row(admin, "通知公告", title).getByText("已发布").isVisible()).toBe(true);
    expect(await row(admin, "通知公告", title).getByText("管理员").isVisible()).toBe(true);

    // The reader's open page: the badge grows live; the notice opens with the sender's real name.
    await expect.poll(() => unread(reader), { timeout: LIVE_MS }).toBe(before + 1);
    await bell(reader).hover();
    const item = reader.locator(".notice-popover .notice-list__item").filter({ hasText: title });
    await expect.poll(() => item.isVisible(), { timeout: LIVE_MS }).toBe(true);
    await item.getByText(title).click();
    const notice = reader.getByRole("dialog", { name: "通知消息" });
    await expect.poll(() => notice.getByText("发布人：管理员").isVisible(), { timeout: LIVE_MS }).toBe(true);
    await expect.poll(() => notice.locator(".notice-detail__content").textContent()).toBe("下周一起校车改走东门");
    expect(await notice.locator(".notice-detail__content strong").textContent()).toBe("校车改走东门");
    await expect.poll(() => unread(reader), { timeout: LIVE_MS }).toBe(before);

    // Released: no 编辑 any more; 撤销 marks it 已撤销.
    await row(admin, "通知公告", title).getByText("更多").click();
    await expect.poll(() => admin.getByRole("menuitem", { name: "撤销" }).isVisible()).toBe(true);
    expect(await admin.getByRole("menuitem", { name: "编辑" }).count()).toBe(0);
    await clickInPlace(admin.getByRole("menuitem", { name: "撤销" }));
    await expect.poll(() => admin.locator(".ant-modal-confirm-title").getByText("确定撤销吗?").isVisible()).toBe(true);
    await confirmOk(admin);
    await expect.poll(() => toast(admin, "该系统通知撤销成功").isVisible()).toBe(true);
    await expect.poll(() => row(admin, "通知公告", title).getByText("已撤销").isVisible()).toBe(true);
    await reader.context().close();
    await admin.context().close();
  });

  it("adds a root and a child, shows the child on expanding the root, and deletes it", async () => {
    const page = await newPage(browser);
    await useSession(page);
    await page.goto("/isystem/category");
    await hydrated(page);

    await page.getByRole("button", { name: /新\s*增/ }).click();
    const add = page.getByRole("dialog", { name: "新增" });
    await add.getByLabel("分类名称").fill("校本课程");
    await add.getByLabel("分类编码").fill("E2E");
    await add.getByRole("button", { name: /确\s*定/ }).click();
    await expect.poll(() => toast(page, "添加成功！").isVisible()).toBe(true);
    await expect.poll(() => row(page, "分类字典", "校本课程").count()).toBe(1);

    await rowMenu(page, "分类字典", "校本课程", "添加下级");
    const child = page.getByRole("dialog", { name: "新增" });
    await expect.poll(() => child.getByLabel("父级节点").inputValue()).toBe("校本课程");
    await child.getByLabel("分类名称").fill("书法");
    // The code must start with the parent's (checkCode).
    await child.getByLabel("分类编码").fill("X01");
    await child.getByRole("button", { name: /确\s*定/ }).click();
    await expect.poll(() => child.getByText('编码不符合规范,须以"E2E"开头!').isVisible()).toBe(true);
    await child.getByLabel("分类编码").fill("E2EA01");
    await child.getByRole("button", { name: /确\s*定/ }).click();
    await expect.poll(() => toast(page, "添加成功！").isVisible()).toBe(true);
    // The parent opens on its new child.
    await expect.poll(() => row(page, "分类字典", "E2EA01").isVisible()).toBe(true);

    // Collapsed and opened again from a fresh page: the child is loaded on expand.
    await page.reload();
    await hydrated(page);
    expect(await row(page, "分类字典", "E2EA01").count()).toBe(0);
    await expandButton(row(page, "分类字典", "校本课程")).click();
    await expect.poll(() => row(page, "分类字典", "书法").isVisible()).toBe(true);

    await rowMenu(page, "分类字典", "书法", "删除");
    await confirmOk(page);
    await expect.poll(() => toast(page, "删除成功!").isVisible()).toBe(true);
    await expect.poll(() => row(page, "分类字典", "书法").count()).toBe(0);
    expect(await row(page, "分类字典", "校本课程").count()).toBe(1);
    await page.context().close();
  });
});
