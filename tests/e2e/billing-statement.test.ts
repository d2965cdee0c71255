// 对账单 in Chromium as the school's finance officer (issue #33 item 2, docs/decisions/160): a family
// chosen with the payer pickers and its statement shown; from 应收账单 the family's statement closes
// with the 余额 its receivables show; the A4 print view opened; the statement e-mailed to the
// family, received by the test's own SMTP server with 应收, 已收 and 余额.
// The family is this file's own (a parent with an e-mail, his child, a bill of a term nothing else
// bills, a part of it paid): other files' records on the same worker's server once made the newest
// family a parent without an e-mail, whose payment is dated years ahead — counted by 应收账单, not yet
// by a statement ending today (docs/decisions/169).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { chooseOption, hydrated, launchBrowser, newPage, rowAction, signInAs, smtpPort, typeSearch } from "./support/browser";
import { cellText, listRows } from "./support/list";
import { backendApi, type BackendCall } from "./support/api";
import { E2E_DEMO_PASSWORD } from "./support/constants";
import { formatMoney, sumAmounts } from "../../contract/money";
import { startTestSmtp, type TestSmtp } from "../support/smtp";

let browser: Browser;
let smtp: TestSmtp;
let page: Page;
let backend: BackendCall;
let firstRecord: <T>(path: string) => Promise<T>;

const FAMILY = "对账单端到端家长";
const STUDENT = "对账单端到端学生";
/** A term nothing else bills. */
const SCHOOL_YEAR = "2035-2036";

beforeAll(async () => {
  ({ backend, firstRecord } = await backendApi());
  // The family: a paying parent with an e-mail, his child, the term's bill, 1,000.25 of it paid.
  await backend("POST", "/school/parent/add", { name: FAMILY, sex: "1", email: "statement.e2e@family.example" });
  const parentId = (await firstRecord<{ id: string }>(`/school/parent/list?name=${encodeURIComponent(FAMILY)}`)).id;
  await backend("POST", "/school/student/add", { nameCn: STUDENT, sex: "2", grade: "3", status: "1", parents: [{ parentId, relation: "1", isPayer: true }] });
  const studentId = (await firstRecord<{ id: string }>(`/school/student/list?nameCn=${encodeURIComponent(STUDENT)}`)).id;
  await backend("POST", "/billing/bill/add", { studentId, schoolYear: SCHOOL_YEAR, term: "1", items: [{ name: "学费", quantity: "1", unitPrice: "12345.50" }] });
  const billId = (await firstRecord<{ id: string }>(`/billing/bill/list?schoolYear=${SCHOOL_YEAR}`)).id;
  await backend("POST", "/billing/payment/add", { payerType: "1", payerId: parentId, channel: "3", amount: "1000.25", paidAt: "2026-11-01 10:00:00", allocations: [{ billId, amount: "1000.25" }] });

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
const receivables = `/billing/receivableBill?payerType=1&payerName=${encodeURIComponent(FAMILY)}`;

describe("statements", () => {
  it("shows a family's statement chosen with the pickers, prints it and e-mails it", async () => {
    // The family has a receivable.
    await page.goto(receivables);
    await hydrated(page);
    const row = listRows(page, "应收账单").first();
    expect(await cellText(row, "付款方")).toBe(FAMILY);

    // Chosen with the pickers: 付款方类型 家长, the family by name, a period over three years back.
    await page.goto("/billing/statement");
    await hydrated(page);
    await chooseOption(page, page.getByLabel("付款方类型"), "家长");
    const payer = page.locator(".statement-choice .ant-select").nth(1);
    await payer.click();
    await typeSearch(page, FAMILY);
    await chooseOption(page, payer, FAMILY);
    await page.getByLabel("开始日期").fill("2023-01-01");
    await page.getByRole("button", { name: /^查\s*询$/ }).click();
    await expect.poll(() => figure("付款方").textContent()).toBe(FAMILY);
    await expect.poll(() => page.url()).toContain("from=2023-01-01");

    // From 应收账单: the family's statement (its default period) closes with what its receivables
    // owe, every period's 余额 together.
    await page.goto(receivables);
    await hydrated(page);
    await rowAction(page, listRows(page, "应收账单").first(), "查看对账单");
    await page.waitForURL(/\/billing\/statement\?/);
    const statementUrl = page.url();
    await hydrated(page);
    expect(await figure("付款方").textContent()).toBe(FAMILY);
    const payerId = new URL(statementUrl).searchParams.get("payerId");
    await page.goto(`/billing/receivableBill?payerType=1&payerId=${payerId}&pageSize=100`);
    await hydrated(page);
    const rows = listRows(page, "应收账单");
    const balances: string[] = [];
    for (let index = 0; index < (await rows.count()); index++) {
      expect(await cellText(rows.nth(index), "付款方")).toBe(FAMILY);
      balances.push((await cellText(rows.nth(index), "余额")).replace(/,/g, ""));
    }
    expect(balances.length).toBeGreaterThan(0);
    const closing = formatMoney(sumAmounts(balances));
    expect(closing).toBe("11,345.25");
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
    expect(mail.subject).toContain(`${FAMILY} 对账单`);
    expect(JSON.stringify(mail.to)).toContain("statement.e2e@family.example");
    expect(mail.text).toContain("本期应收：¥");
    expect(mail.text).toContain("本期已收：¥");
    expect(mail.text).toContain(`期末余额：¥${closing}`);
    expect(mail.attachments[0]!.filename).toMatch(/^对账单-.+\.xlsx$/);
  });
});
