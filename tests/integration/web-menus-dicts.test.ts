// The loaders and actions of 菜单管理 and 数据字典, called with real Requests against the embedded
// backend: a menu saved on the page shows in the session's side menu at once; the items drawer's
// resource route lists, saves (with the form's messages) and deletes; 刷新缓存 makes the page's
// dictionary options show a new item that this web server had cached.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { startTestBackend, type TestBackend } from "../support/backend";
import { TEST_ADMIN_PASSWORD } from "../support/constants";
import { routeArgs, testApp } from "../support/app-context";
import type { AppContext } from "~/services/app-context.server";

let server: TestBackend;
let app: AppContext;
const origin = "http://school.test";

beforeAll(async () => {
  server = await startTestBackend();
  app = testApp(server.url);
});
afterAll(async () => server?.close());

const login = await import("~/routes/user/login");
const mainLayout = await import("~/routes/main/layout");
const menus = await import("~/routes/system/menus");
const dicts = await import("~/routes/system/dicts");
const dictItems = await import("~/routes/api/system/dict-items");
const menuCheck = await import("~/routes/api/system/menu-check");
const dictRefresh = await import("~/routes/api/dict-refresh");

type Args = Parameters<typeof login.action>[0];
const args = (request: Request) => routeArgs(app, request) as unknown as Args;
const rows = <T>(text: string) => server.backend.db.rows<T>(sql.raw(text));

async function signIn(): Promise<string> {
  const response = (await login.action(args(new Request(`${origin}/user/login`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ username: "admin", password: TEST_ADMIN_PASSWORD }),
  })))) as Response;
  return response.headers.get("Set-Cookie")!.split(";")[0]!;
}

const get = (cookie: string, path: string) => new Request(`${origin}${path}`, { headers: { Cookie: cookie } });
const post = (cookie: string, path: string, fields: Record<string, string>) =>
  new Request(`${origin}${path}`, { method: "POST", headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" }, body: new URLSearchParams(fields) });
/** What an action answered: plain data, or `data(…, { status })`. */
const answerOf = (value: unknown) => ((value as { data?: unknown }).data ?? value) as Record<string, any>;

interface MenuNode {
  id: string;
  meta: { title?: string };
  children?: MenuNode[];
}
const titles = (nodes: MenuNode[]): string[] => nodes.flatMap((node) => [node.meta.title ?? "", ...titles(node.children ?? [])]);

describe("菜单管理 page", () => {
  it("loads the tree un-paged and saves through the action, and the side menu follows at once", async () => {
    const cookie = await signIn();
    const page = await menus.loader(args(get(cookie, "/isystem/permission")) as never);
    expect(page.title).toBe("菜单管理");
    expect(page.list.records.some((record) => record.name === "系统管理")).toBe(true);
    expect(page.tree).toBe(page.list.records);
    const searched = await menus.loader(args(get(cookie, "/isystem/permission?name=字典")) as never);
    expect(searched.list.records.map((record) => record.name).sort()).toEqual(["分类字典", "数据字典"]);
    expect(searched.tree.length).toBeGreaterThan(5);

    // The layout's cached answer is dropped by a save on this page.
    const before = await mainLayout.loader(args(get(cookie, "/isystem/permission")) as never);
    expect(titles(before.menu)).toContain("数据规则");
    const [rule] = await rows<{ id: string; parent_id: string }>(`SELECT id, parent_id FROM sys_permission WHERE url = '/isystem/dataRule'`);
    const save = (name: string) =>
      menus.action(
        args(
          post(cookie, "/isystem/permission", {
            intent: "save",
            id: rule!.id, menuType: "1", name, parentId: rule!.parent_id, url: "/isystem/dataRule", component: "system/PermissionDataRuleList", route: "true",
          }),
        ) as never,
      );
    expect(answerOf(await save("数据规则改"))).toMatchObject({ ok: true, message: "修改成功！" });
    // The layout reloads after this page's actions (and not after other pages' actions).
    expect(mainLayout.shouldRevalidate({ formAction: "/isystem/permission?name=x" } as never)).toBe(true);
    expect(mainLayout.shouldRevalidate({ formAction: "/isystem/user" } as never)).toBe(false);
    const after = await mainLayout.loader(args(get(cookie, "/isystem/permission")) as never);
    expect(titles(after.menu)).toContain("数据规则改");
    await save("数据规则");

    // The form's schema answers before the backend; the backend's refusals come back as messages.
    const missing = answerOf(await menus.action(args(post(cookie, "/isystem/permission", { intent: "save", menuType: "2", name: "x" })) as never));
    expect(missing.fieldErrors).toEqual({ parentId: "请选择上级菜单!", perms: "请输入授权标识!" });
    const taken = answerOf(
      await menus.action(
        args(post(cookie, "/isystem/permission", { intent: "save", menuType: "2", name: "x", parentId: rule!.id, perms: "user:add" })) as never,
      ),
    );
    expect(taken).toMatchObject({ ok: false, failure: { message: "授权标识已存在!" } });
  });

  it("answers the form's live checks of paths and codes", async () => {
    const cookie = await signIn();
    const check = (query: string) => menuCheck.loader(args(get(cookie, `/api/system/menu-check?${query}`)) as never);
    expect(await check("url=/isystem/user&alwaysShow=false")).toMatchObject({ ok: false, message: "该值不可用，系统中已存在！" });
    expect(await check("url=/isystem/nothing")).toEqual({ ok: true });
    expect(await check("perms=user:add")).toMatchObject({ ok: false });
    expect(await check("perms=qa:free")).toEqual({ ok: true });
  });
});

describe("数据字典 page", () => {
  it("lists, saves and deletes a dictionary's items through the drawer's route", async () => {
    const cookie = await signIn();
    const [sex] = await rows<{ id: string }>(`SELECT id FROM sys_dict WHERE dict_code = 'sex'`);
    const route = `/api/system/dict-items?dictId=${sex!.id}`;
    // What useOwnedList loads: the owner's dictId with the drawer's state as the backend query.
    const list = await dictItems.loader(args(get(cookie, route)) as never);
    expect(list.records.map((record) => record.itemValue)).toEqual(["1", "2"]);
    expect(list.records[0]).toMatchObject({ itemText: "男", status_dictText: "有效" });
    expect(list).toMatchObject({ total: 2, error: null, state: { column: "sortOrder", order: "asc", pageNo: 1 } });
    const reversed = await dictItems.loader(args(get(cookie, `${route}&column=sortOrder&order=desc&pageNo=1&pageSize=10`)) as never);
    expect(reversed.records.map((record) => record.itemValue)).toEqual(["2", "1"]);
    const filtered = await dictItems.loader(args(get(cookie, `${route}&itemText=*女*`)) as never);
    expect(filtered.records.map((record) => record.itemText)).toEqual(["女"]);
    expect(await dictItems.loader(args(get(cookie, "/api/system/dict-items")) as never)).toMatchObject({ records: [], error: "字典不存在" });

    // The form sends no dictId: the route's says which dictionary the item goes into.
    const save = (values: Record<string, string>, path = route) =>
      dictItems.action(args(post(cookie, path, { intent: "save", ...values })) as never);
    expect(answerOf(await save({ itemText: "", itemValue: "" })).fieldErrors).toEqual({ itemText: "请输入名称!", itemValue: "请输入数据值!" });
    // A value taken in the dictionary is refused next to 数据值, before the backend is asked to save.
    expect(answerOf(await save({ itemText: "又男", itemValue: "1" }))).toMatchObject({ ok: false, fieldErrors: { itemValue: "该值不可用，系统中已存在！" } });
    expect(answerOf(await save({ itemText: "未知", itemValue: "0" }, "/api/system/dict-items"))).toMatchObject({ ok: false, message: "字典不存在" });
    expect(answerOf(await save({ itemText: "未知", itemValue: "0", sortOrder: "0", status: "0" }))).toMatchObject({ ok: true, message: "添加成功！" });
    const [added] = await rows<{ id: string; sort_order: number; status: number }>(`SELECT id, sort_order, status FROM sys_dict_item WHERE dict_id = '${sex!.id}' AND item_value = '0'`);
    expect(added).toMatchObject({ sort_order: 0, status: 0 });
    // Editing keeps its own value without tripping the check.
    expect(answerOf(await save({ id: added!.id, itemText: "未知性别", itemValue: "0", sortOrder: "3", status: "1" }))).toMatchObject({ ok: true });
    expect(await rows(`SELECT item_text, sort_order, status FROM sys_dict_item WHERE id = '${added!.id}'`)).toEqual([{ item_text: "未知性别", sort_order: 3, status: 1 }]);
    const removed = answerOf(await dictItems.action(args(post(cookie, route, { intent: "delete", id: added!.id })) as never));
    expect(removed).toMatchObject({ ok: true, message: "删除成功!", deleted: 1 });
    expect(await rows(`SELECT id FROM sys_dict_item WHERE id = '${added!.id}'`)).toEqual([]);
  });

  it("shows a new item in the page's dictionary options once the cache is refreshed", async () => {
    const cookie = await signIn();
    const statuses = async () => (await dicts.loader(args(get(cookie, "/isystem/dict")) as never)).statuses.map((option) => option.label);
    expect(await statuses()).toEqual(["有效", "无效"]);
    const [valid] = await rows<{ id: string }>(`SELECT id FROM sys_dict WHERE dict_code = 'valid_status'`);
    const added = answerOf(
      await dictItems.action(
        args(post(cookie, `/api/system/dict-items?dictId=${valid!.id}`, { intent: "save", itemText: "待定", itemValue: "9", sortOrder: "9" })) as never,
      ),
    );
    expect(added.ok).toBe(true);
    // This web server keeps dictionary options for a while…
    expect(await statuses()).toEqual(["有效", "无效"]);
    // …until 刷新缓存.
    expect(await dictRefresh.action(args(post(cookie, "/api/dict/refresh-cache", {})) as never)).toMatchObject({ ok: true });
    expect(await statuses()).toEqual(["有效", "无效", "待定"]);
    await rows(`DELETE FROM sys_dict_item WHERE dict_id = '${valid!.id}' AND item_value = '9'`);
  });
});
