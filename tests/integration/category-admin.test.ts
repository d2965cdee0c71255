// The 分类字典 page's backend over real HTTP (api-contract.md §7 "Category"): paged roots, children
// on expand, the code check of the form, code changes, and who may do what.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { call, loginToken, startTestBackend, type TestBackend } from "../support/backend";
import { TEST_DEMO_PASSWORD } from "../support/constants";

describe("category admin", () => {
  let server: TestBackend;
  let base: string;
  let admin: string;
  let teacher: string;
  const get = (path: string, token = admin) => call(base, "GET", path, { token });
  const send = (method: string, path: string, body?: unknown, token = admin) => call(base, method, path, { token, body });
  const idOf = async (code: string) =>
    (await server.backend.db.rows<{ id: string }>(sql`SELECT id FROM sys_category WHERE code = ${code}`))[0]?.id;

  beforeAll(async () => {
    server = await startTestBackend();
    base = server.url;
    admin = await loginToken(base);
    teacher = await loginToken(base, "teacher_li", TEST_DEMO_PASSWORD);
  });
  afterAll(async () => server?.close());

  it("pages the roots, searches every level, and gives has_child for the lazy tree", async () => {
    const first = await get("/sys/category/rootList?pageNo=1&pageSize=1&column=code&order=asc");
    expect(first.json.result).toMatchObject({ total: 3, size: 1, current: 1, pages: 3 });
    expect(first.json.result.records).toEqual([expect.objectContaining({ code: "A01", name: "学科", pid: "0", hasChild: "1" })]);
    const second = await get("/sys/category/rootList?pageNo=2&pageSize=1&column=code&order=asc");
    expect(second.json.result.records.map((row: { code: string }) => row.code)).toEqual(["A02"]);
    const named = await get(`/sys/category/rootList?name=${encodeURIComponent("*活动*")}`);
    expect(named.json.result.records.map((row: { code: string }) => row.code)).toEqual(["A02"]);
    // A search looks at every level; without one only roots are listed.
    const found = await get(`/sys/category/rootList?name=${encodeURIComponent("*数*")}`);
    expect(found.json.result.records.map((row: { code: string }) => row.code)).toEqual(["A01A02"]);
    expect((await get("/sys/category/rootList?code=A01A03")).json.result.records.map((row: { name: string }) => row.name)).toEqual(["英语"]);
    expect((await get("/sys/category/rootList?pageSize=100")).json.result.records.every((row: { pid: string }) => row.pid === "0")).toBe(true);
    const children = await get(`/sys/category/childList?pid=${await idOf("A01")}`);
    expect(children.json.result.map((row: { code: string; hasChild: string }) => [row.code, row.hasChild])).toEqual([
      ["A01A01", "0"],
      ["A01A02", "0"],
      ["A01A03", "0"],
      ["A01A04", "0"],
    ]);
  });

  it("adds a child with a checked code and refuses a code change under which children hang", async () => {
    const activities = (await idOf("A02"))!;
    expect((await get(`/sys/category/checkCode?pid=${activities}&code=A02A77`)).json).toMatchObject({ success: true });
    expect((await get(`/sys/category/checkCode?pid=${activities}&code=A01X`)).json).toMatchObject({ success: false, message: '编码不符合规范,须以"A02"开头!' });
    expect((await get("/sys/category/checkCode?code=ZZ")).json.success).toBe(true);
    expect((await get("/sys/category/checkCode?code=")).json).toMatchObject({ success: false, message: "错误,类型编码为空!" });

    expect((await send("POST", "/sys/category/add", { pid: activities, name: "研学", code: "A02A77" })).json).toMatchObject({ success: true, message: "添加成功！" });
    const trip = (await idOf("A02A77"))!;
    // A duplicate code is answered plainly, without SQL.
    const duplicate = await send("POST", "/sys/category/add", { pid: activities, name: "重复", code: "A02A77" });
    expect(duplicate.json.success).toBe(false);
    expect(duplicate.text).not.toMatch(/insert|select|constraint/i);

    // A leaf may change its code (within its parent's), a parent may not.
    expect((await send("PUT", "/sys/category/edit", { id: trip, name: "研学旅行", code: "A02A78" })).json).toMatchObject({ success: true, message: "编辑成功!" });
    expect((await send("PUT", "/sys/category/edit", { id: trip, name: "研学旅行", code: "B02A78" })).json.message).toBe('编码不符合规范,须以"A02"开头!');
    expect((await send("PUT", "/sys/category/edit", { id: activities, name: "活动", code: "A09" })).json).toMatchObject({
      success: false,
      message: "该分类下有子分类，不能修改分类编码",
    });
    expect(await idOf("A02")).toBe(activities);
    // Its name may change (the code sent unchanged).
    expect((await send("PUT", "/sys/category/edit", { id: activities, name: "校园活动", code: "A02" })).json.success).toBe(true);
    const detail = await get(`/sys/category/queryById?id=${activities}`);
    expect(detail.json.result).toMatchObject({ name: "校园活动", code: "A02", hasChild: "1" });
  });

  it("refuses the page's changes to a user without the page or its buttons", async () => {
    expect((await get("/sys/category/rootList", teacher)).json.success).toBe(false);
    expect((await get(`/sys/category/childList?pid=${await idOf("A01")}`, teacher)).json.success).toBe(false);
    const added = await send("POST", "/sys/category/add", { name: "越权" }, teacher);
    expect(added.json.success).toBe(false);
    expect((await server.backend.db.rows(sql`SELECT 1 FROM sys_category WHERE name = '越权'`)).length).toBe(0);
    const removed = await call(base, "DELETE", `/sys/category/delete?id=${await idOf("A01")}`, { token: teacher });
    expect(removed.json.success).toBe(false);
    expect(await idOf("A01")).toBeTruthy();
  });
});
