import { describe, expect, it } from "vitest";
import { DEFAULT_LAYOUT_SETTINGS, deviceForWidth, headerHidden, normaliseSettings, parseLayoutSettings } from "~/lib/layout-settings";
import { filterEntries, menuTrail, searchableEntries } from "~/lib/menu-search";
import type { MenuNode } from "#contract/permission";

describe("layout settings (docs/spec/app-shell.md §3)", () => {
  it("defaults to the light side menu with multiple tabs and #1890FF", () => {
    expect(DEFAULT_LAYOUT_SETTINGS).toMatchObject({ theme: "light", layout: "sidemenu", contentWidth: "Fixed", multipage: true, primaryColor: "#1890FF" });
  });
  it("ignores stored values of the wrong type and keeps the dependent options consistent", () => {
    const settings = parseLayoutSettings(JSON.stringify({ theme: "dark", multipage: "yes", autoHideHeader: true, fixedHeader: false }));
    expect(settings.theme).toBe("dark");
    expect(settings.multipage).toBe(true);
    expect(settings.autoHideHeader).toBe(false);
    expect(normaliseSettings({ ...DEFAULT_LAYOUT_SETTINGS, layout: "topmenu", fixSiderbar: true }).fixSiderbar).toBe(false);
  });
  it("classifies devices at 767.99 and 1087.99 px", () => {
    expect(deviceForWidth(767)).toBe("mobile");
    expect(deviceForWidth(767.99)).toBe("mobile");
    expect(deviceForWidth(768)).toBe("tablet");
    expect(deviceForWidth(1087.99)).toBe("tablet");
    expect(deviceForWidth(1088)).toBe("desktop");
  });
  it("hides the header only past 100 px while scrolling down", () => {
    expect(headerHidden(50, 100)).toBe(false);
    expect(headerHidden(100, 101)).toBe(true);
    expect(headerHidden(300, 200)).toBe(false);
  });
});

const node = (path: string, title: string, extra: Partial<MenuNode> = {}): MenuNode => ({
  id: path,
  route: "1",
  path,
  name: path,
  component: "x/Page",
  meta: { title },
  ...extra,
});

describe("menu search (docs/spec/app-shell.md §2)", () => {
  const menu = [
    node("/dashboard/analysis", "首页"),
    node("/isystem", "系统管理", {
      component: "layouts/RouteView",
      children: [node("/isystem/user", "用户管理"), node("/isystem/secret", "隐藏页", { hidden: true }), node("/isystem/Dict", "Dictionary")],
    }),
  ];
  it("lists non-hidden entries but not route-view containers", () => {
    expect(searchableEntries(menu).map((entry) => entry.path)).toEqual(["/dashboard/analysis", "/isystem/user", "/isystem/Dict"]);
  });
  it("filters titles with a case-insensitive contains", () => {
    const entries = searchableEntries(menu);
    expect(filterEntries(entries, "用户").map((entry) => entry.title)).toEqual(["用户管理"]);
    expect(filterEntries(entries, "dICT").map((entry) => entry.title)).toEqual(["Dictionary"]);
    expect(filterEntries(entries, "  ")).toHaveLength(3);
  });
  it("finds the trail of a page for the breadcrumb", () => {
    expect(menuTrail(menu, "/isystem/user").map((entry) => entry.meta.title)).toEqual(["系统管理", "用户管理"]);
    expect(menuTrail(menu, "/nowhere")).toEqual([]);
  });
});
