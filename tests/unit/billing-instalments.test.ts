// The pure part of instalments and late fees (docs/decisions/159): exact splits, monthly dates, the
// projects' parts merged by due date, payments to the earliest first, the instalments following a
// changed payable, and a day's late fee under each mode and its cap.
import { describe, expect, it } from "vitest";
import { addMonths, instalmentFigures, lateFeeOfDay, mergeInstalments, monthlyDates, reconcileInstalments, splitEvenly } from "#contract/modules/billing-instalments";
import { planBills, planInstalments, projectDueDates } from "../../backend/modules/billing/bill/bill-plan";

const amounts = (list: ReadonlyArray<{ amount: bigint }>) => list.map((item) => item.amount);

describe("instalments", () => {
  it("splits into equal parts to the fen, the remainder on the last, summing to the total", () => {
    expect(splitEvenly(100_000n, 3)).toEqual([33_333n, 33_333n, 33_334n]);
    expect(splitEvenly(2n, 3)).toEqual([0n, 0n, 2n]);
    for (const total of [1n, 99_999n, 1_234_567n]) for (const count of [1, 2, 7, 12]) expect(splitEvenly(total, count).reduce((a, b) => a + b, 0n)).toBe(total);
  });

  it("dates one month apart, on the month's last day when it has no such day", () => {
    expect(monthlyDates("2026-01-31", 4)).toEqual(["2026-01-31", "2026-02-28", "2026-03-31", "2026-04-30"]);
    expect(addMonths("2026-11-15", 3)).toBe("2027-02-15");
  });

  it("merges the projects' parts falling due the same day, in date order; one date is no split", () => {
    expect(mergeInstalments([{ amount: 100_000n, dueDates: ["2040-09-01", "2040-10-01", "2040-11-01"] }, { amount: 10_001n, dueDates: ["2040-09-01", "2040-12-01"] }])).toEqual([
      { dueDate: "2040-09-01", amount: 38_333n },
      { dueDate: "2040-10-01", amount: 33_333n },
      { dueDate: "2040-11-01", amount: 33_334n },
      { dueDate: "2040-12-01", amount: 5_001n },
    ]);
    expect(mergeInstalments([{ amount: 5n, dueDates: ["2040-09-01"] }])).toEqual([]);
  });

  it("plans a generated bill's instalments from its projects (discount lines with their project)", () => {
    const dates = new Map([["tuition", projectDueDates({ instalmentCount: 3, instalmentDates: null }, "2040-09-01", "2040-08-01")], ["bus", []]]);
    const planned = planInstalments(
      [
        { projectId: "tuition", amount: 90_000n, allowance: 0n },
        { projectId: "tuition", amount: -9_000n, allowance: 0n },
        { projectId: "bus", amount: 1_500n, allowance: 500n },
      ],
      dates,
      null,
    );
    expect(planned).toEqual([
      { dueDate: "2040-09-01", amount: 28_000n },
      { dueDate: "2040-10-01", amount: 27_000n },
      { dueDate: "2040-11-01", amount: 27_000n },
    ]);
    const plan = planBills({
      schoolYear: "2040-2041",
      term: "1",
      dueDate: "2040-09-01",
      students: [{ id: "s", studentNo: "S1", name: "学生", corpId: null, corpName: null, payerParentId: "p", payerParentName: "家长" }],
      projects: [{ id: "t", name: "学费", unitPrice: "1000.00", period: "3", instalmentCount: 3 }],
      allowances: [],
      billed: new Map(),
    });
    expect(plan.bills[0]!.instalments).toEqual([
      { dueDate: "2040-09-01", amount: "333.33" },
      { dueDate: "2040-10-01", amount: "333.33" },
      { dueDate: "2040-11-01", amount: "333.34" },
    ]);
  });

  it("gives what was paid to the earliest instalment first", () => {
    const figures = instalmentFigures(
      [
        { dueDate: "2040-09-01", amount: 38_333n },
        { dueDate: "2040-10-01", amount: 33_333n },
        { dueDate: "2040-11-01", amount: 33_334n },
      ],
      50_000n,
      "2040-10-15",
    );
    expect(figures.map((row) => [row.paid, row.balance, row.state])).toEqual([
      ["383.33", "0.00", "已付"],
      ["116.67", "216.66", "逾期"],
      ["0.00", "333.34", "未付"],
    ]);
  });

  it("follows a changed payable: more on the earliest open instalment, less from the last ones", () => {
    const plan = [
      { dueDate: "a", amount: 100n },
      { dueDate: "b", amount: 100n },
      { dueDate: "c", amount: 100n },
    ];
    expect(amounts(reconcileInstalments(plan, 310n, 150n))).toEqual([100n, 110n, 100n]);
    expect(amounts(reconcileInstalments(plan, 150n, 0n))).toEqual([100n, 50n, 0n]);
    expect(amounts(reconcileInstalments(plan, 310n, 300n))).toEqual([100n, 100n, 110n]);
  });
});

describe("a day's late fee", () => {
  const rule = (mode: string, value: string, cap: string | null = null) => ({ mode, value, days: 5, cap });
  it("starts after the rule's days, daily or once, as an amount or a percent of the project's part, up to its cap", () => {
    expect(lateFeeOfDay(rule("1", "10"), 5, 100_000n, 0n)).toBe(0n);
    expect(lateFeeOfDay(rule("1", "10"), 6, 100_000n, 0n)).toBe(1_000n);
    expect(lateFeeOfDay(rule("2", "0.5"), 6, 100_001n, 0n)).toBe(500n);
    expect(lateFeeOfDay(rule("3", "50"), 6, 100_000n, 0n)).toBe(5_000n);
    expect(lateFeeOfDay(rule("3", "50"), 7, 100_000n, 5_000n)).toBe(0n);
    expect(lateFeeOfDay(rule("4", "5"), 30, 100_000n, 0n)).toBe(5_000n);
    expect(lateFeeOfDay(rule("1", "10", "25"), 9, 100_000n, 2_000n)).toBe(500n);
    expect(lateFeeOfDay(rule("1", "10", "25"), 10, 100_000n, 2_500n)).toBe(0n);
  });
});
