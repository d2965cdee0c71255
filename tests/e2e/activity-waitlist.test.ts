// An activity that fills like a real one, in Chromium (issue #29 item 5, docs/decisions/162): a class
// signed up at once into 2 places (批量报名: 成功 2, the rest 候补 with their positions), a place
// freed by 取消报名 going to the first in line, and the attendance sheet of a session: marks saved
// and its A4 print view.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Locator, Page } from "playwright-core";
import { baseUrl, hydrated, launchBrowser, newPage, rowAction, signInAs } from "./support/browser";
import { cellText, listRows } from "./support/list";

let browser: Browser;
let page: Page;

beforeAll(async () => {
  browser = await launchBrowser();
  page = await newPage(browser);
  page.setDefaultTimeout(15_000);
  await signInAs(page);
});
afterAll(async () => browser?.close());

const ok = /确\s*定/;
/** The list open now (open), by its title. */
let list = "";
const rows = () => listRows(page, list);
const toast = (text: string | RegExp) => page.locator(".ant-message").getByText(text);
const pad = (value: number) => String(value).padStart(2, "0");
const inDays = (days: number) => {
  const day = new Date(Date.now() + days * 86_400_000);
  return `${day.getFullYear()}-${pad(day.getMonth() + 1)}-${pad(day.getDate())} 09:00:00`;
};

async function open(path: string, title: string) {
  list = title;
  await page.goto(path);
  await hydrated(page);
}

/** Chooses in the select labelled `label`: typed `search` then Enter, or the option `index` by keyboard. */
async function choose(scope: Locator, label: string, pick: { search?: string; index?: number }) {
  await scope.getByLabel(label, { exact: true }).click();
  await page.locator(".ant-select-dropdown:visible .ant-select-item-option").first().waitFor();
  if (pick.search) {
    await page.keyboard.type(pick.search);
    await page.locator(".ant-select-dropdown:visible .ant-select-item-option").filter({ hasText: pick.search }).first().waitFor();
  }
  for (let step = 0; step < (pick.index ?? 0); step++) await page.keyboard.press("ArrowDown");
  await page.keyboard.press("Enter");
  await expect.poll(() => page.locator(".ant-select-dropdown:visible").count()).toBe(0);
}

async function dateTime(scope: Locator, label: string, value: string) {
  const input = scope.getByLabel(label, { exact: true });
  await input.click();
  await input.fill(value);
  await input.press("Enter");
  await expect.poll(() => input.inputValue()).toBe(value);
}

describe("an activity's waiting list and attendance", () => {
  const title = `候补活动${Date.now() % 100000}`;

  it("signs a class up into 2 places, promotes the first in line when one is freed, and keeps and prints a session's attendance", { timeout: 300_000 }, async () => {
    await open("/activity/activity", "活动");
    await page.getByRole("button", { name: /新\s*增/ }).click();
    const dialog = page.getByRole("dialog", { name: "新增" });
    await dialog.getByLabel("活动名称").fill(title);
    await choose(dialog, "活动类型", { index: 0 });
    await dateTime(dialog, "开始时间", inDays(30));
    await dateTime(dialog, "报名截止", inDays(20));
    await dialog.getByLabel("名额").fill("2");
    await dialog.getByRole("button", { name: ok }).click();
    await expect.poll(() => toast("添加成功！").count()).toBeGreaterThan(0);
    const activity = rows().filter({ hasText: title });
    await expect.poll(() => activity.count()).toBe(1);
    await rowAction(page, activity, "开放报名", { confirm: true });
    await expect.poll(() => cellText(activity, "状态")).toBe("报名中");
    const activityId = (await activity.getAttribute("data-row-key"))!;

    // 批量报名 of a whole class: two places, the others wait in class order.
    await open("/activity/signup", "报名");
    await page.getByRole("button", { name: "批量报名" }).click();
    const bulk = page.getByRole("dialog", { name: "批量报名" });
    await choose(bulk, "活动", { search: title });
    await choose(bulk, "班级", { index: 0 });
    await bulk.getByRole("button", { name: "报 名" }).click();
    const results = bulk.locator(".bulk-signup-results tbody tr.ant-table-row");
    await expect.poll(() => results.count()).toBeGreaterThan(2);
    const signedUp = await results.count();
    await expect.poll(() => bulk.locator(".ant-alert").textContent()).toBe(`批量报名完成：成功 2，候补 ${signedUp - 2}，不符合年级 0，已报名 0`);
    await expect.poll(() => results.nth(2).textContent()).toMatch(/候补 第1位$/);
    const firstInLine = (await results.nth(2).locator("td").first().textContent())!.trim();
    await bulk.getByRole("button", { name: "关 闭" }).click();

    // 取消报名 of a place: the first in line takes it.
    await open(`/activity/signup?activityId=${activityId}&pageSize=50`, "报名");
    const ofActivity = rows().filter({ hasText: title });
    await expect.poll(() => ofActivity.count()).toBe(signedUp);
    const waiting = ofActivity.filter({ hasText: firstInLine });
    await expect.poll(() => cellText(waiting, "候补位次")).toBe("第1位");
    await rowAction(page, ofActivity.filter({ hasText: "待确认" }).first(), "取消报名", { confirm: true });
    await expect.poll(() => toast("取消成功，候补1人已转为正式报名并通知家长").count()).toBeGreaterThan(0);
    await expect.poll(() => cellText(waiting, "状态")).toBe("待确认");
    expect(await cellText(waiting, "候补位次")).toBe("");

    // 出勤 of the first session: the two holding a place, one marked 出席, one 请假.
    await open("/activity/activity", "活动");
    await rowAction(page, rows().filter({ hasText: title }), "出勤");
    await expect.poll(() => page.url()).toContain("/activity/attendance?id=");
    await hydrated(page);
    const sheet = page.locator(".attendance-table tbody tr.ant-table-row");
    await expect.poll(() => sheet.count()).toBe(2);
    await sheet.nth(0).getByText("出席").click();
    await sheet.nth(1).getByText("请假").click();
    await page.getByRole("button", { name: "保存出勤" }).click();
    await expect.poll(() => page.locator(".ant-alert").textContent()).toMatch(/^出勤已保存（\d{4}-\d{2}-\d{2}，2人）$/);
    await hydrated(page);
    await expect.poll(() => sheet.nth(0).locator(".ant-radio-wrapper-checked").textContent()).toBe("出席");
    expect(await sheet.nth(1).locator(".ant-radio-wrapper-checked").textContent()).toBe("请假");

    // The print view of the same session, on A4.
    const href = await page.getByRole("link", { name: "打印出勤表" }).getAttribute("href");
    const printed = await page.request.get(new URL(href!, baseUrl()).href);
    expect(printed.status()).toBe(200);
    const html = await printed.text();
    expect(html).toContain(`${title} 出勤表`);
    expect(html).toContain("size: A4");
    expect(html).toContain("<td>出席</td>");
    expect(html).toContain("<td>请假</td>");
    expect(html).toContain(firstInLine);

    // A community activity's 出勤: the same sheet, reached from 社区活动 on its own address.
    await open("/activity/community", "社区活动");
    const community = rows().first();
    const communityTitle = await cellText(community, "活动名称");
    await rowAction(page, community, "出勤");
    await expect.poll(() => page.url()).toContain("/activity/community/attendance?id=");
    await hydrated(page);
    expect(await page.locator(".attendance-page .ant-card-head-title").textContent()).toBe(`出勤：${communityTitle}`);
    expect(await page.getByRole("link", { name: "打印出勤表" }).getAttribute("href")).toContain("/activity/community/attendance/print?id=");
  });
});
