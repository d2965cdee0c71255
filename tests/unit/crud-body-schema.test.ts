// The request-body schema derived from an entity (backend/crud/body-schema.ts, contract §6):
// what a body may write, how wire values become stored values, and the plain messages.
import { describe, expect, it } from "vitest";
import { pgTable, varchar, smallint, integer, date, timestamp, doublePrecision } from "drizzle-orm/pg-core";
import { defineEntity } from "../../backend/crud/entity";
import { buildBodySchemas, columnInfo, parseBody } from "../../backend/crud/body-schema";
import { ApiError } from "../../backend/http/envelope";

const things = pgTable("qa_thing", {
  id: varchar("id", { length: 32 }).primaryKey(),
  code: varchar("code", { length: 5 }).notNull(),
  title: varchar("title", { length: 20 }),
  level: smallint("level"),
  amount: doublePrecision("amount"),
  day: date("day", { mode: "string" }),
  happenedAt: timestamp("happened_at", { withTimezone: true, mode: "date" }),
  password: varchar("password", { length: 255 }),
  tenantId: integer("tenant_id").notNull().default(1),
  delFlag: smallint("del_flag").notNull().default(0),
  createBy: varchar("create_by", { length: 32 }),
  createTime: timestamp("create_time", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
});
const entity = defineEntity(things, { tenantColumn: "tenant_id", softDeleteColumn: "del_flag" });
const schemas = buildBodySchemas(
  entity,
  columnInfo(things),
  { fields: { code: { label: "编码", pattern: /^[A-Z]+$/, patternMessage: "编码只能是大写字母" }, title: { label: "标题" }, level: { label: "级别" } } },
  new Set(["id", "tenantId", "delFlag"]),
);

function refusal(body: unknown, operation: "add" | "edit" = "add"): string {
  try {
    parseBody(operation === "add" ? schemas.add : schemas.edit, body);
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError);
    return (error as ApiError).message;
  }
  throw new Error("expected a refusal");
}

describe("entity body schema", () => {
  it("writes only plain fields: no id, tenant, logical-delete flag, secret or audit column", () => {
    expect(schemas.writable).toEqual(["code", "title", "level", "amount", "day", "happenedAt"]);
    const values = parseBody(schemas.add, {
      id: "x",
      code: "AB",
      tenantId: 9,
      delFlag: 1,
      password: "secret",
      createBy: "mallory",
      createTime: "2020-01-01 00:00:00",
      unknown: "ignored",
    });
    expect(values).toEqual({ code: "AB" });
  });

  it("converts wire values to stored ones: numbers, dates in GMT+8, empty text as null", () => {
    const values = parseBody(schemas.add, {
      code: "AB",
      title: "",
      level: "3",
      amount: "12.5",
      day: "2024-05-01 10:00:00",
      happenedAt: "2024-05-01 08:00:00",
    });
    expect(values).toEqual({ code: "AB", title: null, level: 3, amount: 12.5, day: "2024-05-01", happenedAt: new Date("2024-05-01T00:00:00.000Z") });
    expect(parseBody(schemas.add, { code: "AB", happenedAt: "2024-05-01T00:00:00Z" }).happenedAt).toEqual(new Date("2024-05-01T00:00:00.000Z"));
    expect(parseBody(schemas.add, { code: 12 === 12 ? "AB" : "", title: 42 }).title).toBe("42");
  });

  it("answers the first problem in plain Chinese", () => {
    expect(refusal({})).toBe("编码不能为空");
    expect(refusal({ code: "" })).toBe("编码不能为空");
    expect(refusal({ code: "abc" })).toBe("编码只能是大写字母");
    expect(refusal({ code: "ABCDEF" })).toBe("编码长度不能超过5个字符");
    expect(refusal({ code: "AB", title: "长".repeat(21) })).toBe("标题长度不能超过20个字符");
    expect(refusal({ code: "AB", level: "1.5" })).toBe("级别必须是整数");
    expect(refusal({ code: "AB", level: 40000 })).toBe("级别超出允许的范围");
    expect(refusal({ code: "AB", amount: "abc" })).toBe("amount必须是数字");
    expect(refusal({ code: "AB", day: "2024-13-01" })).toBe("day日期格式不正确，应为yyyy-MM-dd");
    expect(refusal({ code: "AB", happenedAt: "yesterday" })).toBe("happenedAt时间格式不正确，应为yyyy-MM-dd HH:mm:ss");
    expect(refusal({ code: "AB", title: ["a"] })).toBe("标题格式不正确");
    expect(refusal("not an object")).toBe("编码不能为空");
  });

  it("on edit writes only what was sent and never empties a required field", () => {
    expect(parseBody(schemas.edit, { title: "新标题" })).toEqual({ title: "新标题" });
    expect(parseBody(schemas.edit, { level: null })).toEqual({ level: null });
    expect(refusal({ code: "" }, "edit")).toBe("编码不能为空");
    expect(refusal({ code: null }, "edit")).toBe("编码不能为空");
  });
});
