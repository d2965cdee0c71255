// The pure part of bill generation (docs/spec/school-domain.md "Bill"): which bills a term's generation
// creates from the active students, the active projects and the employers' allowances, in fen.
// No database here, so the rules are unit-tested on their own (tests/unit/bill-plan.test.ts);
// bill-generation.ts reads the rows and writes the plan in one transaction.
import { fenToYuan, minFen, multiplyFen, percentOfFen, sumFen, toFen } from "#contract/money";
import { isDateText, MAX_INSTALMENTS, mergeInstalments, monthlyDates } from "#contract/modules/billing-instalments";
import type { BillPlan, NoPayerStudent, PlanItem, PlannedBill, SkippedStudent } from "#contract/modules/billing";

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
  /** dict grade: the grade's price of a project applies. */
  grade?: string | null;
  /**
   * The child's place among the active students paid by the same parent (1 the eldest); 0 when a
   * corporation pays. The second and further get the projects' sibling discounts.
   */
  siblingRank?: number;
}

export interface PlanProject {
  id: string;
  name: string;
  unitPrice: string;
  period: string;
  /** grade → the project's price for that grade; a grade without one pays `unitPrice`. */
  prices?: Readonly<Record<string, string>>;
  /** The sibling discount: a percent of the item, or an amount off it (never both). */
  siblingPercent?: string | null;
  siblingAmount?: string | null;
  /** The instalment plan (docs/decisions/159): a count, and its due dates or none (one a month). */
  instalmentCount?: number | null;
  instalmentDates?: string | null;
}

/**
 * A project's due dates on a bill: its plan's dates, or `count` dates a month apart from the
 * generation's due date (else `today`); a project without a plan: none (due with the bill).
 */
export function projectDueDates(project: Pick<PlanProject, "instalmentCount" | "instalmentDates">, dueDate: string | null, today: string): string[] {
  const count = Math.min(project.instalmentCount ?? 0, MAX_INSTALMENTS);
  if (count < 2) return [];
  const given = (project.instalmentDates ?? "").split(/[\s,，、;；]+/).filter(isDateText);
  if (given.length === count) return [...given].sort();
  const first = dueDate ?? today;
  return isDateText(first) ? monthlyDates(first, count) : [];
}

/**
 * A bill's instalments from its items (amount − allowance of each project's lines, discounts
 * included), each project's part over its own dates; the lines of a project without a plan fall
 * due on the generation's due date, else with the first instalment. None when no project of the
 * bill has a plan.
 */
export function planInstalments(
  items: ReadonlyArray<{ projectId: string; amount: bigint; allowance: bigint }>,
  projects: ReadonlyMap<string, readonly string[]>,
  dueDate: string | null,
): Array<{ dueDate: string; amount: bigint }> {
  const planned = [...new Set(items.map((item) => item.projectId))].filter((id) => (projects.get(id)?.length ?? 0) > 0);
  if (planned.length === 0) return [];
  const fallback = dueDate ?? planned.flatMap((id) => projects.get(id)!).sort()[0]!;
  const parts = new Map<string, bigint>();
  for (const item of items) parts.set(item.projectId, (parts.get(item.projectId) ?? 0n) + item.amount - item.allowance);
  return mergeInstalments([...parts.entries()].map(([id, amount]) => ({ amount, dueDates: projects.get(id)?.length ? projects.get(id)! : [fallback] })));
}

/** The line name of a sibling discount on a project. */
export const siblingLineName = (projectName: string) => `兄弟姐妹优惠：${projectName}`.slice(0, 100);

/** The project's unit price for a student's grade (the default price when the grade has none). */
export function priceFor(project: Pick<PlanProject, "unitPrice" | "prices">, grade: string | null | undefined): string {
  return (grade ? project.prices?.[grade] : undefined) ?? project.unitPrice;
}

/**
 * The sibling discount on one item in fen (0 or more): the project's percent of the item, or its
 * amount, never more than what is left of the item after the allowance; only for the second and
 * further children of a paying parent.
 */
export function siblingDiscount(project: Pick<PlanProject, "siblingPercent" | "siblingAmount">, siblingRank: number, amountFen: bigint, allowanceFen: bigint): bigint {
  if (siblingRank < 2) return 0n;
  const left = amountFen - allowanceFen;
  if (left <= 0n) return 0n;
  const discount = project.siblingPercent ? percentOfFen(amountFen, project.siblingPercent) : project.siblingAmount ? toFen(project.siblingAmount) : 0n;
  return minFen(discount, left);
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
    // A negative line (a discount, a 减免) carries no allowance.
    const allowance = amount < 0n ? 0n : minFen(toFen(item.allowance ?? "0"), amount);
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
  /** The generation's due date, and the school's today (a monthly plan without a due date starts on it). */
  dueDate?: string | null;
  today?: string;
}): BillPlan {
  const billable = input.projects
    .map((project) => ({ project, quantity: quantityForTerm(project.period, input.term) }))
    .filter(({ quantity }) => quantity !== "0");
  const byCorpProject = new Map<string, PlanAllowance[]>();
  for (const allowance of input.allowances) {
    const key = `${allowance.corpId}\u0000${allowance.projectId}`;
    byCorpProject.set(key, [...(byCorpProject.get(key) ?? []), allowance]);
  }
  const dueDates = new Map(billable.map(({ project }) => [project.id, projectDueDates(project, input.dueDate ?? null, input.today ?? input.dueDate ?? "")] as const));
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
    const own = payerOf(student).payerId ? payerOf(student) : undefined;
    const payer = own ?? input.chosenPayers?.get(student.id);
    if (!payer) {
      noPayer.push({ studentId: student.id, studentNo: student.studentNo, studentName: student.name });
      continue;
    }
    // A sibling discount is the parent's: it applies when the student's own paying parent pays.
    const siblingRank = !student.corpId && payer.payerId === student.payerParentId ? (student.siblingRank ?? 0) : 0;
    const items = billable.flatMap(({ project, quantity }) => {
      const unitPrice = priceFor(project, student.grade);
      const amount = multiplyFen(toFen(unitPrice), quantity);
      const matching = student.corpId
        ? (byCorpProject.get(`${student.corpId}\u0000${project.id}`) ?? []).filter((a) => a.studentId === null || a.studentId === student.id)
        : [];
      const allowance = allowanceForItem(amount, matching);
      const item = { projectId: project.id, name: project.name, quantity, unitPrice: toFen(unitPrice), amount, allowance, kind: undefined as PlanItem["kind"] };
      const discount = siblingDiscount(project, siblingRank, amount, allowance);
      if (discount === 0n) return [item];
      return [item, { projectId: project.id, name: siblingLineName(project.name), quantity: "1", unitPrice: -discount, amount: -discount, allowance: 0n, kind: "sibling" as const }];
    });
    const total = sumFen(items.map((item) => item.amount));
    const allowanceTotal = sumFen(items.map((item) => item.allowance));
    payableTotal += total - allowanceTotal;
    const instalments = planInstalments(items, dueDates, input.dueDate ?? null);
    bills.push({
      studentId: student.id,
      studentNo: student.studentNo,
      studentName: student.name,
      payerType: payer.payerType,
      payerId: payer.payerId,
      payerName: payer.payerName,
      items: items.map((item) => ({
        projectId: item.projectId,
        name: item.name,
        quantity: fenToYuan(toFen(item.quantity)),
        unitPrice: fenToYuan(item.unitPrice),
        amount: fenToYuan(item.amount),
        allowance: fenToYuan(item.allowance),
        ...(item.kind ? { kind: item.kind } : {}),
      })),
      total: fenToYuan(total),
      allowanceTotal: fenToYuan(allowanceTotal),
      payable: fenToYuan(total - allowanceTotal),
      ...(instalments.length > 0 ? { instalments: instalments.map((instalment) => ({ dueDate: instalment.dueDate, amount: fenToYuan(instalment.amount) })) } : {}),
      ...(input.extendable?.has(student.id) ? { intoBillNo: input.extendable.get(student.id) } : {}),
      ...(own ? {} : { payerChosen: true as const }),
    });
  }
  return { schoolYear: input.schoolYear, term: input.term, bills, skipped, noPayer, payableTotal: fenToYuan(payableTotal) };
}
