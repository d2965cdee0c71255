// The pure part of bill generation (docs/spec/school-domain.md "Bill"): which bills a term's generation
// creates from the active students, the active projects and the employers' allowances, in fen.
// No database here, so the rules are unit-tested on their own (tests/unit/bill-plan.test.ts);
// bill-generation.ts reads the rows and writes the plan in one transaction.
import { fenToYuan, minFen, multiplyFen, percentOfFen, sumFen, toFen } from "#contract/money";
import type { BillPlan, NoPayerStudent, PlannedBill, SkippedStudent } from "#contract/modules/billing";

export type { BillPlan, NoPayerStudent, PlanItem, PlannedBill, SkippedStudent } from "#contract/modules/billing";

/** A payer chosen for a student in the generation dialog. */
export interface ChosenPayer {
  payerType: string;
  payerId: string;
  payerName: string | null;
}

/** dict project_period: 1 一次, 2 月, 3 学期, 4 学年. */
export const ProjectPeriod = { once: "1", month: "2", term: "3", year: "4" } as const;
/** dict school_term: 1 上学期, 2 下学期. */
export const Term = { first: "1", second: "2" } as const;
/** dict payer_type. */
export const PayerType = { parent: "1", corporation: "2" } as const;
/** Months billed by a term's generation for a monthly project (September-January, February-June). */
export const MONTHS_PER_TERM = "5";

export interface PlanStudent {
  id: string;
  studentNo: string;
  name: string;
  corpId: string | null;
  corpName: string | null;
  /** The parent marked as payer (学生 → 家长, isPayer), if any. */
  payerParentId: string | null;
  payerParentName: string | null;
}

export interface PlanProject {
  id: string;
  name: string;
  unitPrice: string;
  period: string;
}

export interface PlanAllowance {
  id: string;
  corpId: string;
  /** null: every student of the corporation. */
  studentId: string | null;
  projectId: string;
  amount: string | null;
  percent: string | null;
}

/** How many of a project's unit a term bills; 0 means the generation leaves it out. */
export function quantityForTerm(period: string, term: string): string {
  switch (period) {
    case ProjectPeriod.term:
      return "1";
    case ProjectPeriod.month:
      return MONTHS_PER_TERM;
    case ProjectPeriod.year:
      // A yearly fee is billed once, with the first term.
      return term === Term.first ? "1" : "0";
    default:
      // One-off fees are added to a bill by hand.
      return "0";
  }
}

/**
 * The allowance on one item in fen: each matching allowance (the student's own, or the
 * corporation's for all its students) gives its amount or its percent of the item; together
 * they never exceed the item's amount.
 */
export function allowanceForItem(itemAmountFen: bigint, allowances: readonly Pick<PlanAllowance, "amount" | "percent">[]): bigint {
  const granted = sumFen(
    allowances.map((allowance) =>
      allowance.percent !== null ? percentOfFen(itemAmountFen, allowance.percent) : toFen(allowance.amount ?? "0"),
    ),
  );
  return minFen(granted, itemAmountFen < 0n ? 0n : itemAmountFen);
}

/** A bill's items with amounts and allowances, and its totals, all computed here in fen. */
export function priceItems(items: ReadonlyArray<{ quantity: unknown; unitPrice: unknown; allowance?: unknown }>): {
  items: Array<{ quantity: string; unitPrice: string; amount: string; allowance: string }>;
  total: string;
  allowanceTotal: string;
  payable: string;
} {
  let total = 0n;
  let allowanceTotal = 0n;
  const priced = items.map((item) => {
    const unitPrice = toFen(item.unitPrice);
    const amount = multiplyFen(unitPrice, item.quantity);
    const allowance = minFen(toFen(item.allowance ?? "0"), amount);
    total += amount;
    allowanceTotal += allowance;
    return {
      quantity: fenToYuan(toFen(item.quantity)),
      unitPrice: fenToYuan(unitPrice),
      amount: fenToYuan(amount),
      allowance: fenToYuan(allowance),
    };
  });
  return { items: priced, total: fenToYuan(total), allowanceTotal: fenToYuan(allowanceTotal), payable: fenToYuan(total - allowanceTotal) };
}

/** Who pays a student's bill: the employer when the student has one, else the paying parent. */
export function payerOf(student: PlanStudent): { payerType: string; payerId: string | null; payerName: string | null } {
  if (student.corpId) return { payerType: PayerType.corporation, payerId: student.corpId, payerName: student.corpName };
  return { payerType: PayerType.parent, payerId: student.payerParentId, payerName: student.payerParentName };
}

export function planBills(input: {
  schoolYear: string;
  term: string;
  students: readonly PlanStudent[];
  projects: readonly PlanProject[];
  allowances: readonly PlanAllowance[];
  /** studentId → bill number of the student's live bill for the term that holds project items. */
  billed: ReadonlyMap<string, string>;
  /** studentId → bill number of the student's live bill for the term without project items (sign-up fees only). */
  extendable?: ReadonlyMap<string, string>;
  /** studentId → the payer chosen in the dialog for a student who has none. */
  chosenPayers?: ReadonlyMap<string, ChosenPayer>;
}): BillPlan {
  const billable = input.projects
    .map((project) => ({ project, quantity: quantityForTerm(project.period, input.term) }))
    .filter(({ quantity }) => quantity !== "0");
  const byCorpProject = new Map<string, PlanAllowance[]>();
  for (const allowance of input.allowances) {
    const key = `${allowance.corpId}\u0000${allowance.projectId}`;
    byCorpProject.set(key, [...(byCorpProject.get(key) ?? []), allowance]);
  }
  const bills: PlannedBill[] = [];
  const skipped: SkippedStudent[] = [];
  const noPayer: NoPayerStudent[] = [];
  let payableTotal = 0n;
  for (const student of input.students) {
    const billNo = input.billed.get(student.id);
    if (billNo !== undefined) {
      skipped.push({ studentId: student.id, studentNo: student.studentNo, studentName: student.name, billNo });
      continue;
    }
    if (billable.length === 0) continue;
    // Every amount is owed by someone: a student without a payer is named, not billed, unless the
    // dialog chose one.
    const payer = payerOf(student).payerId ? payerOf(student) : input.chosenPayers?.get(student.id);
    if (!payer) {
      noPayer.push({ studentId: student.id, studentNo: student.studentNo, studentName: student.name });
      continue;
    }
    const items = billable.map(({ project, quantity }) => {
      const amount = multiplyFen(toFen(project.unitPrice), quantity);
      const matching = student.corpId
        ? (byCorpProject.get(`${student.corpId}\u0000${project.id}`) ?? []).filter((a) => a.studentId === null || a.studentId === student.id)
        : [];
      return { project, quantity, amount, allowance: allowanceForItem(amount, matching) };
    });
    const total = sumFen(items.map((item) => item.amount));
    const allowanceTotal = sumFen(items.map((item) => item.allowance));
    payableTotal += total - allowanceTotal;
    bills.push({
      studentId: student.id,
      studentNo: student.studentNo,
      studentName: student.name,
      payerType: payer.payerType,
      payerId: payer.payerId,
      payerName: payer.payerName,
      items: items.map((item) => ({
        projectId: item.project.id,
        name: item.project.name,
        quantity: fenToYuan(toFen(item.quantity)),
        unitPrice: fenToYuan(toFen(item.project.unitPrice)),
        amount: fenToYuan(item.amount),
        allowance: fenToYuan(item.allowance),
      })),
      total: fenToYuan(total),
      allowanceTotal: fenToYuan(allowanceTotal),
      payable: fenToYuan(total - allowanceTotal),
      ...(input.extendable?.has(student.id) ? { intoBillNo: input.extendable.get(student.id) } : {}),
    });
  }
  return { schoolYear: input.schoolYear, term: input.term, bills, skipped, noPayer, payableTotal: fenToYuan(payableTotal) };
}
