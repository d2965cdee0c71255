// The cron editor's rules without a browser (docs/spec/widgets.md §3 "Cron parts", §4 "Cron editor",
// §5 "Cron bounds"): an expression is seven parts; each tab edits its part through a mode, and a
// change cascades to the other parts as the original's editor does. Parsing turns an existing
// expression back into those modes.

export const CRON_FIELDS = ["second", "minute", "hour", "day", "month", "week", "year"] as const;
export type CronField = (typeof CRON_FIELDS)[number];
export type CronParts = Record<CronField, string>;

export const CRON_FIELD_LABELS: Record<CronField, string> = {
  second: "秒",
  minute: "分",
  hour: "时",
  day: "日",
  month: "月",
  week: "周",
  year: "年",
};

/** Default value '*'; default week '?' (spec §3). */
export const DEFAULT_PARTS: CronParts = { second: "*", minute: "*", hour: "*", day: "*", month: "*", week: "?", year: "*" };

export interface FieldBounds {
  min: number;
  max: number;
  /** Bounds of the `a/b` increment. */
  intervalMin: number;
  intervalMax: number;
}

/** docs/spec/widgets.md §5. Weekdays are Quartz's: Sunday 1, Monday 2 … Saturday 7. */
export const FIELD_BOUNDS: Record<CronField, FieldBounds> = {
  second: { min: 0, max: 59, intervalMin: 1, intervalMax: 59 },
  minute: { min: 0, max: 59, intervalMin: 1, intervalMax: 60 },
  hour: { min: 0, max: 23, intervalMin: 1, intervalMax: 23 },
  day: { min: 1, max: 31, intervalMin: 1, intervalMax: 31 },
  month: { min: 1, max: 12, intervalMin: 1, intervalMax: 12 },
  week: { min: 1, max: 7, intervalMin: 1, intervalMax: 7 },
  year: { min: 2019, max: 2119, intervalMin: 1, intervalMax: 99 },
};
/** The nth weekday of a month: 1–5. */
export const NTH_BOUNDS = { min: 1, max: 5 } as const;
/** `L-n`: days before the month's end. */
export const BEFORE_END_BOUNDS = { min: 1, max: 30 } as const;

export const WEEKDAY_LABELS: Record<number, string> = { 1: "周日", 2: "周一", 3: "周二", 4: "周三", 5: "周四", 6: "周五", 7: "周六" };

/** A whole number inside [min, max]; anything else becomes the nearest bound (min for junk). */
export function clamp(value: unknown, min: number, max: number): number {
  const number = Math.round(Number(value));
  if (!Number.isFinite(number)) return min;
  return Math.min(max, Math.max(min, number));
}

// ---------------------------------------------------------------------------------------------
// The per-field picker (second, minute, hour, month, week, year): spec §2 "per-field picker".

export type PickerType = "unset" | "every" | "range" | "loop" | "workday" | "last" | "lastWeekday" | "nth" | "specify" | "custom";

export interface PickerState {
  type: PickerType;
  rangeStart: number;
  rangeEnd: number;
  loopStart: number;
  loopInterval: number;
  /** `nW` (day) or the weekday of `nL` / `n#m` (week). */
  value: number;
  /** `#m`: the nth weekday. */
  nth: number;
  specify: number[];
  /** A part no mode can show (e.g. `1-5/2`): kept as typed. */
  text: string;
}

/** Which types each field's picker offers (the editor's 日 tab has its eleven modes instead). */
export const PICKER_TYPES: Record<CronField, readonly PickerType[]> = {
  second: ["every", "range", "loop", "specify"],
  minute: ["every", "range", "loop", "specify"],
  hour: ["every", "range", "loop", "specify"],
  day: ["unset", "every", "range", "loop", "workday", "last", "specify"],
  month: ["every", "range", "loop", "specify"],
  week: ["unset", "every", "range", "loop", "lastWeekday", "nth", "specify"],
  year: ["unset", "every", "range", "loop", "specify"],
};

export function defaultPicker(field: CronField, now = new Date()): PickerState {
  const bounds = FIELD_BOUNDS[field];
  const year = now.getFullYear();
  return {
    type: field === "week" ? "unset" : "every",
    rangeStart: field === "year" ? year : bounds.min,
    rangeEnd: field === "year" ? year + 100 : bounds.max,
    loopStart: field === "year" ? year : bounds.min,
    loopInterval: 1,
    value: bounds.min,
    nth: 1,
    specify: [],
    text: "",
  };
}

const NUMBER_LIST = /^\d+(,\d+)*$/;

/** Reads a part into its picker's state (defaults for what the part does not say). */
export function parsePicker(field: CronField, part: string, now = new Date()): PickerState {
  const state = defaultPicker(field, now);
  const text = part.trim();
  let match: RegExpExecArray | null;
  if (text === "?" || (text === "" && field === "year")) return { ...state, type: "unset" };
  if (text === "*") return { ...state, type: "every" };
  if ((match = /^(\d+)-(\d+)$/.exec(text))) return { ...state, type: "range", rangeStart: Number(match[1]), rangeEnd: Number(match[2]) };
  if ((match = /^(\d+|\*)\/(\d+)$/.exec(text)))
    return { ...state, type: "loop", loopStart: match[1] === "*" ? FIELD_BOUNDS[field].min : Number(match[1]), loopInterval: Number(match[2]) };
  if ((match = /^(\d+)W$/i.exec(text)) && field === "day") return { ...state, type: "workday", value: Number(match[1]) };
  if (text.toUpperCase() === "L" && field === "day") return { ...state, type: "last" };
  if ((match = /^(\d)L$/i.exec(text)) && field === "week") return { ...state, type: "lastWeekday", value: Number(match[1]) };
  if ((match = /^(\d)#(\d)$/.exec(text)) && field === "week") return { ...state, type: "nth", value: Number(match[1]), nth: Number(match[2]) };
  if (NUMBER_LIST.test(text)) return { ...state, type: "specify", specify: sortedUnique(text.split(",").map(Number)) };
  return { ...state, type: "custom", text };
}

function sortedUnique(values: readonly number[]): number[] {
  return [...new Set(values)].sort((left, right) => left - right);
}

/** Writes a picker's state as its part, inside the field's bounds. */
export function formatPicker(field: CronField, state: PickerState): string {
  const { min, max, intervalMin, intervalMax } = FIELD_BOUNDS[field];
  const inBounds = (value: number) => clamp(value, min, max);
  switch (state.type) {
    case "unset":
      // A year that is not set is left out (a six-part expression).
      return field === "year" ? "" : "?";
    case "every":
      return "*";
    case "range": {
      const start = inBounds(state.rangeStart);
      return `${start}-${clamp(state.rangeEnd, start, max)}`;
    }
    case "loop":
      return `${inBounds(state.loopStart)}/${clamp(state.loopInterval, intervalMin, intervalMax)}`;
    case "workday":
      return `${inBounds(state.value)}W`;
    case "last":
      return "L";
    case "lastWeekday":
      return `${inBounds(state.value)}L`;
    case "nth":
      return `${inBounds(state.value)}#${clamp(state.nth, NTH_BOUNDS.min, NTH_BOUNDS.max)}`;
    case "specify": {
      const values = sortedUnique(state.specify.map(inBounds));
      // An empty choice is not an expression; the first value stands in until one is ticked.
      return values.length > 0 ? values.join(",") : String(min);
    }
    case "custom":
      return state.text || "*";
  }
}

// ---------------------------------------------------------------------------------------------
// The day editor's eleven modes (spec §2): each reads and writes the day and week parts together.

export type DayMode =
  | "everyDay"
  | "weekLoop"
  | "dayLoop"
  | "weekdays"
  | "days"
  | "lastDay"
  | "lastWorkday"
  | "lastWeekdayOf"
  | "beforeEnd"
  | "nearestWorkday"
  | "nthWeekday"
  | "custom";

export const DAY_MODE_LABELS: Record<Exclude<DayMode, "custom">, string> = {
  everyDay: "每日",
  weekLoop: "每周从星期几开始，每几天执行一次",
  dayLoop: "每月从第几日开始，每几日执行一次",
  weekdays: "具体星期几（可多选）",
  days: "具体日（可多选）",
  lastDay: "在这个月的最后一天",
  lastWorkday: "在这个月的最后一个工作日",
  lastWeekdayOf: "在这个月的最后一个星期几",
  beforeEnd: "在本月底前几天",
  nearestWorkday: "最近的工作日（周一至周五）至本月某日",
  nthWeekday: "在这个月的第几个星期几",
};

export interface DayState {
  mode: DayMode;
  /** Weekday (1–7) of weekLoop, lastWeekdayOf, nthWeekday. */
  weekday: number;
  /** Interval of weekLoop (1–7) and dayLoop (1–31). */
  interval: number;
  /** Day of month of dayLoop's start and nearestWorkday. */
  day: number;
  weekdays: number[];
  days: number[];
  /** `L-n`. */
  beforeEnd: number;
  /** nthWeekday's n (1–5). */
  nth: number;
  /** The parts as they were when no mode shows them. */
  customDay: string;
  customWeek: string;
}

export function defaultDayState(): DayState {
  return { mode: "everyDay", weekday: 2, interval: 1, day: 1, weekdays: [], days: [], beforeEnd: 1, nth: 1, customDay: "*", customWeek: "?" };
}

/** Reads the day and week parts into a day mode. */
export function parseDay(day: string, week: string): DayState {
  const state = defaultDayState();
  const d = day.trim().toUpperCase();
  const w = week.trim().toUpperCase();
  let match: RegExpExecArray | null;
  if (d === "?") {
    if (w === "*" || w === "?") return { ...state, mode: "everyDay" };
    if ((match = /^(\d)\/(\d+)$/.exec(w))) return { ...state, mode: "weekLoop", weekday: Number(match[1]), interval: Number(match[2]) };
    if ((match = /^(\d)L$/.exec(w))) return { ...state, mode: "lastWeekdayOf", weekday: Number(match[1]) };
    if ((match = /^(\d)#(\d)$/.exec(w))) return { ...state, mode: "nthWeekday", weekday: Number(match[1]), nth: Number(match[2]) };
    if (NUMBER_LIST.test(w)) return { ...state, mode: "weekdays", weekdays: sortedUnique(w.split(",").map(Number)) };
  } else if (w === "?") {
    if (d === "*") return { ...state, mode: "everyDay" };
    if ((match = /^(\d+)\/(\d+)$/.exec(d))) return { ...state, mode: "dayLoop", day: Number(match[1]), interval: Number(match[2]) };
    if (NUMBER_LIST.test(d)) return { ...state, mode: "days", days: sortedUnique(d.split(",").map(Number)) };
    if (d === "L") return { ...state, mode: "lastDay" };
    if (d === "LW") return { ...state, mode: "lastWorkday" };
    if ((match = /^L-(\d+)$/.exec(d))) return { ...state, mode: "beforeEnd", beforeEnd: Number(match[1]) };
    if ((match = /^(\d+)W$/.exec(d))) return { ...state, mode: "nearestWorkday", day: Number(match[1]) };
  }
  return { ...state, mode: "custom", customDay: day, customWeek: week };
}

/** Writes a day mode as the day and week parts. */
export function formatDay(state: DayState): { day: string; week: string } {
  const weekday = clamp(state.weekday, 1, 7);
  const day = clamp(state.day, 1, 31);
  switch (state.mode) {
    case "everyDay":
      return { day: "*", week: "?" };
    case "weekLoop":
      return { day: "?", week: `${weekday}/${clamp(state.interval, 1, 7)}` };
    case "dayLoop":
      return { day: `${day}/${clamp(state.interval, 1, 31)}`, week: "?" };
    case "weekdays": {
      const list = sortedUnique(state.weekdays.map((value) => clamp(value, 1, 7)));
      return { day: "?", week: list.length > 0 ? list.join(",") : "1" };
    }
    case "days": {
      const list = sortedUnique(state.days.map((value) => clamp(value, 1, 31)));
      return { day: list.length > 0 ? list.join(",") : "1", week: "?" };
    }
    case "lastDay":
      return { day: "L", week: "?" };
    case "lastWorkday":
      return { day: "LW", week: "?" };
    case "lastWeekdayOf":
      return { day: "?", week: `${weekday}L` };
    case "beforeEnd":
      return { day: `L-${clamp(state.beforeEnd, BEFORE_END_BOUNDS.min, BEFORE_END_BOUNDS.max)}`, week: "?" };
    case "nearestWorkday":
      return { day: `${day}W`, week: "?" };
    case "nthWeekday":
      return { day: "?", week: `${weekday}#${clamp(state.nth, NTH_BOUNDS.min, NTH_BOUNDS.max)}` };
    case "custom":
      return { day: state.customDay, week: state.customWeek };
  }
}

/**
 * The day editor is usable while the week part is '?' or holds one of its own week modes; a week
 * the 周 tab set otherwise (a range, `*`) keeps the day at '?' (spec §4: mutually exclusive).
 */
export function dayEditorEnabled(parts: CronParts): boolean {
  const week = parts.week.trim();
  return week === "?" || (week !== "*" && parseDay("?", week).mode !== "custom");
}

// ---------------------------------------------------------------------------------------------
// Whole expressions and the cascades of spec §4.

/** Reads an expression (6 or 7 parts) into parts; anything else gives the defaults. */
export function parseExpression(expression: string | null | undefined): CronParts {
  const parts = (expression ?? "").trim().split(/\s+/).filter(Boolean);
  if (parts.length !== 6 && parts.length !== 7) return { ...DEFAULT_PARTS };
  const [second, minute, hour, day, month, week, year = ""] = parts as [string, string, string, string, string, string, string?];
  return { second, minute, hour, day, month, week, year };
}

export function formatExpression(parts: CronParts): string {
  return CRON_FIELDS.map((field) => parts[field])
    .filter((part) => part !== "")
    .join(" ");
}

/**
 * Sets one part and applies the cascades (spec §4), each of which is itself a change:
 * - minute set (not '*') while second is '*' → second 0;
 * - hour set (not '*') while minute is '*' → minute 0;
 * - day or week set (not '?') while hour is '*' → hour 0; a day set makes the week '?' and a week
 *   set makes the day '?' (they exclude each other);
 * - month changed: day '?' and week '*' → week 1; week '?' and day '*' → day 1;
 * - year changed (not '*') while month is '*' → month 1.
 */
export function applyChange(parts: CronParts, field: CronField, value: string): CronParts {
  const next: CronParts = { ...parts, [field]: value };
  const changed = (target: CronField, to: string) => (next[target] === to ? undefined : Object.assign(next, applyChange(next, target, to)));
  switch (field) {
    case "minute":
      if (value !== "*" && next.second === "*") changed("second", "0");
      break;
    case "hour":
      if (value !== "*" && next.minute === "*") changed("minute", "0");
      break;
    case "day":
      if (value !== "?") {
        next.week = "?";
        if (next.hour === "*") changed("hour", "0");
      }
      break;
    case "week":
      if (value !== "?") {
        next.day = "?";
        if (next.hour === "*") changed("hour", "0");
      } else if (next.day === "?") {
        next.day = "*";
      }
      break;
    case "month":
      if (next.day === "?" && next.week === "*") changed("week", "1");
      else if (next.week === "?" && next.day === "*") changed("day", "1");
      break;
    case "year":
      if (value !== "*" && value !== "" && next.month === "*") changed("month", "1");
      break;
    case "second":
      break;
  }
  return next;
}

/** Sets the day and week parts from the day editor (one change of the day, or of the week). */
export function applyDayChange(parts: CronParts, state: DayState): CronParts {
  const { day, week } = formatDay(state);
  return day === "?" ? { ...applyChange(parts, "week", week), day: "?" } : { ...applyChange(parts, "day", day), week };
}
