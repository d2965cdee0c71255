// The authorise drawer's tree rules (app/components/system/role/permission-tree-logic.ts).
import { describe, expect, it } from "vitest";
import { allKeys, branchKeys, keysToSave, linkedChecked } from "~/components/system/role/permission-tree-logic";
import type { PermissionNode } from "~/components/system/role/role-api";

const node = (key: string, children?: PermissionNode[]): PermissionNode => ({ key, title: key, ruleFlag: null, ...(children ? { children } : {}) });
// 首页; 系统管理 > 用户管理 > (添加, 删除), 角色管理
const tree = [node("home"), node("system", [node("users", [node("user:add"), node("user:delete")]), node("roles")])];

describe("the authorisation tree", () => {
  it("lists every key in tree order, and the branches that 展开所有 opens", () => {
    expect(allKeys(tree)).toEqual(["home", "system", "users", "user:add", "user:delete", "roles"]);
    expect(branchKeys(tree)).toEqual(["system", "users"]);
  });

  it("saves exactly the checked nodes when parents and children are independent (取消关联)", () => {
    expect(keysToSave(tree, "independent", ["users", "user:add", "users"])).toEqual(["users", "user:add"]);
  });

  it("saves the checked nodes and all their ancestors when linked (父子关联), in tree order", () => {
    expect(keysToSave(tree, "linked", ["user:add"])).toEqual(["system", "users", "user:add"]);
    expect(keysToSave(tree, "linked", ["roles", "home"])).toEqual(["home", "system", "roles"]);
    expect(keysToSave(tree, "linked", [])).toEqual([]);
  });

  it("never grants more when switching to linked: only granted leaves stay checked", () => {
    // A menu granted without its buttons: linked, it shows unchecked rather than granting them.
    expect(linkedChecked(tree, ["system", "users"])).toEqual([]);
    expect(linkedChecked(tree, ["system", "users", "user:add", "roles"])).toEqual(["user:add", "roles"]);
  });
});
