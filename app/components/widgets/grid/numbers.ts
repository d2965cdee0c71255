// Number cells and the statistics footer (docs/spec/widgets.md §5 "Number input cells", §2 footer
// 合计 / 平均). Values stay decimal strings: never binary floating point (STYLE, money).
// Pure; unit-tested in tests/unit/widget-grid-numbers.test.ts.
import { formatMoney, sumAmounts } from "#contract/money";
import type { GridColumn, GridRow } from "./types";

/** While typing: digits, one optional leading minus, one decimal point. */
const TYPING = /^-?\d*\.?\d*$/;
/** A complete decimal number. */
const DECIMAL = /^-?\d+(?:\.\d+)?$|^-?\d+\.$|^-?\.\d+$/;

/** spec §5: an invalid keystroke is reverted, so the previous text stays. */
export function filterNumberKeystroke(previous: string, next: string): string {
  return TYPING.test(next) ? next : previous;
}

/**
 * spec §5: on blur an invalid value becomes empty, otherwise it is parsed as a decimal number
 * (leading zeros, a trailing point and trailing fraction zeros go; `-0` is `0`).
 */
export function parseNumberOnBlur(text: string): string {
  const trimmed = text.trim();
  if (!DECIMAL.test(trimmed)) return "";
  const negative = trimmed.startsWith("-");
  const [rawInteger, rawFraction = ""] = (negative ? trimmed.slice(1) : trimmed).split(".");
  const integer = rawInteger.replace(/^0+(?=\d)/, "") || "0";
  const fraction = rawFraction.replace(/0+$/, "");
  const body = fraction ? `${integer}.${fraction}` : integer;
  return negative && body !== "0" ? `-${body}` : body;
}

/** The integer part of a cell's text (what the sum adds, spec §5); not a number → 0. */
export function integerPart(text: string | undefined): number {
  const match = /^\s*(-?)(\d+)/.exec(text ?? "");
  if (!match) return 0;
  const value = Number(match[2]);
  return match[1] === "-" && value !== 0 ? -value : value;
}

/** 合计: the sum of the integer parts of the column over the rows (spec §5). */
export function columnSum(rows: readonly GridRow[], key: string): number {
  let sum = 0;
  for (const row of rows) sum += integerPart(row[key]);
  return sum;
}

/** 平均: the sum divided by the row count, with two decimals (exact: integer arithmetic). */
export function columnAverage(rows: readonly GridRow[], key: string): string {
  if (rows.length === 0) return "0.00";
  return formatRatio(columnSum(rows, key), rows.length);
}

/** `numerator / denominator` rounded half away from zero to 2 decimals, without floats. */
export function formatRatio(numerator: number, denominator: number): string {
  const negative = numerator < 0 !== denominator < 0 && numerator !== 0;
  const n = BigInt(Math.abs(numerator)) * 100n;
  const d = BigInt(Math.abs(denominator));
  const hundredths = (n * 2n + d) / (2n * d);
  const integer = hundredths / 100n;
  const fraction = (hundredths % 100n).toString().padStart(2, "0");
  return `${negative && hundredths !== 0n ? "-" : ""}${integer}.${fraction}`;
}

/**
 * The footer's figure of a column: money columns add exact decimals and show two decimals with
 * thousands separators (issue #32 item 2); others follow spec §5 (integer parts).
 */
export function statisticText(rows: readonly GridRow[], column: Pick<GridColumn, "key" | "money">, kind: "sum" | "average"): string {
  if (!column.money) return kind === "sum" ? String(columnSum(rows, column.key)) : columnAverage(rows, column.key);
  const sum = sumAmounts(rows.map((row) => row[column.key]));
  if (kind === "sum") return formatMoney(sum);
  if (rows.length === 0) return formatMoney(0n);
  const count = BigInt(rows.length);
  const negative = sum < 0n;
  const average = ((negative ? -sum : sum) * 2n + count) / (2n * count);
  return formatMoney(negative ? -average : average);
}

export const STATISTICS_LABELS = { sum: "合计", average: "平均" } as const;

/** The footer's rows: 合计 and / or 平均, as some column asks. */
export function statisticKinds(columns: readonly Pick<GridColumn, "statistics">[]): ("sum" | "average")[] {
  return (["sum", "average"] as const).filter((kind) => columns.some((column) => column.statistics?.includes(kind)));
}
