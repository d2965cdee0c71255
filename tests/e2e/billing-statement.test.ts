// 对账单 in Chromium as the school's finance officer (issue #33 item 2, docs/decisions/160): a family
// chosen with the payer pickers and its statement shown; from 应收账单 the family's statement closes
// with the 余额 its receivable shows; the A4 print view opened; the statement e-mailed to the
// family, received by the test's own SMTP server with 应收, 已收 and 余额.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { cellText, chooseOption, hydrated, launchBrowser, newPage, rowAction, signInAs, smtpPort, typeSearch } from "./support/browser";
import { E2E_DEMO_PASSWORD } from "./support/constants";
import { formatMoney, sumAmounts } from "../../contract/money";
import { startTestSmtp, type TestSmtp } from "../support/smtp";

let browser: Browser;
let smtp: TestSmtp;
let page: Page;

beforeAll(async () => {
  browser = await launchBrowser();
  smtp = await startTestSmtp(smtpPort());
  page = await newPage(browser);
  page.setDefaultTimeout(15_000);
  await signInAs(page, "finance_wang", E2E_DEMO_PASSWORD);
});
afterAll(async () => {
  await browser?.close();
  await smtp?.stop();
});

const figure = (label: string) => page.locator(".statement-figures").locator("th", { hasText: new RegExp(`^${label}$`) }).locator("xpath=following-sibling::td[1]");

describe("statements", () => {
  it("shows a family's statement chosen with the pickers, prints it and e-mails it", async () => {
    // A family with a receivable.
    await page.goto("/billing/receivableBill?payerType=1");
    await hydrated(page);
    const row = page.locator(".list-page .ant-table-tbody tr.ant-table-row").first();
    const family = await cellText(page, row, "付款方");

    // Chosen with the pickers: 付款方类型 家长, the family by name, a period over three years back.
    await page.goto("/billing/statement");
    await hydrated(page);
    await chooseOption(page, page.getByLabel("付款方类型"), "家长");
    const payer = page.locator(".statement-choice .ant-select").nth(1);
    await payer.click();
    await typeSearch(page, family);
    await chooseOption(page, payer, family);
    await page.getByLabel("开始日期").fill("2023-01-01");
    await page.getByRole("button", { name: /^查\s*询$/ }).click();
    await expect.poll(() => figure("付款方").textContent()).toBe(family);
    await expect.poll(() => page.url()).toContain("from=2023-01-01");

    // From 应收账单: the family's statement closes with what its receivables owe, every period's 余额
    // together (the files before this one on the same server may have given the family a new term).
    await page.goto("/billing/receivableBill?payerType=1");
    await hydrated(page);
    await rowAction(page, page.locator(".list-page .ant-table-tbody tr.ant-table-row").first(), "查看对账单");
    await page.waitForURL(/\/billing\/statement\?/);
    const statementUrl = page.url();
    await hydrated(page);
    const payerName = await figure("付款方").textContent();
    const payerId = new URL(statementUrl).searchParams.get("payerId");
    await page.goto(`/billing/receivableBill?payerType=1&payerId=${payerId}&pageSize=100`);
    await hydrated(page);
    const rows = page.locator(".list-page .ant-table-tbody tr.ant-table-row");
    const balances: string[] = [];
    for (let index = 0; index < (await rows.count()); index++) {
      expect(await cellText(page, rows.nth(index), "付款方")).toBe(payerName);
      balances.push((await cellText(page, rows.nth(index), "余额")).replace(/,/g, ""));
    }
    expect(balances.length).toBeGreaterThan(0);
    const closing = formatMoney(sumAmounts(balances));
    await page.goto(statementUrl);
    await hydrated(page);
    await expect.poll(() => figure("期末余额").textContent()).toBe(closing);
    expect(await page.locator(".statement-lines .ant-table-tbody tr.ant-table-row").count()).toBeGreaterThan(0);

    // 打印: the A4 view in a new tab, with the same closing balance.
    const [print] = await Promise.all([page.context().waitForEvent("page"), page.getByRole("link", { name: /^打\s*印$/ }).click()]);
    await print.waitForLoadState();
    expect(await print.locator("h1").textContent()).toBe("对账单");
    expect(await print.locator("td.closing").textContent()).toBe(`¥${closing}`);
    await print.close();

    // 邮件发送: to the family's address, with 应收, 已收 and 余额.
    await page.getByRole("button", { name: "邮件发送" }).click();
    await page.locator(".ant-message").getByText("对账单已发送").waitFor();
    const mail = await smtp.waitForMail(1);
    expect(mail.subject).toContain(`${family} 对账单`);
    expect(mail.text).toContain("本期应收：¥");
    expect(mail.text).toContain("本期已收：¥");
    expect(mail.text).toContain(`期末余额：¥${closing}`);
    expect(mail.attachments[0]!.filename).toMatch(/^对账单-.+\.xlsx$/);
  });
});
