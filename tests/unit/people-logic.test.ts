// The pure parts of 学籍管理 and 填值规则: the parents rows of the student form, and how a fill rule
// turns a moment and a counter value into a number.
import { describe, expect, it } from "vitest";
import { ONE_PAYER_MESSAGE } from "#contract/modules/people";
import { PARENT_OR_NEW_MESSAGE, parentRowsProblem, parseParentRows, serializeParentRows } from "~/components/people/student-parents";
import { formatNumber, periodOf, resetProblem } from "../../backend/modules/system/fill-rule/fill-number";

describe("the student form's parents", () => {
  const rows = [
    { parentId: "p1", relation: "1", isPayer: true },
    { parentId: "p2", relation: "2", isPayer: false },
  ];

  it("round-trips the rows through the form's text and reads bad text as none", () => {
    expect(parseParentRows(serializeParentRows(rows))).toEqual(rows);
    expect(parseParentRows('[{"parentId":"p1","relation":"3","isPayer":"1"}]')).toEqual([{ parentId: "p1", relation: "3", isPayer: true }]);
    const added = [{ parentId: "", relation: "2", isPayer: true, parent: { name: "新家长", phone: "13912340001", email: "" } }];
    expect(parseParentRows(serializeParentRows(added))).toEqual(added);
    expect(parseParentRows("{not json")).toEqual([]);
    expect(parseParentRows("")).toEqual([]);
  });

  it("names the first incomplete row, two payers and a repeated parent", () => {
    expect(parentRowsProblem(rows)).toBeNull();
    expect(parentRowsProblem([...rows, { parentId: "", relation: "", isPayer: false }])).toBe(`家长第3行：${PARENT_OR_NEW_MESSAGE}`);
    // A new parent (新家长姓名) completes a row without a chosen one.
    expect(parentRowsProblem([...rows, { parentId: "", relation: "3", isPayer: false, parent: { name: "新家长" } }])).toBeNull();
    expect(parentRowsProblem([{ parentId: "", relation: "", isPayer: false, parent: { name: "新家长" } }])).toBe("家长第1行：请选择关系!");
    expect(parentRowsProblem([{ parentId: "p1", relation: "", isPayer: false }])).toBe("家长第1行：请选择关系!");
    expect(parentRowsProblem(rows.map((row) => ({ ...row, isPayer: true })))).toBe(ONE_PAYER_MESSAGE);
    expect(parentRowsProblem([rows[0]!, { ...rows[0]!, isPayer: false }])).toBe("同一位家长不能重复添加");
  });
});

describe("fill rule numbers", () => {
  // 2026-12-31 23:30 in UTC is already 2027-01-01 in Shanghai: the school's day decides.
  const moment = new Date("2026-12-31T23:30:00Z");
  const rule = { prefix: "S", datePattern: "yyyy", seqDigits: 4, resetCycle: "year" as const };

  it("formats prefix, date in the school's zone and the padded sequence", () => {
    expect(formatNumber(rule, 7, moment, "Asia/Shanghai")).toBe("S20270007");
    expect(formatNumber(rule, 7, moment, "UTC")).toBe("S20260007");
    expect(formatNumber({ ...rule, datePattern: "yyMMdd", prefix: "RC" }, 12345, moment, "Asia/Shanghai")).toBe("RC27010112345");
  });

  it("restarts the counter per day, month, year or never", () => {
    expect(["day", "month", "year", "never"].map((cycle) => periodOf(cycle as "day", moment, "Asia/Shanghai"))).toEqual(["20270101", "202701", "2027", "-"]);
  });

  it("refuses a reset more frequent than the date in the number", () => {
    expect(resetProblem("yyyyMM", "day")).not.toBeNull();
    expect(resetProblem("", "year")).not.toBeNull();
    expect(resetProblem("yyyyMMdd", "day")).toBeNull();
    expect(resetProblem("yyyy", "never")).toBeNull();
  });
});
