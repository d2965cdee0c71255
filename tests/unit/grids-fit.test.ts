// Grids that fit (issue #30, docs/decisions/164): widths by content type, the fixed lead columns, the
// dialog's width for a grid; and the no-JavaScript import's outcome carried in an address.
import { describe, expect, it } from "vitest";
import { columnWidth, isNumberColumn, isRequiredColumn, stickyOffsets } from "~/components/widgets/grid/columns";
import { cellText } from "~/components/widgets/grid/cells";
import { formWidth, FORM_WIDTH, WIDE_FORM_WIDTH } from "~/components/widgets/list/form-modal";
import { isReturnPath, readImportOutcome, withImportOutcome, type ImportOutcome } from "~/components/widgets/import-excel/import-result";
import type { FormField } from "~/components/widgets/list/types";

describe("grid columns by content", () => {
  it("gives money room for 1,234,567.89, a count a few digits, and aligns figures right", () => {
    expect(columnWidth({ key: "amount", title: "金额", type: "inputNumber", money: true })).toBe(130);
    expect(columnWidth({ key: "price", title: "单价", type: "inputNumber", money: true, width: 100 })).toBe(130);
    expect(columnWidth({ key: "quantity", title: "数量", type: "inputNumber" })).toBe(90);
    expect(columnWidth({ key: "quantity", title: "数量", type: "inputNumber", width: 80 })).toBe(80);
    expect(isNumberColumn({ key: "quantity", title: "数量", type: "inputNumber" })).toBe(true);
    expect(isNumberColumn({ key: "name", title: "名称", type: "input" })).toBe(false);
  });

  it("shows money with separators and two decimals in a read-only cell", () => {
    expect(cellText({ key: "amount", title: "金额", type: "inputNumber", money: true }, "1234567.8")).toBe("1,234,567.80");
    expect(cellText({ key: "quantity", title: "数量", type: "inputNumber" }, "5")).toBe("5");
  });

  it("marks a column required by its rules", () => {
    expect(isRequiredColumn({ key: "n", title: "名称", type: "input", validateRules: [{ pattern: "n" }, { required: true }] })).toBe(true);
    expect(isRequiredColumn({ key: "n", title: "名称", type: "input", validateRules: [{ pattern: "n" }] })).toBe(false);
  });

  it("fixes the lead columns and the first one while they take at most half the visible width", () => {
    // drag 0, selection 40, row number 60, first column 160 → 260 px fixed.
    expect(stickyOffsets([0, 40, 60], 160, 600)).toEqual([0, 0, 40, 100]);
    expect(stickyOffsets([32, 60, 60], 120, 1000)).toEqual([0, 32, 92, 152]);
    // A phone: 260 px fixed of 326 would leave no room to scroll the rest.
    expect(stickyOffsets([0, 40, 60], 160, 326)).toBeNull();
    expect(stickyOffsets([0, 40, 60], 160, 0)).toBeNull();
  });
});

describe("a form's dialog width", () => {
  const text: FormField = { name: "name", label: "名称", kind: "text" };
  const grid: FormField = { name: "items", label: "明细", kind: "custom", wide: true };
  it("opens wide for a grid, never narrower than the page asked", () => {
    expect(formWidth([text], undefined)).toBe(FORM_WIDTH);
    expect(formWidth([text], 700)).toBe(700);
    expect(formWidth([text, grid], undefined)).toBe(WIDE_FORM_WIDTH);
    expect(formWidth([text, grid], 900)).toBe(WIDE_FORM_WIDTH);
    expect(formWidth([text, grid], 1400)).toBe(1400);
  });
});

describe("the plain import's outcome in an address", () => {
  it("comes back only to a path of this site", () => {
    expect(isReturnPath("/isystem/position?import=open")).toBe(true);
    expect(isReturnPath("//evil.example/x")).toBe(false);
    expect(isReturnPath("/\\evil.example")).toBe(false);
    expect(isReturnPath("https://evil.example/")).toBe(false);
    expect(isReturnPath("/a\nb")).toBe(false);
    expect(isReturnPath(null)).toBe(false);
  });

  it("carries the outcome there and reads it back", () => {
    const outcome: ImportOutcome = { kind: "partial", title: "导入失败，存在错误数据！", message: "", summary: "共2行", href: "/api/files/static?path=a.xlsx", fileName: "a.xlsx" };
    const address = withImportOutcome("/isystem/position?import=open&name=x", "importResult", outcome);
    expect(address.startsWith("/isystem/position?import=open&name=x&importResult=")).toBe(true);
    expect(readImportOutcome(new URL(address, "http://site").searchParams.get("importResult"))).toEqual(outcome);
  });

  it("reads nothing from a written address but what the page would show", () => {
    expect(readImportOutcome("not json")).toBeNull();
    expect(readImportOutcome(JSON.stringify({ kind: "success" }))).toBeNull();
    expect(readImportOutcome(JSON.stringify({ kind: "success", text: "导入成功" }))).toEqual({ kind: "success", text: "导入成功" });
    const elsewhere = readImportOutcome(JSON.stringify({ kind: "partial", title: "t", message: "", summary: "", href: "https://evil.example/x", fileName: "" }));
    expect(elsewhere).toMatchObject({ kind: "partial", href: null });
  });
});
