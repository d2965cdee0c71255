// Activities and the shop in Chromium (issue #14): create an activity with a cover and content
// (its 详情 shows the content rendered, cleaned; issue #32), open its sign-ups, sign students up until it is full and see the next one wait (候补); confirm a paid
// sign-up and open its own activity bill from the sign-up, pay it, cancel the sign-up and see the
// refund (退费) and the place freed and taken by the one waiting (issue #32 item 6, #29 item 5); place an order from a parent's cart and see the stock fall, refund
// it and see the stock back.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Locator, Page } from "playwright-core";
import { chooseOption, clickInPlace, hydrated, launchBrowser, newPage, openedDialog, rowAction, signInAs, typeSearch } from "./support/browser";
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

const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==", "base64");
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

/** The form item labelled exactly `label` inside `scope`. */
const formItem = (scope: Locator, label: string) => scope.locator(".ant-form-item").filter({ has: page.locator(`label:text-is("${label}")`) });

describe("activities and sign-ups", () => {
  const title = `端到端活动${Date.now() % 100000}`;

  it("creates an activity with a cover and content, fills it and sees the next one wait (候补), bills a confirmed sign-up and refunds it when cancelled", { timeout: 300_000 }, async () => {
    await open("/activity/activity", "活动");
    await page.getByRole("button", { name: /新\s*增/ }).click();
    const dialog = page.getByRole("dialog", { name: "新增" });
    await dialog.getByLabel("活动名称").fill(title);
    await choose(dialog, "活动类型", { index: 0 });
    await dialog.locator("input[type=file]").first().setInputFiles({ name: "cover.png", mimeType: "image/png", buffer: PNG });
    await expect.poll(() => dialog.locator("img").count()).toBeGreaterThan(0);
    await dateTime(dialog, "开始时间", inDays(30));
    await dateTime(dialog, "报名截止", inDays(20));
    await dialog.getByLabel("名额").fill("3");
    await dialog.getByLabel("费用").fill("88.50");
    await dialog.locator(".ql-editor").click();
    await page.keyboard.type("端到端活动内容");
    await page.keyboard.press("Control+b");
    await page.keyboard.type("加粗");
    await dialog.getByRole("button", { name: ok }).click();
    await expect.poll(() => toast("添加成功！").count()).toBeGreaterThan(0);
    const activity = rows().filter({ hasText: title });
    await expect.poll(() => activity.count()).toBe(1);
    expect(await cellText(activity, "状态")).toBe("草稿");

    // 详情 shows the content as it reads, cleaned: the bold words bold, no tag as text (docs/decisions/148).
    await rowAction(page, activity, "详情");
    const detail = page.getByRole("dialog", { name: "详情" });
    await expect.poll(() => detail.locator(".rich-text-view strong").textContent()).toBe("加粗");
    expect(await detail.locator(".rich-text-view").textContent()).toBe("端到端活动内容加粗");
    expect(await detail.textContent()).not.toMatch(/<p>|<strong>/);
    await detail.getByRole("button", { name: "关闭" }).click();
    await expect.poll(() => detail.isVisible()).toBe(false);

    await rowAction(page, activity, "开放报名", { confirm: true });
    await expect.poll(() => toast("开放报名成功").count()).toBeGreaterThan(0);
    await expect.poll(() => cellText(activity, "状态")).toBe("报名中");

    // Three places: the fourth sign-up waits (候补, docs/decisions/162).
    await open("/activity/signup", "报名");
    for (const index of [0, 1, 2, 3]) {
      await page.getByRole("button", { name: /新\s*增/ }).click();
      const form = page.getByRole("dialog", { name: "新增" });
      await choose(form, "活动", { search: title });
      await choose(form, "学生", { index });
      await form.getByRole("button", { name: ok }).click();
      await expect.poll(() => form.isVisible()).toBe(false);
      if (index === 3) await expect.poll(() => toast("名额已满，已加入候补，第1位").count()).toBeGreaterThan(0);
    }
    await open(`/activity/signup`, "报名");
    await expect.poll(() => rows().filter({ hasText: title }).count()).toBe(4);
    const signups = rows().filter({ hasText: title }).filter({ hasText: "待确认" });
    await expect.poll(() => signups.count()).toBe(3);

    // 确认 bills the fee on its own activity bill, linked from the sign-up's 账单 column.
    const signup = () => rows().filter({ hasText: title }).filter({ has: page.locator("a", { hasText: /^BL\d+$/ }) });
    await rowAction(page, signups.first(), "确认", { confirm: true });
    // The answer's words are polled (not only counted), so a refusal shows what it said.
    await expect.poll(async () => (await page.locator(".ant-message-notice").allTextContents()).join(" | "), { timeout: 20_000 }).toMatch(/确认成功，已生成活动账单 BL\d+/);
    const billNo = /BL\d+/.exec((await toast(/确认成功/).first().textContent())!)![0];
    await expect.poll(() => signup().count()).toBe(1);
    await expect.poll(() => cellText(signup(), "状态")).toBe("已确认");
    await signup().getByRole("link", { name: billNo }).click();
    await expect.poll(() => page.url()).toContain("form=detail");
    await hydrated(page);
    const bill = page.getByRole("dialog", { name: "详情" });
    // 详情 shows the lines as a table, not editors (docs/decisions/164).
    const names = () => bill.locator('td[data-key="name"]').allInnerTexts();
    await expect.poll(names).toEqual([`活动：${title}`]);
    await bill.getByRole("button", { name: "关闭" }).click();
    // Owed by the student's payer.
    await open(`/billing/bill?billNo=${billNo}`, "账单");
    await expect.poll(() => rows().count()).toBe(1);
    expect(await cellText(rows().first(), "类型")).toBe("活动");
    const payerType = await cellText(rows().first(), "付款方类型");
    const payerName = await cellText(rows().first(), "付款方");

    // The payer pays the activity bill at the cashier's.
    await open("/billing/payment", "付款");
    await page.getByRole("button", { name: /新\s*增/ }).first().click();
    const payment = page.getByRole("dialog", { name: "新增" });
    await payment.getByLabel("付款金额").waitFor();
    if (payerType !== "家长") await chooseOption(page, formItem(payment, "付款方类型").locator(".ant-select"), payerType);
    await formItem(payment, "付款方").locator(".ant-select").click();
    await typeSearch(page, payerName);
    await chooseOption(page, formItem(payment, "付款方").locator(".ant-select"), payerName);
    const paidAt = formItem(payment, "付款时间").locator("input");
    await paidAt.click();
    await paidAt.fill(inDays(-1));
    await page.keyboard.press("Enter");
    await expect.poll(() => paidAt.inputValue()).toBe(inDays(-1));
    await payment.getByRole("button", { name: /新\s*增$/ }).click();
    const gridRow = payment.locator("[role=row][data-row-id]").first();
    await gridRow.waitFor();
    await gridRow.locator('[data-key="billId"]').click();
    await clickInPlace(page.locator(".ant-select-dropdown:visible .ant-select-item-option").filter({ hasText: billNo }));
    await expect.poll(() => gridRow.locator('[data-key="billId"]').textContent()).toContain(billNo);
    await gridRow.locator('[data-key="amount"] input').fill("88.50");
    await gridRow.locator('[data-key="amount"] input').blur();
    await payment.getByLabel("付款金额").fill("88.50");
    await payment.getByRole("button", { name: ok }).click();
    await expect.poll(() => toast("添加成功！").count()).toBeGreaterThan(0);

    // Cancelled once paid: a refund (退费) of what was paid, receipted; the place is free again.
    await open("/activity/signup", "报名");
    await expect.poll(() => cellText(signup(), "已缴费")).toBe("是");
    await rowAction(page, signup(), "取消报名", { confirm: true });
    await expect
      .poll(async () => (await page.locator(".ant-message-notice").allTextContents()).join(" | "), { timeout: 20_000 })
      .toMatch(/取消成功，已退费 88\.50（退费单 PM\d+，收据 RC\d+）/);
    const refundNo = /退费单 (PM\d+)/.exec((await toast(/已退费/).first().textContent())!)![1]!;
    await expect.poll(() => cellText(signup(), "状态")).toBe("已取消");
    await expect.poll(() => cellText(signup(), "退费")).toBe(`¥88.50（${refundNo}）`);
    await open(`/billing/payment?paymentNo=${refundNo}`, "付款");
    await expect.poll(() => rows().count()).toBe(1);
    expect(await cellText(rows().first(), "类型")).toBe("退费");
    expect(await cellText(rows().first(), "付款金额")).toBe("-88.50");
    // The freed place went to the one waiting.
    await open("/activity/signup", "报名");
    await expect.poll(() => rows().filter({ hasText: title }).filter({ hasText: "待确认" }).count()).toBe(3);
    await expect.poll(() => rows().filter({ hasText: title }).filter({ hasText: "候补" }).count()).toBe(0);
  });
});

describe("the shop", () => {
  const commodity = "学校文具礼盒";

  async function stock(): Promise<number> {
    await open("/shop/commodity", "商品");
    const row = rows().filter({ hasText: commodity });
    await expect.poll(() => row.count()).toBe(1);
    return Number(await cellText(row, "库存"));
  }

  it("places an order from a parent's cart and sees the stock fall, then refunds it and sees the stock back", async () => {
    const before = await stock();
    await open("/shop/cart", "购物车");
    await page.getByRole("button", { name: /新\s*增/ }).click();
    const form = page.getByRole("dialog", { name: "新增" });
    await choose(form, "家长", { index: 20 });
    await choose(form, "商品", { search: commodity });
    await form.getByLabel("数量").fill("2");
    await form.getByRole("button", { name: ok }).click();
    await expect.poll(() => toast("添加成功！").count()).toBeGreaterThan(0);

    await rowAction(page, rows().filter({ hasText: commodity }).first(), "下单", { confirm: true });
    await expect.poll(() => toast(/下单成功，订单号 DD\d+/).count()).toBeGreaterThan(0);
    const orderNo = /DD\d+/.exec((await toast(/下单成功/).first().textContent())!)![0];
    expect(await stock()).toBe(before - 2);

    await open(`/shop/order?orderNo=${orderNo}`, "订单");
    const order = rows().first();
    await expect.poll(() => rows().count()).toBe(1);
    expect(await cellText(order, "状态")).toBe("待付款");
    // 付款 asks the channel and the time (docs/decisions/161); 退款 its reason.
    await rowAction(page, order, "付款");
    const pay = await openedDialog(page, "付款");
    await chooseOption(page, formItem(pay, "支付方式").locator(".ant-select"), "微信");
    await pay.getByRole("button", { name: ok }).click();
    await expect.poll(() => cellText(rows().first(), "状态")).toBe("已付款");
    await rowAction(page, rows().first(), "退款");
    const refund = await openedDialog(page, "退款订单");
    await refund.getByLabel("原因").fill("不需要了");
    await refund.getByRole("button", { name: ok }).click();
    await expect.poll(() => cellText(rows().first(), "状态")).toBe("已退款");
    expect(await stock()).toBe(before);
  });
});
