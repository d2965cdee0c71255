// The grid's cell rules (docs/spec/widgets.md §5 "Cell rules", "Named patterns", "Other patterns",
// "Builders") and the posted field.
import { describe, expect, it } from "vitest";
import { validateCell, validateRows, DEFAULT_MESSAGES } from "~/components/widgets/grid/validation";
import { maxChoicesRule, maxLengthRule, minChoicesRule, minLengthRule, NAMED_PATTERNS, OTHER_PATTERNS, resolvePattern } from "~/components/widgets/grid/patterns";
import { gridFieldEntries, isGridKey, MAX_GRID_ROWS, readGridField, readGridFields, rowForSave } from "~/components/widgets/grid/grid-value";
import type { GridColumn, GridRow } from "~/components/widgets/grid/types";

const column = (rules: GridColumn["validateRules"]): GridColumn => ({ key: "v", title: "值", type: "input", validateRules: rules });
const rowOf = (v: string, id = "1"): GridRow => ({ id, v });
const check = (rules: GridColumn["validateRules"], v: string, others: string[] = []) => {
  const row = rowOf(v);
  return validateCell(column(rules), row, [row, ...others.map((other, index) => rowOf(other, `o${index}`))]);
};

describe("rule order", () => {
  it("fails required on empty with the title in the message", () => {
    expect(check([{ required: true }], "  ")).toBe("值不能为空");
    expect(check([{ required: true }], "x")).toBeNull();
    expect(check([{ required: true, message: "请输入${title}!" }], "")).toBe("请输入值!");
  });

  it("reports the first failing rule only", () => {
    const rules = [{ required: true, message: "first" }, { pattern: "m", message: "second" }, { handler: () => false, message: "third" }];
    expect(check(rules, "")).toBe("first");
    expect(check(rules, "123")).toBe("second");
    expect(check(rules, "13800138000")).toBe("third");
  });

  it("applies a pattern only to a non-empty value", () => {
    expect(check([{ pattern: "e" }], "")).toBeNull();
    expect(check([{ pattern: "e" }], "bad")).toBe("值格式不正确");
    expect(check([{ pattern: /^a+$/ }], "aaa")).toBeNull();
    expect(check([{ pattern: "^b+$" }], "aaa")).toBe("值格式不正确");
  });

  it("fails unique (or pattern only) when the value is in two or more rows", () => {
    expect(check([{ unique: true }], "x", ["x"])).toBe("值不能重复");
    expect(check([{ pattern: "only" }], "x", ["x"])).toBe(DEFAULT_MESSAGES.unique.replace("${title}", "值"));
    expect(check([{ unique: true }], "x", ["y"])).toBeNull();
    expect(check([{ unique: true }], "", [""])).toBeNull();
  });

  it("takes a handler's own message, and awaits async handlers in order", async () => {
    expect(check([{ handler: (value) => (value === "ok" ? true : `不是ok: ${value}`) }], "no")).toBe("不是ok: no");
    const rules = [{ handler: async (value: string) => value.length > 2 }, { pattern: "z" }];
    await expect(check(rules, "ab")).resolves.toBe("值校验未通过");
    await expect(check(rules, "abc")).resolves.toBe("值格式不正确");
    await expect(check(rules, "123")).resolves.toBeNull();
  });

  it("collects every cell: the error count and where", async () => {
    const columns: GridColumn[] = [
      { key: "name", title: "姓名", type: "input", validateRules: [{ required: true }] },
      { key: "phone", title: "手机", type: "input", validateRules: [{ pattern: "m" }, { handler: async () => true }] },
      { key: "free", title: "自由", type: "input" },
    ];
    const rows: GridRow[] = [
      { id: "1", name: "", phone: "1", free: "" },
      { id: "2", name: "李", phone: "13800138000", free: "" },
    ];
    const result = await validateRows(columns, rows);
    expect(result.count).toBe(2);
    expect(result.errors.get("1")).toEqual({ name: "姓名不能为空", phone: "手机格式不正确" });
    expect(result.errors.has("2")).toBe(false);
  });
});

describe("named patterns", () => {
  const cases: Array<[string, string[], string[]]> = [
    ["n6-16", ["123456", "1234567890123456"], ["12345", "12345678901234567", "12345a"]],
    ["*6-16", ["abc de", "!@#$%^"], ["abcde", "x".repeat(17)]],
    ["s6-18", ["abcdef", "ABCdefGHI"], ["abcde", "abc123"]],
    ["url", ["http://a.cn", "https://www.example.com/x?y=1"], ["www.example.com", "http://"]],
    ["e", ["a@b.com", "li.si@school.example"], ["a@b", "@b.com", "a b@c.com"]],
    ["m", ["13800138000", "19912345678"], ["12800138000", "1380013800", "23800138000"]],
    ["p", ["100000", "010000"], ["10000", "1000000"]],
    ["s", ["abc", "XYZ"], ["ab1", ""]],
    ["n", ["1", "-1.5", "0.25"], ["1.", "a", "--1"]],
    ["z", ["0", "-12"], ["1.0", "a"]],
    ["*", ["x"], ["", "   "]],
    ["money", ["0", "0.5", "12.34", "100"], ["01", "1.234", "-1", "1."]],
  ];
  it.each(cases)("%s accepts and refuses what it should", (name, good, bad) => {
    const pattern = NAMED_PATTERNS[name];
    for (const value of good) expect(pattern.test(value), `${name} ${value}`).toBe(true);
    for (const value of bad) expect(pattern.test(value), `${name} ${value}`).toBe(false);
  });

  it("knows every other pattern of the forms", () => {
    expect(OTHER_PATTERNS.naturalNumber.test("0") && !OTHER_PATTERNS.naturalNumber.test("01")).toBe(true);
    expect(OTHER_PATTERNS.englishLetters.test("abc") && !OTHER_PATTERNS.englishLetters.test("ab c")).toBe(true);
    expect(OTHER_PATTERNS.landline.test("010-88886666") && !OTHER_PATTERNS.landline.test("12")).toBe(true);
    expect(OTHER_PATTERNS.bankCard.test("6222020200112233445") && !OTHER_PATTERNS.bankCard.test("123456789")).toBe(true);
    expect(OTHER_PATTERNS.idNumber.test("E12345678") && !OTHER_PATTERNS.idNumber.test("x".repeat(51))).toBe(true);
    expect(OTHER_PATTERNS.mainlandIdCard.test("11010519491231002X") && !OTHER_PATTERNS.mainlandIdCard.test("110105194913310021")).toBe(true);
    expect(OTHER_PATTERNS.qq.test("10001") && !OTHER_PATTERNS.qq.test("0123")).toBe(true);
    expect(OTHER_PATTERNS.httpUrl.test("https://x") && !OTHER_PATTERNS.httpUrl.test("ftp://x")).toBe(true);
    expect(OTHER_PATTERNS.alphanumeric20.test("abc123") && !OTHER_PATTERNS.alphanumeric20.test("a".repeat(21))).toBe(true);
    expect(OTHER_PATTERNS.chineseEnglishSpace.test("张 San") && !OTHER_PATTERNS.chineseEnglishSpace.test("张")).toBe(true);
    expect(OTHER_PATTERNS.digitsAndLineFeeds.test("12\n34") && !OTHER_PATTERNS.digitsAndLineFeeds.test("12 34")).toBe(true);
    expect(OTHER_PATTERNS.upTo255.test("x".repeat(255)) && !OTHER_PATTERNS.upTo255.test("x".repeat(256))).toBe(true);
    expect(resolvePattern("bankCard")).toBe(OTHER_PATTERNS.bankCard);
  });

  it("builds length and choice rules with their messages", () => {
    expect(check([minLengthRule(3)], "ab")).toBe("最小长度3位字符");
    expect(check([maxLengthRule(3)], "abcd")).toBe("最大长度3位字符");
    expect(check([minChoicesRule(2)], "a")).toBe("最少选择2项");
    expect(check([maxChoicesRule(1)], "a,b")).toBe("最多选择1项");
    expect(check([maxChoicesRule(2)], "a,b")).toBeNull();
  });
});

describe("the posted fields", () => {
  const posted = (entries: [string, string | Blob][]) => {
    const form = new FormData();
    for (const [key, value] of entries) form.append(key, value);
    return form;
  };

  it("reads back the rows and deleted ids it wrote, numbers and booleans as text", () => {
    const rows = [
      { id: "1", name: "张三", amount: 2, paid: true, missing: null },
      { id: "x_2__temp", name: "", amount: "3.50", paid: false, missing: undefined },
    ];
    const entries = gridFieldEntries("items", rows, ["9", "10"]);
    expect(entries.slice(0, 3)).toEqual([
      ["items[0].id", "1"],
      ["items[0].name", "张三"],
      ["items[0].amount", "2"],
    ]);
    const form = posted([["intent", "save"], ["remark", "x"], ...entries]);
    expect(readGridField(form, "items")).toEqual({
      ok: true,
      value: {
        rows: [
          { id: "1", name: "张三", amount: "2", paid: "true", missing: "" },
          { id: "x_2__temp", name: "", amount: "3.50", paid: "false", missing: "" },
        ],
        deletedIds: ["9", "10"],
      },
    });
    expect(isGridKey("items[0].id") && isGridKey("items.deletedIds") && !isGridKey("remark") && !isGridKey("intent")).toBe(true);
  });

  it("keeps a nested value's keys, reads every grid of a form, and a missing grid is an empty one", () => {
    const parents = [{ parentId: "", relation: "1", isPayer: true, parent: { name: "李四", phone: "13900000000" } }];
    const form = posted([...gridFieldEntries("parents", parents), ...gridFieldEntries("lines", [{ quantity: 1 }])]);
    expect(form.get("parents[0].parent.name")).toBe("李四");
    expect(readGridFields(form)).toEqual({
      parents: { ok: true, value: { rows: [{ parentId: "", relation: "1", isPayer: "true", parent: { name: "李四", phone: "13900000000" } }], deletedIds: [] } },
      lines: { ok: true, value: { rows: [{ quantity: "1" }], deletedIds: [] } },
    });
    expect(readGridField(posted([]), "items")).toEqual({ ok: true, value: { rows: [], deletedIds: [] } });
  });

  it("refuses rows numbered with a gap, unknown keys, a cell given twice, files and rows without ids", () => {
    const malformed: [string, string | Blob][][] = [
      [["items[0].id", "1"], ["items[2].id", "3"]],
      [["items[1].id", "2"]],
      [["items[01].id", "1"]],
      [["items[0]", "1"]],
      [["items[0].id", "1"], ["items.other", "1"]],
      [["items[0].id", "1"], ["items[0].id", "2"]],
      [["items[0].id", "1"], ["items[0].id.x", "2"]],
      [["items[0].__proto__.x", "1"]],
      [["items[0].id", new Blob(["1"])]],
      [["items.deletedIds", ""]],
    ];
    for (const entries of malformed) expect(readGridField(posted(entries), "items"), JSON.stringify(entries.map(([key]) => key))).toEqual({ ok: false, message: "表格数据格式不正确" });
    expect(readGridField(posted([["items[0].name", "无id"]]), "items").ok).toBe(false);
    // A malformed grid leaves the form's other grids readable.
    const grids = readGridFields(posted([["items[1].a", "1"], ["lines[0].a", "1"]]));
    expect([grids.items?.ok, grids.lines?.ok]).toEqual([false, true]);
  });

  it("takes up to MAX_GRID_ROWS rows and deleted ids, no more", () => {
    const rows = Array.from({ length: MAX_GRID_ROWS }, (_, index) => ({ id: String(index + 1) }));
    const full = readGridField(posted(gridFieldEntries("items", rows)), "items");
    expect(full.ok && full.value.rows.length).toBe(MAX_GRID_ROWS);
    expect(readGridField(posted([[`items[${MAX_GRID_ROWS}].id`, "x"]]), "items").ok).toBe(false);
    const deleted = Array.from({ length: MAX_GRID_ROWS + 1 }, (_, index) => String(index + 1));
    expect(readGridField(posted(gridFieldEntries("items", [], deleted)), "items").ok).toBe(false);
    expect(readGridField(posted(gridFieldEntries("items", [], deleted.slice(1))), "items").ok).toBe(true);
  });

  it("drops temporary ids for saving", () => {
    expect(rowForSave({ id: "x_1__temp", a: "1" })).toEqual({ a: "1" });
    expect(rowForSave({ id: "42", a: "1" })).toEqual({ id: "42", a: "1" });
  });
});
