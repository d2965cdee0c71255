// The pure parts of activities and the shop: the term an activity's fee is billed to, the order
// lines the backend accepts, and the amounts the order form shows in exact fen.
import { describe, expect, it } from "vitest";
import { termOf } from "../../backend/modules/activity/signup/signup-bill";
import { parseOrderLines } from "../../backend/modules/shop/order/order-endpoints";
import { lineAmount, parseLines, totalText } from "../../app/components/shop/order-lines";

describe("the term of an activity", () => {
  it("bills September to January to the first term and February to August to the second, in the school's zone", () => {
    expect(termOf(new Date("2026-09-01T00:00:00+08:00"), "Asia/Shanghai")).toEqual({ schoolYear: "2026-2027", term: "1" });
    expect(termOf(new Date("2027-01-31T23:59:00+08:00"), "Asia/Shanghai")).toEqual({ schoolYear: "2026-2027", term: "1" });
    // 1 February 00:30 in Shanghai is still 31 January in UTC.
    expect(termOf(new Date("2027-02-01T00:30:00+08:00"), "Asia/Shanghai")).toEqual({ schoolYear: "2026-2027", term: "2" });
    expect(termOf(new Date("2027-08-31T12:00:00+08:00"), "Asia/Shanghai")).toEqual({ schoolYear: "2026-2027", term: "2" });
  });
});

describe("order lines", () => {
  it("accepts whole quantities of distinct commodities and names the bad line", () => {
    expect(parseOrderLines([{ commodityId: "a", quantity: "2" }, { commodityId: "b", quantity: 1 }])).toEqual([
      { commodityId: "a", variantId: null, quantity: 2 },
      { commodityId: "b", variantId: null, quantity: 1 },
    ]);
    // A 规格 of a commodity is its own line (docs/decisions/161).
    expect(parseOrderLines([{ commodityId: "a", variantId: "s", quantity: 1 }, { commodityId: "a", variantId: "m", quantity: 1 }])).toHaveLength(2);
    expect(() => parseOrderLines([])).toThrow("请至少添加一条订单明细");
    expect(() => parseOrderLines([{ commodityId: "a", quantity: 1 }, { commodityId: "b", quantity: 1.5 }])).toThrow("第2条明细：请选择商品并填写1到9999的数量");
    expect(() => parseOrderLines([{ commodityId: "a", quantity: 0 }])).toThrow("第1条明细");
    expect(() => parseOrderLines([{ commodityId: "a", quantity: 1 }, { commodityId: "a", quantity: 2 }])).toThrow("同一商品（规格）请合并为一条明细");
  });

  it("shows amounts and the total in exact fen", () => {
    expect(lineAmount("0.10", "3")).toBe("0.30");
    expect(lineAmount("19.90", "")).toBe("");
    const commodities = [
      { id: "a", name: "A", price: "0.10", stock: 5 },
      { id: "b", name: "B", price: "0.20", stock: 5 },
    ];
    expect(totalText(parseLines('[{"commodityId":"a","quantity":"1"},{"commodityId":"b","quantity":"1"}]'), commodities)).toBe("合计 0.30（以提交后系统计算为准）");
    expect(totalText(parseLines('[{"commodityId":"","quantity":"1"}]'), commodities)).toBe("请选择商品（规格）并填写数量");
    expect(parseLines("not json")).toEqual([]);
  });
});
