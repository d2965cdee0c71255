// The menu before JavaScript (issue #30 item 8): a section's title links to its first page, which
// the menu shows with that section open; hidden pages and external links are skipped.
import { describe, expect, it } from "vitest";
import { renderToStaticMarkup } from "react-dom/server";
import { createElement } from "react";
import { MemoryRouter } from "react-router";
import { Menu } from "antd";
import type { MenuNode } from "#contract/permission";
import { firstPageOf, toMenuItems } from "~/components/shell/layout/menu-items";

const page = (path: string, extra: Partial<MenuNode> = {}): MenuNode => ({ id: path, route: "1", path, name: path, meta: { title: path }, ...extra });
const section = (path: string, children: MenuNode[]): MenuNode => ({ ...page(path), children });

const menu = [
  section("/school", [page("/school/hidden", { hidden: true }), page("/school/site", { meta: { title: "官网", url: "https://example.org" } }), section("/school/fees", [page("/school/fees/bill")]), page("/school/student")]),
  section("/empty", [page("/empty/hidden", { hidden: true })]),
];

describe("menu sections before JavaScript", () => {
  it("finds a section's first page the menu shows", () => {
    expect(firstPageOf(menu[0]!)).toBe("/school/fees/bill");
    expect(firstPageOf(menu[0]!.children![2]!)).toBe("/school/fees/bill");
    expect(firstPageOf(menu[1]!)).toBeNull();
  });

  it("makes the titles links only when asked", () => {
    const render = (sectionLinks: boolean) =>
      renderToStaticMarkup(createElement(MemoryRouter, null, createElement(Menu, { mode: "inline", items: toMenuItems(menu, sectionLinks) })));
    expect(render(true)).toContain('<a href="/school/fees/bill" class="menu-section-link">/school</a>');
    expect(render(false)).not.toContain("menu-section-link");
  });
});
