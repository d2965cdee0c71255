// The one cron engine of the product (docs/decisions/019-cron-engine.md): Quartz expressions
// (6 or 7 fields: second minute hour day month week [year], with `?`, `L`, `W`, `LW`, `#`,
// `nL`, `L-n`) read by croner 11. The cron editor's preview and the backend scheduler both call
// these functions, so what the preview shows is what the scheduler runs.
import { Cron } from "croner";
import { DEFAULT_SCHOOL_TIME_ZONE } from "./clock";

/** The school's zone when none is given (SCHOOL_TIMEZONE). */
export const DEFAULT_CRON_TIMEZONE = DEFAULT_SCHOOL_TIME_ZONE;
/** docs/spec/widgets.md §9: the preview lists 10 runs. */
export const CRON_PREVIEW_COUNT = 10;

export const CronMessages = {
  /** docs/spec/widgets.md §8. */
  noRuns: "无执行时间",
  invalid: "Cron表达式不正确",
  dayAndWeek: "日和周不能同时指定，其中一个必须为?",
} as const;

/** Quartz numbering (Sunday 1 … Saturday 7), `?` allowed, `a/b` with a numeric start. */
const QUARTZ_OPTIONS = { alternativeWeekdays: true, sloppyRanges: true, mode: "6-or-7-parts", paused: true } as const;

/** `L-3`: the third day before the month's last. croner reads it as `L` shifted by `dayOffset`. */
const DAYS_BEFORE_END = /^L-(\d{1,2})$/i;

export type CronCheck = { ok: true; cron: Cron } | { ok: false; error: string };

/** Splits an expression into its parts (6 or 7), collapsing blanks. */
export function cronParts(expression: string): string[] {
  return expression.trim().split(/\s+/).filter(Boolean);
}

/** Builds the croner job of a Quartz expression, or says what is wrong with it. */
export function compileCron(expression: string, timezone: string = DEFAULT_CRON_TIMEZONE): CronCheck {
  const parts = cronParts(expression);
  if (parts.length !== 6 && parts.length !== 7) return { ok: false, error: `${CronMessages.invalid}: 需要6或7个部分` };
  const [, , , day, , week] = parts as [string, string, string, string, string, string];
  // Quartz refuses a day and a weekday together; croner would OR them.
  if (day !== "?" && week !== "?") return { ok: false, error: CronMessages.dayAndWeek };
  let dayOffset = 0;
  const beforeEnd = DAYS_BEFORE_END.exec(day);
  if (beforeEnd) {
    const offset = Number(beforeEnd[1]);
    if (offset < 1 || offset > 30) return { ok: false, error: `${CronMessages.invalid}: L-n 的 n 须在 1 到 30 之间` };
    dayOffset = -offset;
    parts[3] = "L";
  }
  try {
    return { ok: true, cron: new Cron(parts.join(" "), { ...QUARTZ_OPTIONS, timezone, dayOffset }) };
  } catch (error) {
    return { ok: false, error: `${CronMessages.invalid}: ${error instanceof Error ? error.message.replace(/^CronPattern: /, "") : String(error)}` };
  }
}

/** The problem with an expression, or null when it is valid. */
export function cronError(expression: string): string | null {
  const check = compileCron(expression);
  return check.ok ? null : check.error;
}

/** The next `count` fire times strictly after `after`; throws on an invalid expression. */
export function cronNextRuns(
  expression: string,
  options: { count?: number; after?: Date; timezone?: string } = {},
): Date[] {
  const check = compileCron(expression, options.timezone);
  if (!check.ok) throw new Error(check.error);
  return check.cron.nextRuns(options.count ?? CRON_PREVIEW_COUNT, options.after ?? new Date());
}

/** The first fire time strictly after `after`, or null when there is none (a past year). */
export function cronNextRun(expression: string, after: Date, timezone?: string): Date | null {
  return cronNextRuns(expression, { count: 1, after, timezone })[0] ?? null;
}

/** The latest fire time at or before `at` and after `since`, or null (for missed fires). */
export function cronLatestRunBetween(expression: string, since: Date, at: Date, timezone?: string): Date | null {
  let latest: Date | null = null;
  let cursor = since;
  // Bounded: a grace window of minutes holds at most that many seconds of fires.
  for (let index = 0; index < 100_000; index++) {
    const next = cronNextRun(expression, cursor, timezone);
    if (!next || next.getTime() > at.getTime()) return latest;
    latest = next;
    cursor = next;
  }
  return latest;
}

/** `YYYY-MM-DD HH:mm:ss` of a time in a zone (the preview's lines, the run log). */
export function formatCronTime(date: Date, timezone: string = DEFAULT_CRON_TIMEZONE): string {
  // sv-SE writes ISO-like `2026-01-31 12:00:00`.
  return date.toLocaleString("sv-SE", { timeZone: timezone, hour12: false });
}
