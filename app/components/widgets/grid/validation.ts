// Cell validation (docs/spec/widgets.md §5 "Cell rules"): rules in order, the first failure wins;
// required fails on empty, unique / `only` on a value in two or more rows, a pattern only on a
// non-empty value, then the handler (sync or async). Pure; tests/unit/widget-grid-validation.test.ts.
import { resolvePattern } from "./patterns";
import type { GridColumn, GridRow, ValidateRule } from "./types";

export const DEFAULT_MESSAGES = {
  required: "${title}不能为空",
  unique: "${title}不能重复",
  pattern: "${title}格式不正确",
  handler: "${title}校验未通过",
} as const;

export function ruleMessage(rule: ValidateRule, kind: keyof typeof DEFAULT_MESSAGES, column: GridColumn): string {
  return (rule.message ?? DEFAULT_MESSAGES[kind]).replaceAll("${title}", column.title).replaceAll("${key}", column.key);
}

export function isEmpty(value: string | undefined): boolean {
  return value === undefined || value === null || String(value).trim() === "";
}

/** A rule that fails on a value found in two or more rows (`unique`, or the `only` pattern). */
export function isUniqueRule(rule: ValidateRule): boolean {
  return Boolean(rule.unique) || rule.pattern === "only";
}

/** Whether the column's check needs the counts of its values. */
export function hasUniqueRule(column: GridColumn): boolean {
  return (column.validateRules ?? []).some(isUniqueRule);
}

/** How often each value of a column appears: the unique rules of one collection share it. */
export function valueCounts(rows: readonly GridRow[], key: string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const row of rows) {
    const value = row[key];
    if (isEmpty(value)) continue;
    counts.set(value, (counts.get(value) ?? 0) + 1);
  }
  return counts;
}

function countOf(rows: readonly GridRow[], key: string, value: string): number {
  let count = 0;
  // Only "two or more" matters: stop there (a keystroke in a 10,000-row grid).
  for (const row of rows) if (row[key] === value && ++count >= 2) return count;
  return count;
}

/**
 * The first failing rule's message, or null. Answers synchronously unless a handler is async
 * (then a promise), so typing stays cheap. `counts` (from valueCounts) avoids a scan per cell.
 */
export function validateCell(
  column: GridColumn,
  row: GridRow,
  rows: readonly GridRow[],
  counts?: ReadonlyMap<string, number>,
): string | null | Promise<string | null> {
  const rules = column.validateRules ?? [];
  const value = row[column.key] ?? "";
  for (let index = 0; index < rules.length; index += 1) {
    const rule = rules[index];
    if (rule.required && isEmpty(value)) return ruleMessage(rule, "required", column);
    if (isUniqueRule(rule) && !isEmpty(value) && (counts ? counts.get(value) ?? 0 : countOf(rows, column.key, value)) >= 2) return ruleMessage(rule, "unique", column);
    if (rule.pattern !== undefined && rule.pattern !== "only" && !isEmpty(value) && !resolvePattern(rule.pattern).test(value))
      return ruleMessage(rule, "pattern", column);
    if (rule.handler) {
      const answer = rule.handler(value, { column, row, rows });
      if (answer instanceof Promise) return answer.then((settled) => handlerFailure(settled, rule, column) ?? validateRest(column, row, rows, counts, index + 1));
      const failure = handlerFailure(answer, rule, column);
      if (failure) return failure;
    }
  }
  return null;
}

function handlerFailure(answer: boolean | string, rule: ValidateRule, column: GridColumn): string | null {
  if (answer === true) return null;
  if (typeof answer === "string") return answer === "" ? null : answer;
  return ruleMessage(rule, "handler", column);
}

/** The rules after an async handler, still in order. */
async function validateRest(
  column: GridColumn,
  row: GridRow,
  rows: readonly GridRow[],
  counts: ReadonlyMap<string, number> | undefined,
  from: number,
): Promise<string | null> {
  const rest: GridColumn = { ...column, validateRules: (column.validateRules ?? []).slice(from) };
  return validateCell(rest, row, rows, counts);
}

/** Errors by row id, then by column key. */
export type GridErrors = Map<string, Record<string, string>>;

/** Validates every cell (the collection of spec §5): the errors and their count. */
export async function validateRows(columns: readonly GridColumn[], rows: readonly GridRow[]): Promise<{ errors: GridErrors; count: number }> {
  const checked = columns.filter((column) => (column.validateRules?.length ?? 0) > 0);
  const counts = new Map(checked.filter(hasUniqueRule).map((column) => [column.key, valueCounts(rows, column.key)]));
  const errors: GridErrors = new Map();
  const pending: Promise<void>[] = [];
  let count = 0;
  const record = (rowId: string, key: string, message: string | null) => {
    if (!message) return;
    const rowErrors = errors.get(rowId) ?? {};
    rowErrors[key] = message;
    errors.set(rowId, rowErrors);
    count += 1;
  };
  for (const row of rows) {
    for (const column of checked) {
      const answer = validateCell(column, row, rows, counts.get(column.key));
      if (answer instanceof Promise) pending.push(answer.then((message) => record(row.id, column.key, message)));
      else record(row.id, column.key, answer);
    }
  }
  await Promise.all(pending);
  return { errors, count };
}

/** The error of the collection (spec §5 "collecting with errors returns the error count and rejects"). */
export class GridValidationError extends Error {
  constructor(
    readonly count: number,
    readonly errors: GridErrors,
  ) {
    super(`${count} cell(s) failed validation`);
    this.name = "GridValidationError";
  }
}
