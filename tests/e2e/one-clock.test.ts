// One clock (issue #32 item 3, docs/decisions/133): with the server in the school's zone
// (Asia/Shanghai), a browser in UTC or in America/New_York sees the very texts a browser in Shanghai
// sees on 缴费记录 (the payment list), the receipt list and a receipt's print view; the print view's
// 付款时间 and 开具日期 are those of the lists; and the date picker's 此刻 is the school's now.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Locator, Page } from "playwright-core";
import { clickInPlace, hydrated, inPlace, launchBrowser, newPage, openedDialog, useSession } from "./support/browser";
import { cellText, listRows } from "./support/list";
import { E2E_DEMO_PASSWORD } from "./support/constants";
import { DEFAULT_SCHOOL_TIME_ZONE, formatWireDateTime, parseWireDate } from "../../contract/clock";

const SERVER_ZONE = process.env.SCHOOL_TIMEZONE || DEFAULT_SCHOOL_TIME_ZONE;
const BROWSER_ZONES = ["Asia/Shanghai", "UTC", "America/New_York"] as const;
const WIRE_TIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

interface Seen {
  browserZone: string;
  /** 付款单号 and 付款时间 of the payment list's first rows. */
  payments: string[];
  /** 收据编号, 付款单号 and 开具时间 of the receipt list's first rows. */
  receipts: string[];
  /** The first receipt's print view: 开具日期 and 付款时间. */
  print: { issued: string; paid: string };
  /** 付款时间 of the first receipt's payment in the payment list. */
  receiptPaymentPaidAt: string;
  /** 开具时间 of the first receipt in the receipt list. */
  receiptIssuedAt: string;
  /** The payment form's 付款时间 after 此刻, and the instants just before and after the click. */
  now: { text: string; before: number; after: number };
}

/** Whether `text`, read on the school's clock, is an instant between `before` and `after` (to the second). */
function isNowOnSchoolClock(text: string, before: number, after: number): boolean {
  const picked = parseWireDate(text, SERVER_ZONE)?.start.getTime();
  return picked !== undefined && picked >= Math.floor(before / 1000) * 1000 - 1000 && picked <= after + 1000;
}


async function open(page: Page, path: string) {
  await page.goto(path);
  await hydrated(page);
}

/** The texts of `row`'s cells under the columns titled `titles`. */
async function cells(row: Locator, titles: string[]): Promise<string[]> {
  return Promise.all(titles.map((title) => cellText(row, title)));
}

async function firstRows(page: Page, list: string, titles: string[], count = 5): Promise<string[]> {
  await listRows(page, list).first().waitFor();
  const found = Math.min(count, await listRows(page, list).count());
  const texts: string[] = [];
  for (let index = 0; index < found; index++) texts.push((await cells(listRows(page, list).nth(index), titles)).join(" | "));
  return texts;
}

async function look(timezoneId: string): Promise<Seen> {
  const page = await newPage(browser, { timezoneId });
  page.setDefaultTimeout(15_000);
  try {
    await useSession(page, "finance_wang", E2E_DEMO_PASSWORD);
    await open(page, "/billing/payment");
    const browserZone = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
    const payments = await firstRows(page, "付款", ["付款单号", "付款时间"]);

    await open(page, "/billing/receipt");
    const receipts = await firstRows(page, "收据", ["收据编号", "付款单号", "开具时间"]);
    const receipt = listRows(page, "收据").first();
    const id = await receipt.getAttribute("data-row-key");
    expect(id).toBeTruthy();
    const [paymentNo, receiptIssuedAt] = await cells(receipt, ["付款单号", "开具时间"]);

    await page.goto(`/billing/receipt/print?id=${encodeURIComponent(id!)}`);
    const sheet = page.locator("main.sheet");
    const issued = /开具日期：(\S+)/.exec((await sheet.locator(".meta").textContent()) ?? "")?.[1] ?? "";
    const paid = ((await sheet.locator('th:text-is("付款时间") + td').textContent()) ?? "").trim();

    await open(page, `/billing/payment?paymentNo=${encodeURIComponent(paymentNo!)}`);
    const paymentRow = listRows(page, "付款").filter({ hasText: paymentNo! }).first();
    await paymentRow.waitFor();
    const [receiptPaymentPaidAt] = await cells(paymentRow, ["付款时间"]);

    // 新增: the date picker's 此刻 fills in the school's now.
    await open(page, "/billing/payment");
    await page.getByRole("button", { name: /新\s*增/ }).first().click();
    const dialog = await openedDialog(page, "新增");
    await dialog.getByLabel("付款金额").waitFor();
    const paidAt = dialog.locator(".ant-form-item").filter({ has: page.locator('label:text-is("付款时间")') }).locator("input");
    const nowButton = page.locator(".ant-picker-dropdown:visible .ant-picker-now-btn");
    // The picker is a popup: opened again when a click on the input was lost, and 此刻 clicked once in
    // place (a click while the popup is still placed may miss it, or cross a day cell whose value the
    // input previews for a moment).
    await expect
      .poll(async () => {
        if (!(await nowButton.isVisible())) await paidAt.click({ timeout: 2_000 }).catch(() => undefined);
        return nowButton.isVisible();
      })
      .toBe(true);
    const before = Date.now();
    await clickInPlace(nowButton);
    await expect
      .poll(async () => {
        const text = await paidAt.inputValue();
        if (text === "") {
          if (!(await nowButton.isVisible())) await paidAt.click({ timeout: 2_000 }).catch(() => undefined);
          await inPlace(nowButton, 2_000)
            .then(() => nowButton.click({ timeout: 2_000 }))
            .catch(() => undefined);
        }
        return paidAt.inputValue();
      })
      .toSatisfy((text: string) => WIRE_TIME.test(text) && isNowOnSchoolClock(text, before, Date.now()));
    const after = Date.now();
    return {
      browserZone,
      payments,
      receipts,
      print: { issued, paid },
      receiptPaymentPaidAt: receiptPaymentPaidAt!,
      receiptIssuedAt: receiptIssuedAt!,
      now: { text: await paidAt.inputValue(), before, after },
    };
  } finally {
    await page.context().close();
  }
}

describe("one clock, whatever the browser's zone", () => {
  const seen = new Map<string, Seen>();

  it.each(BROWSER_ZONES)("a browser in %s shows the school's times", async (zone) => {
    const view = await look(zone);
    seen.set(zone, view);
    expect(view.browserZone).toBe(zone);
    expect(view.payments.length).toBeGreaterThan(0);
    expect(view.receipts.length).toBeGreaterThan(0);
    for (const text of [...view.payments, ...view.receipts]) expect(text.split(" | ").at(-1)).toMatch(WIRE_TIME);
    // The print view prints the lists' times (the school's), to the minute and to the day.
    expect(view.print.paid).toBe(view.receiptPaymentPaidAt.slice(0, 16));
    expect(view.print.issued).toBe(view.receiptIssuedAt.slice(0, 10));
    // 此刻 is the school's clock: read in the server's zone it is the instant of the click (to the second).
    expect(isNowOnSchoolClock(view.now.text, view.now.before, view.now.after), `${view.now.text} against ${formatWireDateTime(new Date(view.now.before), SERVER_ZONE)}`).toBe(true);
  });

  it("shows the same texts in UTC and in America/New_York as in Asia/Shanghai", () => {
    const shanghai = seen.get("Asia/Shanghai");
    expect(shanghai).toBeDefined();
    for (const zone of ["UTC", "America/New_York"]) {
      const other = seen.get(zone)!;
      expect(other.payments).toEqual(shanghai!.payments);
      expect(other.receipts).toEqual(shanghai!.receipts);
      expect(other.print).toEqual(shanghai!.print);
      expect(other.receiptPaymentPaidAt).toBe(shanghai!.receiptPaymentPaidAt);
    }
  });
});
