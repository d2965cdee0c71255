// Money in integer fen (1 yuan = 100 fen) as bigint: amounts are read from decimal text, computed
// in whole fen and written back as text for `numeric` columns, never through binary floating
// point (issue #12: 0.1 + 0.2 must be 0.30). Rounding is half up (away from zero), as on receipts.

/** Up to two decimals; quantities and percents use the same shape. */
const DECIMAL = /^\s*([+-])?(\d{1,13})(?:\.(\d{1,2})?)?\s*$/;

export class MoneyFormatError extends Error {
  constructor(readonly input: unknown) {
    super(`not an amount with at most two decimals: ${String(input)}`);
    this.name = "MoneyFormatError";
  }
}

/**
 * Parses "12", "12.3", "12.30", "-0.05" (or a number, read from its shortest decimal text: 0.1 is
 * "0.1") into hundredths. More than two decimals is refused rather than silently rounded.
 */
export function toHundredths(value: unknown): bigint {
  const text = typeof value === "number" ? (Number.isFinite(value) ? String(value) : "") : typeof value === "string" ? value : "";
  const match = DECIMAL.exec(text);
  if (!match) throw new MoneyFormatError(value);
  const [, sign, whole, fraction = ""] = match;
  const hundredths = BigInt(whole!) * 100n + BigInt(fraction.padEnd(2, "0"));
  return sign === "-" ? -hundredths : hundredths;
}

/** An amount in fen from decimal yuan text ("12.30" → 1230n). */
export const toFen = toHundredths;

/** Whether `value` is an amount toFen accepts. */
export function isAmount(value: unknown): boolean {
  try {
    toHundredths(value);
    return true;
  } catch {
    return false;
  }
}

/** Whether `value` is an amount below zero (red figures: shown in red). */
export function isNegativeAmount(value: unknown): boolean {
  return value !== null && value !== undefined && value !== "" && isAmount(value) && toHundredths(value) < 0n;
}

/** Fen as decimal yuan text with two decimals (1230n → "12.30"), what numeric columns take. */
export function fenToYuan(fen: bigint): string {
  const negative = fen < 0n;
  const absolute = negative ? -fen : fen;
  const text = `${absolute / 100n}.${(absolute % 100n).toString().padStart(2, "0")}`;
  return negative ? `-${text}` : text;
}

/** Sum of amounts in fen. */
export function sumFen(values: Iterable<bigint>): bigint {
  let total = 0n;
  for (const value of values) total += value;
  return total;
}

/** numerator / denominator rounded half up (away from zero). */
function divideRounded(numerator: bigint, denominator: bigint): bigint {
  const negative = numerator < 0n !== denominator < 0n;
  const n = numerator < 0n ? -numerator : numerator;
  const d = denominator < 0n ? -denominator : denominator;
  const rounded = (n * 2n + d) / (d * 2n);
  return negative ? -rounded : rounded;
}

/** unit price × quantity (quantity with up to two decimals), rounded to the fen. */
export function multiplyFen(unitPriceFen: bigint, quantity: unknown): bigint {
  return divideRounded(unitPriceFen * toHundredths(quantity), 100n);
}

/** `percent`% of an amount (percent with up to two decimals, e.g. "12.5"), rounded to the fen. */
export function percentOfFen(amountFen: bigint, percent: unknown): bigint {
  return divideRounded(amountFen * toHundredths(percent), 10_000n);
}

export function minFen(left: bigint, right: bigint): bigint {
  return left < right ? left : right;
}

/** Fen as yuan with thousands separators and two decimals (123456750n → "1,234,567.50"). */
function groupedYuan(fen: bigint): string {
  const negative = fen < 0n;
  const absolute = negative ? -fen : fen;
  const whole = (absolute / 100n).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  return `${negative ? "-" : ""}${whole}.${(absolute % 100n).toString().padStart(2, "0")}`;
}

export interface MoneyFormat {
  /** Prefix `¥` where a currency is shown (prints, mails, dashboards). */
  currency?: boolean;
}

/**
 * The one way an amount is shown (issue #32 item 2): thousands separators and two decimals, `¥`
 * with `currency` ("-¥12.50" when negative). Takes fen (bigint) or decimal yuan (text or number);
 * no value is ""; what is not an amount is shown as it came.
 */
export function formatMoney(value: unknown, format: MoneyFormat = {}): string {
  if (value === null || value === undefined || value === "") return "";
  let fen: bigint;
  if (typeof value === "bigint") fen = value;
  else if (isAmount(value)) fen = toHundredths(value);
  else return String(value);
  const text = groupedYuan(fen);
  if (!format.currency) return text;
  return text.startsWith("-") ? `-¥${text.slice(1)}` : `¥${text}`;
}

/** Sum of decimal yuan values in fen: exact; empty cells and text that is no amount count as 0. */
export function sumAmounts(values: Iterable<unknown>): bigint {
  let total = 0n;
  for (const value of values) if (value !== null && value !== undefined && value !== "" && isAmount(value)) total += toHundredths(value);
  return total;
}

/** A quantity (数量): whole numbers without decimals ("2.00" → "2"), others as two decimals. */
export function formatQuantity(value: unknown): string {
  if (value === null || value === undefined || value === "") return "";
  if (!isAmount(value)) return String(value);
  const hundredths = toHundredths(value);
  return hundredths % 100n === 0n ? (hundredths / 100n).toString() : fenToYuan(hundredths);
}
