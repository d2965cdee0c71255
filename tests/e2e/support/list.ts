// The list engine's table as a person (or a screen reader) finds it: by role and label, not by
// antd's class names (issue #35 item 2). The table is named by the list's title (用户管理); its
// records are the rows with a selection box (选择第N行), so the header row (全选), the 暂无数据 row
// and a record's detail row are not records; a cell is found by its column's title; the pager is
// the list named 分页, whose current page is marked aria-current.
import type { Locator, Page } from "playwright-core";
import { expect } from "vitest";

type Scope = Page | Locator;

const ROW_BOX = /^选择第\d+行$/;

/**
 * The list engine's table named `name` (the list's title) in `scope`. A list that shows no title
 * (角色用户's drawer) has no name: pass the scope that holds it alone (the drawer, the tab).
 */
export function listTable(scope: Scope, name?: string): Locator {
  return name === undefined ? scope.getByRole("table") : scope.getByRole("table", { name, exact: true });
}

/** The records of the list: the table's rows with a selection box, in the order shown. */
export function listRows(scope: Scope, name?: string): Locator {
  return records(listTable(scope, name));
}

/** The records of a list table (listTable). */
export function records(table: Locator): Locator {
  return table.getByRole("row").filter({ has: table.page().getByRole("checkbox", { name: ROW_BOX }) });
}

/** The list's column headers (the selection column's first, then the columns in order). */
export function columnHeaders(table: Locator): Locator {
  return table.getByRole("columnheader");
}

/** The column header titled `title`. */
export function columnHeader(table: Locator, title: string): Locator {
  return columnHeaders(table).filter({ hasText: new RegExp(`^\\s*${escapeRegExp(title)}\\s*$`) });
}

/** The column titles of the list, in order (the selection column's empty title left out). */
export async function columnTitles(table: Locator): Promise<string[]> {
  return (await columnHeaders(table).allInnerTexts()).map((text) => text.trim()).filter(Boolean);
}

/** The cell of `row` under the column titled `title` of the row's table. */
export async function listCell(row: Locator, title: string): Promise<Locator> {
  return row.getByRole("cell", { includeHidden: true }).nth(await columnIndex(tableOf(row), title));
}

/** The text of `row`'s cell under the column titled `title`. */
export async function cellText(row: Locator, title: string): Promise<string> {
  return ((await (await listCell(row, title)).textContent()) ?? "").trim();
}

/** The texts of the column titled `title`, record by record. */
export async function columnTexts(table: Locator, title: string): Promise<string[]> {
  const index = await columnIndex(table, title);
  return records(table).evaluateAll((rows, at) => rows.map((row) => ((row as HTMLTableRowElement).cells[at]?.textContent ?? "").trim()), index);
}

/** A record's selection box (选择第N行). */
export function rowBox(row: Locator): Locator {
  return row.getByRole("checkbox", { name: ROW_BOX });
}

/** The header's box that ticks every record of the page. */
export function allBox(table: Locator): Locator {
  return table.getByRole("checkbox", { name: "全选", exact: true });
}

/** A tree row's or a detail row's 展开行 button (关闭行 once open). */
export function expandButton(row: Locator, open = false): Locator {
  return row.getByRole("button", { name: open ? "关闭行" : "展开行", exact: true });
}

/** The list's pager (分页): its total (`1-10 共23条`), its page links, the current one aria-current. */
export function pager(scope: Scope): Locator {
  return scope.getByRole("list", { name: "分页", exact: true });
}

/** The pager's total, `1-10 共23条`. */
export function listTotal(scope: Scope): Locator {
  return pager(scope).getByRole("listitem").filter({ hasText: /共\d+条/ });
}

/** The position of the column titled `title` among the row's cells (the selection column is the first). */
async function columnIndex(table: Locator, title: string): Promise<number> {
  // Hidden headers too: the phone layout hides the header, and the positions must still match.
  const titles = (await table.getByRole("columnheader", { includeHidden: true }).allTextContents()).map((text) => text.trim());
  const index = titles.indexOf(title);
  expect(index, `column ${title}`).toBeGreaterThanOrEqual(0);
  return index;
}

/** The row's own table (a list's rows are never in a nested table). */
function tableOf(row: Locator): Locator {
  return row.locator("xpath=ancestor::table[1]");
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
