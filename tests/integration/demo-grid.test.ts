// The editable grid's demo store (/demo/gridRow, issue #11) over real HTTP on PGlite and (when
// reachable) PostgreSQL: saveAll writes a whole grid (new rows, edits, deletions, order) in one
// transaction, keeps tenants apart, and is refused to staff without the demo menu.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { call, loginToken, postgresReachable, startTestBackend, type TestBackend } from "../support/backend";
import { TEST_DEMO_PASSWORD } from "../support/constants";

const databases = ["pglite", ...((await postgresReachable()) ? ["postgres"] : [])] as const;

describe.each(databases)("the demo grid store on %s", (kind) => {
  let server: TestBackend;
  let base: string;
  let admin: string;
  const saveAll = (body: unknown, token = admin) => call(base, "POST", "/demo/gridRow/saveAll", { token, body });
  const list = async (token = admin) => (await call(base, "GET", "/demo/gridRow/list?pageSize=100&column=orderNum&order=asc", { token })).json;

  beforeAll(async () => {
    server = await startTestBackend(kind as "pglite" | "postgres");
    base = server.url;
    admin = await loginToken(base);
  });
  afterAll(async () => server?.close());

  it("inserts new rows, edits and deletes saved ones, and numbers them in order", async () => {
    const first = await saveAll({
      rows: [
        { id: "demo_1__temp", name: "甲", age: "7", city: "shanghai", sex: "1" },
        { id: "demo_2__temp", name: "乙", age: "8.5", hobbies: "music,art" },
        { name: "丙" },
      ],
      deletedIds: [],
    });
    expect(first.json).toMatchObject({ success: true, message: "保存成功！" });
    const saved = (await list()).result.records as Array<Record<string, unknown>>;
    expect(saved.map((row) => [row.name, row.orderNum, row.city ?? null])).toEqual([
      ["甲", 1, "shanghai"],
      ["乙", 2, null],
      ["丙", 3, null],
    ]);
    expect(saved[0]!.sex_dictText).toBe("男");
    const [a, b, c] = saved as Array<{ id: string }>;

    const second = await saveAll({ rows: [{ ...b, name: "乙改" }, { ...a }], deletedIds: [c.id] });
    expect(second.json.success).toBe(true);
    const after = (await list()).result.records as Array<Record<string, unknown>>;
    expect(after.map((row) => [row.id, row.name, row.orderNum])).toEqual([
      [b.id, "乙改", 1],
      [a.id, "甲", 2],
    ]);
  });

  it("writes all or nothing: one bad row leaves every row as it was", async () => {
    const before = (await list()).result.records;
    const answer = await saveAll({ rows: [{ ...before[0], name: "不该保存" }, { id: "x__temp", name: "" }], deletedIds: [before[1].id] });
    expect(answer.json.success).toBe(false);
    expect(answer.json.message).toBe("请输入名称!");
    expect((await list()).result.records).toEqual(before);
  });

  it("refuses malformed bodies and rows of other tenants", async () => {
    expect((await saveAll({ rows: "nope" })).json).toMatchObject({ success: false, message: "表格数据格式不正确" });
    const rows = await server.backend.db.rows<{ id: string }>(sql`select id from demo_grid_row`);
    await server.backend.db.rows(sql`update demo_grid_row set tenant_id = 999 where id = ${rows[0]!.id}`);
    const answer = await saveAll({ rows: [{ id: rows[0]!.id, name: "越权" }], deletedIds: [] });
    expect(answer.json).toMatchObject({ success: false, message: "未找到对应数据" });
    const [row] = await server.backend.db.rows<{ name: string }>(sql`select name from demo_grid_row where id = ${rows[0]!.id}`);
    expect(row!.name).not.toBe("越权");
  });

  it("is refused to staff without the demo page", async () => {
    const teacher = await loginToken(base, "teacher_li", TEST_DEMO_PASSWORD);
    const answer = await saveAll({ rows: [{ name: "老师" }], deletedIds: [] }, teacher);
    expect(answer.json.success).toBe(false);
    expect((await call(base, "GET", "/demo/gridRow/list", { token: teacher })).json.success).toBe(false);
  });
});
