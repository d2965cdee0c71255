// 表单开发 end to end (issue #18 part 1), in Chromium, as an administrator would without writing code:
// define 图书借阅 (a dictionary field) and its sub-table 借阅明细 on the field grid, 同步数据库, 加入菜单,
// grant the page to the teachers' role in 角色管理 → 授权; a teacher then adds a loan, searches it,
// exports the list and adds a sub-table row; the administrator adds a column and synchronises again,
// and the teacher's rows are still there with the new column.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Locator, Page } from "playwright-core";
import { chooseOption, linkTreeChecks, hydrated, launchBrowser, newPage, signInAs, rowAction, useSession } from "./support/browser";
import { columnTitles, listRows, listTable } from "./support/list";
import { E2E_DEMO_PASSWORD } from "./support/constants";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

const OK = /确\s*定/;
const toast = (page: Page, text: string | RegExp) => page.locator(".ant-message").getByText(text);
/** The row of the list titled `list` (表单开发, 角色管理, 图书借阅) that shows `text`. */
const row = (page: Page, list: string, text: string) => listRows(page, list).filter({ hasText: text });

/** Fills field row `index` of the grid (adding the row first when it is not there). */
async function fillField(dialog: Locator, index: number, values: { name: string; label: string; dict?: string; search?: boolean }) {
  const rows = dialog.locator("[role=row][data-row-id]");
  if ((await rows.count()) <= index) {
    await dialog.locator(".jvxe-toolbar").getByRole("button", { name: /新\s*增/ }).click();
    await expect.poll(() => rows.count()).toBe(index + 1);
  }
  const gridRow = rows.nth(index);
  await gridRow.locator('[data-key="name"] input').fill(values.name);
  await gridRow.locator('[data-key="label"] input').fill(values.label);
  if (values.dict) await gridRow.locator('[data-key="dict"] input').fill(values.dict);
  if (values.search) await gridRow.locator('[data-key="showSearch"] input').check();
}


describe("online forms", () => {
  it("an administrator builds 图书借阅 in the browser and a teacher uses its page", async () => {
    const admin = await newPage(browser);
    await useSession(admin);
    await admin.goto("/online/cgform");
    await hydrated(admin);

    // The main table: 书名 and 状态 on the dictionary yn.
    await admin.getByRole("button", { name: /新\s*增/ }).first().click();
    let dialog = admin.getByRole("dialog", { name: "新增" });
    await dialog.getByLabel("表名").fill("book_borrow");
    await dialog.getByLabel("表描述").fill("图书借阅");
    await chooseOption(admin, dialog.getByLabel("表类型"), /^主表$/);
    await fillField(dialog, 0, { name: "book_name", label: "书名", search: true });
    await fillField(dialog, 1, { name: "returned", label: "已归还", dict: "yn" });
    await dialog.getByRole("button", { name: OK }).click();
    await expect.poll(() => toast(admin, "添加成功！").isVisible()).toBe(true);
    await expect.poll(() => row(admin, "表单开发", "book_borrow").count()).toBe(1);

    // Its sub-table.
    await admin.getByRole("button", { name: /新\s*增/ }).first().click();
    dialog = admin.getByRole("dialog", { name: "新增" });
    await dialog.getByLabel("表名").fill("book_borrow_line");
    await dialog.getByLabel("表描述").fill("借阅明细");
    await chooseOption(admin, dialog.getByLabel("表类型"), /^附表$/);
    await dialog.getByLabel("主表").fill("book_borrow");
    await fillField(dialog, 0, { name: "isbn", label: "ISBN" });
    await dialog.getByRole("button", { name: OK }).click();
    await expect.poll(() => row(admin, "表单开发", "book_borrow_line").count()).toBe(1);

    for (const table of ["book_borrow", "book_borrow_line"]) {
      await rowAction(admin, row(admin, "表单开发", table === "book_borrow" ? "图书借阅" : "借阅明细"), "同步数据库");
      await expect.poll(() => toast(admin, "同步数据库成功!").count()).toBeGreaterThan(0);
      await expect.poll(() => row(admin, "表单开发", table === "book_borrow" ? "图书借阅" : "借阅明细").textContent()).toContain("已同步");
    }
    await rowAction(admin, row(admin, "表单开发", "图书借阅"), "加入菜单");
    await expect.poll(() => toast(admin, "加入菜单成功！请在角色管理中授权").isVisible()).toBe(true);

    // 角色管理 → 授权: the teachers' role gets the page with its buttons.
    await admin.goto("/isystem/roleUserList?roleCode=teacher");
    await hydrated(admin);
    await rowAction(admin, row(admin, "角色管理", "teacher"), "授权");
    const auth = admin.locator(".role-auth-drawer");
    const node = auth.locator(".ant-tree-treenode").filter({ has: admin.locator(".ant-tree-title", { hasText: /^图书借阅$/ }) });
    await expect.poll(() => node.count()).toBe(1);
    // 父子关联: checking the page checks its parent 在线开发 half-way, which the teacher's menu needs
    // (a click on the menu's item lost while it opens would leave the tree's checks independent).
    await linkTreeChecks(admin, auth);
    await node.locator(".ant-tree-checkbox").click();
    const parent = auth.locator(".ant-tree-treenode").filter({ has: admin.locator(".ant-tree-title", { hasText: /^在线开发$/ }) });
    await expect.poll(() => parent.locator(".ant-tree-checkbox-indeterminate, .ant-tree-checkbox-checked").count()).toBe(1);
    await auth.getByRole("button", { name: "保存并关闭" }).click();
    await expect.poll(() => auth.isVisible()).toBe(false);

    // The teacher: add, search, export, a sub-table row.
    const teacher = await newPage(browser);
    await signInAs(teacher, "teacher_li", E2E_DEMO_PASSWORD);
    await expect.poll(() => teacher.locator(".ant-menu").getByText("在线开发").count()).toBeGreaterThan(0);
    await teacher.goto("/online/cgformList/book_borrow");
    await hydrated(teacher);
    for (const [title, returned] of [
      ["三体", "否"],
      ["围城", "是"],
    ] as const) {
      await teacher.getByRole("button", { name: /新\s*增/ }).first().click();
      const form = teacher.getByRole("dialog", { name: "新增" });
      await form.getByLabel("书名").fill(title);
      await chooseOption(teacher, form.getByLabel("已归还"), new RegExp(`^${returned}$`));
      await form.getByRole("button", { name: OK }).click();
      await expect.poll(() => row(teacher, "图书借阅", title).count()).toBe(1);
    }
    await expect.poll(() => row(teacher, "图书借阅", "围城").textContent()).toContain("是");
    await teacher.locator(".list-search").getByLabel("书名").fill("三体");
    await teacher.locator(".list-search button[type=submit]").click();
    await expect.poll(() => listRows(teacher, "图书借阅").count()).toBe(1);
    const download = teacher.waitForEvent("download");
    await teacher.getByRole("button", { name: /导\s*出/ }).click();
    expect((await download).suggestedFilename()).toMatch(/\.xlsx$/);

    // A click on the row's data (the first cell holds the selection checkbox, which keeps its clicks).
    await row(teacher, "图书借阅", "三体").getByText("三体", { exact: true }).click();
    // The sub-tables' card below the list, and in it 借阅明细's own list card (the last of the two).
    const lines = teacher.locator(".ant-card").filter({ hasText: "借阅明细" }).last();
    await expect.poll(() => listTable(lines, "借阅明细").isVisible()).toBe(true);
    await lines.getByRole("button", { name: /新\s*增/ }).first().click();
    const lineForm = teacher.getByRole("dialog", { name: "新增" });
    await lineForm.getByLabel("ISBN").fill("9787536692930");
    await lineForm.getByRole("button", { name: OK }).click();
    await expect.poll(() => listRows(lines, "借阅明细").filter({ hasText: "9787536692930" }).count()).toBe(1);

    // The administrator adds 借阅天数 and synchronises again: the rows stay.
    await admin.goto("/online/cgform");
    await hydrated(admin);
    await row(admin, "表单开发", "图书借阅").getByText("编辑").click();
    dialog = admin.getByRole("dialog", { name: "编辑" });
    // Its two fields arrive with the record's detail (the grid is disabled until then).
    await expect.poll(() => dialog.locator("[role=row][data-row-id]").count()).toBe(2);
    await fillField(dialog, 2, { name: "days", label: "借阅天数" });
    await dialog.getByRole("button", { name: OK }).click();
    await expect.poll(() => row(admin, "表单开发", "图书借阅").textContent()).toContain("未同步");
    await rowAction(admin, row(admin, "表单开发", "图书借阅"), "同步数据库");
    await expect.poll(() => row(admin, "表单开发", "图书借阅").textContent()).toContain("已同步");

    await teacher.goto("/online/cgformList/book_borrow");
    await hydrated(teacher);
    await expect.poll(() => columnTitles(listTable(teacher, "图书借阅"))).toContain("借阅天数");
    await expect.poll(() => listRows(teacher, "图书借阅").count()).toBe(2);
  });
});
