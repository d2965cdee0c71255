// The list query generator and runner against the seeded database (backend/crud, contract §1
// "Pagination", §6 "List query params", §10): real rows for each rule on sys_user and
// sys_dict_item, and hostile input refused in plain words or neutralised, with the table intact.
// Runs on PGlite (the migrated template) and, when reachable, on the local PostgreSQL server.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { openDatabase, type Database } from "../../backend/db/client";
import { stableId } from "../../backend/db/ids";
import { sysDictItem, sysUser } from "../../backend/db/schema";
import { ApiError, failure } from "../../backend/http/envelope";
import { defineEntity } from "../../backend/crud/entity";
import { buildListQuery, type ListQueryParams } from "../../backend/crud/query-generator";
import { runListQuery, type ListRecord } from "../../backend/crud/page";
import { pgliteTemplate, postgresReachable, startTestBackend } from "../support/backend";

const users = defineEntity(sysUser, {
  fields: { sex: { dictCode: "sex" }, status: { dictCode: "user_status" } },
  softDeleteColumn: "del_flag",
});
const dictItems = defineEntity(sysDictItem);

/** Seeded staff (organisation.ts) plus the admin, all present (del_flag 0). */
const SEEDED_USERNAMES = [
  "admin",
  "cashier_zhao",
  "clerk_sun",
  "dean_liu",
  "finance_wang",
  "principal_zhang",
  "teacher_chen",
  "teacher_li",
];

/** Rows this test adds, with known times (GMT+8 in comments) and awkward characters. */
const FIXTURES = [
  // 2024-05-01 09:00:00 GMT+8, the start of the day's second hour after 08:00.
  { username: "qa_early", realname: "测试 100% 早", sex: 1, birthday: "2001-03-15", createTime: "2024-05-01T01:00:00.000Z", delFlag: 0 },
  // 2024-05-31 23:59:59.5 GMT+8: the last half second of May.
  { username: "qa_late", realname: "QA_Late", sex: 2, birthday: "2001-12-31", createTime: "2024-05-31T15:59:59.500Z", delFlag: 0 },
  // 2024-06-01 00:00:00 GMT+8: June.
  { username: "qa_june", realname: "%' OR '1'='1", sex: 2, birthday: "2002-01-01", createTime: "2024-05-31T16:00:00.000Z", delFlag: 0 },
  // Logically deleted: never listed.
  { username: "qa_deleted", realname: "已删除", sex: 1, birthday: "2001-06-01", createTime: "2024-05-15T00:00:00.000Z", delFlag: 1 },
];

const SQL_WORDS = /\b(select|insert|update|delete|drop|table|syntax|where|from|union|relation|column|operator)\b/i;

const databases = ["pglite", ...((await postgresReachable()) ? ["postgres"] : [])] as const;

describe.each(databases)("list queries on %s", (kind) => {
  let db: Database;
  let close: () => Promise<void>;

  beforeAll(async () => {
    if (kind === "pglite") {
      db = await openDatabase({ loadDataDir: pgliteTemplate() });
      close = () => db.close();
    } else {
      const server = await startTestBackend("postgres");
      db = server.backend.db;
      close = () => server.close();
    }
    await db.orm.insert(sysUser).values(
      FIXTURES.map((user) => ({
        id: stableId("query-test", user.username),
        username: user.username,
        realname: user.realname,
        password: "secret-hash",
        salt: "secret-salt",
        sex: user.sex,
        birthday: user.birthday,
        status: 1,
        delFlag: user.delFlag,
        createTime: new Date(user.createTime),
      })),
    );
  });
  afterAll(async () => close?.());

  const list = (query: ListQueryParams, entity = users) => runListQuery(db, entity, buildListQuery(entity, query));
  const usernames = (records: ListRecord[]) => records.map((record) => record.username as string).sort();
  /** Lists with a sort on username, so the expected order is plain. */
  const listNames = async (query: ListQueryParams) =>
    (await list({ column: "username", order: "asc", pageSize: "100", ...query })).records.map((record) => record.username);

  async function refusal(query: ListQueryParams, entity = users): Promise<string> {
    try {
      await list(query, entity);
    } catch (error) {
      expect(error).toBeInstanceOf(ApiError);
      return (error as ApiError).message;
    }
    throw new Error("expected an ApiError");
  }

  async function userCount(): Promise<number> {
    const [row] = await db.rows<{ total: unknown }>(sql`select count(*) as total from sys_user`);
    return Number(row?.total);
  }

  it("answers the MyBatis-Plus page of present users, without secrets, with wire dates", async () => {
    const page = await list({ pageSize: "100" });
    expect(page).toMatchObject({
      total: SEEDED_USERNAMES.length + 3,
      size: 100,
      current: 1,
      orders: [],
      optimizeCountSql: true,
      searchCount: true,
      hitCount: false,
      countId: null,
      maxLimit: null,
      pages: 1,
    });
    expect(usernames(page.records)).toEqual([...SEEDED_USERNAMES, "qa_early", "qa_june", "qa_late"].sort());
    for (const record of page.records) {
      expect(record).not.toHaveProperty("password");
      expect(record).not.toHaveProperty("salt");
      expect(record.createTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    }
    const early = page.records.find((record) => record.username === "qa_early");
    expect(early).toMatchObject({ createTime: "2024-05-01 09:00:00", birthday: "2001-03-15", sex: 1, delFlag: 0, updateTime: null });
    // Default sort createTime desc: the seed ran now, the fixtures are in 2024.
    expect(page.records.slice(-3).map((record) => record.username)).toEqual(["qa_june", "qa_late", "qa_early"]);
  });

  it("selects only the requested columns", async () => {
    const page = await runListQuery(db, users, buildListQuery(users, { username: "admin" }), ["id", "username", "realname"]);
    expect(page.records).toEqual([{ id: expect.any(String), username: "admin", realname: "管理员" }]);
    await expect(runListQuery(db, users, buildListQuery(users, {}), ["username", "password"])).rejects.toThrow(
      "不支持的查询字段: password",
    );
  });

  it("filters by equality, LIKE (case-insensitive), left and right LIKE", async () => {
    expect(await listNames({ username: "admin" })).toEqual(["admin"]);
    expect(await listNames({ username: "*TEACHER*" })).toEqual(["teacher_chen", "teacher_li"]);
    expect(await listNames({ username: "*_li" })).toEqual(["teacher_li"]);
    expect(await listNames({ username: "qa*" })).toEqual(["qa_early", "qa_june", "qa_late"]);
  });

  it("matches % and _ literally in LIKE patterns", async () => {
    expect(await listNames({ realname: "*100%*" })).toEqual(["qa_early"]);
    expect(await listNames({ realname: "*%*" })).toEqual(["qa_early", "qa_june"]);
    // `_` is no wildcard: QA_Late has one, qa-style names in realname have none.
    expect(await listNames({ realname: "*a_l*" })).toEqual(["qa_late"]);
    expect(await listNames({ realname: "*a_*" })).toEqual(["qa_late"]);
  });

  it("treats a hostile value as a literal", async () => {
    expect(await listNames({ realname: "%' OR '1'='1" })).toEqual(["qa_june"]);
    expect(await listNames({ realname: "*' OR '1'='1*" })).toEqual(["qa_june"]);
    expect(await listNames({ username: "x' OR '1'='1" })).toEqual([]);
  });

  it("filters by IN, OR of LIKEs and !=", async () => {
    expect(await listNames({ username: "admin,dean_liu,nobody" })).toEqual(["admin", "dean_liu"]);
    expect(await listNames({ username: ",teacher,cashier," })).toEqual(["cashier_zhao", "teacher_chen", "teacher_li"]);
    expect(await listNames({ username: "qa*", sex: "!1" })).toEqual(["qa_june", "qa_late"]);
    expect(await listNames({ username_MultiString: "qa_june,qa_late" })).toEqual(["qa_june", "qa_late"]);
  });

  it("treats an out-of-range number for a smallint column as no match, not a SQL error", async () => {
    expect(await listNames({ sex: "99999999" })).toEqual([]);
    expect(await listNames({ sex: "> 1", username: "qa*" })).toEqual(["qa_june", "qa_late"]);
  });

  it("filters by date ranges, the _end day included whole", async () => {
    expect(await listNames({ birthday_begin: "2001-01-01", birthday_end: "2001-12-31" })).toEqual(["qa_early", "qa_late"]);
    expect(await listNames({ createTime_begin: "2024-05-01", createTime_end: "2024-05-31" })).toEqual(["qa_early", "qa_late"]);
    expect(await listNames({ createTime_begin: "2024-05-01 09:00:01", createTime_end: "2024-06-30" })).toEqual([
      "qa_june",
      "qa_late",
    ]);
    expect(await listNames({ createTime: "2024-06-01" })).toEqual(["qa_june"]);
    expect(await listNames({ createTime: "2024-05-31 23:59:59" })).toEqual(["qa_late"]);
  });

  it("sorts by several columns and pages through them", async () => {
    const sorted = { username: "qa*", column: "sex_dictText,username", order: "asc", pageSize: "2" };
    const first = await list(sorted);
    expect(first).toMatchObject({ total: 3, size: 2, current: 1, pages: 2 });
    expect(first.records.map((record) => record.username)).toEqual(["qa_early", "qa_june"]);
    const second = await list({ ...sorted, pageNo: "2" });
    expect(second.records.map((record) => record.username)).toEqual(["qa_late"]);
    const beyond = await list({ ...sorted, pageNo: "9" });
    expect(beyond).toMatchObject({ records: [], total: 3, current: 9, pages: 2 });
    expect((await list({ username: "qa*", column: "createTime", order: "asc" })).records.map((record) => record.username)).toEqual([
      "qa_early",
      "qa_late",
      "qa_june",
    ]);
  });

  it("runs an advanced query with AND and with OR", async () => {
    const encode = (items: unknown[]) => encodeURI(JSON.stringify(items));
    const both = encode([
      { field: "username", rule: "right_like", val: "qa", type: "string" },
      { field: "sex", rule: "eq", val: "2", type: "int", dbType: "int" },
      { field: "birthday", rule: "lt", val: "2002-01-01", type: "date" },
    ]);
    expect(await listNames({ superQueryParams: both, superQueryMatchType: "and" })).toEqual(["qa_late"]);
    const either = encode([
      { field: "username", rule: "eq", val: "admin" },
      { field: "realname", rule: "like", val: "100%" },
      { field: "nickname", rule: "eq", val: "ignored" },
    ]);
    expect(await listNames({ superQueryParams: either, superQueryMatchType: "or" })).toEqual(["admin", "qa_early"]);
    // The OR group stays inside its parentheses: the plain filter still applies to every row.
    expect(await listNames({ username: "qa*", superQueryParams: either, superQueryMatchType: "or" })).toEqual(["qa_early"]);
    const within = encode([{ field: "username", rule: "in", val: ["teacher_li", "dean_liu"] }]);
    expect(await listNames({ superQueryParams: within })).toEqual(["dean_liu", "teacher_li"]);
  });

  it("lists dictionary items by dictionary, value and sort order", async () => {
    const sexDict = stableId("dict", "sex");
    const page = await list({ dictId: sexDict, column: "sortOrder", order: "desc" }, dictItems);
    expect(page.records.map((record) => [record.itemValue, record.itemText, record.sortOrder])).toEqual([
      ["2", "女", 2],
      ["1", "男", 1],
    ]);
    const text = await list({ dictId: sexDict, itemText: "*女*", status: "1" }, dictItems);
    expect(text.records.map((record) => record.itemValue)).toEqual(["2"]);
    expect(await refusal({ sortOrder: "first" }, dictItems)).toBe("查询条件的值格式不正确: sortOrder");
  });

  describe("hostile input", () => {
    let before: number;
    beforeAll(async () => {
      before = await userCount();
    });

    const expectPlain = (message: string) => {
      expect(message).not.toMatch(SQL_WORDS);
      expect(failure(message)).toMatchObject({ success: false, code: 500, result: null });
    };

    it("refuses a sort column carrying SQL, without echoing it", async () => {
      const message = await refusal({ column: "username;drop table sys_user", order: "asc" });
      expect(message).toBe("不支持的排序字段");
      expectPlain(message);
    });

    it("refuses sorting by password (an oracle on the hash otherwise)", async () => {
      const message = await refusal({ column: "password" });
      expect(message).toBe("不支持的排序字段: password");
    });

    it("neutralises an order carrying SQL: it only ever becomes asc or desc", async () => {
      const page = await list({ username: "qa*", column: "username", order: "desc;--" });
      expect(page.records.map((record) => record.username)).toEqual(["qa_late", "qa_june", "qa_early"]);
    });

    it("refuses an advanced-query field carrying SQL", async () => {
      const superQueryParams = encodeURI(JSON.stringify([{ field: "id) or 1=1--", rule: "eq", val: "x" }]));
      const message = await refusal({ superQueryParams });
      expect(message).toBe("高级查询字段不合法");
      expectPlain(message);
    });

    it("refuses an advanced-query rule outside the list", async () => {
      const superQueryParams = encodeURI(JSON.stringify([{ field: "username", rule: "= 'x' or 1=1 --", val: "x" }]));
      const message = await refusal({ superQueryParams });
      expect(message).toBe("不支持的查询规则");
      expectPlain(message);
    });

    it("ignores filters on secret columns instead of answering on them", async () => {
      expect((await list({ password: "secret-hash", salt: "*secret*" })).total).toBe(before - 1);
      const superQueryParams = encodeURI(JSON.stringify([{ field: "password", rule: "like", val: "secret" }]));
      expect((await list({ superQueryParams })).total).toBe(before - 1);
    });

    it("neutralises a negative page size to the default page", async () => {
      const page = await list({ pageSize: "-5" });
      expect(page.size).toBe(10);
      expect(page.records).toHaveLength(10);
      expect(page.total).toBe(before - 1);
    });

    it("refuses a non-numeric value for a numeric column with a plain message", async () => {
      const message = await refusal({ sex: "1) or (1=1" });
      expect(message).toBe("查询条件的值格式不正确: sex");
      expectPlain(message);
    });

    // Runs last in this group: every attempt above left sys_user as it was.
    it("leaves sys_user intact, with the same rows", async () => {
      expect(await userCount()).toBe(before);
      expect(await listNames({ username: "admin" })).toEqual(["admin"]);
    });
  });
});
