import { describe, expect, it } from "vitest";
import { buildMenuTree, type PermissionRow } from "../../backend/modules/system/permission/menu-tree";

function row(overrides: Partial<PermissionRow> & { id: string }): PermissionRow {
  return {
    parentId: null,
    name: overrides.id,
    url: `/${overrides.id}`,
    component: "layouts/RouteView",
    componentName: null,
    redirect: null,
    menuType: 0,
    icon: null,
    isRoute: 1,
    isLeaf: 1,
    keepAlive: 0,
    hidden: 0,
    hideTab: 0,
    alwaysShow: 0,
    internalOrExternal: 0,
    ...overrides,
  };
}

// docs/spec/api-contract.md §4 "Menu node building".
describe("menu tree of getUserPermissionByToken", () => {
  it("nests children under their parent and names routes from the url", () => {
    const [system] = buildMenuTree([
      row({ id: "sys", url: "/isystem", isLeaf: 0, icon: "setting" }),
      row({ id: "user", parentId: "sys", url: "/isystem/user", component: "system/UserList", menuType: 1 }),
    ]);
    expect(system).toMatchObject({ path: "/isystem", name: "isystem", redirect: null, meta: { title: "sys", icon: "setting", componentName: "RouteView" } });
    expect(system!.children).toHaveLength(1);
    expect(system!.children![0]).toMatchObject({ path: "/isystem/user", name: "isystem-user", meta: { componentName: "UserList" } });
    expect(system!.children![0]).not.toHaveProperty("redirect");
  });

  it("hashes external urls into the path and keeps them in meta.url", () => {
    const [link] = buildMenuTree([row({ id: "doc", url: "https://example.org/x", internalOrExternal: 1 })]);
    expect(link!.path).toMatch(/^[0-9a-f]{32}$/);
    expect(link!.meta).toMatchObject({ url: "https://example.org/x", internalOrExternal: true });
  });

  it("marks hidden items and replaces the meta of a top menu whose children are all hidden", () => {
    const [top] = buildMenuTree([
      row({ id: "top", isLeaf: 0 }),
      row({ id: "child", parentId: "top", menuType: 1, hidden: 1 }),
    ]);
    expect(top!.hidden).toBe(true);
    expect(top!.meta).toEqual({ hideMenu: true });
    expect(top!.children![0]).toMatchObject({ hidden: true, meta: { hideMenu: true } });
  });

  it("stops at leaves, drops orphans, ignores buttons and carries route '0' and alwaysShow", () => {
    const tree = buildMenuTree([
      row({ id: "leaf", isLeaf: 1, isRoute: 0, alwaysShow: 1 }),
      row({ id: "under-leaf", parentId: "leaf", menuType: 1 }),
      row({ id: "orphan", parentId: "missing", menuType: 1 }),
      row({ id: "button", parentId: "leaf", menuType: 2 }),
    ]);
    expect(tree).toHaveLength(1);
    expect(tree[0]).toMatchObject({ route: "0", alwaysShow: true });
    expect(tree[0]).not.toHaveProperty("children");
  });

  it("turns ':' into '@' in generated names", () => {
    const [node] = buildMenuTree([row({ id: "p", url: "/school/student/:id" })]);
    expect(node!.name).toBe("school-student-@id");
  });
});
