// The list engine's export, import and advanced query, end to end on 用户管理 as a staff member
// would use them (issue: list engine; docs/spec/app-shell.md §3 saved queries, §7 export, widgets.md
// import dialog and advanced query builder).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import ExcelJS from "exceljs";
import type { Browser, Page } from "playwright-core";
import { hydrated, launchBrowser, newPage, signInAs } from "./support/browser";
import { columnTexts, listRows, listTable } from "./support/list";

let browser: Browser;
const folder = mkdtempSync(path.join(tmpdir(), "e2e-excel-"));
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

const rows = (page: Page) => listRows(page, "用户管理");
const toolbar = (page: Page) => page.locator(".list-toolbar");

async function openUsers(page: Page, search = "") {
  await page.goto(`/isystem/user${search}`);
  await hydrated(page);
}

async function searchAccount(page: Page, value: string) {
  await page.locator(".list-search").getByPlaceholder("请输入账号").fill(value);
  await page.locator(".list-search").getByRole("button", { name: /查\s*询/ }).click();
  await page.waitForURL((url) => url.searchParams.get("username") === `*${value}*`);
}

async function accountsShown(page: Page): Promise<string[]> {
  return (await columnTexts(listTable(page, "用户管理"), "用户账号")).sort();
}

/** The sheet's data rows (after the title, exporter and header rows) keyed by header text. */
async function readSheet(file: string): Promise<{ workbook: ExcelJS.Workbook; headers: string[]; records: Array<Record<string, string>> }> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(readFileSync(file) as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0]!;
  let headerRow = 0;
  sheet.eachRow((row, number) => {
    if (!headerRow && row.values && (row.values as unknown[]).includes("登录账号")) headerRow = number;
  });
  expect(headerRow).toBeGreaterThan(0);
  const headers = (sheet.getRow(headerRow).values as unknown[]).slice(1).map((value) => String(value ?? ""));
  const records: Array<Record<string, string>> = [];
  for (let number = headerRow + 1; number <= sheet.rowCount; number += 1) {
    const values = (sheet.getRow(number).values as unknown[]).slice(1);
    if (values.every((value) => value === null || value === undefined || value === "")) continue;
    records.push(Object.fromEntries(headers.map((header, index) => [header, values[index] === undefined || values[index] === null ? "" : String(values[index])])));
  }
  return { workbook, headers, records };
}

async function importFile(page: Page, file: string) {
  await toolbar(page).getByRole("button", { name: /导\s*入/ }).click();
  const dialog = page.getByRole("dialog", { name: "导入EXCEL" });
  await dialog.locator("input[type=file]").setInputFiles(file);
  await dialog.getByRole("button", { name: "开始上传" }).click();
  return dialog;
}

describe("list export and import", () => {
  it("exports the filtered list, imports the edited file back, and reports a file with bad rows", async () => {
    const page = await newPage(browser);
    await signInAs(page);
    await openUsers(page);
    await searchAccount(page, "teacher_");
    await expect.poll(() => accountsShown(page)).toEqual(["teacher_chen", "teacher_li"]);

    // 导出: the filtered rows only, as a workbook named 导出文件.
    const [download] = await Promise.all([page.waitForEvent("download"), toolbar(page).getByRole("button", { name: /导\s*出/ }).click()]);
    expect(download.suggestedFilename()).toBe("导出文件.xlsx");
    const exported = path.join(folder, "exported.xlsx");
    await download.saveAs(exported);
    const sheet = await readSheet(exported);
    expect(sheet.records.map((record) => record["登录账号"]).sort()).toEqual(["teacher_chen", "teacher_li"]);
    expect(sheet.records.find((record) => record["登录账号"] === "teacher_li")?.["真实姓名"]).toBeTruthy();

    // Edit the file as a clerk would: two new staff made from the exported rows.
    const worksheet = sheet.workbook.worksheets[0]!;
    const column = (title: string) => sheet.headers.indexOf(title) + 1;
    worksheet.eachRow((row) => {
      const account = String(row.getCell(column("登录账号")).value ?? "");
      if (!account.startsWith("teacher_")) return;
      row.getCell(column("登录账号")).value = account.replace("teacher_", "e2e_imported_");
      row.getCell(column("真实姓名")).value = `导入${account.slice("teacher_".length)}`;
      row.getCell(column("工号")).value = `IMP-${account.slice("teacher_".length)}`;
      for (const unique of ["手机号码", "电子邮件"]) if (column(unique) > 0) row.getCell(column(unique)).value = null;
    });
    const edited = path.join(folder, "edited.xlsx");
    writeFileSync(edited, Buffer.from(await sheet.workbook.xlsx.writeBuffer()));

    await importFile(page, edited);
    await expect.poll(() => page.locator(".ant-message").getByText(/成功/).count()).toBeGreaterThan(0);
    await expect.poll(() => page.getByRole("dialog", { name: "导入EXCEL" }).count()).toBe(0);
    await searchAccount(page, "e2e_imported_");
    await expect.poll(() => accountsShown(page)).toEqual(["e2e_imported_chen", "e2e_imported_li"]);

    // A file with a bad row: nothing goes in, and the error file names the row, column and reason.
    const bad = new ExcelJS.Workbook();
    const badSheet = bad.addWorksheet("用户信息");
    badSheet.addRow(["用户信息报表"]);
    badSheet.addRow(["导出人:管理员"]);
    badSheet.addRow(sheet.headers);
    const record = (account: string, name: string, workNo: string) => sheet.headers.map((header) => ({ 登录账号: account, 真实姓名: name, 工号: workNo })[header] ?? null);
    badSheet.addRow(record("e2e_good_row", "好行", "GOOD-1"));
    badSheet.addRow(record("bad account!", "坏账号", "BAD-1"));
    badSheet.addRow(record("e2e_no_name", "", "BAD-2"));
    const badFile = path.join(folder, "bad.xlsx");
    writeFileSync(badFile, Buffer.from(await bad.xlsx.writeBuffer()));

    const dialog = await importFile(page, badFile);
    const report = page.locator(".ant-modal-confirm");
    const link = report.getByRole("link", { name: "点击下载" });
    await link.waitFor();
    // Nothing went in, and the headline says so.
    await expect.poll(() => report.getByText("导入失败，存在错误数据！").count()).toBeGreaterThan(0);
    const href = await link.getAttribute("href");
    expect(href).toMatch(/^\/api\/files\/static\?path=/);
    const answer = await page.request.get(href!);
    expect(answer.status()).toBe(200);
    // The report downloads under the name the server gave it, not its stored name.
    expect(answer.headers()["content-disposition"]).toMatch(new RegExp(`filename\\*=UTF-8''.*${encodeURIComponent("_导入错误信息.xlsx")}$`));
    const reportFile = path.join(folder, "report.xlsx");
    writeFileSync(reportFile, await answer.body());
    const reportBook = new ExcelJS.Workbook();
    await reportBook.xlsx.load(readFileSync(reportFile) as unknown as ArrayBuffer);
    const reportText: string[] = [];
    reportBook.worksheets[0]!.eachRow((row) => reportText.push((row.values as unknown[]).slice(1).map((value) => String(value ?? "")).join("|")));
    // Every bad row is reported (sheet rows 5 and 6), by row, column and reason.
    expect(reportText).toContain("5|登录账号|只允许字母、数字、下划线");
    expect(reportText).toContain("6|真实姓名|必填");
    await report.getByRole("button").first().click();
    // The file stays in the dialog, marked with the reason, to be corrected and sent again.
    await expect.poll(() => dialog.getByText(/bad\.xlsx：导入失败，存在错误数据！/).count()).toBe(1);
    await dialog.getByRole("button", { name: "关闭" }).click();

    // All or nothing: the good row did not go in either.
    await searchAccount(page, "e2e_good_row");
    await expect.poll(() => rows(page).count()).toBe(0);
  });
});

describe("advanced query", () => {
  it("builds a query, saves it, and finds it again after a reload", async () => {
    const page = await newPage(browser);
    await signInAs(page);
    await openUsers(page);

    await toolbar(page).getByRole("button", { name: "高级查询" }).click();
    const builder = page.getByRole("dialog", { name: "高级查询构造器" });
    // The field select searches: type the label and take the match.
    await builder.getByLabel("选择查询字段").fill("用户账号");
    await builder.getByLabel("选择查询字段").press("Enter");
    await expect.poll(() => builder.textContent()).toContain("用户账号");
    // The rules in their order: 等于, 包含, 以..开始 — chosen with the keyboard.
    await builder.getByLabel("匹配规则").focus();
    await builder.getByLabel("匹配规则").press("ArrowDown");
    await builder.getByLabel("匹配规则").press("ArrowDown");
    await builder.getByLabel("匹配规则").press("ArrowDown");
    await builder.getByLabel("匹配规则").press("Enter");
    await expect.poll(() => builder.textContent()).toContain("以..开始");
    await builder.getByPlaceholder("请输入值").fill("teacher");
    await builder.getByRole("button", { name: /保存查询条件/ }).click();
    const prompt = page.getByRole("dialog", { name: "请输入保存的名称" });
    await prompt.locator("input").fill("老师账号");
    await prompt.getByRole("button", { name: /确\s*定|OK/ }).click();
    await expect.poll(() => page.locator(".ant-message").getByText("保存成功").isVisible()).toBe(true);
    await builder.getByRole("button", { name: /^查\s*询$/ }).click();

    await page.waitForURL((url) => url.searchParams.has("superQueryParams"));
    const params = JSON.parse(decodeURIComponent(new URL(page.url()).searchParams.get("superQueryParams")!)) as Array<{ field: string; rule: string; val: string }>;
    expect(params).toEqual([expect.objectContaining({ field: "username", rule: "right_like", val: "teacher" })]);
    await expect.poll(() => accountsShown(page)).toEqual(["teacher_chen", "teacher_li"]);

    // A reload keeps the view, and the saved query is still there to load again.
    await page.reload();
    await hydrated(page);
    await expect.poll(() => accountsShown(page)).toEqual(["teacher_chen", "teacher_li"]);
    const stored = await page.evaluate(() => Object.keys(localStorage).filter((key) => key.startsWith("JSuperQuerySaved_")));
    expect(stored).toEqual(["JSuperQuerySaved_/isystem/user"]);

    // Clear it, then load the saved one and query again.
    // The tooltip's link, clicked where it is (a slow pointer move could let the tooltip close).
    await toolbar(page).getByRole("button", { name: "高级查询" }).hover();
    await page.locator(".ant-tooltip").getByText("清空").dispatchEvent("click");
    await page.waitForURL((url) => !url.searchParams.has("superQueryParams"));
    await expect.poll(async () => (await accountsShown(page)).length).toBeGreaterThan(2);
    await toolbar(page).getByRole("button", { name: "高级查询" }).click();
    await builder.getByText("老师账号", { exact: true }).click();
    await builder.getByRole("button", { name: /^查\s*询$/ }).click();
    await page.waitForURL((url) => url.searchParams.has("superQueryParams"));
    await expect.poll(() => accountsShown(page)).toEqual(["teacher_chen", "teacher_li"]);
  });
});
