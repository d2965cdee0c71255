// The role page's action and its resource routes (app/routes/system/roles.tsx,
// app/routes/api/system/role-*.tsx), called with real Requests against the embedded backend:
// the role-code check before saving, the authorise tree, the users of a role and data rules.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { stableId } from "../../backend/db/ids";
import { startTestBackend, type TestBackend } from "../support/backend";
import { TEST_ADMIN_PASSWORD, TEST_DEMO_PASSWORD } from "../support/constants";
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
const rolesPage = await import("~/routes/system/roles");
const permissions = await import("~/routes/api/system/role-permissions");
const roleUsers = await import("~/routes/api/system/role-users");
const dataRule = await import("~/routes/api/system/role-datarule");

const args = (request: Request) => routeArgs(app, request) as never;
const rows = <T>(text: string) => server.backend.db.rows<T>(sql.raw(text));
const idOf = async (table: string, where: string) => (await rows<{ id: string }>(`SELECT id FROM ${table} WHERE ${where}`))[0]!.id;
/** The body of an answer given with `data(…, { status })`, or the plain answer. */
const body = (answer: unknown) => ((answer as { type?: string }).type === "DataWithResponseInit" ? (answer as { data: unknown }).data : answer) as any;

function form(path: string, fields: Record<string, string>, cookie: string) {
  return new Request(`${origin}${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: cookie },
    body: new URLSearchParams(fields),
  });
}
const get = (path: string, cookie: string) => new Request(`${origin}${path}`, { headers: { Cookie: cookie } });

async function signIn(username: string, password: string): Promise<string> {
  const response = (await login.action(args(form("/user/login", { username, password }, "")))) as Response;
  return response.headers.get("Set-Cookie")!.split(";")[0]!;
}

describe("the role page's routes", () => {
  let admin: string;
  let roleId: string;
  beforeAll(async () => {
    admin = await signIn("admin", TEST_ADMIN_PASSWORD);
  });

  it("checks a new role's code with the backend before saving, next to the field", async () => {
    const save = (values: Record<string, string>) =>
      rolesPage.action(args(form("/isystem/roleUserList", { intent: "save", ...values }, admin)));
    expect(body(await save({ roleName: "另一个教师", roleCode: "teacher" }))).toMatchObject({ ok: false, fieldErrors: { roleCode: "角色编码已存在" } });
    expect(body(await save({ roleName: "中文", roleCode: "中文编码" }))).toMatchObject({ ok: false, fieldErrors: { roleCode: "角色编码不可输入汉字!" } });
    expect(body(await save({ roleName: "路由测试", roleCode: "qa_routes", description: "" }))).toMatchObject({ ok: true, message: "添加成功！" });
    roleId = await idOf("sys_role", "role_code = 'qa_routes'");
    // Editing keeps its own code without tripping the check.
    expect(body(await save({ id: roleId, roleName: "路由测试二", roleCode: "qa_routes", description: "" }))).toMatchObject({ ok: true, message: "编辑成功!" });
  });

  it("answers the tree with the role's grants, and saves the difference", async () => {
    const menu = stableId("menu", "/isystem/user");
    const before = body(await permissions.loader(args(get(`/api/system/role-permissions?roleId=${roleId}`, admin))));
    expect(before.ok).toBe(true);
    expect(before.checked).toEqual([]);
    const system = before.tree.find((node: { title: string }) => node.title === "系统管理");
    expect(system.children.map((node: { title: string }) => node.title)).toContain("角色管理");
    const saved = body(await permissions.action(args(form("/api/system/role-permissions", { roleId, permissionIds: `${system.key},${menu}`, lastpermissionIds: "" }, admin))));
    expect(saved).toEqual({ ok: true, message: "保存成功！" });
    const after = body(await permissions.loader(args(get(`/api/system/role-permissions?roleId=${roleId}`, admin))));
    expect([...after.checked].sort()).toEqual([system.key, menu].sort());
    const refused = body(await permissions.action(args(form("/api/system/role-permissions", { roleId, permissionIds: "a,b/c", lastpermissionIds: "" }, admin))));
    expect(refused).toMatchObject({ ok: false, message: "参数不正确" });
  });

  it("adds users to the role, lists and searches them, and removes them", async () => {
    const teacherLi = await idOf("sys_user", "username = 'teacher_li'");
    const clerkSun = await idOf("sys_user", "username = 'clerk_sun'");
    // The drawer's list posts to its route with the role in the query (useOwnedList's action).
    const route = `/api/system/role-users?roleId=${roleId}`;
    const post = (fields: Record<string, string>, path = route) => roleUsers.action(args(form(path, fields, admin)));
    const list = async (query = "") => body(await roleUsers.loader(args(get(`${route}${query}`, admin))));
    expect(body(await post({ intent: "add", userIds: `${teacherLi},${clerkSun}` }))).toMatchObject({ ok: true, intent: "add", message: "添加成功!" });
    const listed = await list();
    expect(listed).toMatchObject({ total: 2, error: null, state: { pageNo: 1, column: "createTime", order: "desc" } });
    expect(listed.records.map((user: { username: string }) => user.username).sort()).toEqual(["clerk_sun", "teacher_li"]);
    // The search bar's contains-filter (`*x*`), and the list engine's paging.
    const searched = await list("&username=*clerk*");
    expect(searched.records).toEqual([expect.objectContaining({ username: "clerk_sun", realname: "孙悦", status_dictText: "正常" })]);
    expect((await list("&pageNo=2&pageSize=10")).records).toEqual([]);
    expect(body(await post({ intent: "remove", userId: teacherLi }))).toMatchObject({ ok: true, message: "删除成功!" });
    expect(body(await post({ intent: "removeBatch", userIds: clerkSun }))).toMatchObject({ ok: true, message: "删除成功!" });
    expect((await list()).total).toBe(0);
    expect(body(await post({ intent: "add", userIds: "" }))).toMatchObject({ ok: false, failure: { kind: "business", message: "请选择一条记录！" } });
    expect(body(await post({ intent: "add", userIds: "no-such-user" }))).toMatchObject({ ok: false, failure: { kind: "business", message: "所选用户不存在" } });
    expect(body(await post({ intent: "add", userIds: teacherLi }, "/api/system/role-users"))).toMatchObject({ ok: false, failure: { message: "参数不正确" } });
    expect(body(await roleUsers.loader(args(get("/api/system/role-users", admin))))).toMatchObject({ records: [], error: "参数不正确" });
    expect((await list()).total).toBe(0);
  });

  it("shows a menu's data rules for the role and saves the chosen ones", async () => {
    const menu = stableId("menu", "/isystem/user");
    await rows(
      `INSERT INTO sys_permission_data_rule (id, permission_id, rule_name, rule_column, rule_conditions, rule_value, status)
       VALUES ('qa_route_rule', '${menu}', '只看自己', 'username', '=', '#{sys_user_code}', '1')`,
    );
    const tree = body(await permissions.loader(args(get(`/api/system/role-permissions?roleId=${roleId}`, admin))));
    const userPage = tree.tree.find((node: { title: string }) => node.title === "系统管理").children.find((node: { key: string }) => node.key === menu);
    expect(userPage.ruleFlag).toBe(1);
    const load = () => dataRule.loader(args(get(`/api/system/role-datarule?permissionId=${menu}&roleId=${roleId}`, admin)));
    expect(body(await load())).toEqual({ ok: true, rules: [expect.objectContaining({ id: "qa_route_rule", ruleName: "只看自己" })], checked: [] });
    const saved = body(await dataRule.action(args(form("/api/system/role-datarule", { permissionId: menu, roleId, dataRuleIds: "qa_route_rule" }, admin))));
    expect(saved).toEqual({ ok: true, message: "保存成功!" });
    expect(body(await load()).checked).toEqual(["qa_route_rule"]);
    const none = body(await dataRule.loader(args(get(`/api/system/role-datarule?permissionId=${stableId("menu", "/isystem/depart")}&roleId=${roleId}`, admin))));
    expect(none).toMatchObject({ ok: false, message: "未找到权限配置信息" });
  });

  it("refuses users who may not open 角色管理 (403), before asking the backend", async () => {
    const teacher = await signIn("teacher_li", TEST_DEMO_PASSWORD);
    for (const call of [
      () => permissions.loader(args(get(`/api/system/role-permissions?roleId=${roleId}`, teacher))),
      () => roleUsers.action(args(form(`/api/system/role-users?roleId=${roleId}`, { intent: "add", userIds: "x" }, teacher))),
      () => roleUsers.loader(args(get(`/api/system/role-users?roleId=${roleId}`, teacher))),
      () => dataRule.action(args(form("/api/system/role-datarule", { permissionId: "x", roleId, dataRuleIds: "" }, teacher))),
    ]) {
      const refused = await call().then(
        () => null,
        (error: unknown) => error,
      );
      expect((refused as { init?: { status?: number } })?.init?.status).toBe(403);
    }
  });
});
