import { describe, expect, it } from "vitest";
import type { AuthEntry, MenuNode } from "#contract/permission";
import { filterMenuByPermission } from "~/lib/menu-filter";

const node = (path: string, permission?: string[], children?: MenuNode[]): MenuNode => ({
  id: path,
  route: "1",
  path,
  name: path,
  meta: { title: path, ...(permission ? { permission } : {}) },
  ...(children ? { children } : {}),
});
const entry = (action: string, type = "1", status = "1"): AuthEntry => ({ action, type, status, describe: action });

describe("menu entries with meta.permission (docs/spec/app-shell.md §2)", () => {
  const allAuth = [entry("report:view"), entry("report:admin"), entry("open:all", "1", "0")];
  const menu = [
    node("/plain"),
    node("/reports", undefined, [node("/reports/view", ["report:view"]), node("/reports/admin", ["report:admin"]), node("/reports/open", ["open:all"])]),
  ];

  it("keeps entries without codes and those the user holds one code of", () => {
    const kept = filterMenuByPermission(menu, [entry("report:view")], allAuth);
    expect(kept.map((item) => item.path)).toEqual(["/plain", "/reports"]);
    expect(kept[1]!.children!.map((item) => item.path)).toEqual(["/reports/view", "/reports/open"]);
  });

  it("drops entries whose codes the user does not hold", () => {
    const kept = filterMenuByPermission(menu, [], allAuth);
    expect(kept[1]!.children!.map((item) => item.path)).toEqual(["/reports/open"]);
  });
});
