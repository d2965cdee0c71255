// One menu definition in each client's terms (issue #31 item 2, docs/decisions/084): the Vue 3
// client (X-Version: v3) gets its routes and views, the Vue 2 client (axios's Accept) only the pages
// its 3.3.0 ships, our web app the menu as stored. Each asks as it does in its sources.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { MenuNode } from "#contract/permission";
import { call, loginToken, postgresReachable, startTestBackend, type TestBackend } from "../support/backend";
import { MAPPED_SCREENS } from "../support/jeecg-client-urls";
import { vue3Client } from "../support/vue3-client";

const databases = ["pglite", ...((await postgresReachable()) ? ["postgres"] : [])] as const;
/** axios's default Accept, which the Vue 2 client's requests carry. */
const AXIOS_ACCEPT = "application/json, text/plain, */*";

function flatten(nodes: MenuNode[], into: MenuNode[] = []): MenuNode[] {
  for (const node of nodes) {
    into.push(node);
    flatten(node.children ?? [], into);
  }
  return into;
}

describe.each(databases)("the menu in each client's terms on %s", (kind) => {
  let server: TestBackend;
  let token: string;
  const menuOf = async (headers: Record<string, string>) => {
    const answer = await call(server.url, "GET", "/sys/permission/getUserPermissionByToken", { token, headers });
    expect(answer.json).toMatchObject({ success: true });
    return answer.json.result.menu as MenuNode[];
  };

  beforeAll(async () => {
    server = await startTestBackend(kind as "pglite" | "postgres");
    token = await loginToken(server.url);
  });
  afterAll(async () => server?.close());

  it("gives the Vue 3 client its own routes and views, and leaves out the pages it has no view for", async () => {
    const answer = await vue3Client(server.url, { token }).get("/sys/permission/getUserPermissionByToken");
    expect(answer.json).toMatchObject({ success: true, result: { auth: expect.any(Array), allAuth: expect.any(Array) } });
    const menu = answer.json.result.menu as MenuNode[];
    const pages = new Map(flatten(menu).map((node) => [node.meta.title, node]));
    const expected: Array<[string, string, string]> = [
      ["用户管理", "/system/user", "system/user/index"],
      ["角色管理", "/system/role", "system/role/index"],
      ["部门管理", "/system/depart", "system/depart/index"],
      ["菜单管理", "/system/menu", "system/menu/index"],
      ["数据字典", "/system/dict", "system/dict/index"],
      ["通知公告", "/system/notice", "system/notice/index"],
      ["职务管理", "/system/position", "system/position/index"],
      ["分类字典", "/system/category", "system/category/index"],
      ["我的消息", "/monitor/mynews", "monitor/mynews/index"],
      ["在线用户", "/system/onlineuser", "system/onlineuser/OnlineUserList"],
    ];
    for (const [title, path, component] of expected) expect(pages.get(title), title).toMatchObject({ path, component, meta: { title } });
    const paths = flatten(menu)
      .filter((node) => !node.children?.length)
      .map((node) => node.path);
    expect(paths.filter((path) => path.startsWith("/isystem") || path.startsWith("/school"))).toEqual([]);
    for (const title of ["学生", "数据规则", "性能监控", "接口文档", "表单开发"]) expect(pages.has(title), title).toBe(false);
    // Groups keep their url and layout, as JeecgBoot's own Vue 3 menu; a redirect names one of their pages.
    const system = menu.find((node) => node.meta.title === "系统管理")!;
    expect(system).toMatchObject({ path: "/isystem", component: "layouts/RouteView" });
    if (system.redirect) expect(system.children!.map((child) => child.path)).toContain(system.redirect);
  });

  it("gives the Vue 2 client the pages its 3.3.0 ships, in its names, and none of the school's", async () => {
    const menu = await menuOf({ Accept: AXIOS_ACCEPT, "tenant-id": "1" });
    const nodes = flatten(menu);
    const titles = nodes.map((node) => node.meta.title);
    expect(titles).toEqual(expect.arrayContaining(["用户管理", "部门管理", "文件存储", "定时任务", "工作台"]));
    for (const title of ["学生", "收费项目", "数据规则", "性能监控", "接口文档", "图表", "表格示例"]) expect(titles, title).not.toContain(title);
    expect(nodes.find((node) => node.meta.title === "用户管理")).toMatchObject({ path: "/isystem/user", component: "system/UserList" });
    // The check script reads these pages (scripts/jeecg-client-urls.ts vue2); the online ones come from a package.
    const pages = nodes.filter((node) => !node.children?.length && !(node.component ?? "").startsWith("modules/online/"));
    expect(pages.map((node) => `views/${node.component}.vue`).sort()).toEqual([...MAPPED_SCREENS.vue2].sort());
    // No group is left without pages.
    for (const node of nodes) if (node.component === "layouts/RouteView") expect(node.children?.length ?? 0, node.meta.title).toBeGreaterThan(0);
  });

  it("gives our web app the whole menu as stored", async () => {
    const titles = flatten(await menuOf({ Accept: "application/json" })).map((node) => node.meta.title);
    expect(titles).toEqual(expect.arrayContaining(["学生", "数据规则", "性能监控", "用户管理"]));
    const user = flatten(await menuOf({})).find((node) => node.meta.title === "用户管理");
    expect(user).toMatchObject({ path: "/isystem/user", component: "system/UserList" });
  });
});
