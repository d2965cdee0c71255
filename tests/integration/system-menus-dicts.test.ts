// 菜单管理 and 数据字典 endpoints (api-contract.md §4 "Related endpoints", §5, §7 "Dictionary
// admin") over real HTTP, on PGlite and (when reachable) PostgreSQL: the menu tree, add / edit /
// delete with leaf flags and subtrees, the uniqueness rules, the page's access per button code,
// the next permission answer seeing every change, and the dictionary code and item-value rules.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { call, loginToken, postgresReachable, startTestBackend, type TestBackend } from "../support/backend";
import { TEST_DEMO_PASSWORD } from "../support/constants";
import { PlatformOwnedMessages } from "#contract/permission";

const databases = ["pglite", ...((await postgresReachable()) ? ["postgres"] : [])] as const;

interface TreeNode {
  id: string;
  name: string;
  menuType: number;
  isLeaf: boolean;
  route: boolean;
  perms: string | null;
  children?: TreeNode[];
}

interface MenuNode {
  id: string;
  path: string;
  meta: { title: string };
  children?: MenuNode[];
}

function findNode<T extends { children?: T[] }>(nodes: T[], test: (node: T) => boolean): T | undefined {
  for (const node of nodes) {
    if (test(node)) return node;
    const found = node.children ? findNode(node.children, test) : undefined;
    if (found) return found;
  }
  return undefined;
}

describe.each(databases)("menus and dictionaries on %s", (kind) => {
  let server: TestBackend;
  let base: string;
  let admin: string;
  const get = (path: string, token = admin) => call(base, "GET", path, { token });
  const send = (method: string, path: string, body?: unknown, token = admin) => call(base, method, path, { token, body });
  const rows = <T>(text: string) => server.backend.db.rows<T>(sql.raw(text));
  const tree = async (): Promise<TreeNode[]> => (await get("/sys/permission/list")).json.result;
  const idOf = async (name: string) => (await rows<{ id: string }>(`SELECT id FROM sys_permission WHERE name = '${name}' AND del_flag = 0`))[0]?.id;
  const leaf = async (id: string) => (await rows<{ is_leaf: number }>(`SELECT is_leaf FROM sys_permission WHERE id = '${id}'`))[0]?.is_leaf;
  const adminMenu = async (): Promise<MenuNode[]> => (await get("/sys/permission/getUserPermissionByToken")).json.result.menu;
  const adminRoleId = async () => (await rows<{ id: string }>(`SELECT id FROM sys_role WHERE role_code = 'admin'`))[0]!.id;

  beforeAll(async () => {
    server = await startTestBackend(kind as "pglite" | "postgres");
    base = server.url;
    admin = await loginToken(base);
  });
  afterAll(async () => server?.close());

  describe("菜单管理", () => {
    it("answers the whole tree un-paged with JeecgBoot's wire names, and a flat list for a name search", async () => {
      const answer = await get("/sys/permission/list");
      expect(answer.json).toMatchObject({ success: true, code: 200 });
      const roots: TreeNode[] = answer.json.result;
      expect(Array.isArray(roots)).toBe(true);
      const system = roots.find((node) => node.name === "系统管理")!;
      expect(system).toMatchObject({ menuType: 0, isLeaf: false, route: true, key: system.id, title: "系统管理", parentId: null });
      const users = system.children!.find((node) => node.name === "用户管理")!;
      expect(users).toMatchObject({ menuType: 1, url: "/isystem/user", component: "system/UserList", keepAlive: false, hidden: false });
      expect(users.children!.map((node) => node.perms)).toContain("user:freeze");
      const button = users.children!.find((node) => node.perms === "user:add")!;
      expect(button).toMatchObject({ menuType: 2, isLeaf: true, status: "1", permsType: "1" });
      expect(button).not.toHaveProperty("children");

      const found: TreeNode[] = (await get(`/sys/permission/list?name=${encodeURIComponent("字典")}`)).json.result;
      expect(found.map((node) => node.name).sort()).toEqual(["分类字典", "数据字典"]);
      expect(found.every((node) => node.isLeaf && !node.children)).toBe(true);
      // LIKE wildcards are plain text.
      expect((await get("/sys/permission/list?name=%25")).json.result).toEqual([]);
    });

    it("adds a sub-menu and a button, keeps leaf flags, and the next permission answer shows the change", async () => {
      const systemId = (await idOf("系统管理"))!;
      const added = await send("POST", "/sys/permission/add", {
        menuType: 1,
        name: "QA菜单",
        parentId: systemId,
        url: "/isystem/qaMenu",
        component: "system/QaList",
        sortNo: 99,
        route: true,
        keepAlive: false,
        hidden: false,
        alwaysShow: false,
        internalOrExternal: false,
        icon: "setting",
      });
      expect(added.json).toMatchObject({ success: true, message: "添加成功！" });
      const menuId = (await idOf("QA菜单"))!;
      expect(await leaf(menuId)).toBe(1);
      const button = await send("POST", "/sys/permission/add", { menuType: 2, name: "QA按钮", parentId: menuId, perms: "qa:do, qa:see", permsType: "2", status: "1" });
      expect(button.json.success).toBe(true);
      expect(await leaf(menuId)).toBe(0);
      const buttonRow = (await rows<Record<string, unknown>>(`SELECT perms, perms_type, status, url, is_leaf, create_by FROM sys_permission WHERE name = 'QA按钮'`))[0];
      expect(buttonRow).toMatchObject({ perms: "qa:do,qa:see", perms_type: "2", status: "1", url: null, is_leaf: 1, create_by: "admin" });

      const node = findNode(await tree(), (candidate) => candidate.id === menuId)!;
      expect(node).toMatchObject({ name: "QA菜单", isLeaf: false });
      expect(node.children!.map((child) => child.name)).toEqual(["QA按钮"]);
      expect((await get(`/sys/permission/queryById?id=${menuId}`)).json.result).toMatchObject({ name: "QA菜单", url: "/isystem/qaMenu", route: true, icon: "setting" });

      // Granted to the admin role, the next getUserPermissionByToken has it, and its button in allAuth.
      expect(findNode(await adminMenu(), (candidate) => candidate.id === menuId)).toBeUndefined();
      const granted = await send("POST", "/sys/permission/saveRolePermission", { roleId: await adminRoleId(), permissionIds: menuId, lastpermissionIds: "" });
      expect(granted.json.success).toBe(true);
      expect(findNode(await adminMenu(), (candidate) => candidate.id === menuId)).toMatchObject({ path: "/isystem/qaMenu", meta: { title: "QA菜单" } });
      const allAuth = (await get("/sys/permission/getUserPermissionByToken")).json.result.allAuth as Array<{ action: string; type: string }>;
      expect(allAuth).toContainEqual(expect.objectContaining({ action: "qa:do,qa:see", type: "2" }));

      const edited = await send("PUT", "/sys/permission/edit", { id: menuId, menuType: 1, name: "QA菜单改", parentId: systemId, url: "/isystem/qaMenu2", component: "system/QaList", hidden: true });
      expect(edited.json).toMatchObject({ success: true, message: "修改成功！" });
      expect(findNode(await adminMenu(), (candidate) => candidate.id === menuId)).toMatchObject({ path: "/isystem/qaMenu2", hidden: true, meta: { title: "QA菜单改", hideMenu: true } });
      // The edit kept what it was not sent, and the leaf flag of a row with children.
      expect(await leaf(menuId)).toBe(0);
      expect((await get(`/sys/permission/queryById?id=${menuId}`)).json.result).toMatchObject({ icon: "setting", sortNo: 99 });
    });

    it("moves a row between parents and makes a parent without children a leaf again", async () => {
      const systemId = (await idOf("系统管理"))!;
      const monitorId = (await idOf("系统监控"))!;
      await send("POST", "/sys/permission/add", { menuType: 1, name: "QA父", parentId: systemId, url: "/isystem/qaParent", component: "layouts/RouteView" });
      const parentId = (await idOf("QA父"))!;
      await send("POST", "/sys/permission/add", { menuType: 1, name: "QA子", parentId, url: "/isystem/qaChild", component: "system/QaChild" });
      const childId = (await idOf("QA子"))!;
      expect(await leaf(parentId)).toBe(0);
      const moved = await send("PUT", "/sys/permission/edit", { id: childId, parentId: monitorId });
      expect(moved.json.success).toBe(true);
      expect(await leaf(parentId)).toBe(1);
      expect(await leaf(monitorId)).toBe(0);
      // A top menu drops its parent.
      expect((await send("PUT", "/sys/permission/edit", { id: childId, menuType: 0 })).json.success).toBe(true);
      expect((await rows<{ parent_id: string | null }>(`SELECT parent_id FROM sys_permission WHERE id = '${childId}'`))[0]!.parent_id).toBeNull();
      expect((await tree()).some((node) => node.id === childId)).toBe(true);
      // A row cannot move under itself or below itself.
      await send("PUT", "/sys/permission/edit", { id: childId, menuType: 1, parentId });
      expect((await send("PUT", "/sys/permission/edit", { id: parentId, parentId: childId })).json.message).toBe("上级菜单不能是当前菜单或其下级菜单");
      expect((await send("PUT", "/sys/permission/edit", { id: parentId, parentId })).json.message).toBe("上级菜单不能是当前菜单或其下级菜单");
      // A menu with children cannot become a button.
      expect((await send("PUT", "/sys/permission/edit", { id: parentId, menuType: 2, perms: "qa:parent" })).json.message).toBe("按钮/权限下不能再添加下级");
      await send("DELETE", `/sys/permission/delete?id=${parentId}`);
    });

    it("refuses bad menus and buttons in plain words, writing nothing", async () => {
      const usersId = (await idOf("用户管理"))!;
      const addButtonId = (await rows<{ id: string }>(`SELECT id FROM sys_permission WHERE perms = 'user:add'`))[0]!.id;
      const count = async () => Number((await rows<{ n: unknown }>(`SELECT count(*) AS n FROM sys_permission`))[0]!.n);
      const before = await count();
      const cases: Array<[Record<string, unknown>, string]> = [
        [{ menuType: 0, url: "/x", component: "x" }, "请输入菜单名称!"],
        [{ menuType: 1, name: "无上级", url: "/qa/noParent", component: "x" }, "请选择上级菜单!"],
        [{ menuType: 0, name: "无路径", component: "x" }, "请输入菜单路径!"],
        [{ menuType: 0, name: "无组件", url: "/qa/noComponent" }, "请输入前端组件!"],
        [{ menuType: 0, name: "重复路径", url: "/isystem/user", component: "x" }, "菜单路径已存在!"],
        [{ menuType: 2, parentId: usersId, perms: "qa:x" }, "请输入按钮/权限名称!"],
        [{ menuType: 2, name: "无标识", parentId: usersId }, "请输入授权标识!"],
        [{ menuType: 2, name: "无上级", perms: "qa:orphan" }, "请选择上级菜单!"],
        [{ menuType: 2, name: "重复标识", parentId: usersId, perms: "qa:new,user:add" }, "授权标识已存在!"],
        [{ menuType: 2, name: "按钮下", parentId: addButtonId, perms: "qa:under" }, "按钮/权限下不能再添加下级"],
        [{ menuType: 2, name: "坏上级", parentId: "missing", perms: "qa:missing" }, "上级菜单不存在"],
        [{ menuType: 2, name: "坏策略", parentId: usersId, perms: "qa:strategy", permsType: "9" }, "授权策略不正确"],
        [{ menuType: 2, name: "坏状态", parentId: usersId, perms: "qa:status", status: "5" }, "状态不正确"],
        [{ menuType: 7, name: "坏类型" }, "菜单类型不正确"],
        [{ menuType: 0, name: "坏开关", url: "/qa/flag", component: "x", hidden: "maybe" }, "隐藏路由格式不正确"],
        [{ menuType: 0, name: "x".repeat(300), url: "/qa/long", component: "x" }, "菜单名称长度不能超过255个字符"],
      ];
      for (const [body, message] of cases) {
        const answer = await send("POST", "/sys/permission/add", body);
        expect({ body, answer: answer.json.message, success: answer.json.success }).toEqual({ body, answer: message, success: false });
      }
      expect(await count()).toBe(before);
      // The same path is allowed for an aggregated route (JeecgBoot compares path and alwaysShow).
      expect((await send("POST", "/sys/permission/add", { menuType: 0, name: "聚合", url: "/isystem/user", component: "x", alwaysShow: true })).json.success).toBe(true);
      await send("DELETE", `/sys/permission/delete?id=${await idOf("聚合")}`);
      // Editing keeps its own path and codes; an unknown id is refused.
      expect((await send("PUT", "/sys/permission/edit", { id: usersId, name: "用户管理" })).json.success).toBe(true);
      expect((await send("PUT", "/sys/permission/edit", { id: addButtonId, perms: "user:add" })).json.success).toBe(true);
      expect((await send("PUT", "/sys/permission/edit", { id: "missing", name: "x" })).json.message).toBe("未找到菜单信息");
      expect((await send("DELETE", "/sys/permission/delete?id=missing")).json.message).toBe("未找到菜单信息");
      expect((await send("DELETE", "/sys/permission/deleteBatch?ids=")).json.message).toBe("参数不识别！");
    });

    it("answers the form's duplicate checks for paths and codes", async () => {
      const usersId = (await idOf("用户管理"))!;
      const check = async (query: string) => (await get(`/sys/permission/checkPermDuplication?${query}`)).json;
      expect(await check("url=/isystem/user&alwaysShow=false")).toMatchObject({ success: false, message: "该值不可用，系统中已存在！" });
      expect(await check(`url=/isystem/user&alwaysShow=false&id=${usersId}`)).toMatchObject({ success: true, message: "该值可用！" });
      expect(await check("url=/isystem/user&alwaysShow=true")).toMatchObject({ success: true });
      expect(await check("url=/isystem/free&alwaysShow=false")).toMatchObject({ success: true });
      expect(await check("perms=user:add")).toMatchObject({ success: false, message: "该值不可用，系统中已存在！" });
      expect(await check("perms=user")).toMatchObject({ success: true });
    });

    it("deletes a row with its subtree and its role grants in one go, alone or in a batch", async () => {
      const systemId = (await idOf("系统管理"))!;
      await send("POST", "/sys/permission/add", { menuType: 1, name: "QA删", parentId: systemId, url: "/isystem/qaDelete", component: "layouts/RouteView" });
      const top = (await idOf("QA删"))!;
      await send("POST", "/sys/permission/add", { menuType: 1, name: "QA删子", parentId: top, url: "/isystem/qaDelete/child", component: "system/X" });
      const child = (await idOf("QA删子"))!;
      await send("POST", "/sys/permission/add", { menuType: 2, name: "QA删按钮", parentId: child, perms: "qa:delete_me" });
      const grandchild = (await idOf("QA删按钮"))!;
      await send("POST", "/sys/permission/saveRolePermission", { roleId: await adminRoleId(), permissionIds: [top, child, grandchild].join(","), lastpermissionIds: "" });
      expect(findNode(await adminMenu(), (node) => node.id === child)).toBeDefined();

      const answer = await send("DELETE", `/sys/permission/delete?id=${top}`);
      expect(answer.json).toMatchObject({ success: true, message: "删除成功!" });
      expect(await rows(`SELECT id FROM sys_permission WHERE id IN ('${top}', '${child}', '${grandchild}')`)).toEqual([]);
      expect(await rows(`SELECT id FROM sys_role_permission WHERE permission_id IN ('${top}', '${child}', '${grandchild}')`)).toEqual([]);
      expect(findNode(await adminMenu(), (node) => node.id === child)).toBeUndefined();
      const allAuth = (await get("/sys/permission/getUserPermissionByToken")).json.result.allAuth as Array<{ action: string }>;
      expect(allAuth.some((entry) => entry.action === "qa:delete_me")).toBe(false);

      // A batch naming a parent and its child (the client's trailing comma) deletes both once.
      await send("POST", "/sys/permission/add", { menuType: 1, name: "QA批", parentId: systemId, url: "/isystem/qaBatch", component: "layouts/RouteView" });
      const batchTop = (await idOf("QA批"))!;
      await send("POST", "/sys/permission/add", { menuType: 2, name: "QA批按钮", parentId: batchTop, perms: "qa:batch" });
      const batchChild = (await idOf("QA批按钮"))!;
      const batch = await send("DELETE", `/sys/permission/deleteBatch?ids=${batchTop},${batchChild},`);
      expect(batch.json).toMatchObject({ success: true, message: "删除成功!" });
      expect(await rows(`SELECT id FROM sys_permission WHERE id IN ('${batchTop}', '${batchChild}')`)).toEqual([]);
      // Deleting a parent's last child makes it a leaf again.
      const qaMenu = (await idOf("QA菜单改"))!;
      await send("DELETE", `/sys/permission/delete?id=${(await idOf("QA按钮"))!}`);
      expect(await leaf(qaMenu)).toBe(1);
    });

    it("needs the page to read and each permission button to write", async () => {
      const dean = await loginToken(base, "dean_liu", TEST_DEMO_PASSWORD);
      const refused = { success: false, message: "没有权限，请联系管理员授权" };
      expect((await get("/sys/permission/list", dean)).json).toMatchObject(refused);
      expect((await get("/sys/permission/checkPermDuplication?url=/x", dean)).json).toMatchObject(refused);
      const [office] = await rows<{ id: string }>(`SELECT id FROM sys_role WHERE role_code = 'office'`);
      const pageId = (await rows<{ id: string }>(`SELECT id FROM sys_permission WHERE url = '/isystem/permission'`))[0]!.id;
      const addId = (await rows<{ id: string }>(`SELECT id FROM sys_permission WHERE perms = 'permission:add'`))[0]!.id;
      await send("POST", "/sys/permission/saveRolePermission", { roleId: office!.id, permissionIds: pageId, lastpermissionIds: "" });
      expect((await get("/sys/permission/list", dean)).json.success).toBe(true);
      const systemId = (await idOf("系统管理"))!;
      const body = { menuType: 1, name: "QA权限", parentId: systemId, url: "/isystem/qaAccess", component: "system/X" };
      expect((await send("POST", "/sys/permission/add", body, dean)).json).toMatchObject(refused);
      const usersId = (await idOf("用户管理"))!;
      expect((await send("PUT", "/sys/permission/edit", { id: usersId, name: "改名" }, dean)).json).toMatchObject(refused);
      expect((await send("DELETE", `/sys/permission/delete?id=${usersId}`, undefined, dean)).json).toMatchObject(refused);
      expect((await send("DELETE", `/sys/permission/deleteBatch?ids=${usersId}`, undefined, dean)).json).toMatchObject(refused);
      await send("POST", "/sys/permission/saveRolePermission", { roleId: office!.id, permissionIds: addId, lastpermissionIds: "" });
      // Menus are the platform's (docs/decisions/144): with permission:add, dean, no platform
      // administrator, is still refused, in words that say why; the platform administrator may.
      expect((await send("POST", "/sys/permission/add", body, dean)).json).toMatchObject({ success: false, code: 510, message: PlatformOwnedMessages.menu });
      expect((await send("POST", "/sys/permission/add", body)).json.success).toBe(true);
      expect((await send("DELETE", `/sys/permission/delete?id=${(await idOf("QA权限"))!}`, undefined, dean)).json).toMatchObject(refused);
      expect(await idOf("用户管理")).toBe(usersId);
      await send("DELETE", `/sys/permission/delete?id=${(await idOf("QA权限"))!}`);
    });
  });

  describe("数据字典", () => {
    it("keeps dictionary codes unique, recycled ones included, and checks item values within their dictionary", async () => {
      expect((await send("POST", "/sys/dict/add", { dictName: "QA甲", dictCode: "qa_unique" })).json.success).toBe(true);
      expect((await send("POST", "/sys/dict/add", { dictName: "QA乙", dictCode: "qa_unique" })).json.message).toBe("字典编码已存在!");
      expect((await send("POST", "/sys/dict/add", { dictName: "QA性别", dictCode: "sex" })).json.message).toBe("字典编码已存在!");
      const [{ id: dictId }] = (await rows<{ id: string }>(`SELECT id FROM sys_dict WHERE dict_code = 'qa_unique'`)) as [{ id: string }];
      const [{ id: sexId }] = (await rows<{ id: string }>(`SELECT id FROM sys_dict WHERE dict_code = 'sex'`)) as [{ id: string }];
      expect((await send("PUT", "/sys/dict/edit", { id: dictId, dictCode: "sex" })).json.message).toBe("字典编码已存在!");
      expect((await send("PUT", "/sys/dict/edit", { id: dictId, dictCode: "qa_unique", dictName: "QA甲改" })).json.success).toBe(true);

      // The same value in another dictionary is fine; within one it is taken.
      expect((await send("POST", "/sys/dictItem/add", { dictId, itemText: "男", itemValue: "1" })).json.success).toBe(true);
      const check = async (query: string) => (await get(`/sys/dictItem/dictItemCheck?${query}`)).json;
      expect(await check(`dictId=${dictId}&itemValue=1`)).toMatchObject({ success: false, message: "该值不可用，系统中已存在！" });
      expect(await check(`dictId=${dictId}&itemValue=2`)).toMatchObject({ success: true, message: "该值可用！" });
      expect(await check(`dictId=${sexId}&itemValue=9`)).toMatchObject({ success: true });
      const [{ id: itemId }] = (await rows<{ id: string }>(`SELECT id FROM sys_dict_item WHERE dict_id = '${dictId}'`)) as [{ id: string }];
      expect(await check(`dictId=${dictId}&itemValue=1&id=${itemId}`)).toMatchObject({ success: true });
      await send("POST", "/sys/dictItem/add", { dictId, itemText: "女", itemValue: "2" });
      expect((await send("PUT", "/sys/dictItem/edit", { id: itemId, itemValue: "2" })).json.message).toBe("该值不可用，系统中已存在！");

      // A deleted dictionary keeps its code in the recycle bin.
      await send("DELETE", `/sys/dict/delete?id=${dictId}`);
      expect((await send("POST", "/sys/dict/add", { dictName: "QA丙", dictCode: "qa_unique" })).json.message).toBe("字典编码已存在!");
      // The database index holds the item rule even past the endpoint's check.
      await expect(
        rows(`INSERT INTO sys_dict_item (id, dict_id, item_text, item_value) VALUES ('qa_dup', '${dictId}', 'x', '1')`),
      ).rejects.toThrow();
    });

    it("lets only the dictionary page see the item check, and the refresh reloads the cached items", async () => {
      const dean = await loginToken(base, "dean_liu", TEST_DEMO_PASSWORD);
      expect((await get("/sys/dictItem/dictItemCheck?dictId=x&itemValue=1", dean)).json).toMatchObject({ success: false, message: "没有权限，请联系管理员授权" });
      expect((await get("/sys/dict/list", dean)).json.success).toBe(false);
      const [{ id: sexId }] = (await rows<{ id: string }>(`SELECT id FROM sys_dict WHERE dict_code = 'sex'`)) as [{ id: string }];
      await get("/sys/dict/queryAllDictItems");
      // A change behind the endpoints' back is seen after refleshCache.
      await rows(`INSERT INTO sys_dict_item (id, dict_id, item_text, item_value, sort_order, status) VALUES ('qa_hidden', '${sexId}', '保密', '9', 9, 1)`);
      expect((await get("/sys/dict/queryAllDictItems")).json.result.sex.map((item: { value: string }) => item.value)).not.toContain("9");
      expect((await get("/sys/dict/refleshCache")).json.success).toBe(true);
      expect((await get("/sys/dict/queryAllDictItems")).json.result.sex.map((item: { value: string }) => item.value)).toContain("9");
      await rows(`DELETE FROM sys_dict_item WHERE id = 'qa_hidden'`);
      await get("/sys/dict/refleshCache");
    });
  });
});
