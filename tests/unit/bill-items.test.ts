// The bill form's items on the grid (app/components/billing/bill-items.ts): the wire rows, the
// cells a project choice fills, and 金额 / 合计 in integer fen (never binary floating point).
import { describe, expect, it } from "vitest";
import { amountText, derivedCells, itemFromCells, parseItems, totalsText } from "../../app/components/billing/bill-items";

const projects = [{ id: "p1", name: "学费", unitPrice: "4500.10" }];

describe("bill items on the grid", () => {
  it("keeps the wire format: an empty project is left out, an empty allowance is 0", () => {
    expect(itemFromCells({ id: "x", projectId: "", name: "书本费", quantity: "2", unitPrice: "0.1", allowance: "", amount: "0.20" })).toEqual({
      name: "书本费",
      quantity: "2",
      unitPrice: "0.1",
      allowance: "0",
    });
    expect(itemFromCells({ projectId: "p1", name: "学费", quantity: "1", unitPrice: "1", allowance: "0" })).toEqual({ projectId: "p1", name: "学费", quantity: "1", unitPrice: "1", allowance: "0" });
    expect(parseItems("not json")).toEqual([]);
    expect(parseItems('[{"name":"a","quantity":"1","unitPrice":"2","allowance":"0"}]')).toHaveLength(1);
  });

  it("fills name and unit price from a newly chosen project, and the amount in fen", () => {
    expect(derivedCells({ projectId: "p1", name: "", quantity: "3", unitPrice: "", allowance: "0", amount: "" }, "", projects)).toEqual({
      name: "学费",
      unitPrice: "4500.10",
      amount: "13500.30",
    });
    // The same project again: the user's own name and price stay; only the amount follows.
    expect(derivedCells({ projectId: "p1", name: "学费(半)", quantity: "2", unitPrice: "0.1", allowance: "0", amount: "" }, "p1", projects)).toEqual({ amount: "0.20" });
    // Nothing to change: nothing returned (the grid's notifications settle).
    expect(derivedCells({ projectId: "p1", name: "学费", quantity: "2", unitPrice: "0.1", allowance: "0", amount: "0.20" }, "p1", projects)).toEqual({});
    expect(amountText({ name: "", quantity: "x", unitPrice: "1", allowance: "0" })).toBe("");
  });

  it("adds 0.1 + 0.2 exactly and caps an allowance at the amount", () => {
    const rows = [
      { name: "a", quantity: "1", unitPrice: "0.1", allowance: "0" },
      { name: "b", quantity: "1", unitPrice: "0.2", allowance: "5" },
    ];
    expect(totalsText(rows)).toBe("合计 0.30，补贴 0.20，应付 0.10");
    expect(totalsText([{ name: "a", quantity: "", unitPrice: "1", allowance: "0" }])).toBe("请输入正确的数量、单价和补贴");
  });
});
