// One table before and after JavaScript (issue #35 item 2): the list engine renders one table markup
// on the server, and JavaScript enhances it in place. The same steps on 用户管理 in a browser without
// JavaScript (links and GET forms, a document load each) and in one with it (hydrated, no document
// load): search, sort, page 2, a row's box, 新增 and back. After each step both show the same table:
// the same column titles and sorted header (aria-sort), the same rows in the same order (row keys and
// cell texts), the same page and total, the same boxes ticked; and the hydrated page keeps the table
// the server sent (no table is ever removed from its document). Only the 操作 cell differs by
// design: 编辑 详情 删除 links before JavaScript, 编辑 and the 更多 menu after it.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { hydrated, launchBrowser, newPage, useSession } from "./support/browser";
import { backendApi } from "./support/api";
import { columnHeader, columnHeaders, listRows, listTable, pager, records, rowBox } from "./support/list";

const LIST = "用户管理";
/** This file's users: twelve, so that the searched list has a page 2. */
const USERS = Array.from({ length: 12 }, (_, index) => String(index + 1).padStart(2, "0"));

let browser: Browser;
let plain: Page;
let enhanced: Page;

beforeAll(async () => {
  browser = await launchBrowser();
  const { backend } = await backendApi();
  for (const number of USERS)
    await backend("POST", "/sys/user/add", { username: `same_markup_${number}`, realname: `同构${number}`, workNo: `SM${number}`, password: "Pass-word-2026!", selectedroles: "", selecteddeparts: "" });
  plain = await newPage(browser, { javaScriptEnabled: false });
  enhanced = await newPage(browser);
  // Counts the tables taken out of the document: hydration that threw the server's table away and
  // drew its own, or a step that replaced the table instead of changing it, would remove one.
  await enhanced.addInitScript(() => {
    const seen = window as unknown as { removedTables: number };
    seen.removedTables = 0;
    new MutationObserver((changes) => {
      for (const change of changes)
        for (const node of change.removedNodes)
          if (node instanceof Element && (node.matches("table") || node.querySelector("table"))) seen.removedTables += 1;
    }).observe(document, { childList: true, subtree: true });
  });
  for (const page of [plain, enhanced]) await useSession(page);
});
afterAll(async () => browser?.close());

interface ListView {
  headers: string[];
  sorted: Array<string | null>;
  /** Each row's key and its cells' texts (the 操作 cell left out). */
  rows: Array<{ key: string | null; cells: string[] }>;
  /** The cells of each row of the table, by tag (th / td), head and body. */
  outline: string[];
  ticked: string[];
  page: string;
  total: string;
}

/** What the list shows, read by role and label. */
async function view(page: Page): Promise<ListView> {
  const table = listTable(page, LIST);
  const headers = (await columnHeaders(table).allInnerTexts()).map((text) => text.trim());
  const actions = headers.indexOf("操作");
  expect(actions, "the 操作 column").toBeGreaterThan(0);
  const rows = await records(table).evaluateAll((trs) =>
    trs.map((tr) => ({
      key: tr.getAttribute("data-row-key"),
      cells: [...(tr as HTMLTableRowElement).cells].map((cell) => cell.innerText.trim()),
      ticked: tr.querySelector<HTMLInputElement>("input[type=checkbox]")?.checked ?? false,
    })),
  );
  return {
    headers,
    sorted: await columnHeaders(table).evaluateAll((ths) => ths.map((th) => th.getAttribute("aria-sort"))),
    rows: rows.map(({ key, cells }) => ({ key, cells: cells.filter((_, index) => index !== actions) })),
    outline: await table.evaluate((element: HTMLTableElement) => [...element.rows].map((row) => [...row.cells].map((cell) => cell.tagName.toLowerCase()).join(" "))),
    ticked: rows.filter((row) => row.ticked).map((row) => row.key ?? ""),
    page: (await pager(page).locator("[aria-current=page]").innerText()).trim(),
    total: (await pager(page).getByText(/共\d+条/).innerText()).trim(),
  };
}

const removedTables = () => enhanced.evaluate(() => (window as unknown as { removedTables: number }).removedTables);

/**
 * Runs `step` on both pages, waits for the address each must reach, and answers the view once the
 * enhanced list shows what the plain one does (its rows arrive without a document load).
 */
async function both(step: (page: Page) => Promise<void>, address: (url: URL) => boolean): Promise<ListView> {
  for (const page of [plain, enhanced]) {
    await step(page);
    await page.waitForURL(address);
  }
  const shown = await view(plain);
  await expect.poll(() => view(enhanced)).toEqual(shown);
  expect(await removedTables()).toBe(0);
  return shown;
}

describe("the list before and after JavaScript", () => {
  it("shows the same table at each step of search, sort, page, select and 新增", async () => {
    await plain.goto("/isystem/user");
    await enhanced.goto("/isystem/user");
    await hydrated(enhanced);
    const first = await view(plain);
    expect(await view(enhanced)).toEqual(first);
    expect(first.rows.length).toBeGreaterThan(0);
    expect(await removedTables()).toBe(0);

    // Search by 姓名: the GET form before JavaScript, the same address after it.
    const searched = await both(
      async (page) => {
        await page.locator(".list-search").getByPlaceholder("请输入姓名").fill("同构");
        await page.locator(".list-search").getByRole("button", { name: /查\s*询/ }).click();
      },
      // Before JavaScript the form posts the typed text (and its other fields, empty); after it, the list's own address.
      (url) => url.searchParams.get("realname")?.includes("同构") === true,
    );
    expect(searched.total).toContain("共12条");
    expect(searched.rows).toHaveLength(10);

    // Sort by 用户账号: the header's link.
    const sorted = await both(
      (page) => columnHeader(listTable(page, LIST), "用户账号").getByRole("link", { name: "用户账号" }).click(),
      (url) => url.searchParams.get("column") === "username" && url.searchParams.get("order") === "asc",
    );
    expect(sorted.sorted[sorted.headers.indexOf("用户账号")]).toBe("ascending");
    expect(sorted.rows.map((row) => row.cells[1])).toEqual(USERS.slice(0, 10).map((number) => `same_markup_${number}`));

    // Page 2: the pager's link.
    const second = await both(
      (page) => pager(page).getByRole("link", { name: "2", exact: true }).click(),
      (url) => url.searchParams.get("pageNo") === "2",
    );
    expect(second.page).toBe("2");
    expect(second.total).toBe("11-12 共12条");
    expect(second.rows.map((row) => row.cells[1])).toEqual(["same_markup_11", "same_markup_12"]);
    expect(second.sorted).toEqual(sorted.sorted);

    // A row's box: the same box ticked, nothing else changed.
    const ticked = await both(
      (page) => rowBox(listRows(page, LIST).first()).check(),
      (url) => url.searchParams.get("pageNo") === "2",
    );
    expect(ticked.ticked).toEqual([second.rows[0]!.key]);
    expect({ ...ticked, ticked: [] }).toEqual(second);

    // 新增: the form at the list's address with form=add, its page before JavaScript and a dialog
    // over the list after it, with the same fields.
    for (const page of [plain, enhanced]) {
      await page.getByRole("button", { name: /新\s*增/ }).click();
      await page.waitForURL((url) => url.searchParams.get("form") === "add");
    }
    const kept = (page: Page) => {
      const params = new URL(page.url()).searchParams;
      return ["form", "column", "order", "pageNo"].map((name) => params.get(name)).concat(params.get("realname")?.includes("同构") ? "同构" : null);
    };
    expect(kept(plain)).toEqual(["add", "username", "asc", "2", "同构"]);
    expect(kept(enhanced)).toEqual(kept(plain));
    const plainForm = plain.locator(".plain-overlay").filter({ hasText: "新增" });
    const dialog = enhanced.getByRole("dialog", { name: "新增" });
    await dialog.getByLabel("用户账号").waitFor();
    const labels = (form: typeof dialog) => form.locator(".ant-form-item-label label").allInnerTexts();
    const fields = await labels(plainForm);
    expect(fields).toContain("用户账号");
    expect(await labels(dialog)).toEqual(fields);
    // The enhanced page keeps its list under the dialog.
    expect({ ...(await view(enhanced)), ticked: [] }).toEqual(second);

    // 取消: back to the same list, page 2 of the sorted search (the plain page has no selection left).
    await plainForm.getByText(/^取\s*消$/).click();
    await dialog.getByRole("button", { name: /取\s*消/ }).click();
    for (const page of [plain, enhanced]) await page.waitForURL((url) => !url.searchParams.has("form") && url.searchParams.get("pageNo") === "2");
    expect(await view(plain)).toEqual(second);
    await expect.poll(async () => ({ ...(await view(enhanced)), ticked: [] })).toEqual(second);
    expect(await removedTables()).toBe(0);
  });
});
