// Money a bursar can trust, in Chromium as the finance officer (issue #32, "Done when"): the term's
// generation with a student who has no payer — listed under 「无付款人」, a payer chosen for him in the
// dialog, and his bill owed by that payer; the payment's receipt voided with a reason (the number
// stays) and reissued (the new one marked 重开自 the old); the voided receipt's 历史 tab showing who
// issued and voided it and why; and the details of the bill, the payment (付款方, the bills of its
// 分配) and the receipt naming things, never showing an id; a payment recorded by mistake and a
// draft voucher voided (作废) with a reason, their numbers kept, neither offering 删除; a posted voucher
// reversed (红字冲销) with a reason by a red voucher whose negative amounts show in red (decision 165).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Locator, Page } from "playwright-core";
import { chooseOption, confirmOk, hydrated, inPlace, launchBrowser, newPage, openedDialog, rowAction, signInAs } from "./support/browser";
import { cellText, listRows } from "./support/list";
import { backendApi, type BackendCall } from "./support/api";
import { E2E_DEMO_PASSWORD } from "./support/constants";

let browser: Browser;
let page: Page;
let backend: BackendCall;
let firstRecord: <T>(path: string) => Promise<T>;

/** The demo school's ids: 19-digit snowflakes, or 32-hex names of seeded rows (backend/db/ids.ts). */
const ID = /\b(\d{19}|[0-9a-f]{32})\b/;
/** This file's own term and names: nothing else bills 2031-2032. */
const SCHOOL_YEAR = "2031-2032";
const PARENT = "付款人待定家长";
const STUDENT = "无付款人学生甲";
const TRADE_NO = "E2E-MONEY-TRUST-1";
const MISTAKE = "E2E-MONEY-TRUST-MISTAKE";
const VOUCHER = "端到端作废凭证";
const POSTED_VOUCHER = "端到端冲销凭证";
/** Red figures' colour (app.css .money-negative). */
const RED = "rgb(207, 19, 34)";

beforeAll(async () => {
  ({ backend, firstRecord } = await backendApi());
  browser = await launchBrowser();
  page = await newPage(browser);
  // The first page (the dashboard) may take longer than a click on a loaded machine.
  await signInAs(page, "finance_wang", E2E_DEMO_PASSWORD);
  page.setDefaultTimeout(15_000);
});
afterAll(async () => {
  await browser?.close();
});

/** The list open now (open), by its title. */
let list = "";
const rows = () => listRows(page, list);
const toast = (text: string | RegExp) => page.locator(".ant-message").getByText(text);

async function open(path: string, title: string) {
  list = title;
  await page.goto(path);
  await hydrated(page);
}

/** Opens `row`'s 详情 and answers the dialog once its description is shown. */
async function openDetail(row: Locator): Promise<Locator> {
  await rowAction(page, row, "详情");
  const dialog = await openedDialog(page, "详情");
  await dialog.locator(".record-view").waitFor();
  return dialog;
}

/** The 详情's lines as `label value`. */
const detailLines = (dialog: Locator) => dialog.locator(".record-view > .ant-descriptions-view > table > tbody > tr").evaluateAll((lines) => lines.map((line) => (line as HTMLElement).innerText.replace(/\s+/g, " ").trim()));

/** Labels broken over more than one line, and whether the rows' grid stays inside the dialog. */
const fits = (dialog: Locator) =>
  dialog.evaluate((element) => {
    const labels = [...element.querySelectorAll<HTMLElement>(".record-view .ant-descriptions-item-label")];
    // The label's text, not its cell (a cell is as tall as its line's value).
    const lines = (label: HTMLElement) => {
      const range = document.createRange();
      range.selectNodeContents(label);
      return range.getBoundingClientRect().height / parseFloat(getComputedStyle(label).lineHeight);
    };
    const squeezedLabels = labels.filter((label) => lines(label) > 1.5).map((label) => label.innerText);
    const box = element.getBoundingClientRect();
    const grid = element.querySelector(".record-view-rows")?.getBoundingClientRect();
    return { squeezedLabels, gridInside: !!grid && grid.left >= box.left && grid.right <= box.right && box.right <= window.innerWidth };
  });

describe("money a bursar can trust", () => {
  let studentNo = "";
  let parentId = "";

  // Several pages, a generation and two window sizes: more than a click's minute on a loaded machine.
  it("generates the term's bill of a student without a payer once a payer is chosen for him in the dialog", { timeout: 180_000 }, async () => {
    await backend("POST", "/school/parent/add", { name: PARENT, sex: "2" });
    parentId = (await firstRecord<{ id: string }>(`/school/parent/list?name=${encodeURIComponent(PARENT)}`)).id;
    // A parent, but none marked 付款人, and no employer: the student has no payer.
    await backend("POST", "/school/student/add", { nameCn: STUDENT, sex: "1", grade: "1", status: "1", parents: [{ parentId, relation: "2", isPayer: false }] });
    studentNo = (await firstRecord<{ studentNo: string }>(`/school/student/list?nameCn=${encodeURIComponent(STUDENT)}`)).studentNo;

    await open("/billing/bill", "账单");
    await page.locator(".list-toolbar").getByRole("button", { name: "生成账单" }).click();
    const dialog = await openedDialog(page, "生成账单");
    await dialog.getByLabel("学年").fill(SCHOOL_YEAR);
    await dialog.getByLabel("学号").fill(studentNo);
    await dialog.getByRole("button", { name: /预\s*览/ }).click();
    const summary = dialog.locator(".ant-alert");
    await expect.poll(() => summary.textContent()).toBe("将生成 0 张账单，应付合计 0.00");
    const payerless = dialog.locator(".no-payer-students");
    await expect.poll(() => payerless.textContent()).toContain("无付款人：1 名学生没有付款家长或企业，不会生成账单");
    // The student's name links to his form, where a payer is set for good.
    expect(await payerless.getByRole("link", { name: `${STUDENT}(${studentNo})` }).getAttribute("href")).toMatch(/^\/school\/student\?form=edit&id=/);

    // 付款方: the student's own parent; the preview is asked again and bills him to that parent.
    await chooseOption(page, payerless.getByLabel(`${STUDENT}的付款家长`), PARENT);
    await expect.poll(() => summary.textContent()).toMatch(/^将生成 1 张账单，应付合计 [\d,]+\.\d\d$/);
    await expect.poll(() => payerless.textContent()).toContain("无付款人：已为以下学生选择付款方");
    const planned = dialog.locator(".ant-table-tbody tr.ant-table-row").filter({ hasText: studentNo }).filter({ hasText: `家长 ${PARENT}` });
    await expect.poll(() => planned.count()).toBe(1);
    await dialog.getByRole("button", { name: "确认生成" }).click();
    await expect.poll(() => toast("已生成1张账单").count()).toBe(1);
    await expect.poll(() => dialog.isVisible()).toBe(false);

    // The bill is owed by the chosen parent, and its 详情 names him, the student and the receivable.
    await open(`/billing/bill?schoolYear=${SCHOOL_YEAR}`, "账单");
    await expect.poll(() => rows().count()).toBe(1);
    const detail = await openDetail(rows().first());
    const lines = await detailLines(detail);
    expect(lines).toContain(`学生 ${STUDENT}`);
    expect(lines).toContain("付款方类型 家长");
    expect(lines).toContain(`付款方 ${PARENT}`);
    expect(lines.find((line) => line.startsWith("应收账单 "))).toMatch(/^应收账单 AR\d+$/);
    expect(lines).toContain("状态 未付");
    expect(lines.join("\n")).not.toMatch(ID);
    // Laid out to fit: every label on one line, the items grid inside the dialog, wide and narrow.
    for (const width of [1440, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await expect.poll(() => fits(detail), { message: `详情 at ${width} px` }).toEqual({ squeezedLabels: [], gridInside: true });
    }
    await page.setViewportSize({ width: 1280, height: 800 });
    await detail.getByRole("button", { name: "关闭" }).click();
  });

  it("voids a receipt with a reason, keeping its number, and reissues it marked 重开; the details name payer and bills", { timeout: 180_000 }, async () => {
    const bill = await firstRecord<{ id: string; billNo: string; payable: string }>(`/billing/bill/list?schoolYear=${SCHOOL_YEAR}`);
    await backend("POST", "/billing/payment/add", {
      payerType: "1",
      payerId: parentId,
      channel: "1",
      amount: bill.payable,
      paidAt: "2026-09-01 10:00:00",
      tradeNo: TRADE_NO,
      allocations: [{ billId: bill.id, amount: bill.payable }],
    });

    // The payment's 详情: 付款方 by name, and its 分配 grid names the (now paid) bill.
    await open(`/billing/payment?tradeNo=${TRADE_NO}`, "付款");
    await expect.poll(() => rows().count()).toBe(1);
    const payment = await openDetail(rows().first());
    await expect.poll(() => payment.locator(".payment-allocations-field").textContent()).toContain(bill.billNo);
    const paymentLines = await detailLines(payment);
    expect(paymentLines).toContain(`付款方 ${PARENT}`);
    expect(paymentLines.join("\n")).toContain(STUDENT);
    expect(paymentLines.join("\n")).not.toMatch(ID);
    await payment.getByRole("button", { name: "关闭" }).click();

    await rowAction(page, rows().first(), "开收据");
    await expect.poll(() => toast(/收据 RC\d+ 已开具/).count()).toBeGreaterThan(0);
    const issued = /收据 (RC\d+) 已开具/.exec((await toast(/收据 RC\d+ 已开具/).first().textContent())!)![1]!;

    await open(`/billing/receipt?payerName=${encodeURIComponent(PARENT)}`, "收据");
    await expect.poll(() => rows().count()).toBe(1);
    await rowAction(page, rows().first(), "作废");
    const reason = await openedDialog(page, "作废收据（编号保留，可重开）");
    await reason.getByLabel("原因").fill("金额开错，重开");
    await reason.getByRole("button", { name: /确\s*定/ }).click();
    await expect.poll(() => toast("作废成功").count()).toBeGreaterThan(0);
    const voided = rows().filter({ hasText: issued });
    await expect.poll(() => cellText(voided, "状态")).toBe("已作废");

    await rowAction(page, voided, "重开");
    await confirmOk(page, "确定为该收据的付款重开一张收据吗?");
    await expect.poll(() => toast(new RegExp(`收据 RC\\d+ 已重开（原收据 ${issued} 已作废）`)).count()).toBeGreaterThan(0);
    // Two receipts: the voided one keeps its number; the new one has the next and names the old.
    await expect.poll(() => rows().count()).toBe(2);
    const reissued = rows().filter({ hasNotText: "已作废" });
    await expect.poll(() => cellText(reissued, "重开自")).toBe(issued);
    expect(await cellText(reissued, "收据编号")).not.toBe(issued);
    expect(await cellText(reissued, "状态")).toBe("有效");
    expect(await cellText(rows().filter({ hasText: "已作废" }), "收据编号")).toBe(issued);
  });

  it("shows who issued and voided the receipt, and why, in its 历史 tab", { timeout: 120_000 }, async () => {
    await open(`/billing/receipt?payerName=${encodeURIComponent(PARENT)}&status=2`, "收据");
    await expect.poll(() => rows().count()).toBe(1);
    const detail = await openDetail(rows().first());
    const lines = await detailLines(detail);
    expect(lines).toContain("状态 已作废");
    expect(lines).toContain("作废原因 金额开错，重开");
    expect(lines).toContain(`交款人 ${PARENT}`);
    expect(lines.join("\n")).not.toMatch(ID);

    await detail.getByRole("tab", { name: "历史" }).click();
    const history = detail.locator(".record-history");
    await expect.poll(() => history.locator("[data-history-action]").count()).toBe(2);
    const issuedEntry = history.locator('[data-history-action="issue"]');
    await expect.poll(() => issuedEntry.textContent()).toContain("开具");
    expect(await issuedEntry.textContent()).toContain("finance_wang");
    const voidEntry = history.locator('[data-history-action="void"]');
    expect(await voidEntry.textContent()).toContain("作废");
    expect(await voidEntry.textContent()).toContain("原因：金额开错，重开");
    expect(await voidEntry.textContent()).toContain("finance_wang");
    // The change itself: 状态 from 有效 to 已作废, by the field's label and the dictionary's texts.
    const status = voidEntry.locator("tr").filter({ hasText: "状态" });
    expect((await status.textContent())?.replace(/\s+/g, "")).toBe("状态有效已作废");
    await detail.getByRole("button", { name: "关闭" }).click();
  });

  it("voids a payment recorded by mistake and a draft voucher with a reason, keeping their numbers; neither offers 删除", { timeout: 120_000 }, async () => {
    const parent = await firstRecord<{ id: string }>(`/school/parent/list?name=${encodeURIComponent(PARENT)}`);
    await backend("POST", "/billing/payment/add", { payerType: "1", payerId: parent.id, channel: "4", amount: "66.50", paidAt: "2026-09-02 10:00:00", tradeNo: MISTAKE });
    await backend("POST", "/billing/voucher/add", {
      voucherDate: "2031-09-02",
      summary: VOUCHER,
      entries: [
        { account: "1001 库存现金", debit: "66.50", credit: "" },
        { account: "6001 学费收入", debit: "", credit: "66.50" },
      ],
    });
    for (const [path, listTitle, title, reasonText] of [
      [`/billing/payment?tradeNo=${MISTAKE}`, "付款", "作废付款（录入有误，编号保留）", "重复录入"],
      [`/billing/voucher?summary=${encodeURIComponent(VOUCHER)}`, "凭证", "作废凭证（凭证号保留）", "科目填错"],
    ] as const) {
      await open(path, listTitle);
      await expect.poll(() => rows().count()).toBe(1);
      const row = rows().first();
      await row.locator(".list-row-actions").getByRole("button", { name: /更多/ }).click();
      const menu = page.locator(".ant-dropdown:not(.ant-dropdown-hidden) .ant-dropdown-menu");
      await inPlace(menu.locator(".ant-dropdown-menu-item").first());
      const more = (await menu.locator(".ant-dropdown-menu-item").allTextContents()).map((text) => text.trim());
      expect(more).toContain("作废");
      expect(more).not.toContain("删除");
      await page.keyboard.press("Escape");
      await rowAction(page, row, "作废");
      const reason = await openedDialog(page, title);
      await reason.getByLabel("原因").fill(reasonText);
      await reason.getByRole("button", { name: /确\s*定/ }).click();
      await expect.poll(() => toast("作废成功").count()).toBeGreaterThan(0);
      await expect.poll(() => cellText(rows().first(), "状态")).toBe("已作废");
      expect(await rows().first().getByText("编辑", { exact: true }).count()).toBe(0);
    }
  });

  it("reverses a posted voucher with a reason: the red voucher's amounts are negative and red, the original 已冲销", { timeout: 120_000 }, async () => {
    await backend("POST", "/billing/voucher/add", {
      voucherDate: "2031-09-03",
      summary: POSTED_VOUCHER,
      entries: [
        { account: "1002 银行存款", debit: "1200.50", credit: "" },
        { account: "6001 学费收入", debit: "", credit: "1200.50" },
      ],
    });
    const original = await firstRecord<{ id: string; voucherNo: string }>(`/billing/voucher/list?summary=${encodeURIComponent(POSTED_VOUCHER)}`);
    await backend("POST", "/billing/voucher/post", { id: original.id });
    await open(`/billing/voucher?summary=${encodeURIComponent(POSTED_VOUCHER)}`, "凭证");
    await expect.poll(() => rows().count()).toBe(1);
    await rowAction(page, rows().first(), "冲销");
    const reason = await openedDialog(page, "红字冲销（生成金额为负的冲销凭证，原凭证标为已冲销）");
    await reason.getByLabel("原因").fill("金额录错");
    await reason.getByRole("button", { name: /确\s*定/ }).click();
    await expect.poll(() => toast("冲销成功").count()).toBeGreaterThan(0);
    await expect.poll(() => cellText(rows().first(), "状态")).toBe("已冲销");
    expect(await rows().first().getByText("冲销", { exact: true }).count()).toBe(0);

    const red = await firstRecord<{ voucherNo: string; summary: string }>(`/billing/voucher/list?reversalOfNo=${original.voucherNo}`);
    expect(red.summary).toBe(`冲销 ${original.voucherNo}：金额录错`);
    await open(`/billing/voucher?voucherNo=${red.voucherNo}`, "凭证");
    await expect.poll(() => rows().count()).toBe(1);
    const row = rows().first();
    expect(await cellText(row, "状态")).toBe("已过账");
    expect(await cellText(row, "借方合计")).toBe("-1,200.50");
    expect(await row.locator(".money-negative").first().evaluate((element) => getComputedStyle(element).color)).toBe(RED);
    // A red voucher is not reversed again.
    expect(await row.getByText("冲销", { exact: true }).count()).toBe(0);
    const detail = await openDetail(row);
    const lines = detail.locator(".voucher-entries-field");
    // 详情 shows the lines as a table, not editors (docs/decisions/164): the negative figures red.
    await expect.poll(() => lines.locator("tbody td.money-negative").count()).toBe(2);
    expect(await lines.locator("tbody td.money-negative").first().innerText()).toBe("-1,200.50");
    expect(await lines.locator("tbody td.money-negative").first().evaluate((element) => getComputedStyle(element).color)).toBe(RED);
    expect((await detailLines(detail)).join("\n")).toContain(`冲销原凭证 ${original.voucherNo}`);
    await detail.getByRole("button", { name: "关闭" }).click();
  });
});
