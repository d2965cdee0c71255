// 账龄分析 in Chromium as the school's finance officer (issue #33 item 2, docs/decisions/110 and 180):
// this file's own family owes six bills whose due dates, counted back from the school's today, put
// their open amounts into every column (one of them partly paid, two in 90天以上); the family's row
// shows exactly those amounts, formatted as everywhere (formatMoney), and its 合计; a figure's link
// lists exactly the family's bills of that column, the payer's 合计 all its open bills, and a figure
// of the totals' row every bill it counts. A teacher has no 账龄分析 in his menu and is refused the page.
// The family's amounts are millions, so it is the report's first payer whatever other files bill.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Locator, Page } from "playwright-core";
import { hydrated, launchBrowser, newPage, signInAs } from "./support/browser";
import { cellText, listRows, listTotal } from "./support/list";
import { backendApi, type BackendCall } from "./support/api";
import { E2E_DEMO_PASSWORD } from "./support/constants";
import { AGEING_BUCKETS, type AgeingBucketKey } from "../../contract/modules/billing";
import { formatMoney, sumAmounts } from "../../contract/money";

let browser: Browser;
let page: Page;
let backend: BackendCall;
let firstRecord: <T>(path: string) => Promise<T>;

const FAMILY = "账龄端到端家长";
const STUDENT = "账龄端到端学生";
/** The school's today (the report's default date), from the backend's clock. */
let today = "";
/** The date `days` after the school's today (before it when negative). */
const dayOffset = (days: number) => new Date(Date.parse(`${today}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** The family's bills: a term nothing else bills each, due `due` days from today, `paid` of it paid. */
const BILLS: Array<{ schoolYear: string; due: number; price: string; paid?: string; bucket: AgeingBucketKey }> = [
  { schoolYear: "2041-2042", due: 20, price: "1000000.00", bucket: "notDue" },
  { schoolYear: "2042-2043", due: -10, price: "1200000.10", bucket: "0-30" },
  { schoolYear: "2043-2044", due: -45, price: "2300000.00", paid: "300000.25", bucket: "31-60" },
  { schoolYear: "2044-2045", due: -75, price: "1400000.30", bucket: "61-90" },
  { schoolYear: "2045-2046", due: -120, price: "1500000.40", bucket: "90+" },
  { schoolYear: "2046-2047", due: -200, price: "100.05", bucket: "90+" },
];
/** Bill numbers by school year, once added. */
const billNos = new Map<string, string>();
const openOf = (bill: (typeof BILLS)[number]) => sumAmounts([bill.price]) - sumAmounts([bill.paid ?? "0"]);
const billsOf = (bucket: AgeingBucketKey | null) => BILLS.filter((bill) => bucket === null || bill.bucket === bucket);
const expectedFigure = (bucket: AgeingBucketKey | null) => formatMoney(billsOf(bucket).reduce((sum, bill) => sum + openOf(bill), 0n));

beforeAll(async () => {
  ({ backend, firstRecord } = await backendApi());
  today = (await backend<{ asOf: string }>("GET", "/billing/ageing?pageSize=1")).asOf;
  await backend("POST", "/school/parent/add", { name: FAMILY, sex: "1" });
  const parentId = (await firstRecord<{ id: string }>(`/school/parent/list?name=${encodeURIComponent(FAMILY)}`)).id;
  await backend("POST", "/school/student/add", { nameCn: STUDENT, sex: "1", grade: "4", status: "1", parents: [{ parentId, relation: "1", isPayer: true }] });
  const studentId = (await firstRecord<{ id: string }>(`/school/student/list?nameCn=${encodeURIComponent(STUDENT)}`)).id;
  for (const bill of BILLS) {
    await backend("POST", "/billing/bill/add", { studentId, schoolYear: bill.schoolYear, term: "1", dueDate: dayOffset(bill.due), items: [{ name: "学费", quantity: "1", unitPrice: bill.price }] });
    const added = await firstRecord<{ id: string; billNo: string; payerId: string }>(`/billing/bill/list?schoolYear=${bill.schoolYear}&studentId=${studentId}`);
    expect(added.payerId).toBe(parentId);
    billNos.set(bill.schoolYear, added.billNo);
    if (bill.paid) {
      await backend("POST", "/billing/payment/add", { payerType: "1", payerId: parentId, channel: "3", amount: bill.paid, paidAt: `${today} 00:00:00`, allocations: [{ billId: added.id, amount: bill.paid }] });
    }
  }

  browser = await launchBrowser();
  page = await newPage(browser);
  page.setDefaultTimeout(15_000);
  await signInAs(page, "finance_wang", E2E_DEMO_PASSWORD);
});
afterAll(async () => {
  await browser?.close();
});

const COLUMNS = ["付款方", "付款方类型", ...AGEING_BUCKETS.map((bucket) => bucket.label), "合计"];
const columnOf = (bucket: AgeingBucketKey | null) => COLUMNS.indexOf(bucket === null ? "合计" : AGEING_BUCKETS.find((candidate) => candidate.key === bucket)!.label);
const familyRow = () => page.locator(".ageing-table .ant-table-tbody tr.ant-table-row").filter({ hasText: FAMILY });
const totalsRow = () => page.locator(".ageing-table tr.ageing-totals");
const billRows = () => listRows(page, "账单");

/** 账龄分析 of today: reached from 收费管理's menu the first time, then by its address. */
async function openReport(fromMenu = false): Promise<void> {
  if (fromMenu) {
    await page.goto("/billing/bill");
    await hydrated(page);
    await page.getByTestId("side-menu").getByRole("link", { name: "账龄分析" }).click();
    await page.waitForURL((url) => url.pathname === "/billing/ageing");
  } else await page.goto("/billing/ageing");
  await hydrated(page);
  expect(await page.getByLabel("截止日期").inputValue()).toBe(today);
}

/** The bill numbers and payers the bill list shows, and its 共N条 (the list at `link`, followed). */
async function follow(link: Locator | string): Promise<{ billNos: string[]; payers: string[]; total: number }> {
  if (typeof link === "string") await page.goto(link);
  else await link.click();
  await page.waitForURL((url) => url.pathname === "/billing/bill");
  await hydrated(page);
  expect(new URL(page.url()).searchParams.get("asOf")).toBe(today);
  const totalText = listTotal(page);
  await expect.poll(() => totalText.count()).toBe(1);
  const total = Number(/共(\d+)条/.exec((await totalText.textContent()) ?? "")?.[1]);
  const search = new URL(page.url()).searchParams;
  const pageSize = Number(search.get("pageSize") ?? 10);
  await expect.poll(() => billRows().count()).toBe(Math.min(total - (Number(search.get("pageNo") ?? 1) - 1) * pageSize, pageSize));
  const shown: string[] = [];
  const payers: string[] = [];
  for (let index = 0; index < (await billRows().count()); index++) {
    shown.push(await cellText(billRows().nth(index), "账单编号"));
    payers.push(await cellText(billRows().nth(index), "付款方"));
  }
  return { billNos: shown.sort(), payers, total };
}

describe("账龄分析", () => {
  it("shows the family's open amounts by days overdue, and each figure's link lists exactly its bills", async () => {
    await openReport(true);
    // The family is the first payer: its row's figures are the open amounts of its bills.
    const first = page.locator(".ageing-table .ant-table-tbody tr.ant-table-row").first();
    expect(await first.locator("td").nth(0).textContent()).toBe(FAMILY);
    expect(await familyRow().locator("td").nth(1).textContent()).toBe("家长");
    for (const bucket of [...AGEING_BUCKETS.map((candidate) => candidate.key), null]) {
      const cell = familyRow().locator("td").nth(columnOf(bucket));
      expect(await cell.textContent(), bucket ?? "合计").toBe(expectedFigure(bucket));
      expect(await cell.locator("a").getAttribute("title")).toBe(`${billsOf(bucket).length}张账单`);
    }
    expect(expectedFigure(null)).toBe("7,100,100.60");
    expect(expectedFigure("31-60")).toBe("1,999,999.75");

    // 90天以上 of the family: its two bills there, and nothing else.
    const numbersOf = (bucket: AgeingBucketKey | null) => billsOf(bucket).map((bill) => billNos.get(bill.schoolYear)!).sort();
    let listed = await follow(familyRow().locator("td").nth(columnOf("90+")).locator("a"));
    expect(listed.billNos).toEqual(numbersOf("90+"));
    expect(listed.payers).toEqual([FAMILY, FAMILY]);
    // 31-60天: the partly paid bill.
    await openReport();
    listed = await follow(familyRow().locator("td").nth(columnOf("31-60")).locator("a"));
    expect(listed.billNos).toEqual(numbersOf("31-60"));
    // The family's 合计: every open bill of the family, those not yet due too.
    await openReport();
    listed = await follow(familyRow().locator("td").nth(columnOf(null)).locator("a"));
    expect(listed.billNos).toEqual(numbersOf(null));
    expect(listed.total).toBe(BILLS.length);

    // The totals' 90天以上: as many bills as it counts, whoever pays them, the family's among them.
    await openReport();
    const totals = totalsRow().locator("td").nth(columnOf("90+") - 1).locator("a");
    const counted = Number((await totals.getAttribute("title"))!.replace("张账单", ""));
    expect(counted).toBeGreaterThanOrEqual(2);
    listed = await follow(totals);
    expect(listed.total).toBe(counted);
    expect(new URL(page.url()).searchParams.has("payerId")).toBe(false);
    // Its pages of 30 together: that many different bills, the family's two among them.
    const address = page.url();
    const all = new Set<string>();
    for (let pageNo = 1; pageNo <= Math.ceil(counted / 30); pageNo++) for (const billNo of (await follow(`${address}&pageSize=30&pageNo=${pageNo}`)).billNos) all.add(billNo);
    expect(all.size).toBe(counted);
    expect([...all]).toEqual(expect.arrayContaining(numbersOf("90+")));
  });

  it("is not in a teacher's menu, and a teacher is refused the page", async () => {
    const teacher = await newPage(browser);
    await signInAs(teacher, "teacher_li", E2E_DEMO_PASSWORD);
    await hydrated(teacher);
    // His menu is there, without 收费管理 (nor a link to the report anywhere).
    expect(await teacher.getByTestId("side-menu").getByText(/^首页$/).count()).toBe(1);
    expect(await teacher.getByTestId("side-menu").getByText(/^收费管理$/).count()).toBe(0);
    expect(await teacher.locator('a[href^="/billing/ageing"]').count()).toBe(0);
    const refused = await teacher.goto("/billing/ageing");
    expect(refused?.status()).toBe(403);
    expect(await teacher.getByText("抱歉，你无权访问该页面").isVisible()).toBe(true);
    await teacher.context().close();
  });
});
