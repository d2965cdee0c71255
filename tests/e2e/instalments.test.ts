// Instalments in Chromium as the finance officer (issue #33 item 1, docs/decisions/159): a bill of
// 1,000.00 split into 3 by 分期 (one a month from the first date: 333.33, 333.33, 333.34), then paid
// in part (500.00): its 详情 shows the sub-table with the payment on the earliest instalments first.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { baseUrl, hydrated, launchBrowser, newPage, openedDialog, rowAction, useSession } from "./support/browser";
import { listRows } from "./support/list";
import { E2E_ADMIN_PASSWORD, E2E_DEMO_PASSWORD } from "./support/constants";

let browser: Browser;
let page: Page;
let token = "";
/** This file's own school year: nothing else bills 2033-2034. */
const SCHOOL_YEAR = "2033-2034";

async function backend<T>(method: string, path: string, body?: unknown): Promise<{ success: boolean; message: string; result: T }> {
  return (await fetch(`${baseUrl()}/jeecg-boot${path}`, {
    method,
    headers: { "Content-Type": "application/json", "X-Access-Token": token },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  }).then((response) => response.json())) as { success: boolean; message: string; result: T };
}

beforeAll(async () => {
  const login = (await fetch(`${baseUrl()}/jeecg-boot/sys/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ username: "admin", password: E2E_ADMIN_PASSWORD }),
  }).then((response) => response.json())) as { result: { token: string } };
  token = login.result.token;
  browser = await launchBrowser();
  page = await newPage(browser);
  await useSession(page, "finance_wang", E2E_DEMO_PASSWORD);
  // The first page of a fresh server may take longer than a click on a loaded machine.
  await page.goto("/billing/bill", { timeout: 60_000 });
  await hydrated(page);
  page.setDefaultTimeout(15_000);
});
afterAll(async () => {
  await browser?.close();
});

describe("instalments", () => {
  it("splits a bill into 3 instalments, and a part payment goes to the earliest first", async () => {
    // A bill of 1,000.00 for the first demo student with a payer.
    const students = (await backend<{ records: Array<{ id: string }> }>("GET", "/school/student/list?status=1&pageSize=50")).result.records;
    let billNo = "";
    for (const student of students) {
      const added = await backend("POST", "/billing/bill/add", { studentId: student.id, schoolYear: SCHOOL_YEAR, term: "1", items: [{ name: "学费", quantity: "1", unitPrice: "1000.00" }] });
      if (!added.success) continue;
      const bills = await backend<{ records: Array<{ billNo: string }> }>("GET", `/billing/bill/list?schoolYear=${SCHOOL_YEAR}`);
      billNo = bills.result.records[0]!.billNo;
      break;
    }
    expect(billNo).not.toBe("");

    await page.goto(`/billing/bill?billNo=${billNo}`);
    await hydrated(page);
    const row = listRows(page, "账单").first();
    await expect.poll(() => row.textContent()).toContain(billNo);
    await rowAction(page, row, "分期");
    const dialog = await openedDialog(page, "分期");
    await dialog.locator('input[name="firstDueDate"]').fill(`2033-09-01`);
    await expect.poll(() => dialog.locator('input[name="dueDate3"]').inputValue()).toBe("2033-11-01");
    await dialog.getByRole("button", { name: /确\s*定/ }).click();
    await expect.poll(() => page.locator(".ant-message").getByText("已分为3期").count()).toBe(1);

    const bill = (await backend<{ records: Array<{ id: string; payerType: string; payerId: string }> }>("GET", `/billing/bill/list?billNo=${billNo}`)).result.records[0]!;
    const paid = await backend("POST", "/billing/payment/add", { payerType: bill.payerType, payerId: bill.payerId, channel: "3", amount: "500.00", paidAt: "2026-08-20 10:00:00", allocations: [{ billId: bill.id, amount: "500.00" }] });
    expect(paid.success, paid.message).toBe(true);

    await page.goto(`/billing/bill?billNo=${billNo}`);
    await hydrated(page);
    await expect.poll(() => row.textContent()).toContain("部分");
    await rowAction(page, row, "详情");
    const detail = await openedDialog(page, "详情");
    const lines = detail.locator(".bill-instalments .ant-table-tbody tr.ant-table-row");
    await expect.poll(() => lines.count()).toBe(3);
    const texts = await lines.evaluateAll((rows) => rows.map((tr) => [...tr.querySelectorAll("td")].map((td) => td.textContent?.trim())));
    expect(texts).toEqual([
      ["1", "2033-09-01", "333.33", "333.33", "0.00", "已付"],
      ["2", "2033-10-01", "333.33", "166.67", "166.66", "部分"],
      ["3", "2033-11-01", "333.34", "0.00", "333.34", "未付"],
    ]);
  });
});
