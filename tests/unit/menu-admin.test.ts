// The pure rules of 菜单管理: the backend's body parsing, per-type normalisation and tree answer
// (backend/modules/system/permission/menu-admin-rules.ts), and the page's form schema, wire body and
// parent choices (app/routes/system/menus.data.ts, app/components/system/menu/menu-tree.ts).
import { describe, expect, it } from "vitest";
import {
  buildMenuAdminTree,
  flatMenuList,
  normaliseMenu,
  parseMenuBody,
  permissionCodes,
  withDescendants,
  type MenuRow,
} from "../../backend/modules/system/permission/menu-admin-rules";
import { formMenuType, menuBody, menuFormSchema, menuTypeText } from "~/routes/system/menus.data";
import { branchIds, parentOptions } from "~/components/system/menu/menu-tree";

function row(id: string, parentId: string | null, menuType: number, extra: Partial<MenuRow> = {}): MenuRow {
  return {
    id,
    parentId,
    name: id,
    url: `/${id}`,
    component: "x",
    componentName: null,
    redirect: null,
    menuType,
    perms: null,
    permsType: "1",
    sortNo: 1,
    alwaysShow: 0,
    icon: null,
    isRoute: 1,
    isLeaf: 1,
    keepAlive: 0,
    hidden: 0,
    hideTab: 0,
    description: null,
    delFlag: 0,
    ruleFlag: 0,
    status: "1",
    internalOrExternal: 0,
    createBy: "admin",
    createTime: new Date("2026-01-02T03:04:05Z"),
    updateBy: null,
    updateTime: null,
    ...extra,
  };
}

describe("menu body (backend)", () => {
  it("takes JeecgBoot's booleans and names, and never ids, leaf flags or audit columns", () => {
    const values = parseMenuBody({
      id: "chosen",
      isLeaf: 0,
      delFlag: 1,
      createBy: "x",
      menuType: "1",
      name: " 菜单 ",
      route: false,
      keepAlive: "true",
      hidden: 1,
      internalOrExternal: "0",
      sortNo: "2.5",
      icon: "",
    });
    expect(values).toEqual({ menuType: 1, name: "菜单", isRoute: 0, keepAlive: 1, hidden: 1, internalOrExternal: 0, sortNo: 2.5, icon: null });
  });

  it("refuses values it cannot store, naming the field", () => {
    expect(parseMenuBody({ menuType: 3 })).toEqual({ error: "菜单类型不正确" });
    expect(parseMenuBody({ keepAlive: "sometimes" })).toEqual({ error: "是否缓存路由格式不正确" });
    expect(parseMenuBody({ sortNo: "first" })).toEqual({ error: "排序必须是数字" });
    expect(parseMenuBody({ icon: "x".repeat(101) })).toEqual({ error: "菜单图标长度不能超过100个字符" });
    expect(parseMenuBody({ name: { nested: true } })).toHaveProperty("error");
  });

  it("normalises by type: a top menu drops its parent, a button keeps only what a button means", () => {
    expect(normaliseMenu({ menuType: 0, name: "a", parentId: "p", url: "/a", component: "c" })).toMatchObject({
      values: { parentId: null, isRoute: 1, sortNo: 1, hidden: 0, perms: null },
    });
    const button = normaliseMenu({ menuType: 2, name: "b", parentId: "p", perms: " a:add , ,a:edit", url: "/b", icon: "home", permsType: "0" });
    expect(button).toMatchObject({ values: { perms: "a:add,a:edit", permsType: "1", status: "1", url: null, icon: null, isRoute: 1 } });
    expect(normaliseMenu({ menuType: 2, name: "b", parentId: "p", perms: ", ," })).toEqual({ error: "请输入授权标识!" });
    expect(normaliseMenu({ menuType: 1, name: "s", url: "/s", component: "c" })).toEqual({ error: "请选择上级菜单!" });
    expect(normaliseMenu({ name: "t", component: "c" })).toEqual({ error: "请输入菜单路径!" });
  });

  it("splits permission codes", () => {
    expect(permissionCodes(" a:b,,c:d ,")).toEqual(["a:b", "c:d"]);
    expect(permissionCodes(null)).toEqual([]);
  });
});

describe("menu tree (backend)", () => {
  it("hangs rows under their parents whatever their stale leaf flags, with children only when there are some", () => {
    const tree = buildMenuAdminTree([row("top", null, 0, { isLeaf: 1 }), row("page", "top", 1), row("button", "page", 2), row("orphan", "gone", 1)]);
    expect(tree.map((node) => node.id)).toEqual(["top", "orphan"]);
    const top = tree[0]!;
    expect(top).toMatchObject({ key: "top", title: "top", isLeaf: false, route: true, keepAlive: false, createTime: "2026-01-02 11:04:05" });
    expect(top.children![0]!.children![0]).toMatchObject({ id: "button", isLeaf: true, menuType: 2 });
    expect(top.children![0]!.children![0]).not.toHaveProperty("children");
    expect(flatMenuList([row("a", "top", 1, { isLeaf: 0 })])[0]).toMatchObject({ isLeaf: true });
  });

  it("collects a row's descendants once, even through a cycle", () => {
    const children = new Map([
      ["a", ["b", "c"]],
      ["b", ["d"]],
      ["d", ["a"]],
    ]);
    expect(withDescendants(["a"], children).sort()).toEqual(["a", "b", "c", "d"]);
    expect(withDescendants(["c"], children)).toEqual(["c"]);
  });
});

describe("menu form (page)", () => {
  it("requires what each type needs, with the backend's messages", () => {
    const check = (values: Record<string, string>) => {
      const parsed = menuFormSchema.safeParse(values);
      return parsed.success ? {} : Object.fromEntries(parsed.error.issues.map((issue) => [issue.path[0], issue.message]));
    };
    expect(check({})).toEqual({ name: "请输入菜单名称!", url: "请输入菜单路径!", component: "请输入前端组件!" });
    expect(check({ menuType: "1", name: "a", url: "/a", component: "c" })).toEqual({ parentId: "请选择上级菜单!" });
    expect(check({ menuType: "2" })).toEqual({ name: "请输入按钮/权限名称!", parentId: "请选择上级菜单!", perms: "请输入授权标识!" });
    expect(check({ name: "a", url: "/a", component: "c", sortNo: "x" })).toEqual({ sortNo: "排序必须是数字" });
  });

  it("sends SysPermission's wire body: numbers, booleans with the switches' defaults, nothing of the other type", () => {
    const menu = menuFormSchema.parse({ menuType: "", name: "a", url: "/a", component: "c", parentId: "p", redirect: "/a/b", hidden: "true", sortNo: "3" });
    expect(menuBody(menu)).toEqual({
      menuType: 0,
      name: "a",
      parentId: null,
      url: "/a",
      component: "c",
      redirect: "/a/b",
      icon: null,
      sortNo: 3,
      route: true,
      hidden: true,
      keepAlive: false,
      alwaysShow: false,
      internalOrExternal: false,
    });
    const button = menuFormSchema.parse({ menuType: "2", name: "b", parentId: "p", perms: "a:b", url: "/ignored" });
    expect(menuBody(button)).toEqual({ menuType: 2, name: "b", parentId: "p", perms: "a:b", permsType: "1", status: "1" });
  });

  it("reads the menu type of a record and names it", () => {
    expect(formMenuType({ menuType: 2 })).toBe("2");
    expect(formMenuType({})).toBe("0");
    expect(menuTypeText(1)).toBe("子菜单");
    expect(menuTypeText(2)).toBe("按钮/权限");
  });

  it("offers menus as parents, never buttons, and not the edited row or its subtree", () => {
    const records = [
      { id: "top", name: "顶", menuType: 0, children: [{ id: "page", name: "页", menuType: 1, children: [{ id: "btn", name: "钮", menuType: 2 }] }] },
      { id: "other", name: "另", menuType: 0 },
    ];
    expect(parentOptions(records)).toEqual([
      { value: "top", title: "顶", children: [{ value: "page", title: "页" }] },
      { value: "other", title: "另" },
    ]);
    expect(parentOptions(records, "top")[0]).toEqual({ value: "top", title: "顶", disabled: true, children: [{ value: "page", title: "页", disabled: true }] });
    expect(branchIds(records)).toEqual(["top", "page"]);
  });
});
