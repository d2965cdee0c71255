// The items of a bill (project, name, quantity, unit price, allowance) as they travel in the bill
// form: one JSON text, the array the backend expects. Amounts are figured in integer fen
// (contract/money.ts) for the user only; the backend prices the items again and never trusts them.
// Pure; unit-tested in tests/unit/bill-items.test.ts.
import { fenToYuan, formatMoney, isAmount, minFen, multiplyFen, toFen } from "#contract/money";
import type { GridColumn } from "~/components/widgets/grid/types";

export interface BillItemRow {
  projectId?: string;
  name: string;
  quantity: string;
  unitPrice: string;
  allowance: string;
}

export interface ProjectChoice {
  id: string;
  name: string;
  unitPrice: string;
}

export function parseItems(value: string | undefined): BillItemRow[] {
  try {
    const parsed = JSON.parse(value || "[]") as unknown;
    return Array.isArray(parsed) ? (parsed as BillItemRow[]) : [];
  } catch {
    return [];
  }
}

/** A row's amount and capped allowance in fen, or null while a figure is not an amount yet. */
export function rowFigures(row: BillItemRow): { amount: bigint; allowance: bigint } | null {
  if (!isAmount(row.quantity) || !isAmount(row.unitPrice) || !isAmount(row.allowance || "0")) return null;
  const amount = multiplyFen(toFen(row.unitPrice), row.quantity);
  return { amount, allowance: minFen(toFen(row.allowance || "0"), amount) };
}

/** The amount cell's text: the row's amount in yuan, or empty while a figure is not an amount. */
export function amountText(row: BillItemRow): string {
  const figures = rowFigures(row);
  return figures ? fenToYuan(figures.amount) : "";
}

/** The line under the grid: 合计, 补贴 and 应付 in exact fen, or what to correct. */
export function totalsText(rows: readonly BillItemRow[]): string {
  let amount = 0n;
  let allowance = 0n;
  for (const row of rows) {
    const figures = rowFigures(row);
    if (!figures) return "请输入正确的数量、单价和补贴";
    amount += figures.amount;
    allowance += figures.allowance;
  }
  return `合计 ${formatMoney(amount)}，补贴 ${formatMoney(allowance)}，应付 ${formatMoney(amount - allowance)}`;
}

/** Grid cells (every value a string) → the wire row; an empty project is no project. */
export function itemFromCells(cells: Readonly<Record<string, string | undefined>>): BillItemRow {
  const item: BillItemRow = { name: cells.name ?? "", quantity: cells.quantity ?? "", unitPrice: cells.unitPrice ?? "", allowance: cells.allowance || "0" };
  return cells.projectId ? { projectId: cells.projectId, ...item } : item;
}

/**
 * The cells the grid must change in a row after an edit: a newly chosen project fills the name
 * and unit price; the amount follows the quantity and unit price. Empty when nothing changes.
 */
export function derivedCells(
  cells: Readonly<Record<string, string | undefined>>,
  previousProjectId: string | undefined,
  projects: readonly ProjectChoice[],
): Record<string, string> {
  const changes: Record<string, string> = {};
  const projectId = cells.projectId ?? "";
  if (projectId && projectId !== (previousProjectId ?? "")) {
    const project = projects.find((candidate) => candidate.id === projectId);
    if (project) {
      if (cells.name !== project.name) changes.name = project.name;
      if (cells.unitPrice !== project.unitPrice) changes.unitPrice = project.unitPrice;
    }
  }
  const amount = amountText(itemFromCells({ ...cells, ...changes }));
  if ((cells.amount ?? "") !== amount) changes.amount = amount;
  return changes;
}

/** The bill grid's columns (收费项目, 名称, 数量, 单价, 补贴, 金额 with its 合计). */
export function columnsOf(projects: readonly ProjectChoice[]): GridColumn[] {
  return [
    { key: "projectId", title: "收费项目", type: "select", width: 160, options: projects.map((project) => ({ value: project.id, text: project.name })) },
    { key: "name", title: "名称", type: "input", width: 180, validateRules: [{ required: true }] },
    { key: "quantity", title: "数量", type: "inputNumber", width: 80, defaultValue: "1", validateRules: [{ required: true }, { pattern: "n" }] },
    { key: "unitPrice", title: "单价", type: "inputNumber", money: true, validateRules: [{ required: true }, { pattern: "money" }] },
    { key: "allowance", title: "补贴", type: "inputNumber", money: true, defaultValue: "0", validateRules: [{ pattern: "money" }] },
    { key: "amount", title: "金额", type: "inputNumber", disabled: true, statistics: ["sum"], money: true },
  ];
}
