// The items of a bill (project, name, quantity, unit price, allowance) as they travel in the bill
// form: one JSON text, the array the backend expects. Amounts are figured in integer fen
// (contract/money.ts) for the user only; the backend prices the items again and never trusts them.
// Pure; unit-tested in tests/unit/bill-items.test.ts.
import { fenToYuan, isAmount, minFen, multiplyFen, toFen } from "#contract/money";

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
  return `合计 ${fenToYuan(amount)}，补贴 ${fenToYuan(allowance)}，应付 ${fenToYuan(amount - allowance)}`;
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
