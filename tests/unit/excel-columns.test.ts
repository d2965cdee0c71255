// Cell conversions of Excel export and import (backend/crud/excel/columns.ts, import.ts mapSheet,
// export.ts sort keys and file name): dictionary texts both ways (contract §1 "Dictionary
// translation"), typed cells, header detection for both sheet layouts (contract §6 importExcel).
import { describe, expect, it } from "vitest";
import { integer, pgTable, timestamp, varchar, date, doublePrecision, boolean } from "drizzle-orm/pg-core";
import { defineEntity } from "../../backend/crud/entity";
import { escapeFormula, exportCell, importCell, unescapeFormula, normaliseDate, resolveExcelColumns, type ResolvedColumn } from "../../backend/crud/excel/columns";
import { exportSortKeys } from "../../backend/crud/excel/export";
import { contentDisposition } from "#contract/content-disposition";
import { mapSheet } from "../../backend/crud/excel/import";
import { ApiError } from "../../backend/http/envelope";

const table = pgTable("excel_unit", {
  id: varchar("id", { length: 32 }).primaryKey(),
  code: varchar("code", { length: 32 }),
  sex: integer("sex"),
  tags: varchar("tags", { length: 100 }),
  count: integer("count"),
  amount: doublePrecision("amount"),
  birthday: date("birthday", { mode: "string" }),
  active: boolean("active"),
  password: varchar("password", { length: 64 }),
  createTime: timestamp("create_time", { withTimezone: true }),
});
const entity = defineEntity(table, { fields: { sex: { dictCode: "sex" }, tags: { dictCode: "tags" } } });

const dictionaries = async (code: string) =>
  code === "sex"
    ? [
        { value: "1", text: "男" },
        { value: "2", text: "女" },
      ]
    : [
        { value: "a", text: "音乐" },
        { value: "b", text: "体育" },
      ];

async function columns(): Promise<Record<string, ResolvedColumn>> {
  const resolved = await resolveExcelColumns(
    entity,
    [
      { property: "code", title: "编码", required: true },
      { property: "sex", title: "性别" },
      { property: "tags", title: "爱好" },
      { property: "count", title: "数量" },
      { property: "amount", title: "金额" },
      { property: "birthday", title: "生日" },
      { property: "active", title: "启用" },
      { property: "createTime", title: "创建时间" },
    ],
    dictionaries,
  );
  return Object.fromEntries(resolved.map((column) => [column.field.property, column]));
}

describe("excel columns", () => {
  it("refuses unknown, secret and repeated properties at declaration", async () => {
    await expect(resolveExcelColumns(entity, [{ property: "nope", title: "x" }], dictionaries)).rejects.toThrow(/not a readable field/);
    await expect(resolveExcelColumns(entity, [{ property: "password", title: "密码" }], dictionaries)).rejects.toThrow(/not a readable field/);
    await expect(resolveExcelColumns(entity, [{ property: "code", title: "a" }, { property: "code", title: "b" }], dictionaries)).rejects.toThrow(/twice/);
  });

  it("exports dictionary texts one by one, unknown values as themselves", async () => {
    const byProperty = await columns();
    expect(exportCell(byProperty.sex!, 1)).toBe("男");
    expect(exportCell(byProperty.tags!, "a,b,z")).toBe("音乐,体育,z");
    expect(exportCell(byProperty.sex!, null)).toBeNull();
    expect(exportCell(byProperty.amount!, 1.5)).toBe(1.5);
    expect(exportCell(byProperty.code!, { nested: true })).toBe('{"nested":true}');
  });

  it("imports texts back to codes, typed to the column", async () => {
    const byProperty = await columns();
    expect(importCell(byProperty.sex!, "女")).toEqual({ ok: true, value: 2 });
    expect(importCell(byProperty.sex!, "1")).toEqual({ ok: true, value: 1 });
    expect(importCell(byProperty.sex!, "未知")).toEqual({ ok: false, message: "“未知”不是有效的选项" });
    expect(importCell(byProperty.tags!, "体育，音乐")).toEqual({ ok: true, value: "b,a" });
    expect(importCell(byProperty.tags!, " , ")).toBeUndefined();
    expect(importCell(byProperty.code!, 13800138000)).toEqual({ ok: true, value: "13800138000" });
    expect(importCell(byProperty.code!, "  A01 ")).toEqual({ ok: true, value: "A01" });
    expect(importCell(byProperty.code!, "   ")).toBeUndefined();
    expect(importCell(byProperty.count!, "12")).toEqual({ ok: true, value: 12 });
    expect(importCell(byProperty.count!, 1.5)).toEqual({ ok: false, message: "不是整数" });
    expect(importCell(byProperty.amount!, "1e3")).toEqual({ ok: true, value: 1000 });
    expect(importCell(byProperty.amount!, "12元")).toEqual({ ok: false, message: "不是数字" });
    expect(importCell(byProperty.birthday!, "2024/5/1")).toEqual({ ok: true, value: "2024-05-01" });
    expect(importCell(byProperty.birthday!, "2024-05-01 08:00:00")).toEqual({ ok: true, value: "2024-05-01" });
    expect(importCell(byProperty.birthday!, 45413)).toEqual({ ok: false, message: "日期格式不正确，应为yyyy-MM-dd" });
    expect(importCell(byProperty.createTime!, "2024-05-01")).toEqual({ ok: true, value: "2024-05-01 00:00:00" });
    expect(importCell(byProperty.createTime!, "2024-05-01 8:05")).toEqual({ ok: true, value: "2024-05-01 08:05:00" });
    expect(importCell(byProperty.createTime!, "2024-13-01")).toEqual({ ok: false, message: "时间格式不正确，应为yyyy-MM-dd HH:mm:ss" });
    expect(importCell(byProperty.active!, "是")).toEqual({ ok: true, value: true });
    expect(importCell(byProperty.active!, false)).toEqual({ ok: true, value: false });
    expect(importCell(byProperty.active!, "也许")).toEqual({ ok: false, message: "应为是/否" });
  });

  it("normalises loose dates only when they are real", () => {
    expect(normaliseDate("2024-2-29")).toBe("2024-02-29");
    expect(normaliseDate("2023-02-29")).toBeUndefined();
    expect(normaliseDate("2024.05.01 23:59")).toBe("2024-05-01 23:59:00");
    expect(normaliseDate("05/01/2024")).toBeUndefined();
  });

  it("finds the header row in the exported layout and in a first-row sheet", async () => {
    const all = Object.values(await columns());
    const exported = mapSheet(
      [
        [1, ["学生报表"]],
        [2, ["导出人:管理员"]],
        [3, ["编码", "性别", "其他", "编码"]],
        [4, ["A", "男"]],
      ],
      all,
    );
    expect(exported.mapping.map(({ index, column }) => [index, column.title])).toEqual([
      [0, "编码"],
      [1, "性别"],
    ]);
    expect(exported.dataRows).toEqual([[4, ["A", "男"]]]);
    const firstRow = mapSheet([[1, [" 编 码 ", "*性别", "amount"]], [2, ["B"]]], all);
    expect(firstRow.mapping.map(({ column }) => column.field.property)).toEqual(["code", "sex", "amount"]);
    expect(() => mapSheet([[1, ["性别"]]], all)).toThrow(new ApiError("文件导入失败:缺少必填列：编码"));
    expect(() => mapSheet([[1, ["x"]], [2, ["y"]], [3, ["z"]], [4, ["编码"]]], all)).toThrow(/^文件导入失败:未找到表头/);
  });

  it("derives the export's keyset keys from the list's sort rules", () => {
    const names = (column?: string, order?: string) => exportSortKeys(entity, column, order).map((key) => `${key.field.property} ${key.order}`);
    expect(names()).toEqual(["createTime desc"]);
    expect(names("sex_dictText,code", "ASC")).toEqual(["sex asc", "code asc"]);
    expect(names("code,code", "whatever")).toEqual(["code desc"]);
    expect(() => names("password")).toThrow("不支持的排序字段: password");
    expect(() => names("code;drop")).toThrow("不支持的排序字段");
  });

  it("names downloads with RFC 5987", () => {
    expect(contentDisposition("学生 (1).xlsx")).toBe("attachment; filename*=UTF-8''%E5%AD%A6%E7%94%9F%20%281%29.xlsx");
  });
});

describe("formula-like text in Excel cells", () => {
  it("gets a leading quote when it starts with =, +, -, @, a tab or a line break, and loses exactly that quote on import", () => {
    const cases: Array<[string, string]> = [
      ["=1+1", "'=1+1"],
      ["+1", "'+1"],
      ["-1", "'-1"],
      ["@A1", "'@A1"],
      ["\t=1", "'\t=1"],
      ["\r=1", "'\r=1"],
      ["\n=1", "'\n=1"],
      ["'=1", "''=1"],
      ["'plain", "'plain"],
      ["plain", "plain"],
      ["a=1", "a=1"],
    ];
    for (const [text, cell] of cases) {
      expect(escapeFormula(text), JSON.stringify(text)).toBe(cell);
      expect(unescapeFormula(cell), JSON.stringify(cell)).toBe(text);
    }
  });
});
