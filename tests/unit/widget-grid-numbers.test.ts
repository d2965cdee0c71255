// Number cells, statistics and column rules of the grid (docs/spec/widgets.md §2 footer, §3, §5
// "Number input cells", §8 reserved names, §9 widths and the sub-table pop-over).
import { describe, expect, it } from "vitest";
import { columnAverage, columnSum, filterNumberKeystroke, formatRatio, integerPart, parseNumberOnBlur } from "~/components/widgets/grid/numbers";
import {
  columnWidth,
  customCellType,
  fillPlaceholder,
  installCellType,
  minWidth,
  openWithRetry,
  selectionColumnWidth,
  SUB_TABLE_FAILED,
  subTablePlacement,
  valueFormat,
} from "~/components/widgets/grid/columns";

describe("number cells", () => {
  it("reverts keystrokes that are not digits, one leading minus and one point", () => {
    expect(filterNumberKeystroke("12", "123")).toBe("123");
    expect(filterNumberKeystroke("", "-")).toBe("-");
    expect(filterNumberKeystroke("1.", "1.5")).toBe("1.5");
    expect(filterNumberKeystroke("1.5", "1.5.")).toBe("1.5");
    expect(filterNumberKeystroke("12", "12a")).toBe("12");
    expect(filterNumberKeystroke("1", "1-")).toBe("1");
    expect(filterNumberKeystroke("-1", "--1")).toBe("-1");
  });

  it("parses on blur as a decimal, emptying what is not a number", () => {
    expect(parseNumberOnBlur("-")).toBe("");
    expect(parseNumberOnBlur(".")).toBe("");
    expect(parseNumberOnBlur("007")).toBe("7");
    expect(parseNumberOnBlur("1.")).toBe("1");
    expect(parseNumberOnBlur("-0.50")).toBe("-0.5");
    expect(parseNumberOnBlur("-0")).toBe("0");
    expect(parseNumberOnBlur(".5")).toBe("0.5");
    expect(parseNumberOnBlur("12345678901234567890.123")).toBe("12345678901234567890.123");
  });
});

describe("statistics", () => {
  const rows = [
    { id: "1", n: "1.9" },
    { id: "2", n: "2.9" },
    { id: "3", n: "-0.5" },
    { id: "4", n: "abc" },
  ];
  it("sums the integer parts (合计)", () => {
    expect(integerPart("3.99")).toBe(3);
    expect(integerPart("-2.5")).toBe(-2);
    expect(columnSum(rows, "n")).toBe(3);
  });

  it("averages over the rows with two exact decimals (平均)", () => {
    expect(columnAverage(rows, "n")).toBe("0.75");
    expect(columnAverage([], "n")).toBe("0.00");
    expect(formatRatio(2, 3)).toBe("0.67");
    expect(formatRatio(-2, 3)).toBe("-0.67");
    expect(formatRatio(1, 8)).toBe("0.13");
  });
});

describe("columns", () => {
  it("fills ${title}, ${key} and ${defaultValue} in placeholders", () => {
    expect(fillPlaceholder({ key: "age", title: "年龄", type: "input", defaultValue: "18", placeholder: "请输入${title}(${key}) 默认${defaultValue}" })).toBe(
      "请输入年龄(age) 默认18",
    );
    expect(fillPlaceholder({ key: "a", title: "A", type: "input" })).toBeUndefined();
  });

  it("gives the widths of spec §9", () => {
    expect(columnWidth({ key: "d", title: "", type: "datetime" })).toBe(200);
    expect(minWidth({ key: "d", title: "", type: "datetime" })).toBe(190);
    expect(columnWidth({ key: "u", title: "", type: "sel_user" })).toBe(220);
    expect(minWidth({ key: "u", title: "", type: "sel_user" })).toBe(190);
    expect(minWidth({ key: "p", title: "", type: "sel_depart" })).toBe(160);
    expect(minWidth({ key: "d", title: "", type: "date" })).toBe(135);
    expect(columnWidth({ key: "x", title: "", type: "input" })).toBe(120);
    expect(columnWidth({ key: "x", title: "", type: "input", width: 50 })).toBe(120);
    expect(selectionColumnWidth(false)).toBe(40);
    expect(selectionColumnWidth(true)).toBe(60);
    expect(valueFormat({ key: "d", title: "", type: "datetime" })).toBe("YYYY-MM-DD HH:mm:ss");
    expect(valueFormat({ key: "d", title: "", type: "date" })).toBe("YYYY-MM-DD");
  });

  it("refuses reserved and built-in names as custom cell types", () => {
    for (const name of ["rowNumber", "checkbox", "radio", "expand", "dragSort", "input"]) expect(() => installCellType(name, () => null)).toThrow();
    const Area = () => null;
    installCellType("area", Area);
    expect(customCellType("area")).toBe(Area);
  });

  it("places the sub-table pop-over below only with more than 350 px under the row", () => {
    expect(subTablePlacement(351)).toBe("bottom");
    expect(subTablePlacement(350)).toBe("top");
  });

  it("retries opening 3 times at 100 ms, then fails with open sub table failed", async () => {
    const waits: number[] = [];
    let tries = 0;
    await expect(openWithRetry(() => (tries += 1) > 10, async (ms) => void waits.push(ms))).rejects.toThrow(SUB_TABLE_FAILED);
    expect(tries).toBe(4);
    expect(waits).toEqual([100, 100, 100]);
    tries = 0;
    await expect(openWithRetry(() => (tries += 1) === 3, async () => {})).resolves.toBeUndefined();
  });
});
