// 消息模板 end to end (issue #13 part 5): the administrator writes a 站内 template, 测试发送 it to a
// teacher, and the teacher, signed in elsewhere, gets it live in the bell; 消息 lists it as 已发送.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { E2E_DEMO_PASSWORD } from "./support/constants";
import { hydrated, launchBrowser, newPage, signInAs, chooseOption } from "./support/browser";
import { listRows } from "./support/list";

const ok = /确\s*定/;
const READER = "teacher_li";
/** A loaded machine may take a while to deliver the push. */
const LIVE_MS = 20_000;

let browser: Browser;
let admin: Page;
let reader: Page;
beforeAll(async () => {
  browser = await launchBrowser();
  admin = await newPage(browser);
  await signInAs(admin);
  reader = await newPage(browser);
  await signInAs(reader, READER, E2E_DEMO_PASSWORD);
});
afterAll(async () => {
  await admin?.context().close();
  await reader?.context().close();
  await browser?.close();
});

const bell = (page: Page) => page.getByTestId("notice-bell");
const unread = async (page: Page) => Number(await bell(page).getAttribute("data-unread"));
/** The row of the list titled `list` (消息模板, 消息) that shows `text`. */
const row = (page: Page, list: string, text: string) => listRows(page, list).filter({ hasText: text });

describe("消息模板", () => {
  it("creates a 站内 template, 测试发送 it to a teacher, who sees it in the bell", async () => {
    const code = `e2e_site_${Date.now()}`;
    await admin.goto("/isystem/messageTemplate");
    await hydrated(admin);
    await admin.getByRole("button", { name: /新\s*增/ }).click();
    const dialog = admin.getByRole("dialog", { name: "新增" });
    await dialog.getByLabel("模板编码").fill(code);
    await dialog.getByLabel("模板标题").fill("课程通知 ${course}");
    await chooseOption(admin, dialog.getByLabel("模板类型", { exact: true }), "站内");
    await dialog.getByLabel("模板内容").fill("${name} 老师：${course} 课改到 ${room} 上。");
    await dialog.getByLabel("测试数据").fill('{"name": "李明", "course": "数学", "room": "302 教室"}');
    await dialog.getByRole("button", { name: ok }).click();
    await expect.poll(() => admin.locator(".ant-message").getByText("添加成功！").isVisible()).toBe(true);
    await expect.poll(() => row(admin, "消息模板", code).count()).toBe(1);

    await expect.poll(() => bell(reader).getAttribute("data-stream"), { timeout: LIVE_MS }).toBe("up");
    const before = await unread(reader);

    const target = row(admin, "消息模板", code);
    await target.getByText("更多").click();
    await admin.locator(".ant-dropdown:visible").getByText("测试发送", { exact: true }).click();
    const sender = admin.getByRole("dialog", { name: "测试发送：课程通知 ${course}" });
    expect(await sender.getByLabel("测试数据").inputValue()).toContain("302 教室");
    await sender.getByLabel("接收人").fill(READER);
    await sender.getByRole("button", { name: /^发\s*送$/ }).click();
    await expect.poll(() => sender.locator(".ant-alert-success").textContent()).toContain("发送成功");

    // Live: the bell counts it and the 消息提醒 names it.
    await expect.poll(() => unread(reader), { timeout: LIVE_MS }).toBe(before + 1);
    await expect
      .poll(() => reader.locator(".ant-notification-notice").filter({ hasText: "课程通知 数学" }).isVisible(), { timeout: LIVE_MS })
      .toBe(true);

    // 消息 lists it: channel, receiver, content, status.
    await admin.goto(`/communication/message?templateCode=${code}`);
    await hydrated(admin);
    const message = row(admin, "消息", "李明 老师：数学 课改到 302 教室 上。");
    await expect.poll(() => message.count()).toBe(1);
    const text = await message.textContent();
    expect(text).toContain("站内");
    expect(text).toContain(READER);
    expect(text).toContain("已发送");
  });
});
