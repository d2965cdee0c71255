// Small pure parts of the CRUD engine: batch ids, hierarchical codes, check rules, dictionary
// text, tenants and table-dictionary codes (backend/crud, backend/modules/system/check-rule).
import { describe, expect, it } from "vitest";
import { PgDialect } from "drizzle-orm/pg-core";
import { sql } from "drizzle-orm";
import { splitIds } from "../../backend/crud/crud-messages";
import { nextChildCode, nextSegment } from "../../backend/crud/tree-code";
import { translateValue, dictKeys } from "../../backend/crud/dict-text";
import { tenantListCondition, userTenantIds } from "../../backend/crud/tenant";
import { parseTableDictCode } from "../../backend/crud/table-dict";
import { checkValue, parseRuleJson } from "../../backend/crud/check-value";
import { departTree } from "../../backend/modules/system/depart/depart-tree";
import "../../backend/modules/system/user/user-entity";
import { ApiError } from "../../backend/http/envelope";

describe("batch ids", () => {
  it("drops the client's trailing comma, blanks and repeats", () => {
    expect(splitIds("a,b,")).toEqual(["a", "b"]);
    expect(splitIds(" a , ,a,b")).toEqual(["a", "b"]);
    expect(splitIds(",")).toEqual([]);
    expect(splitIds(undefined)).toEqual([]);
    expect(() => splitIds(Array.from({ length: 1001 }, (_, index) => `id${index}`).join(","))).toThrow(ApiError);
  });
});

describe("hierarchical codes", () => {
  it("counts segments A01…A99, B01…", () => {
    expect(nextSegment("A01")).toBe("A02");
    expect(nextSegment("A99")).toBe("B01");
    expect(() => nextSegment("Z99")).toThrow("同级编码已用尽，无法再添加");
  });
  it("adds a segment to the parent's code after the last sibling", () => {
    expect(nextChildCode("", [])).toBe("A01");
    expect(nextChildCode("", ["A01", "A02"])).toBe("A03");
    expect(nextChildCode("A01", ["A01A01", "A01A03", "A01A02"])).toBe("A01A04");
    // Codes outside the scheme (hand-made, other levels) are ignored.
    expect(nextChildCode("A01", ["A01A01A01", "HQ", "A01XYZ"])).toBe("A01A01");
  });
});

describe("check rules", () => {
  const items = parseRuleJson(
    JSON.stringify([
      { digits: "2", pattern: "[A-Z]{2}", message: "前两位是大写字母" },
      { digits: 3, pattern: "\\d{3}", message: "然后三位数字" },
      { digits: "*", pattern: ".{5}", message: "共五位" },
    ]),
  )!;
  it("checks the value digit by digit, then as a whole", () => {
    expect(checkValue(items, "AB123")).toBeNull();
    expect(checkValue(items, "ab123")).toEqual({ digits: "2", pattern: "[A-Z]{2}", message: "前两位是大写字母" });
    expect(checkValue(items, "AB12x")?.message).toBe("然后三位数字");
    expect(checkValue(items, "AB1234")?.message).toBe("共五位");
    expect(checkValue(items, "")).toBeNull();
  });
  it("refuses malformed rule JSON", () => {
    expect(parseRuleJson("{")).toBeUndefined();
    expect(parseRuleJson(JSON.stringify([{ digits: "x", pattern: "a" }]))).toBeUndefined();
    expect(parseRuleJson(JSON.stringify({ digits: "*", pattern: "a" }))).toBeUndefined();
    expect(checkValue(parseRuleJson(JSON.stringify([{ digits: "*", pattern: "(", message: "" }]))!, "x")?.message).toBe("校验规则配置有误");
  });
});

describe("dictionary text", () => {
  const texts = new Map([
    ["1", "男"],
    ["2", "女"],
  ]);
  it("translates comma-separated values one by one, unknown ones stay themselves", () => {
    expect(translateValue(1, texts)).toBe("男");
    expect(translateValue("1,2", texts)).toBe("男,女");
    expect(translateValue("2,9", texts)).toBe("女,9");
    expect(translateValue(null, texts)).toBeNull();
    expect(dictKeys("a, b,,c")).toEqual(["a", "b", "c"]);
  });
});

describe("tenants", () => {
  it("reads rel_tenant_ids, an empty list meaning the default tenant", () => {
    expect(userTenantIds("1,2")).toEqual([1, 2]);
    expect(userTenantIds(" 2 ,2,x")).toEqual([2]);
    expect(userTenantIds("")).toEqual([1]);
    expect(userTenantIds(null)).toEqual([1]);
  });
  it("matches whole ids of the list, bound", () => {
    const query = new PgDialect().sqlToQuery(tenantListCondition(sql`${sql.identifier("rel_tenant_ids")}`, 1));
    expect(query.params).toEqual(["1", ",1,"]);
    expect(query.sql).toContain("strpos");
  });
});

describe("table dictionary codes", () => {
  it("resolves allow-listed tables and columns, by column or property name", () => {
    const code = parseTableDictCode("sys_user, realname ,workNo");
    expect([code.definition.entity.table, code.text.column, code.code.column]).toEqual(["sys_user", "realname", "work_no"]);
  });
  it("refuses other forms in plain words", () => {
    const message = (text: string) => {
      try {
        parseTableDictCode(text);
        return "";
      } catch (error) {
        return (error as ApiError).message;
      }
    };
    expect(message("sys_user,realname")).toBe("字典Code格式不正确！");
    expect(message("sys_user,realname,id,1=1")).toBe("不支持带查询条件的表字典");
    expect(message("sys_user,password,id")).toBe("不支持的字典表或字段");
    expect(message("sys_user,avatar,id")).toBe("不支持的字典表或字段");
    expect(message("information_schema.tables,table_name,table_name")).toBe("不支持的字典表或字段");
  });
});

describe("department tree", () => {
  it("nests by parentId, with leaves carrying children null", () => {
    const tree = departTree([
      { id: "a", parentId: null, departName: "根" },
      { id: "b", parentId: "a", departName: "子" },
      { id: "c", parentId: "missing", departName: "孤儿" },
    ]);
    expect(tree.map((node) => [node.key, node.isLeaf])).toEqual([
      ["a", false],
      ["c", true],
    ]);
    expect(tree[0]!.children![0]).toMatchObject({ key: "b", value: "b", title: "子", isLeaf: true, children: null });
  });
});
