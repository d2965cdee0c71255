// 班级管理 and 升级 end to end (issue #29 items 1, 2, 6), as the registrar would: the class list in
// school order, a class's roster in its edit form and on the A4 print view, and the promotion's
// preview (closed without promoting: the server's data stays as seeded).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser } from "playwright-core";
import { hydrated, launchBrowser, newPage, signInAs } from "./support/browser";
import { listRows } from "./support/list";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

describe("classes and promotion", () => {
  it("lists classes by grade and shows a class's roster, also on its print view", async () => {
    const page = await newPage(browser);
    await signInAs(page);
    await page.goto("/school/class");
    await hydrated(page);
    const rows = listRows(page, "班级管理");
    await expect.poll(() => rows.count()).toBeGreaterThan(0);
    // 学前班 first: grades in the dictionary's order.
    const firstRow = (await rows.first().textContent()) ?? "";
    expect(firstRow).toContain("学前班");
    const className = /学前\d班/.exec(firstRow)![0];

    await rows.first().getByText("编辑").click();
    const dialog = page.getByRole("dialog", { name: "编辑" });
    const roster = dialog.locator(".class-roster");
    await expect.poll(() => roster.getByText(/^共 \d+ 名学生，容量 30 人$/).count(), { timeout: 15_000 }).toBe(1);
    const summary = (await roster.getByText(/^共 \d+ 名学生/).textContent()) ?? "";
    const students = Number(/共 (\d+) 名学生/.exec(summary)![1]);
    expect(students).toBeGreaterThan(0);
    const rosterRows = roster.locator(".ant-table-tbody tr.ant-table-row");
    await expect.poll(() => rosterRows.count()).toBe(Math.min(students, 10));
    expect(await rosterRows.first().textContent()).toMatch(/S\d{8}/);
    const printHref = await roster.getByRole("link", { name: "打印名单" }).getAttribute("href");
    expect(await roster.getByRole("link", { name: "导出名单" }).getAttribute("href")).toContain("/api/export?url=%2Fschool%2Fclass%2Froster%2FexportXls");

    await page.goto(printHref!);
    expect(await page.locator("h1").textContent()).toBe(`2026-2027学年 ${className} 学生名单`);
    expect(await page.locator("tbody tr").count()).toBe(students);
    expect(await page.locator(".meta").textContent()).toContain("年级：学前班");
    await page.context().close();
  });

  it("previews the promotion of every class one grade up", async () => {
    const page = await newPage(browser);
    await signInAs(page);
    await page.goto("/school/year");
    await hydrated(page);
    await expect.poll(() => listRows(page, "学年").filter({ hasText: "2026-2027" }).count()).toBe(1);
    await page.getByRole("button", { name: /升\s*级/ }).click();
    const dialog = page.getByRole("dialog", { name: "升级" });
    const preview = dialog.locator(".promotion-preview");
    await expect.poll(() => preview.getByText(/^2026-2027学年 → 2027-2028学年：\d+名学生升入新年级，\d+名学生毕业$/).count(), { timeout: 15_000 }).toBe(1);
    const first = preview.locator(".ant-table-tbody tr.ant-table-row").first();
    expect(await first.textContent()).toContain("学前1班");
    expect(await first.textContent()).toContain("一年级1班");
    await dialog.getByRole("button", { name: /取\s*消/ }).click();
    await expect.poll(() => dialog.isVisible()).toBe(false);
    await page.context().close();
  });
});
