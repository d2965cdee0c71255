// The advanced query builder's rules (docs/spec/widgets.md §2, §3, §4 "Advanced query", §5, §9;
// docs/spec/app-shell.md §3 saved queries; api-contract.md §6 `superQueryParams`), checked against
// the backend's own reader of the parameters.
import { describe, expect, it } from "vitest";
import { parseSuperQueryParams } from "../../backend/crud/super-query";
import {
  allowsMultiple,
  changeField,
  changeRule,
  changeValue,
  decodeSuperQueryParams,
  dictOf,
  editorFor,
  emptyRow,
  findSavedQuery,
  fromQueryParams,
  isQueryActive,
  MATCH_TYPES,
  parseSavedQueries,
  queryProblem,
  readSavedQueries,
  removeSavedQuery,
  SAVED_QUERY_PREFIX,
  savedQueriesKey,
  saveProblem,
  saveQuery,
  SUPER_QUERY_MODAL_WIDTH,
  SUPER_QUERY_RULES,
  SUPER_QUERY_TEXTS,
  toItems,
  toQueryParams,
  writeSavedQueries,
  type SuperQueryField,
  type SuperQueryRow,
} from "~/components/widgets/super-query/super-query";

const fields: SuperQueryField[] = [
  { value: "realname", text: "姓名", type: "string" },
  { value: "sex", text: "性别", type: "int", dbType: "int", dictCode: "sex" },
  { value: "birthday", text: "生日", type: "date" },
  { value: "status", text: "状态", type: "int", options: [{ value: "1", text: "正常" }, { value: "2", text: "冻结" }] },
];
const field = (name: string) => fields.find((candidate) => candidate.value === name)!;

/** A row as the user builds it: pick the field, then the rule, then the value. */
function row(name: string, rule: SuperQueryRow["rule"], val: string): SuperQueryRow {
  return changeValue(changeRule(changeField(emptyRow(), field(name)), rule!), val);
}

describe("rules and match types", () => {
  it("offers the ten rules with the original's labels, and and/or", () => {
    expect(SUPER_QUERY_RULES.map((rule) => `${rule.value}:${rule.label}`)).toEqual([
      "eq:等于",
      "like:包含",
      "right_like:以..开始",
      "left_like:以..结尾",
      "in:在...中",
      "ne:不等于",
      "gt:大于",
      "ge:大于等于",
      "lt:小于",
      "le:小于等于",
    ]);
    expect(MATCH_TYPES.map((type) => type.label)).toEqual(["AND（所有条件都要求匹配）", "OR（条件中的任意一个匹配）"]);
    expect(SUPER_QUERY_MODAL_WIDTH).toBe(1000);
    expect(SUPER_QUERY_TEXTS.title).toBe("高级查询构造器");
    expect(SUPER_QUERY_TEXTS.active).toBe("已有高级查询条件生效");
  });
});

describe("editing rows", () => {
  it("starts a row with the rule eq", () => {
    expect(emptyRow()).toEqual({ rule: "eq" });
  });

  it("resets the value and copies the type metadata when the field changes", () => {
    const sex = row("sex", "eq", "1");
    expect(sex).toEqual({ field: "sex", rule: "eq", val: "1", type: "int", dbType: "int", dictCode: "sex" });
    const birthday = changeField(sex, field("birthday"));
    expect(birthday).toEqual({ field: "birthday", rule: "eq", type: "date" });
    expect(changeField(birthday, undefined)).toEqual({ rule: "eq" });
  });

  it("keeps only the first value when the rule leaves in", () => {
    const many = row("sex", "in", "1,2");
    expect(changeRule(many, "ne")).toMatchObject({ rule: "ne", val: "1" });
    expect(changeRule(many, "in")).toMatchObject({ rule: "in", val: "1,2" });
    expect(changeRule(row("realname", "eq", "a,b"), "like")).toMatchObject({ rule: "like", val: "a,b" });
  });

  it("joins array values with commas, writes numbers as text and drops empty values", () => {
    expect(changeValue(emptyRow(), ["1", "2"]).val).toBe("1,2");
    expect(changeValue(emptyRow(), 18).val).toBe("18");
    expect(changeValue({ rule: "eq", val: "x" }, "")).toEqual({ rule: "eq" });
    expect(changeValue({ rule: "eq", val: "x" }, null)).toEqual({ rule: "eq" });
  });
});

describe("validation", () => {
  it("refuses to query empty conditions with 不能查询空条件", () => {
    expect(SUPER_QUERY_TEXTS.emptyQuery).toBe("不能查询空条件");
    expect(queryProblem([])).toBe("不能查询空条件");
    expect(queryProblem([emptyRow()])).toBe("不能查询空条件");
    expect(queryProblem([changeField(emptyRow(), field("realname"))])).toBe("不能查询空条件");
    expect(queryProblem([{ field: "realname", val: "x" }])).toBe("不能查询空条件");
    expect(queryProblem([row("realname", "like", "李")])).toBeNull();
  });

  it("refuses to save empty conditions, and an empty name", () => {
    expect(saveProblem([emptyRow()])).toBe("空条件不能保存");
    expect(saveProblem([emptyRow()], "名字")).toBe("空条件不能保存");
    expect(saveProblem([row("realname", "like", "李")], "  ")).toBe("保存名称不能为空");
    expect(saveProblem([row("realname", "like", "李")], "李姓老师")).toBeNull();
  });
});

describe("list URL parameters (api-contract.md §6)", () => {
  const rows = [row("realname", "like", "李 & 王+#"), emptyRow(), row("sex", "in", "1,2"), row("birthday", "ge", "2000-01-01")];

  it("carries the complete rows as URL-encoded JSON, with the match type", () => {
    const params = toQueryParams(rows, "or")!;
    const items = [
      { field: "realname", rule: "like", val: "李 & 王+#", type: "string" },
      { field: "sex", rule: "in", val: "1,2", type: "int", dbType: "int", dictCode: "sex" },
      { field: "birthday", rule: "ge", val: "2000-01-01", type: "date" },
    ];
    expect(params).toEqual({ superQueryParams: encodeURIComponent(JSON.stringify(items)), superQueryMatchType: "or" });
    expect(toItems(rows)).toEqual(items);
  });

  it("leaves editing data such as options out of the items", () => {
    const status = row("status", "eq", "1");
    expect(status.options).toHaveLength(2);
    expect(toItems([status])).toEqual([{ field: "status", rule: "eq", val: "1", type: "int" }]);
  });

  it("is null when nothing can be queried", () => {
    expect(toQueryParams([emptyRow()], "and")).toBeNull();
  });

  it("is read by the backend as the same conditions after the URL round trip", () => {
    const params = toQueryParams(rows, "and")!;
    // The list page puts the value in its URL; its loader reads it back and the backend client
    // sends it on, so the backend receives exactly this text after its own URL decoding.
    const pageUrl = new URL(`http://school.test/isystem/user?${new URLSearchParams({ ...params })}`);
    const received = pageUrl.searchParams.get("superQueryParams")!;
    expect(received).toBe(params.superQueryParams);
    expect(parseSuperQueryParams(received)).toEqual([
      { field: "realname", rule: "like", value: "李 & 王+#" },
      { field: "sex", rule: "in", value: "1,2" },
      { field: "birthday", rule: "ge", value: "2000-01-01" },
    ]);
  });

  it("reads the URL back into rows, with the declared fields' editing metadata", () => {
    const params = toQueryParams([row("status", "eq", "2"), row("realname", "right_like", "李")], "or");
    const { rows: restored, matchType } = fromQueryParams(params, fields);
    expect(matchType).toBe("or");
    expect(restored).toEqual([
      { field: "status", rule: "eq", val: "2", type: "int", options: field("status").options },
      { field: "realname", rule: "right_like", val: "李", type: "string" },
    ]);
    expect(fromQueryParams(null)).toEqual({ rows: [], matchType: "and" });
  });

  it("tolerates plain JSON, the original's encodeURI form, and garbage", () => {
    const items = [{ field: "realname", rule: "eq", val: "x" }];
    expect(decodeSuperQueryParams(JSON.stringify(items))).toEqual(items);
    expect(decodeSuperQueryParams(encodeURI(JSON.stringify(items)))).toEqual(items);
    expect(decodeSuperQueryParams(encodeURIComponent(encodeURIComponent(JSON.stringify(items))))).toEqual(items);
    expect(decodeSuperQueryParams("%E0%A4%A")).toEqual([]);
    expect(decodeSuperQueryParams("not json")).toEqual([]);
    expect(decodeSuperQueryParams('{"field":"x"}')).toEqual([]);
    expect(decodeSuperQueryParams(JSON.stringify([{ field: "a", rule: "between", val: "1" }, { field: "b", val: ["1", 2] }, { rule: "eq", val: "1" }]))).toEqual([
      { field: "b", rule: "eq", val: "1,2" },
    ]);
  });

  it("is active only when the query in effect has rows", () => {
    expect(isQueryActive(toQueryParams([row("realname", "eq", "x")], "and"))).toBe(true);
    expect(isQueryActive({ superQueryParams: encodeURIComponent("[]") })).toBe(false);
    expect(isQueryActive({ superQueryParams: "" })).toBe(false);
    expect(isQueryActive(null)).toBe(false);
  });
});

describe("saved queries (docs/spec/app-shell.md §3)", () => {
  function memoryStorage() {
    const items = new Map<string, string>();
    return { items, getItem: (key: string) => items.get(key) ?? null, setItem: (key: string, value: string) => void items.set(key, value) };
  }

  it("lives under JSuperQuerySaved_ plus the save code, as title, matchType and records", () => {
    expect(SAVED_QUERY_PREFIX).toBe("JSuperQuerySaved_");
    expect(savedQueriesKey("/isystem/user")).toBe("JSuperQuerySaved_/isystem/user");
    const storage = memoryStorage();
    const list = saveQuery([], "李姓", "or", [row("realname", "right_like", "李"), emptyRow()]);
    writeSavedQueries(storage, "/isystem/user", list);
    expect(JSON.parse(storage.items.get("JSuperQuerySaved_/isystem/user")!)).toEqual([
      { title: "李姓", matchType: "or", records: [{ field: "realname", rule: "right_like", val: "李", type: "string" }] },
    ]);
    expect(readSavedQueries(storage, "/isystem/user")).toEqual(list);
    expect(readSavedQueries(storage, "/isystem/role")).toEqual([]);
  });

  it("finds an existing name, and overwrites it in place when confirmed", () => {
    let list = saveQuery([], "A", "and", [row("realname", "eq", "1")]);
    list = saveQuery(list, "B", "and", [row("realname", "eq", "2")]);
    expect(findSavedQuery(list, " A ")).toBe(list[0]);
    expect(findSavedQuery(list, "C")).toBeUndefined();
    list = saveQuery(list, "A", "or", [row("sex", "eq", "2")]);
    expect(list.map((entry) => [entry.title, entry.matchType, entry.records[0]!.field])).toEqual([
      ["A", "or", "sex"],
      ["B", "and", "realname"],
    ]);
    expect(removeSavedQuery(list, 0).map((entry) => entry.title)).toEqual(["B"]);
  });

  it("skips what it cannot read, and defaults a missing match type to and", () => {
    expect(parseSavedQueries(null)).toEqual([]);
    expect(parseSavedQueries("{broken")).toEqual([]);
    expect(parseSavedQueries('{"title":"x"}')).toEqual([]);
    expect(parseSavedQueries(JSON.stringify([{ title: "old", records: [{ field: "a", rule: "eq", val: "1" }] }, { records: [] }, "x"]))).toEqual([
      { title: "old", matchType: "and", records: [{ field: "a", rule: "eq", val: "1" }] },
    ]);
  });
});

describe("value editors (docs/spec/widgets.md §5 value types)", () => {
  it("chooses the editor from the field's type, dictionary and options", () => {
    const cases: [SuperQueryRow, string][] = [
      [{ rule: "eq", type: "string" }, "text"],
      [{ rule: "eq" }, "text"],
      [{ rule: "eq", type: "int" }, "number"],
      [{ rule: "eq", type: "number" }, "number"],
      [{ rule: "eq", type: "date" }, "date"],
      [{ rule: "eq", type: "datetime" }, "datetime"],
      [{ rule: "eq", type: "time" }, "time"],
      [{ rule: "eq", type: "switch" }, "switch"],
      [{ rule: "eq", type: "int", dictCode: "sex" }, "dict"],
      [{ rule: "in", type: "int", dictCode: "sex" }, "dict-multi"],
      [{ rule: "eq", options: [] }, "options"],
      [{ rule: "in", options: [] }, "options-multi"],
      [{ rule: "eq", type: "list_multi", dictCode: "sex" }, "dict-multi"],
      [{ rule: "eq", type: "sel_search", dictCode: "sys_user,realname,username" }, "search-select"],
      [{ rule: "eq", type: "list", dictTable: "sys_user", dictText: "realname", dictCode: "username" }, "search-select"],
      [{ rule: "eq", type: "sel_user" }, "user"],
      [{ rule: "eq", type: "sel_depart" }, "depart"],
      [{ rule: "eq", type: "area" }, "area"],
    ];
    for (const [input, editor] of cases) expect(`${JSON.stringify(input)} → ${editorFor(input)}`).toBe(`${JSON.stringify(input)} → ${editor}`);
  });

  it("allows several values only under in, and builds table dictionaries as table,text,code", () => {
    expect(allowsMultiple({ rule: "in" })).toBe(true);
    expect(allowsMultiple({ rule: "eq" })).toBe(false);
    expect(dictOf({ dictTable: "sys_user", dictText: "realname", dictCode: "username" })).toBe("sys_user,realname,username");
    expect(dictOf({ dictCode: "sex" })).toBe("sex");
  });
});
