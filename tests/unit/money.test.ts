import { describe, expect, it } from "vitest";
import { fenToYuan, isAmount, multiplyFen, percentOfFen, sumFen, toFen } from "#contract/money";

describe("money in fen", () => {
  it("adds 0.1 and 0.2 to exactly 0.30", () => {
    expect(0.1 + 0.2).not.toBe(0.3); // what the helper exists for
    expect(fenToYuan(toFen("0.1") + toFen("0.2"))).toBe("0.30");
    expect(fenToYuan(toFen(0.1) + toFen(0.2))).toBe("0.30");
    expect(toFen("0.3")).toBe(toFen("0.1") + toFen("0.2"));
  });

  it("sums many cents without drift", () => {
    expect(fenToYuan(sumFen(Array.from({ length: 1000 }, () => toFen("0.01"))))).toBe("10.00");
    expect(fenToYuan(sumFen(Array.from({ length: 3 }, () => toFen("33333333.33"))))).toBe("99999999.99");
  });

  it("reads decimal text and refuses more than two decimals or junk", () => {
    expect(toFen("12")).toBe(1200n);
    expect(toFen("12.3")).toBe(1230n);
    expect(toFen(" 12.30 ")).toBe(1230n);
    expect(toFen("-0.05")).toBe(-5n);
    expect(toFen("7.")).toBe(700n);
    expect(() => toFen("1.005")).toThrow();
    expect(() => toFen("1e3")).toThrow();
    expect(() => toFen("")).toThrow();
    expect(() => toFen(Number.NaN)).toThrow();
    expect(isAmount("abc")).toBe(false);
    expect(isAmount("8800.00")).toBe(true);
  });

  it("writes two decimals, negatives included", () => {
    expect(fenToYuan(0n)).toBe("0.00");
    expect(fenToYuan(5n)).toBe("0.05");
    expect(fenToYuan(-1234n)).toBe("-12.34");
    expect(fenToYuan(123456789012n)).toBe("1234567890.12");
  });

  it("multiplies a price by a fractional quantity, rounding half up to the fen", () => {
    expect(multiplyFen(toFen("19.99"), "3")).toBe(5997n);
    expect(multiplyFen(toFen("0.05"), "0.5")).toBe(3n); // 2.5 fen → 3
    expect(multiplyFen(toFen("0.03"), "0.5")).toBe(2n); // 1.5 fen → 2
    expect(multiplyFen(toFen("0.01"), "0.4")).toBe(0n); // 0.4 fen → 0
  });

  it("takes a percent of an amount, rounding half up", () => {
    expect(percentOfFen(toFen("100"), "12.5")).toBe(1250n);
    expect(percentOfFen(toFen("0.15"), "50")).toBe(8n); // 7.5 fen → 8
    expect(percentOfFen(toFen("33.33"), "33.33")).toBe(1111n); // 11.108889 → 11.11
    expect(percentOfFen(toFen("8800"), "100")).toBe(880000n);
  });
});
