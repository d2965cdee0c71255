// The list engine without JavaScript (issue #19): in Chromium with JavaScript turned off, a list is
// searched, sorted and paged through links and GET forms, and records are added, edited, shown and
// deleted through the plain forms the server renders at their own addresses. With JavaScript, the
// same address opens the modal, so a reload reopens the form.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import ExcelJS from "exceljs";
import type { Browser, Page } from "playwright-core";
import { baseUrl, hydrated, launchBrowser, newPage, useSession } from "./support/browser";
import { columnHeader, listRows, listTable, listTotal, pager, rowBox } from "./support/list";
import { E2E_ADMIN_PASSWORD } from "./support/constants";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

/** The records of the list titled `list`; 用户管理 unless named. */
const rows = (page: Page, list = "用户管理") => listRows(page, list);
const row = (page: Page, text: string, list = "用户管理") => rows(page, list).filter({ hasText: text });
/** The sort link in the header of column `title` of the list titled `list`. */
const sortLink = (page: Page, list: string, title: string) => columnHeader(listTable(page, list), title).getByRole("link", { name: title });
const submit = (page: Page) => page.locator(".plain-form").getByRole("button", { name: /确\s*定/ }).click();
const described = (page: Page, label: string) => page.locator(".record-view tr").filter({ hasText: label }).locator(".ant-descriptions-item-content");

/** Signs in through the plain login form (no JavaScript runs). */
async function search(page: Page, placeholder: string, value: string): Promise<void> {
  await page.locator(".list-search").getByPlaceholder(placeholder).fill(value);
  await page.locator(".list-search").getByRole("button", { name: /查\s*询/ }).click();
}

async function backendToken(): Promise<string> {
  const answer = await fetch(`${baseUrl()}/jeecg-boot/sys/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ username: "admin", password: E2E_ADMIN_PASSWORD }),
  }).then((response) => response.json());
  return answer.result.token;
}

async function createUser(token: string, username: string, realname: string): Promise<void> {
  const answer = await fetch(`${baseUrl()}/jeecg-boot/sys/user/add`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "X-Access-Token": token },
    body: JSON.stringify({ username, realname, workNo: username, password: "Pass-word-2026!", selectedroles: "", selecteddeparts: "" }),
  }).then((response) => response.json());
  expect(answer.success).toBe(true);
}

describe("lists without JavaScript", () => {
  it("searches, sorts, pages, adds, edits, shows and deletes users", async () => {
    const token = await backendToken();
    for (let index = 1; index <= 11; index++) await createUser(token, `nojs_p${String(index).padStart(2, "0")}`, `无脚本${index}`);
    const page = await newPage(browser, { javaScriptEnabled: false });
    await useSession(page);
    await page.goto("/isystem/user");

    // Search: a GET form whose fields carry their names.
    await search(page, "请输入姓名", "无脚本");
    await page.waitForURL(/realname=/);
    await expect.poll(() => listTotal(page).textContent()).toContain("共11条");
    expect(await page.locator(".list-search").getByPlaceholder("请输入姓名").inputValue()).toBe("无脚本");

    // Sort: the header is a link.
    await sortLink(page, "用户管理", "用户账号").click();
    await page.waitForURL(/column=username&order=asc/);
    expect(await rows(page).first().textContent()).toContain("nojs_p01");

    // Page 2: the pager's items are links that keep the search and the sort.
    await pager(page).getByRole("link", { name: "2", exact: true }).click();
    await page.waitForURL(/pageNo=2/);
    expect(await rows(page).count()).toBe(1);
    expect(await rows(page).first().textContent()).toContain("nojs_p11");

    // 新增: a validation error first, the typed values kept, then the list again.
    await page.getByRole("button", { name: /新\s*增/ }).click();
    await page.waitForURL(/form=add/);
    await page.getByLabel("用户账号").fill("nojs_new");
    await page.getByLabel("登录密码").fill("Nojs-2026!x");
    await page.getByLabel("确认密码").fill("Nojs-2026!x");
    await page.getByLabel("用户姓名").fill("无脚本新人");
    await page.getByLabel("工号").fill("NOJS-1");
    await page.getByLabel("手机号码").fill("12345");
    await submit(page);
    await expect.poll(() => page.getByText("请输入正确的手机号码!").isVisible()).toBe(true);
    expect(await page.getByLabel("用户账号").inputValue()).toBe("nojs_new");
    expect(await page.getByLabel("用户姓名").inputValue()).toBe("无脚本新人");
    await page.getByLabel("手机号码").fill("13912340019");
    // Passwords are never sent back in the page: typed again.
    await page.getByLabel("登录密码").fill("Nojs-2026!x");
    await page.getByLabel("确认密码").fill("Nojs-2026!x");
    await submit(page);
    await page.waitForURL((url) => url.pathname === "/isystem/user" && !url.searchParams.has("form"));
    await search(page, "请输入账号", "nojs_new");
    await page.waitForURL(/username=/);
    await expect.poll(() => row(page, "nojs_new").count()).toBe(1);

    // 编辑 at its own address.
    await row(page, "nojs_new").getByRole("link", { name: "编辑" }).click();
    await page.waitForURL(/form=edit&id=/);
    expect(await page.getByLabel("用户姓名").inputValue()).toBe("无脚本新人");
    await page.getByLabel("用户姓名").fill("无脚本老师");
    await submit(page);
    await page.waitForURL((url) => !url.searchParams.has("form"));
    await expect.poll(() => row(page, "nojs_new").textContent()).toContain("无脚本老师");

    // 详情: a description of the record.
    await row(page, "nojs_new").getByRole("link", { name: "详情" }).click();
    await page.waitForURL(/form=detail&id=/);
    expect(await described(page, "用户姓名").textContent()).toBe("无脚本老师");
    expect(await described(page, "手机号码").textContent()).toBe("13912340019");
    await page.getByRole("link", { name: /关\s*闭/ }).click();
    await page.waitForURL((url) => !url.searchParams.has("form"));

    // 删除 through its confirmation page.
    await row(page, "nojs_new").getByRole("link", { name: "删除" }).click();
    await page.waitForURL(/confirm=delete&id=/);
    expect(await page.getByText("确定删除吗?").isVisible()).toBe(true);
    await page.getByRole("button", { name: /确\s*定/ }).click();
    await page.waitForURL((url) => !url.searchParams.has("confirm"));
    expect(await row(page, "nojs_new").count()).toBe(0);

    // 批量删除: tick rows, confirm, gone.
    await page.goto("/isystem/user?username=*nojs_p1*");
    expect(await rows(page).count()).toBe(2);
    for (const name of ["nojs_p10", "nojs_p11"]) await rowBox(row(page, name)).check();
    await page.getByRole("button", { name: "批量删除" }).click();
    await page.waitForURL(/confirm=deleteBatch/);
    expect(await page.locator(".plain-confirm-list li").allTextContents()).toEqual(expect.arrayContaining(["nojs_p10", "nojs_p11"]));
    await page.getByRole("button", { name: /确\s*定/ }).click();
    await page.waitForURL((url) => !url.searchParams.has("confirm"));
    expect(await rows(page).count()).toBe(0);
    await page.context().close();
  });

  it("adds, searches, sorts, edits, shows and deletes a position", async () => {
    const page = await newPage(browser, { javaScriptEnabled: false });
    await useSession(page);
    await page.goto("/isystem/position");

    await page.getByRole("button", { name: /新\s*增/ }).click();
    await page.waitForURL(/form=add/);
    await page.getByLabel("职务名称").fill("无脚本职务");
    await submit(page);
    await expect.poll(() => page.getByText("请输入职务编码!").isVisible()).toBe(true);
    expect(await page.getByLabel("职务名称").inputValue()).toBe("无脚本职务");
    await page.getByLabel("职务编码").fill("nojsPos1");
    await page.getByLabel("职级").selectOption({ index: 1 });
    const rank = await page.getByLabel("职级").evaluate((select) => (select as HTMLSelectElement).selectedOptions[0]?.textContent ?? "");
    await submit(page);
    await page.waitForURL((url) => url.pathname === "/isystem/position" && !url.searchParams.has("form"));

    await search(page, "请输入职务名称", "无脚本");
    await page.waitForURL(/name=/);
    await expect.poll(() => row(page, "nojsPos1", "职务管理").count()).toBe(1);
    await sortLink(page, "职务管理", "职务编码").click();
    await page.waitForURL(/column=code&order=asc/);
    expect(await row(page, "nojsPos1", "职务管理").count()).toBe(1);

    await row(page, "nojsPos1", "职务管理").getByRole("link", { name: "编辑" }).click();
    await page.waitForURL(/form=edit/);
    // The code is fixed once created.
    expect(await page.getByLabel("职务编码").getAttribute("readonly")).not.toBeNull();
    await page.getByLabel("职务名称").fill("无脚本职务二");
    await submit(page);
    await page.waitForURL((url) => !url.searchParams.has("form"));
    await expect.poll(() => row(page, "nojsPos1", "职务管理").textContent()).toContain("无脚本职务二");

    await row(page, "nojsPos1", "职务管理").getByRole("link", { name: "详情" }).click();
    await page.waitForURL(/form=detail/);
    expect(await described(page, "职务名称").textContent()).toBe("无脚本职务二");
    // The dictionary's text, not its value.
    expect(await described(page, "职级").textContent()).toBe(rank);
    await page.getByRole("link", { name: /关\s*闭/ }).click();

    await row(page, "nojsPos1", "职务管理").getByRole("link", { name: "删除" }).click();
    await page.waitForURL(/confirm=delete/);
    await page.getByRole("button", { name: /确\s*定/ }).click();
    await page.waitForURL((url) => !url.searchParams.has("confirm"));
    expect(await row(page, "nojsPos1", "职务管理").count()).toBe(0);
    await page.context().close();
  });
});

describe("export, 高级查询, the menu and selects without JavaScript (issue #30 item 8)", () => {
  it("exports the searched rows, filters with 高级查询 and opens another menu section", async () => {
    const token = await backendToken();
    for (const [username, realname] of [
      ["nojs_x01", "无脚本导出甲"],
      ["nojs_x02", "无脚本导出乙"],
      ["nojs_q01", "无脚本高级"],
    ])
      await createUser(token, username, realname);
    const page = await newPage(browser, { javaScriptEnabled: false });
    await useSession(page);
    await page.goto("/isystem/user");

    // Selects look like the product's inputs (white, the same border and corners, the arrow drawn
    // by the stylesheet), not the browser's grey boxes.
    const look = (selector: string) =>
      page
        .locator(selector)
        .first()
        .evaluate((element) => {
          const style = getComputedStyle(element);
          return { appearance: style.appearance, background: style.backgroundColor, border: style.borderTopColor, radius: style.borderTopLeftRadius, image: style.backgroundImage };
        });
    const select = await look(".list-search select.plain-select");
    const input = await look(".list-search .ant-input-affix-wrapper");
    expect(select).toMatchObject({ appearance: "none", background: input.background, border: input.border, radius: input.radius });
    expect(input.background).toBe("rgb(255, 255, 255)");
    expect(select.image).toContain("data:image/svg+xml");

    // 导出: a link to the current search's export; the file holds the searched rows only.
    await search(page, "请输入姓名", "无脚本导出");
    await page.waitForURL(/realname=/);
    await expect.poll(() => rows(page).count()).toBe(2);
    const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: /导\s*出/ }).click()]);
    // Under the name the backend gives it (the button names its file 导出文件 in script).
    expect(download.suggestedFilename()).toMatch(/^用户列表.*\.xlsx$/);
    const file = path.join(mkdtempSync(path.join(tmpdir(), "nojs-export-")), "export.xlsx");
    await download.saveAs(file);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(readFileSync(file) as unknown as ArrayBuffer);
    const accounts: string[] = [];
    workbook.worksheets[0]!.eachRow((row) => {
      // One account per row (the account is in 工号 too).
      const account = (row.values as unknown[]).find((value): value is string => typeof value === "string" && value.startsWith("nojs_"));
      if (account) accounts.push(account);
    });
    expect(accounts.sort()).toEqual(["nojs_x01", "nojs_x02"]);

    // 高级查询: a form of its own; its conditions filter the list as the builder's do.
    await page.goto("/isystem/user");
    await page.getByRole("link", { name: /高级查询/ }).click();
    await page.waitForURL(/superQuery=open/);
    const form = page.locator(".plain-super-query");
    await form.getByLabel("选择查询字段").first().selectOption({ label: "用户账号" });
    await form.getByLabel("匹配规则").first().selectOption({ label: "以..开始" });
    await form.getByLabel("查询值").first().fill("nojs_q");
    await form.getByRole("button", { name: /查\s*询/ }).click();
    await page.waitForURL((url) => url.searchParams.has("sqField") && !url.searchParams.has("superQuery"));
    await expect.poll(() => rows(page).count()).toBe(1);
    expect(await rows(page).first().textContent()).toContain("nojs_q01");
    // The query stays in force on the next view (a sort link) and shows again in its form.
    await sortLink(page, "用户管理", "用户账号").click();
    await page.waitForURL(/superQueryParams=/);
    expect(await rows(page).count()).toBe(1);
    await page.getByRole("link", { name: /高级查询/ }).click();
    expect(await form.getByLabel("查询值").first().inputValue()).toBe("nojs_q");
    await form.getByRole("link", { name: /清\s*空/ }).click();
    await page.waitForURL((url) => !url.searchParams.has("superQueryParams") && !url.searchParams.has("superQuery"));
    expect(await rows(page).count()).toBeGreaterThan(1);

    // The menu: another section's title is a link to its first page, where that section is open.
    const menu = page.getByTestId("side-menu");
    const closed = menu.locator(".ant-menu-submenu:not(.ant-menu-submenu-open) > .ant-menu-submenu-title a.menu-section-link").first();
    const sectionTitle = (await closed.textContent())!.trim();
    const first = (await closed.getAttribute("href"))!;
    await closed.click();
    await page.waitForURL((url) => url.pathname === first);
    const section = menu.locator(".ant-menu-submenu-open").filter({ has: page.locator(".ant-menu-submenu-title", { hasText: sectionTitle }) }).last();
    const links = section.locator(".ant-menu-sub a[href^='/']:not(.menu-section-link)");
    expect(await links.count()).toBeGreaterThan(0);
    const target = links.last();
    const targetHref = (await target.getAttribute("href"))!;
    const targetTitle = (await target.textContent())!.trim();
    const [response] = await Promise.all([page.waitForResponse((answer) => new URL(answer.url()).pathname === targetHref), target.click()]);
    expect(response.status()).toBe(200);
    await page.waitForURL((url) => url.pathname === targetHref);
    await expect.poll(() => page.locator(".ant-breadcrumb").textContent()).toContain(targetTitle);
    await page.context().close();
  });
});

describe("导入 without JavaScript", () => {
  it("imports a small workbook through 导入's own form and shows the outcome (docs/decisions/164)", async () => {
    const folder = mkdtempSync(path.join(tmpdir(), "grids-import-"));
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet("职务信息");
    sheet.addRow(["职务编码", "职务名称"]);
    sheet.addRow(["NOJSPOS1", "无脚本导入职务"]);
    const file = path.join(folder, "positions.xlsx");
    writeFileSync(file, Buffer.from(await book.xlsx.writeBuffer()));
    const broken = path.join(folder, "broken.xlsx");
    writeFileSync(broken, "not a workbook");

    const page = await newPage(browser, { javaScriptEnabled: false });
    await useSession(page);
    await page.goto("/isystem/position");
    await page.locator(".list-toolbar").getByRole("link", { name: /导\s*入/ }).click();
    await page.waitForURL(/import=open/);
    const form = page.locator("form.plain-import");
    await form.locator("input[type=file]").setInputFiles(file);
    await form.getByRole("button", { name: "开始上传" }).click();
    await page.waitForURL(/importResult=/);
    await expect.poll(() => page.locator(".plain-overlay .ant-alert-success").count()).toBe(1);
    // The list has the imported position.
    await page.goto("/isystem/position?name=无脚本导入职务");
    await expect.poll(() => rows(page, "职务管理").count()).toBe(1);

    // A file that is no workbook: the form again, with the reason.
    await page.goto("/isystem/position?import=open");
    await page.locator("form.plain-import input[type=file]").setInputFiles(broken);
    await page.locator("form.plain-import").getByRole("button", { name: "开始上传" }).click();
    await page.waitForURL(/importResult=/);
    await expect.poll(() => page.locator(".plain-overlay .ant-alert-error, .plain-overlay .ant-alert-warning").count()).toBe(1);
    expect(await page.locator(".plain-overlay .ant-alert").innerText()).toContain("broken.xlsx");
    await page.context().close();
  });
});

describe("a form with a grid without JavaScript", () => {
  it("edits a student's fields, shows the parents on the form's grid and keeps them", async () => {
    const token = await backendToken();
    const backendGet = async <T,>(path: string): Promise<T> => {
      const answer = await fetch(`${baseUrl()}/jeecg-boot${path}`, { headers: { "X-Access-Token": token } }).then((response) => response.json());
      expect(answer.success).toBe(true);
      return answer.result as T;
    };
    const parentsOf = async (id: string) =>
      (await backendGet<{ parentId: string; relation: string; isPayer: boolean }[]>(`/school/student/queryParentsByStudentId?id=${id}`)).map(({ parentId, relation, isPayer }) => ({ parentId, relation, isPayer }));
    const students = await backendGet<{ records: { id: string; nameCn: string }[] }>("/school/student/list?pageSize=30");
    let chosen: { id: string; parents: Awaited<ReturnType<typeof parentsOf>> } | undefined;
    for (const student of students.records) {
      const parents = await parentsOf(student.id);
      if (parents.length > 0) {
        chosen = { id: student.id, parents };
        break;
      }
    }
    expect(chosen, "a demo student with parents").toBeDefined();

    const page = await newPage(browser, { javaScriptEnabled: false });
    await useSession(page);
    await page.goto(`/school/student?form=edit&id=${chosen!.id}`);
    // The parents, loaded by the server, on the grid (read-only: editing a grid needs JavaScript).
    const grid = page.locator(".plain-form .jvxe-static-table tbody tr");
    expect(await grid.count()).toBe(chosen!.parents.length);
    // By their names and the relation's words, not by their codes.
    const first = (await grid.first().textContent()) ?? "";
    expect(first).not.toContain(chosen!.parents[0]!.parentId);
    expect(first).toMatch(/父亲|母亲|监护人/);
    await page.getByLabel("备注").fill("无脚本修改的备注");
    await submit(page);
    await page.waitForURL((url) => url.pathname === "/school/student" && !url.searchParams.has("form"));

    const saved = await backendGet<{ remark: string }>(`/school/student/queryById?id=${chosen!.id}`);
    expect(saved.remark).toBe("无脚本修改的备注");
    expect(await parentsOf(chosen!.id)).toEqual(chosen!.parents);
    await page.context().close();
  });
});

describe("form addresses with JavaScript", () => {
  it("opens an edit form, finds it open again after a reload, and closing drops the address", async () => {
    const page = await newPage(browser);
    await useSession(page);
    await page.goto("/isystem/user?username=*admin*");
    await hydrated(page);
    await row(page, "admin").getByText("编辑").click();
    const dialog = page.getByRole("dialog", { name: "编辑" });
    await expect.poll(() => dialog.getByLabel("用户账号").inputValue()).toBe("admin");
    await page.waitForURL(/form=edit&id=/);

    await page.reload();
    await hydrated(page);
    await expect.poll(() => page.getByRole("dialog", { name: "编辑" }).getByLabel("用户账号").inputValue()).toBe("admin");
    expect(new URL(page.url()).searchParams.get("username")).toBe("*admin*");

    await page.getByRole("dialog", { name: "编辑" }).getByRole("button", { name: /取\s*消/ }).click();
    await page.waitForURL((url) => !url.searchParams.has("form"));
    expect(new URL(page.url()).searchParams.get("username")).toBe("*admin*");
    await page.context().close();
  });
});
