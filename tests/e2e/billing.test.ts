// Fees and billing in Chromium as the school's finance officer (issue #12 part B): generate a
// term's bills (preview, confirm, see them), try again and see nothing doubled; e-mail a
// corporation its receivable bill to the test's own SMTP server and find the right total in the
// attached .xlsx; with SMTP down the mail shows 失败, and 重发 delivers it once it is back; a bill's
// quantity changed in the items grid comes back as the total the backend computed again.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import ExcelJS from "exceljs";
import type { Browser, Page } from "playwright-core";
import { hydrated, launchBrowser, newPage, signInAs, chooseOption, rowAction, smtpPort } from "./support/browser";
import { cellText, listRows, listTotal } from "./support/list";
import { E2E_DEMO_PASSWORD } from "./support/constants";
import { fenToYuan, formatMoney, multiplyFen, toFen } from "../../contract/money";
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

/** The list open now (open), by its title. */
let list = "";
const rows = () => listRows(page, list);
const message = (text: string | RegExp) => page.locator(".ant-message").getByText(text);

async function open(path: string, title: string) {
  list = title;
  await page.goto(path);
  await hydrated(page);
}


async function chooseSecondTerm(dialog: ReturnType<Page["locator"]>) {
  // The dialog has more than one select since generation can be limited to a grade (issue #33).
  await chooseOption(page, dialog.getByLabel("学期"), "下学期");
}

/** The 合计 of the statement's last row (column 应付金额). */
async function statementTotal(content: Buffer): Promise<string> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(content as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0]!;
  const total = sheet.getRow(sheet.rowCount - 2);
  expect(total.getCell(1).value).toBe("合计");
  expect(sheet.getRow(sheet.rowCount).getCell(1).value).toBe("余额");
  return Number(total.getCell(7).value).toFixed(2);
}

describe("fees and billing", () => {
  it("previews and generates a term's bills, and never doubles them", async () => {
    await open("/billing/bill", "账单");
    await page.locator(".list-toolbar").getByRole("button", { name: "生成账单" }).click();
    const dialog = page.getByRole("dialog", { name: "生成账单" });
    await dialog.getByLabel("学年").fill("2026-2027");
    await chooseSecondTerm(dialog);
    await dialog.getByRole("button", { name: /预\s*览/ }).click();
    const summary = dialog.locator(".ant-alert");
    await expect.poll(() => summary.textContent()).toMatch(/^将生成 (\d+) 张账单，应付合计 [\d,.]+$/);
    const planned = Number(/将生成 (\d+) 张/.exec((await summary.textContent())!)![1]);
    expect(planned).toBeGreaterThan(200); // the demo school's active students
    // The first page of the planned bills (a student without a payer, added by another file on this
    // worker's server, would be listed apart under 无付款人).
    await expect.poll(() => dialog.locator(".planned-bills .ant-table-tbody tr.ant-table-row").count()).toBe(8);

    await dialog.getByRole("button", { name: "确认生成" }).click();
    await expect.poll(() => message(`已生成${planned}张账单`).count()).toBe(1);
    await expect.poll(() => dialog.isVisible()).toBe(false);

    // See them: the term's bills, one per student.
    await open("/billing/bill?schoolYear=2026-2027&term=2", "账单");
    await expect.poll(() => listTotal(page).textContent()).toContain(`共${planned}条`);

    // Again: nothing left to bill, every student named as skipped, nothing created.
    await page.locator(".list-toolbar").getByRole("button", { name: "生成账单" }).click();
    await chooseSecondTerm(dialog);
    await dialog.getByRole("button", { name: /预\s*览/ }).click();
    await expect.poll(() => summary.textContent()).toMatch(new RegExp(`^将生成 0 张账单，应付合计 0\\.00跳过 ${planned} 名本学期已有账单的学生：`));
    await dialog.getByRole("button", { name: "确认生成" }).click();
    await expect.poll(() => message(`已生成0张账单，跳过${planned}名已有账单的学生`).count()).toBe(1);
    await open("/billing/bill?schoolYear=2026-2027&term=2", "账单");
    await expect.poll(() => listTotal(page).textContent()).toContain(`共${planned}条`);
  });

  it("e-mails a corporation its receivable bill with the statement attached", async () => {
    await open("/billing/receivableBill?payerType=2&period=2026-2027-1", "应收账单");
    const row = rows().first();
    await row.waitFor();
    await rowAction(page, row, "邮件发送", { confirm: true });
    await expect.poll(() => message("邮件发送成功").count()).toBe(1);
    const mail = await smtp.waitForMail(1);
    const shown = /应收金额：¥([\d,.]+)/.exec(mail.text ?? "")![1]!;
    const expected = fenToYuan(toFen(shown.replaceAll(",", "")));
    expect(shown).toBe(formatMoney(expected));
    expect(mail.attachments).toHaveLength(1);
    expect(mail.attachments[0]!.filename).toMatch(/^应收账单-AR\d+\.xlsx$/);
    expect(await statementTotal(mail.attachments[0]!.content)).toBe(expected);
    // The same amount as the row shows, and the row now says when it was e-mailed.
    await open("/billing/receivableBill?payerType=2&period=2026-2027-1", "应收账单");
    await expect.poll(() => rows().first().textContent()).toContain(shown);
    await expect.poll(() => rows().first().textContent()).toMatch(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}/);
  });

  it("keeps a mail that fails while SMTP is down as 失败, and 重发 delivers it when it is back", async () => {
    await smtp.stop();
    await open("/billing/receivableBill?payerType=2&period=2026-2027-1", "应收账单");
    await rowAction(page, rows().nth(1), "邮件发送", { confirm: true });
    await expect.poll(() => page.locator(".ant-message, .ant-notification").getByText(/邮件发送失败/).count()).toBeGreaterThan(0);

    await open("/communication/mail", "邮件");
    const failed = rows().first();
    await expect.poll(() => failed.textContent()).toContain("失败");
    await expect.poll(() => failed.textContent()).toMatch(/ECONNREFUSED|connect/);

    await smtp.start();
    await rowAction(page, failed, "重发");
    await expect.poll(() => message("重发成功").count()).toBe(1);
    const mail = await smtp.waitForMail(2);
    expect(mail.attachments).toHaveLength(1);
    await expect.poll(() => rows().first().textContent()).toContain("已发送");
  });
  it("edits a bill's items in the grid, and the list shows the total the backend computed again", async () => {
    // A bill of the term generated above (unpaid, so editable); its receivable is not the mailed one.
    await open("/billing/bill?schoolYear=2026-2027&term=2", "账单");
    const bill = rows().first();
    await expect.poll(() => rows().count()).toBeGreaterThan(0);
    const billNo = await cellText(bill, "账单编号");
    expect(billNo).not.toBe("");
    await bill.getByText("编辑").click();
    const dialog = page.getByRole("dialog", { name: "编辑" });
    const gridRows = dialog.locator("[role=row][data-row-id]");
    const cell = (index: number, key: string) => gridRows.nth(index).locator(`[data-key="${key}"] input`);
    await expect.poll(() => gridRows.count()).toBeGreaterThan(0);
    await expect.poll(() => cell(0, "quantity").inputValue()).not.toBe("");

    const quantity = String(Number(await cell(0, "quantity").inputValue()) + 1);
    await cell(0, "quantity").fill(quantity);
    await cell(0, "quantity").blur();
    // Every row's 单价 × 数量 in fen: what the backend must store as the bill's 总金额.
    let expected = 0n;
    for (let index = 0; index < (await gridRows.count()); index += 1) {
      const figure = multiplyFen(toFen(await cell(index, "unitPrice").inputValue()), await cell(index, "quantity").inputValue());
      expected += figure;
      if (index === 0) await expect.poll(() => cell(0, "amount").inputValue()).toBe(fenToYuan(figure));
    }
    await expect.poll(() => dialog.locator(".bill-items-field").textContent()).toContain(`合计 ${formatMoney(expected)}`);
    await dialog.getByRole("button", { name: /确\s*定/ }).click();
    await expect.poll(() => message(/编辑成功/).count()).toBeGreaterThan(0);

    await open(`/billing/bill?billNo=${encodeURIComponent(billNo)}`, "账单");
    await expect.poll(() => rows().count()).toBe(1);
    await expect.poll(() => cellText(rows().first(), "总金额")).toBe(formatMoney(expected));

    // The reopened form shows the saved quantity in the grid.
    await rows().first().getByText("编辑").click();
    await expect.poll(() => gridRows.count()).toBeGreaterThan(0);
    await expect.poll(async () => toFen(await cell(0, "quantity").inputValue())).toBe(toFen(quantity));
    await dialog.getByRole("button", { name: /取\s*消/ }).click();
  });
});
