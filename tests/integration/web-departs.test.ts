// 部门管理's and 职务管理's loaders and actions, called with real Requests against the embedded
// backend: the department chosen by the address, its users searched and paged, the intents of the
// page (save, delete, add and remove users), the name search, and the position form's checks.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { startTestBackend, type TestBackend } from "../support/backend";
import { TEST_ADMIN_PASSWORD } from "../support/constants";
import { routeArgs, testApp } from "../support/app-context";
import type { AppContext } from "~/services/app-context.server";

let server: TestBackend;
let app: AppContext;
const origin = "http://school.test";
let cookie = "";

const login = await import("~/routes/user/login");
const departs = await import("~/routes/system/departs");
const search = await import("~/routes/api/system/depart-search");
const positions = await import("~/routes/system/positions");

const args = (request: Request) => routeArgs(app, request) as never;
const get = (path: string) => new Request(`${origin}${path}`, { headers: { Cookie: cookie } });
const post = (path: string, fields: Record<string, string>) =>
  new Request(`${origin}${path}`, {
    method: "POST",
    headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields),
  });
/** An action's answer: plain data, or `data()`'s wrapper. */
const answer = (result: unknown) => ((result as { type?: string }).type === "DataWithResponseInit" ? (result as { data: any }).data : result) as any;
const rows = <T>(text: string) => server.backend.db.rows<T>(sql.raw(text));
const idOf = async (orgCode: string) => (await rows<{ id: string }>(`SELECT id FROM sys_depart WHERE org_code = '${orgCode}'`))[0]!.id;

beforeAll(async () => {
  server = await startTestBackend();
  app = testApp(server.url);
  const response = (await login.action(
    args(
      new Request(`${origin}/user/login`, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ username: "admin", password: TEST_ADMIN_PASSWORD, redirect: "" }),
      }),
    ),
  )) as Response;
  cookie = response.headers.get("Set-Cookie")!.split(";")[0]!;
});
afterAll(async () => server?.close());

describe("部门管理's loader and action", () => {
  it("shows the address's department with its users, else the first root", async () => {
    const academic = await idOf("A01A02");
    const page = await departs.loader(args(get(`/isystem/depart?depId=${academic}&tab=users&username=*teacher*&column=username&order=asc`)));
    expect(page.selectedKey).toBe(academic);
    expect(page.tab).toBe("users");
    expect(page.tree[0]).toMatchObject({ title: "北京国际学校", orgCode: "A01" });
    expect(page.users.records.map((user) => user.username)).toEqual(["teacher_chen", "teacher_li"]);
    // The list state keeps the department, so the engine's paging and sorting keep it too.
    expect(page.users.state.filters).toMatchObject({ depId: academic, username: "*teacher*" });

    const fallback = await departs.loader(args(get("/isystem/depart?depId=no-such-depart")));
    expect(fallback.selectedKey).toBe(await idOf("A01"));
    expect(fallback.tab).toBe("base");
    expect(fallback.users.total).toBe(8);
  });

  it("saves a department checked by the form's schema, then deletes it", async () => {
    const root = await idOf("A01");
    const invalid = answer(await departs.action(args(post("/isystem/depart", { intent: "saveDepart", departName: " ", orgCategory: "2", parentId: root }))));
    expect(invalid).toMatchObject({ ok: false, failure: { message: "请输入机构/部门名称!" } });

    const values = { departName: "网页测试部", orgCategory: "2", departOrder: "7", mobile: "", fax: "", address: "二号楼", memo: "", parentId: root };
    const added = answer(await departs.action(args(post("/isystem/depart", { intent: "saveDepart", ...values }))));
    expect(added).toMatchObject({ ok: true, message: "添加成功！" });
    const [row] = await rows<{ id: string; org_code: string; depart_order: number; address: string }>(`SELECT id, org_code, depart_order, address FROM sys_depart WHERE depart_name = '网页测试部'`);
    expect(row).toMatchObject({ org_code: "A01A06", depart_order: 7, address: "二号楼" });

    const edited = answer(await departs.action(args(post("/isystem/depart", { intent: "saveDepart", ...values, id: row!.id, address: "三号楼", parentId: "" }))));
    expect(edited).toMatchObject({ ok: true, message: "编辑成功!" });
    expect(await rows(`SELECT address, parent_id FROM sys_depart WHERE id = '${row!.id}'`)).toEqual([{ address: "三号楼", parent_id: root }]);

    const linked = answer(await departs.action(args(post("/isystem/depart", { intent: "linkUsers", depId: row!.id, userIds: (await rows<{ id: string }>(`SELECT id FROM sys_user WHERE username = 'teacher_chen'`))[0]!.id }))));
    expect(linked).toMatchObject({ ok: true, message: "添加成功!" });
    const page = await departs.loader(args(get(`/isystem/depart?depId=${row!.id}&tab=users`)));
    expect(page.users.records.map((user) => user.username)).toEqual(["teacher_chen"]);
    const unlinked = answer(await departs.action(args(post("/isystem/depart", { intent: "unlinkUsers", depId: row!.id, userIds: String(page.users.records[0]!.id) }))));
    expect(unlinked).toMatchObject({ ok: true, message: "删除成功!" });
    const again = answer(await departs.action(args(post("/isystem/depart", { intent: "unlinkUsers", depId: row!.id, userIds: String(page.users.records[0]!.id) }))));
    expect(again).toMatchObject({ ok: false, failure: { message: "当前选中部门与用户无关联关系!" } });

    const removed = answer(await departs.action(args(post("/isystem/depart", { intent: "deleteDeparts", ids: row!.id }))));
    expect(removed).toMatchObject({ ok: true, message: "删除成功!" });
    expect(await rows(`SELECT del_flag FROM sys_depart WHERE id = '${row!.id}'`)).toEqual([{ del_flag: "1" }]);
    expect(answer(await departs.action(args(post("/isystem/depart", { intent: "deleteDeparts", ids: "" }))))).toMatchObject({ ok: false, failure: { message: "请选择一条记录！" } });
  });

  it("searches departments by name, and says when nothing matches", async () => {
    const found = await search.loader(args(get(`/api/system/depart-search?keyWord=${encodeURIComponent("学部")}`)));
    expect(found).toMatchObject({ ok: true });
    expect((found as { nodes: Array<{ title: string }> }).nodes.map((node) => node.title)).toEqual(["小学部", "中学部"]);
    expect(await search.loader(args(get(`/api/system/depart-search?keyWord=${encodeURIComponent("不存在的部门")}`)))).toEqual({ ok: false, message: "未查询匹配数据！" });
  });
});

describe("职务管理's loader and action", () => {
  it("lists positions with the rank's text and refuses a bad code before the backend", async () => {
    const page = await positions.loader(args(get("/isystem/position?code=*teach*")));
    expect(page.list.records.map((row) => [row.code, row.postRank_dictText])).toEqual([["teacher", "中级"]]);
    expect(page.options.position_rank!.map((rank) => rank.label)).toContain("正高级");

    const bad = answer(await positions.action(args(post("/isystem/position", { intent: "save", code: "体育", name: "体育老师", postRank: "3" }))));
    expect(bad).toMatchObject({ ok: false, fieldErrors: { code: "编码只能由字母、数字、下划线组成" } });
    const added = answer(await positions.action(args(post("/isystem/position", { intent: "save", code: "pe_teacher", name: "体育老师", postRank: "3" }))));
    expect(added).toMatchObject({ ok: true, message: "添加成功！" });
    const [row] = await rows<{ id: string }>(`SELECT id FROM sys_position WHERE code = 'pe_teacher'`);
    // Editing never changes the code, whatever the form holds.
    const edited = answer(await positions.action(args(post("/isystem/position", { intent: "save", id: row!.id, code: "changed", name: "体育教师", postRank: "4" }))));
    expect(edited).toMatchObject({ ok: true, message: "编辑成功!" });
    expect(await rows(`SELECT code, name, post_rank FROM sys_position WHERE id = '${row!.id}'`)).toEqual([{ code: "pe_teacher", name: "体育教师", post_rank: "4" }]);
  });

  it("passes the loaded updateTime on, so that an edit of a stale copy is refused (docs/decisions/009)", async () => {
    const page = await positions.loader(args(get("/isystem/position?code=clerk")));
    const loaded = page.list.records[0]!;
    const save = async (name: string) =>
      answer(await positions.action(args(post("/isystem/position", { intent: "save", id: String(loaded.id), code: String(loaded.code), postRank: String(loaded.postRank), updateTime: typeof loaded.updateTime === "string" ? loaded.updateTime : "", name }))));
    expect(await save("文员一")).toMatchObject({ ok: true });
    const stale = await save("文员二");
    expect(stale).toMatchObject({ ok: false, failure: { message: "数据已被修改，请刷新后重试" } });
    expect(await rows(`SELECT name FROM sys_position WHERE id = '${loaded.id}'`)).toEqual([{ name: "文员一" }]);
  });
});
