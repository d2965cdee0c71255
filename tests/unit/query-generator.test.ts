// The list query generator (backend/crud, api-contract.md §6 "List query params", §10): the SQL
// text and bound parameters each rule produces, rendered by drizzle's PostgreSQL dialect.
import { describe, expect, it } from "vitest";
import { sql, type SQL } from "drizzle-orm";
import {
  PgDialect,
  boolean,
  date,
  doublePrecision,
  integer,
  jsonb,
  numeric,
  pgTable,
  smallint,
  timestamp,
  varchar,
} from "drizzle-orm/pg-core";
import { ApiError } from "../../backend/http/envelope";
import { defineEntity, type EntityDefinition } from "../../backend/crud/entity";
import { buildListQuery, parseValueRule, type ListQueryOptions, type ListQueryParams } from "../../backend/crud/query-generator";
import { parseWireDate } from "../../backend/crud/values";

const demo = pgTable("demo", {
  id: varchar("id", { length: 32 }).primaryKey(),
  name: varchar("name", { length: 100 }),
  tags: varchar("tags", { length: 100 }),
  age: integer("age"),
  sex: smallint("sex"),
  salary: numeric("salary"),
  score: doublePrecision("score"),
  active: boolean("active"),
  birthday: date("birthday", { mode: "string" }),
  payload: jsonb("payload"),
  password: varchar("password", { length: 255 }),
  salt: varchar("salt", { length: 45 }),
  sort: integer("sort"),
  internalNote: varchar("internal_note", { length: 100 }),
  delFlag: varchar("del_flag", { length: 1 }),
  createTime: timestamp("create_time", { withTimezone: true, mode: "date" }),
});

const entity = defineEntity(demo, {
  fields: { sex: { dictCode: "sex" }, internalNote: { searchable: false, sortable: false } },
});

const dialect = new PgDialect();
const render = (fragment: SQL) => {
  const { sql: text, params } = dialect.sqlToQuery(fragment);
  return { sql: text, params };
};
const col = (column: string) => `"demo"."${column}"`;

/** The rendered WHERE of a list request. */
function where(query: ListQueryParams, options?: ListQueryOptions, on: EntityDefinition = entity) {
  const built = buildListQuery(on, query, options);
  return built.where ? render(built.where) : undefined;
}

function orderBy(query: ListQueryParams, on: EntityDefinition = entity): string {
  return render(buildListQuery(on, query).orderBy).sql;
}

/** The ApiError message a request is refused with (fails when it is not refused that way). */
function refusal(action: () => unknown): string {
  try {
    action();
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError);
    return (error as ApiError).message;
  }
  throw new Error("expected an ApiError");
}

describe("defineEntity", () => {
  it("derives property, column and type from the drizzle table", () => {
    const types = Object.fromEntries(entity.fields.map((field) => [field.property, [field.column, field.type]]));
    expect(types).toMatchObject({
      name: ["name", "string"],
      age: ["age", "int"],
      sex: ["sex", "int"],
      salary: ["salary", "number"],
      score: ["score", "number"],
      active: ["active", "boolean"],
      birthday: ["birthday", "date"],
      createTime: ["create_time", "datetime"],
      internalNote: ["internal_note", "string"],
    });
    expect(entity.table).toBe("demo");
    expect(entity.primaryKey).toBe("id");
  });

  it("marks password and salt secret and leaves json columns out of filters and sorting", () => {
    const byProperty = (property: string) => entity.fields.find((field) => field.property === property);
    expect(byProperty("password")?.secret).toBe(true);
    expect(byProperty("salt")?.secret).toBe(true);
    expect(byProperty("payload")).toMatchObject({ searchable: false, sortable: false });
    expect(byProperty("sex")?.dictCode).toBe("sex");
  });

  it("sorts by createTime desc by default, and by nothing declared when the table has no createTime", () => {
    expect(entity.defaultSort).toEqual({ property: "createTime", order: "desc" });
    const plain = defineEntity(pgTable("plain", { code: varchar("code").primaryKey(), label: varchar("label") }));
    expect(plain.defaultSort).toBeUndefined();
    expect(render(buildListQuery(plain, {}).orderBy).sql).toBe(`"plain"."code" asc`);
  });

  it("refuses declarations that name unknown or unsortable properties", () => {
    expect(() => defineEntity(demo, { fields: { nope: { dictCode: "x" } } })).toThrow(/no property nope/);
    expect(() => defineEntity(demo, { defaultSort: { property: "password", order: "asc" } })).toThrow(/not sortable/);
    expect(() => defineEntity(demo, { softDeleteColumn: "deleted" })).toThrow(/unknown column deleted/);
  });
});

describe("plain list parameters", () => {
  it("turns a plain value into a bound equality", () => {
    expect(where({ name: "Alice" })).toEqual({ sql: `${col("name")} = $1`, params: ["Alice"] });
  });

  it("ignores reserved names, unknown properties and snake_case names", () => {
    const reserved = { sort: "5", order: "asc", column: "name", field: "id,name", pageNo: "2", pageSize: "5", _t: "1700000000" };
    expect(where({ ...reserved, nickname: "x", internal_note: "x", create_time: "2024-01-01" })).toBeUndefined();
  });

  it("skips empty values and values of spaces only", () => {
    expect(where({ name: "", age: "   ", tags: "*", salary: ",," })).toBeUndefined();
  });

  it("never filters on secret or unsearchable fields", () => {
    expect(where({ password: "x", salt: "*a*", password_begin: "a", internalNote: "x", payload: "{}" })).toBeUndefined();
  });

  it("turns *x* into a LIKE %x% with %, _ and the escape character escaped", () => {
    expect(where({ name: "*50%_off!*" })).toEqual({ sql: `${col("name")} ilike $1 escape '!'`, params: ["%50!%!_off!!%"] });
  });

  it("turns *x into a left LIKE and x* into a right LIKE", () => {
    expect(where({ name: "*son" })).toEqual({ sql: `${col("name")} ilike $1 escape '!'`, params: ["%son"] });
    expect(where({ name: "Al*" })).toEqual({ sql: `${col("name")} ilike $1 escape '!'`, params: ["Al%"] });
  });

  it("keeps a hostile value a literal LIKE pattern", () => {
    expect(where({ name: "*%' OR '1'='1*" })).toEqual({
      sql: `${col("name")} ilike $1 escape '!'`,
      params: ["%!%' OR '1'='1%"],
    });
    expect(where({ name: "%' OR '1'='1" })).toEqual({ sql: `${col("name")} = $1`, params: ["%' OR '1'='1"] });
  });

  it("turns a,b into IN with values of the field's type", () => {
    expect(where({ name: "a, b" })).toEqual({ sql: `${col("name")} in ($1, $2)`, params: ["a", "b"] });
    expect(where({ sex: "1,2," })).toEqual({ sql: `${col("sex")} in ($1::bigint, $2::bigint)`, params: [1, 2] });
  });

  it("turns ,a,b, into LIKEs joined by OR (multi-select), and into IN on a numeric field", () => {
    expect(where({ tags: ",red,blue," })).toEqual({
      sql: `(${col("tags")} ilike $1 escape '!' or ${col("tags")} ilike $2 escape '!')`,
      params: ["%red%", "%blue%"],
    });
    expect(where({ age: ",7,8," })).toEqual({ sql: `${col("age")} in ($1::bigint, $2::bigint)`, params: [7, 8] });
  });

  it("turns !x into !=", () => {
    expect(where({ name: "!Bob" })).toEqual({ sql: `${col("name")} <> $1`, params: ["Bob"] });
    expect(where({ age: "!3" })).toEqual({ sql: `${col("age")} <> $1::bigint`, params: [3] });
  });

  it("reads an operator followed by a space as ge, gt, le, lt, eq or ne", () => {
    const cases: Array<[string, string]> = [
      [">= 5", ">="],
      ["> 5", ">"],
      ["<= 5", "<="],
      ["< 5", "<"],
      ["= 5", "="],
      ["!= 5", "<>"],
    ];
    for (const [value, operator] of cases)
      expect(where({ age: value })).toEqual({ sql: `${col("age")} ${operator} $1::bigint`, params: [5] });
  });

  it("reads an operator without the space as part of a plain value", () => {
    expect(where({ name: ">=5" })).toEqual({ sql: `${col("name")} = $1`, params: [">=5"] });
    expect(parseValueRule("le monde")).toEqual({ rule: "eq", value: "le monde" });
  });

  it("turns a++b into equality with a,b", () => {
    expect(where({ name: "a++b" })).toEqual({ sql: `${col("name")} = $1`, params: ["a,b"] });
  });

  it("joins a repeated parameter with commas, as Spring binds it", () => {
    expect(where({ sex: ["1", "2"] })).toEqual({ sql: `${col("sex")} in ($1::bigint, $2::bigint)`, params: [1, 2] });
  });

  it("binds decimals as numeric and booleans as boolean", () => {
    expect(where({ salary: "> 1200.50" })).toEqual({ sql: `${col("salary")} > $1::numeric`, params: ["1200.50"] });
    expect(where({ score: "9.5" })).toEqual({ sql: `${col("score")} = $1::numeric`, params: ["9.5"] });
    expect(where({ active: "true" })).toEqual({ sql: `${col("active")} = $1::boolean`, params: [true] });
    expect(where({ active: "0" })).toEqual({ sql: `${col("active")} = $1::boolean`, params: [false] });
  });

  it("refuses a value that does not fit the field type with a plain message, not SQL", () => {
    expect(refusal(() => where({ age: "abc" }))).toBe("查询条件的值格式不正确: age");
    expect(refusal(() => where({ age: "1 or 1=1" }))).toBe("查询条件的值格式不正确: age");
    expect(refusal(() => where({ age: "99999999999999999999" }))).toBe("查询条件的值格式不正确: age");
    expect(refusal(() => where({ age: "*5*" }))).toBe("查询条件的值格式不正确: age");
    expect(refusal(() => where({ sex: "1,x" }))).toBe("查询条件的值格式不正确: sex");
    expect(refusal(() => where({ salary: "12,5e" }))).toBe("查询条件的值格式不正确: salary");
    expect(refusal(() => where({ active: "maybe" }))).toBe("查询条件的值格式不正确: active");
    expect(refusal(() => where({ birthday: "2024-02-30" }))).toBe("查询条件的值格式不正确: birthday");
    expect(refusal(() => where({ createTime: "yesterday" }))).toBe("查询条件的值格式不正确: createTime");
  });
});

describe("ranges and multi-values", () => {
  it("turns <prop>_begin into >= and <prop>_end into <=, typed", () => {
    expect(where({ age_begin: "18", age_end: "65" })).toEqual({
      sql: `${col("age")} >= $1::bigint and ${col("age")} <= $2::bigint`,
      params: [18, 65],
    });
  });

  it("compares a date column by whole days", () => {
    expect(where({ birthday_begin: "2010-01-01", birthday_end: "2010-12-31 23:00:00" })).toEqual({
      sql: `${col("birthday")} >= $1::date and ${col("birthday")} <= $2::date`,
      params: ["2010-01-01", "2010-12-31"],
    });
  });

  it("reads date-times in GMT+8 and lets a date-only _end include that whole day", () => {
    expect(where({ createTime_begin: "2024-05-01", createTime_end: "2024-05-31" })).toEqual({
      sql: `${col("create_time")} >= $1::timestamptz and ${col("create_time")} < $2::timestamptz`,
      params: ["2024-04-30T16:00:00.000Z", "2024-05-31T16:00:00.000Z"],
    });
  });

  it("lets an _end with a time include that whole second", () => {
    expect(where({ createTime_end: "2024-05-01 08:30:00" })).toEqual({
      sql: `${col("create_time")} < $1::timestamptz`,
      params: ["2024-05-01T00:30:01.000Z"],
    });
  });

  it("treats equality on a date-time as the whole day (or second) it names", () => {
    expect(where({ createTime: "2024-05-01" })).toEqual({
      sql: `(${col("create_time")} >= $1::timestamptz and ${col("create_time")} < $2::timestamptz)`,
      params: ["2024-04-30T16:00:00.000Z", "2024-05-01T16:00:00.000Z"],
    });
    expect(where({ createTime: "> 2024-05-01" })).toEqual({
      sql: `${col("create_time")} >= $1::timestamptz`,
      params: ["2024-05-01T16:00:00.000Z"],
    });
  });

  it("turns <prop>_MultiString=a,b into IN", () => {
    expect(where({ name_MultiString: "a,b" })).toEqual({ sql: `${col("name")} in ($1, $2)`, params: ["a", "b"] });
    expect(where({ sex_MultiString: "1" })).toEqual({ sql: `${col("sex")} in ($1::bigint)`, params: [1] });
  });

  it("ignores empty range values", () => {
    expect(where({ age_begin: "", age_end: " ", createTime_begin: "" })).toBeUndefined();
  });

  it("parses only yyyy-MM-dd and yyyy-MM-dd HH:mm:ss", () => {
    expect(parseWireDate("2024-02-29")?.start.toISOString()).toBe("2024-02-28T16:00:00.000Z");
    expect(parseWireDate("2024-02-29 23:59:59")?.end.toISOString()).toBe("2024-02-29T16:00:00.000Z");
    for (const text of ["2023-02-29", "2024-13-01", "2024-01-01T00:00:00", "2024-01-01 24:00:00", "20240101", "2024-1-1"])
      expect(parseWireDate(text)).toBeUndefined();
  });
});

describe("advanced query (superQueryParams)", () => {
  const items = (list: unknown[]) => encodeURIComponent(encodeURI(JSON.stringify(list)));
  /** What Express hands over: axios's outer encoding already undone. */
  const asReceived = (list: unknown[]) => decodeURIComponent(items(list));

  it("decodes the client's extra encoding and ANDs the conditions in one group", () => {
    const superQueryParams = asReceived([
      { field: "name", rule: "like", val: "50% off", type: "string" },
      { field: "age", rule: "ge", val: "18", type: "int", dbType: "int" },
    ]);
    expect(where({ superQueryParams, superQueryMatchType: "and" })).toEqual({
      sql: `(${col("name")} ilike $1 escape '!' and ${col("age")} >= $2::bigint)`,
      params: ["%50!% off%", 18],
    });
  });

  it("joins the group with OR and keeps it apart from the plain conditions", () => {
    const superQueryParams = asReceived([
      { field: "name", rule: "eq", val: "a" },
      { field: "name", rule: "eq", val: "b" },
    ]);
    expect(where({ sex: "1", superQueryParams, superQueryMatchType: "OR" })).toEqual({
      sql: `${col("sex")} = $1::bigint and (${col("name")} = $2 or ${col("name")} = $3)`,
      params: [1, "a", "b"],
    });
  });

  it("accepts a value that is already plain JSON", () => {
    const superQueryParams = JSON.stringify([{ field: "name", rule: "right_like", val: "100%" }]);
    expect(where({ superQueryParams })).toEqual({ sql: `(${col("name")} ilike $1 escape '!')`, params: ["100!%%"] });
  });

  it("maps every documented rule", () => {
    const cases: Array<[string, string, unknown, string, unknown[]]> = [
      ["eq", "age", 5, "= $1::bigint", [5]],
      ["ne", "age", "5", "<> $1::bigint", [5]],
      ["gt", "age", "5", "> $1::bigint", [5]],
      ["ge", "age", "5", ">= $1::bigint", [5]],
      ["lt", "age", "5", "< $1::bigint", [5]],
      ["le", "age", "5", "<= $1::bigint", [5]],
      ["like", "name", "a_b", "ilike $1 escape '!'", ["%a!_b%"]],
      ["left_like", "name", "son", "ilike $1 escape '!'", ["%son"]],
      ["right_like", "name", "Al", "ilike $1 escape '!'", ["Al%"]],
      ["in", "sex", ["1", "2"], "in ($1::bigint, $2::bigint)", [1, 2]],
    ];
    for (const [rule, field, val, tail, params] of cases) {
      const column = field === "age" ? "age" : field === "sex" ? "sex" : "name";
      expect(where({ superQueryParams: asReceived([{ field, rule, val }]) })).toEqual({
        sql: `(${col(column)} ${tail})`,
        params,
      });
    }
  });

  it("parses dates by the entity's field type", () => {
    const superQueryParams = asReceived([
      { field: "birthday", rule: "lt", val: "2010-06-01", type: "date" },
      { field: "createTime", rule: "le", val: "2024-05-01", type: "datetime" },
    ]);
    expect(where({ superQueryParams })).toEqual({
      sql: `(${col("birthday")} < $1::date and ${col("create_time")} < $2::timestamptz)`,
      params: ["2010-06-01", "2024-05-01T16:00:00.000Z"],
    });
  });

  it("ignores unknown, secret and empty items", () => {
    const superQueryParams = asReceived([
      { field: "nickname", rule: "eq", val: "x" },
      { field: "password", rule: "eq", val: "x" },
      { field: "name", rule: "eq", val: "" },
      { field: "name", rule: "eq", val: null },
    ]);
    expect(where({ superQueryParams })).toBeUndefined();
    expect(where({ superQueryParams: asReceived([]) })).toBeUndefined();
  });

  it("refuses a field that is not an identifier, without echoing it", () => {
    const message = refusal(() => where({ superQueryParams: asReceived([{ field: "id) or 1=1--", rule: "eq", val: "x" }]) }));
    expect(message).toBe("高级查询字段不合法");
  });

  it("refuses an undocumented rule, a bad match type and malformed JSON", () => {
    expect(refusal(() => where({ superQueryParams: asReceived([{ field: "name", rule: "between", val: "1" }]) }))).toBe(
      "不支持的查询规则: between",
    );
    expect(refusal(() => where({ superQueryParams: asReceived([{ field: "name", rule: "eq;drop", val: "1" }]) }))).toBe(
      "不支持的查询规则",
    );
    expect(refusal(() => where({ superQueryParams: asReceived([]), superQueryMatchType: "xor" }))).toBe(
      "不支持的高级查询匹配方式: xor",
    );
    expect(refusal(() => where({ superQueryParams: "%5B%7Bnot json" }))).toBe("高级查询参数格式不正确");
    expect(refusal(() => where({ superQueryParams: asReceived([{ field: "name", rule: "eq", val: { a: 1 } }]) }))).toBe(
      "高级查询参数格式不正确",
    );
    expect(refusal(() => where({ superQueryParams: JSON.stringify({ field: "name" }) }))).toBe("高级查询参数格式不正确");
  });

  it("refuses more items than any screen builds", () => {
    const many = Array.from({ length: 101 }, () => ({ field: "name", rule: "eq", val: "x" }));
    expect(refusal(() => where({ superQueryParams: JSON.stringify(many) }))).toBe("高级查询条件过多");
  });
});

describe("soft delete and extra conditions", () => {
  const deletable = defineEntity(demo, { softDeleteColumn: "del_flag" });

  it("lists only present rows of a logically deleted entity, unless asked otherwise", () => {
    expect(where({ name: "a" }, {}, deletable)).toEqual({
      sql: `${col("name")} = $1 and ${col("del_flag")} = $2`,
      params: ["a", "0"],
    });
    expect(where({}, { includeDeleted: true }, deletable)).toBeUndefined();
  });

  it("ANDs the engine's conditions, each in parentheses", () => {
    const tenant = sql`${sql.identifier("demo")}.${sql.identifier("tenant_id")} = ${1} or true`;
    expect(where({ name: "a" }, { conditions: [tenant] })).toEqual({
      sql: `${col("name")} = $1 and ("demo"."tenant_id" = $2 or true)`,
      params: ["a", 1],
    });
  });
});

describe("sorting", () => {
  it("sorts by createTime desc with the primary key as tie-breaker by default", () => {
    expect(orderBy({})).toBe(`${col("create_time")} desc nulls last, ${col("id")} asc`);
  });

  it("sorts by a comma list of columns in one direction, stripping _dictText", () => {
    // A plain dictionary column sorts by its item's place in the dictionary first (decision 115).
    const dictionaryPlace = `(select i.sort_order from sys_dict_item i join sys_dict d on d.id = i.dict_id where d.dict_code = $1 and d.del_flag = 0 and i.item_value = (${col("sex")})::text limit 1)`;
    expect(orderBy({ column: "sex_dictText, name", order: "ASC" })).toBe(
      `${dictionaryPlace} asc nulls last, ${col("sex")} asc nulls first, ${col("name")} asc nulls first, ${col("id")} asc`,
    );
    expect(orderBy({ column: "id", order: "asc" })).toBe(`${col("id")} asc nulls first`);
  });

  it("reads any order containing asc as ASC and everything else as DESC", () => {
    expect(orderBy({ column: "name", order: "xAsCx" })).toBe(`${col("name")} asc nulls first, ${col("id")} asc`);
    expect(orderBy({ column: "name", order: "desc;--" })).toBe(`${col("name")} desc nulls last, ${col("id")} asc`);
    expect(orderBy({ column: "name" })).toBe(`${col("name")} desc nulls last, ${col("id")} asc`);
  });

  it("refuses an unknown, secret or unsortable column with its name", () => {
    expect(refusal(() => buildListQuery(entity, { column: "nickname", order: "asc" }))).toBe("不支持的排序字段: nickname");
    expect(refusal(() => buildListQuery(entity, { column: "password" }))).toBe("不支持的排序字段: password");
    expect(refusal(() => buildListQuery(entity, { column: "payload" }))).toBe("不支持的排序字段: payload");
    expect(refusal(() => buildListQuery(entity, { column: "create_time" }))).toBe("不支持的排序字段: create_time");
  });

  it("refuses a column that is not an identifier without echoing it", () => {
    for (const column of ["name;drop table demo", "name desc", "(select 1)", "name--"])
      expect(refusal(() => buildListQuery(entity, { column }))).toBe("不支持的排序字段");
  });
});

describe("paging", () => {
  const paging = (query: ListQueryParams, options?: ListQueryOptions) => {
    const { limit, offset, pageNo, pageSize } = buildListQuery(entity, query, options);
    return { limit, offset, pageNo, pageSize };
  };

  it("defaults to page 1 of 10", () => {
    expect(paging({})).toEqual({ limit: 10, offset: 0, pageNo: 1, pageSize: 10 });
  });

  it("turns pageNo and pageSize into limit and offset", () => {
    expect(paging({ pageNo: "3", pageSize: "20" })).toEqual({ limit: 20, offset: 40, pageNo: 3, pageSize: 20 });
  });

  it("falls back to the defaults for zero, negative or non-numeric values", () => {
    for (const bad of ["0", "-5", "abc", "1.5", "", "1e3"])
      expect(paging({ pageNo: bad, pageSize: bad })).toEqual({ limit: 10, offset: 0, pageNo: 1, pageSize: 10 });
  });

  it("caps the page size at 1000, or at the caller's limit", () => {
    expect(paging({ pageSize: "100000" }).pageSize).toBe(1000);
    expect(paging({ pageSize: "80" }, { maxPageSize: 50 }).pageSize).toBe(50);
    expect(paging({}, { defaultPageSize: 30 }).pageSize).toBe(30);
  });

  it("keeps the offset a safe integer for absurd page numbers", () => {
    const { offset } = paging({ pageNo: "999999999999999", pageSize: "1000" });
    expect(Number.isSafeInteger(offset)).toBe(true);
  });
});
