// The pure half of a fill rule (填值规则): which counter period a moment falls in, and how a
// sequence value becomes a number. The database half (./fill-rule-service.ts) takes the value.
import { schoolDay } from "#contract/clock";

export type ResetCycle = "day" | "month" | "year" | "never";
export const RESET_CYCLES: readonly ResetCycle[] = ["day", "month", "year", "never"];
export const DATE_PATTERNS = ["", "yyyy", "yyyyMM", "yyyyMMdd", "yyMMdd"] as const;

export interface SerialRule {
  prefix: string;
  datePattern: string;
  seqDigits: number;
  resetCycle: ResetCycle;
}

/** The calendar day of a moment in the school's time zone (the one clock, contract/clock.ts). */
export { schoolDay };

/** The counter's period: numbers restart at 1 in each. */
export function periodOf(cycle: ResetCycle, moment: Date, timeZone: string): string {
  const { year, month, day } = schoolDay(moment, timeZone);
  switch (cycle) {
    case "day":
      return `${year}${month}${day}`;
    case "month":
      return `${year}${month}`;
    case "year":
      return year;
    case "never":
      return "-";
  }
}

export function formatDate(pattern: string, moment: Date, timeZone: string): string {
  const { year, month, day } = schoolDay(moment, timeZone);
  return pattern.replace("yyyy", year).replace("yy", year.slice(2)).replace("MM", month).replace("dd", day);
}

/** prefix + date + the value padded to `seqDigits` (a longer value is kept whole, never cut). */
export function formatNumber(rule: SerialRule, value: number, moment: Date, timeZone: string): string {
  return numberFormatter(rule, moment, timeZone)(value);
}

/**
 * formatNumber for many values of one moment: the date is formatted once (an Intl formatter per
 * number cost a term's generation a tenth of a second).
 */
export function numberFormatter(rule: SerialRule, moment: Date, timeZone: string): (value: number) => string {
  const head = `${rule.prefix}${formatDate(rule.datePattern, moment, timeZone)}`;
  return (value) => `${head}${String(value).padStart(rule.seqDigits, "0")}`;
}

/**
 * A counter that restarts more often than the date in the number changes would repeat numbers
 * (reset per day with only yyyyMM in the number): refused when the rule is saved.
 */
export function resetProblem(datePattern: string, cycle: ResetCycle): string | null {
  const shows = { day: datePattern.includes("dd"), month: datePattern.includes("MM"), year: datePattern.includes("yy") };
  if (cycle === "never" || shows[cycle]) return null;
  return "重置周期须与日期格式一致：按日重置需含日，按月重置需含月，按年重置需含年";
}
