import { describe, expect, it } from "vitest";
import { allowanceForItem, planBills, priceItems, quantityForTerm, type PlanStudent } from "../../backend/modules/billing/bill/bill-plan";

const student = (id: string, corpId: string | null): PlanStudent => ({
  id,
  studentNo: `S${id}`,
  name: `学生${id}`,
  corpId,
  corpName: corpId ? `企业${corpId}` : null,
  payerParentId: corpId ? null : `P${id}`,
  payerParentName: corpId ? null : `家长${id}`,
});

const projects = [
  { id: "tuition", name: "学费", unitPrice: "30000.00", period: "3" },
  { id: "bus", name: "校车", unitPrice: "800.10", period: "2" },
  { id: "books", name: "教材", unitPrice: "1200", period: "4" },
  { id: "uniform", name: "校服", unitPrice: "500", period: "1" },
];

describe("allowance rules", () => {
  it("gives a fixed amount", () => {
    expect(allowanceForItem(1_000_000n, [{ amount: "5000.50", percent: null }])).toBe(500_050n);
  });

  it("gives a percent of the item, rounded half up to the fen", () => {
    expect(allowanceForItem(400_050n, [{ amount: null, percent: "12.5" }])).toBe(50_006n); // 50006.25
    expect(allowanceForItem(15n, [{ amount: null, percent: "50" }])).toBe(8n); // 7.5 fen
  });

  it("is capped at the item, alone or together", () => {
    expect(allowanceForItem(80_000n, [{ amount: "1000", percent: null }])).toBe(80_000n);
    expect(allowanceForItem(100_000n, [{ amount: null, percent: "60" }, { amount: null, percent: "60" }])).toBe(100_000n);
    expect(allowanceForItem(100_000n, [{ amount: "300", percent: null }, { amount: null, percent: "50" }])).toBe(80_000n);
  });
});

describe("term quantities", () => {
  it("bills terms once, months five times, years with the first term, one-off fees never", () => {
    expect(quantityForTerm("3", "1")).toBe("1");
    expect(quantityForTerm("2", "2")).toBe("5");
    expect(quantityForTerm("4", "1")).toBe("1");
    expect(quantityForTerm("4", "2")).toBe("0");
    expect(quantityForTerm("1", "1")).toBe("0");
  });
});

describe("bill plan", () => {
  it("applies the corporation's allowances to its students only, and picks the payer", () => {
    const plan = planBills({
      schoolYear: "2026-2027",
      term: "1",
      students: [student("1", "C1"), student("2", null), student("3", "C2")],
      projects,
      allowances: [
        { id: "a1", corpId: "C1", studentId: null, projectId: "tuition", amount: null, percent: "50" },
        { id: "a2", corpId: "C1", studentId: "9", projectId: "bus", amount: "100", percent: null },
        { id: "a3", corpId: "C2", studentId: "3", projectId: "bus", amount: "99999", percent: null },
      ],
      billed: new Map(),
    });
    expect(plan.bills.map((bill) => [bill.studentId, bill.payerType, bill.payerId])).toEqual([
      ["1", "2", "C1"],
      ["2", "1", "P2"],
      ["3", "2", "C2"],
    ]);
    // 30000 + 5 × 800.10 + 1200 = 35200.50; uniform (one-off) is not generated.
    expect(plan.bills[0]!.items.map((item) => item.name)).toEqual(["学费", "校车", "教材"]);
    expect(plan.bills[0]!.total).toBe("35200.50");
    expect(plan.bills[0]!.allowanceTotal).toBe("15000.00"); // a2 is another student's
    expect(plan.bills[0]!.payable).toBe("20200.50");
    expect(plan.bills[1]!.allowanceTotal).toBe("0.00");
    expect(plan.bills[2]!.items[1]).toMatchObject({ quantity: "5.00", amount: "4000.50", allowance: "4000.50" }); // capped
    expect(plan.payableTotal).toBe("86601.00"); // 20200.50 + 35200.50 + (35200.50 - 4000.50)
  });

  it("skips students billed already and names them", () => {
    const plan = planBills({
      schoolYear: "2026-2027",
      term: "2",
      students: [student("1", null), student("2", null)],
      projects,
      allowances: [],
      billed: new Map([["2", "ZD0001"]]),
    });
    expect(plan.bills.map((bill) => bill.studentId)).toEqual(["1"]);
    expect(plan.skipped).toEqual([{ studentId: "2", studentNo: "S2", studentName: "学生2", billNo: "ZD0001" }]);
    expect(plan.bills[0]!.total).toBe("34000.50"); // no yearly books in the second term
  });

  it("never bills a student without a payer: names them under noPayer, unless a payer is chosen for them", () => {
    const orphan: PlanStudent = { ...student("3", null), payerParentId: null, payerParentName: null };
    const input = { schoolYear: "2026-2027", term: "1", students: [student("1", null), orphan, student("4", "C1")], projects, allowances: [], billed: new Map<string, string>() };
    const plan = planBills(input);
    expect(plan.bills.map((bill) => bill.studentId)).toEqual(["1", "4"]);
    expect(plan.noPayer).toEqual([{ studentId: "3", studentNo: "S3", studentName: "学生3" }]);
    expect(plan.bills.every((bill) => bill.payerId)).toBe(true);
    const chosen = planBills({ ...input, chosenPayers: new Map([["3", { payerType: "2", payerId: "C9", payerName: "企业C9" }]]) });
    expect(chosen.noPayer).toEqual([]);
    expect(chosen.bills.find((bill) => bill.studentId === "3")).toMatchObject({ payerType: "2", payerId: "C9", payerName: "企业C9" });
    // A chosen payer never replaces the student's own.
    const ignored = planBills({ ...input, chosenPayers: new Map([["1", { payerType: "2", payerId: "C9", payerName: "企业C9" }]]) });
    expect(ignored.bills.find((bill) => bill.studentId === "1")).toMatchObject({ payerType: "1", payerId: "P1" });
  });

  it("prices a hand-made bill's items, capping each allowance at its amount", () => {
    const priced = priceItems([
      { quantity: "3", unitPrice: "0.1", allowance: "0.2" },
      { quantity: "1", unitPrice: "0.2", allowance: "1" },
    ]);
    expect(priced.items.map((item) => [item.amount, item.allowance])).toEqual([
      ["0.30", "0.20"],
      ["0.20", "0.20"],
    ]);
    expect(priced).toMatchObject({ total: "0.50", allowanceTotal: "0.40", payable: "0.10" });
  });
});
