// The cron editor's rules (docs/spec/widgets.md §3-§5): parsing into modes and back, every bound and
// every cascade, and the expressions the editor writes run in the scheduler's engine.
import { describe, expect, it } from "vitest";
import { cronError } from "#contract/cron";
import {
  DEFAULT_PARTS,
  FIELD_BOUNDS,
  applyChange,
  applyDayChange,
  clamp,
  dayEditorEnabled,
  defaultDayState,
  defaultPicker,
  formatDay,
  formatExpression,
  formatPicker,
  parseDay,
  parseExpression,
  parsePicker,
  type CronParts,
  type DayState,
} from "~/components/widgets/cron/cron-logic";

const parts = (expression: string): CronParts => parseExpression(expression);
const text = (value: CronParts) => formatExpression(value);

describe("parsing an expression back into parts and modes", () => {
  it("reads six and seven parts and falls back to the defaults otherwise", () => {
    expect(parts("0 0/5 9-17 ? * 2-6")).toEqual({ second: "0", minute: "0/5", hour: "9-17", day: "?", month: "*", week: "2-6", year: "" });
    expect(text(parts("0 0 12 1 1 ? 2030"))).toBe("0 0 12 1 1 ? 2030");
    expect(parts("")).toEqual(DEFAULT_PARTS);
    expect(parts("* * *")).toEqual(DEFAULT_PARTS);
    expect(text(DEFAULT_PARTS)).toBe("* * * * * ? *");
  });

  it.each([
    ["second", "*", "every"],
    ["second", "5-10", "range"],
    ["minute", "0/5", "loop"],
    ["minute", "*/5", "loop"],
    ["hour", "1,3,2", "specify"],
    ["week", "?", "unset"],
    ["week", "6L", "lastWeekday"],
    ["week", "6#3", "nth"],
    ["day", "15W", "workday"],
    ["day", "L", "last"],
    ["year", "", "unset"],
    ["second", "1-5/2", "custom"],
  ] as const)("%s part %s is type %s and writes back the same", (field, part, type) => {
    const state = parsePicker(field, part);
    expect(state.type).toBe(type);
    const expected = part === "*/5" ? "0/5" : part === "1,3,2" ? "1,2,3" : part;
    expect(formatPicker(field, state)).toBe(expected);
  });

  const dayTable: Array<[string, string, DayState["mode"]]> = [
    ["*", "?", "everyDay"],
    ["?", "2/3", "weekLoop"],
    ["1/5", "?", "dayLoop"],
    ["?", "2,4,6", "weekdays"],
    ["1,15", "?", "days"],
    ["L", "?", "lastDay"],
    ["LW", "?", "lastWorkday"],
    ["?", "6L", "lastWeekdayOf"],
    ["L-3", "?", "beforeEnd"],
    ["15W", "?", "nearestWorkday"],
    ["?", "6#3", "nthWeekday"],
  ];
  it.each(dayTable)("day %s week %s is the day mode %s and writes back the same", (day, week, mode) => {
    const state = parseDay(day, week);
    expect(state.mode).toBe(mode);
    expect(formatDay(state)).toEqual({ day, week });
    // Every mode writes an expression the scheduler's engine accepts.
    expect(cronError(`0 0 12 ${day} * ${week}`)).toBeNull();
  });

  it("keeps a day-week pair no mode shows as it is", () => {
    const state = parseDay("1-15", "?");
    expect(state.mode).toBe("custom");
    expect(formatDay(state)).toEqual({ day: "1-15", week: "?" });
  });
});

describe("bounds (spec §5)", () => {
  it("clamps to whole numbers inside the bounds", () => {
    expect(clamp(60, 0, 59)).toBe(59);
    expect(clamp(-1, 0, 59)).toBe(0);
    expect(clamp(2.6, 0, 59)).toBe(3);
    expect(clamp("x", 1, 31)).toBe(1);
  });

  it("has the spec's bounds per field", () => {
    expect(FIELD_BOUNDS.second).toEqual({ min: 0, max: 59, intervalMin: 1, intervalMax: 59 });
    expect(FIELD_BOUNDS.minute).toEqual({ min: 0, max: 59, intervalMin: 1, intervalMax: 60 });
    expect([FIELD_BOUNDS.hour.min, FIELD_BOUNDS.hour.max]).toEqual([0, 23]);
    expect([FIELD_BOUNDS.day.min, FIELD_BOUNDS.day.max]).toEqual([1, 31]);
    expect([FIELD_BOUNDS.week.intervalMin, FIELD_BOUNDS.week.intervalMax]).toEqual([1, 7]);
    expect([FIELD_BOUNDS.year.min, FIELD_BOUNDS.year.max, FIELD_BOUNDS.year.intervalMax]).toEqual([2019, 2119, 99]);
  });

  it("writes out-of-bounds input inside the bounds", () => {
    const second = { ...defaultPicker("second"), type: "loop" as const, loopStart: 70, loopInterval: 0 };
    expect(formatPicker("second", second)).toBe("59/1");
    const range = { ...defaultPicker("hour"), type: "range" as const, rangeStart: 20, rangeEnd: 5 };
    expect(formatPicker("hour", range)).toBe("20-20");
    expect(formatPicker("week", { ...defaultPicker("week"), type: "nth", value: 9, nth: 7 })).toBe("7#5");
    expect(formatDay({ ...defaultDayState(), mode: "beforeEnd", beforeEnd: 99 })).toEqual({ day: "L-30", week: "?" });
    expect(formatDay({ ...defaultDayState(), mode: "days", days: [0, 40, 5] })).toEqual({ day: "1,5,31", week: "?" });
    expect(formatPicker("minute", { ...defaultPicker("minute"), type: "specify", specify: [] })).toBe("0");
  });

  it("gives the hour picker its defaults: every, range 0-23, loop from 0 by 1", () => {
    const hour = defaultPicker("hour");
    expect([hour.type, hour.rangeStart, hour.rangeEnd, hour.loopStart, hour.loopInterval]).toEqual(["every", 0, 23, 0, 1]);
  });

  it("defaults the year range to this year and a hundred more", () => {
    const year = defaultPicker("year", new Date("2026-05-01T00:00:00Z"));
    expect([year.rangeStart, year.rangeEnd]).toEqual([2026, 2126]);
  });
});

describe("cascades (spec §4)", () => {
  it("setting the minute while the second is * sets the second to 0", () => {
    expect(text(applyChange(DEFAULT_PARTS, "minute", "0/5"))).toBe("0 0/5 * * * ? *");
    expect(applyChange(DEFAULT_PARTS, "minute", "*").second).toBe("*");
    expect(applyChange({ ...DEFAULT_PARTS, second: "30" }, "minute", "5").second).toBe("30");
  });

  it("setting the hour while the minute is * sets the minute to 0 (and so the second)", () => {
    expect(text(applyChange(DEFAULT_PARTS, "hour", "9-17"))).toBe("0 0 9-17 * * ? *");
    expect(applyChange({ ...DEFAULT_PARTS, minute: "5" }, "hour", "3").minute).toBe("5");
  });

  it("setting the day or the week while the hour is * sets the hour to 0; day and week exclude each other", () => {
    expect(text(applyChange(DEFAULT_PARTS, "day", "15"))).toBe("0 0 0 15 * ? *");
    const week = applyChange(DEFAULT_PARTS, "week", "2-6");
    expect(text(week)).toBe("0 0 0 ? * 2-6 *");
    expect(applyChange(week, "day", "L").week).toBe("?");
    expect(applyChange(week, "week", "?").day).toBe("*");
    expect(applyChange({ ...DEFAULT_PARTS, hour: "9" }, "week", "2").hour).toBe("9");
  });

  it("changing the month sets the week to 1 when the day is ? and the week *, or the day to 1 in reverse", () => {
    expect(applyChange({ ...DEFAULT_PARTS, day: "?", week: "*", hour: "8" }, "month", "3").week).toBe("1");
    expect(applyChange({ ...DEFAULT_PARTS, hour: "8" }, "month", "3").day).toBe("1");
    expect(applyChange({ ...DEFAULT_PARTS, day: "5", hour: "8" }, "month", "3").day).toBe("5");
  });

  it("changing the year while the month is * sets the month to 1", () => {
    const changed = applyChange({ ...DEFAULT_PARTS, second: "0", minute: "0", hour: "8" }, "year", "2030");
    expect(text(changed)).toBe("0 0 8 1 1 ? 2030");
    expect(applyChange({ ...DEFAULT_PARTS, month: "6" }, "year", "2030").month).toBe("6");
    expect(applyChange(DEFAULT_PARTS, "year", "").month).toBe("*");
  });

  it("the day editor writes both parts and is disabled while the week tab holds its own value", () => {
    const lastFriday = applyDayChange({ ...DEFAULT_PARTS, hour: "12", minute: "0", second: "0" }, { ...defaultDayState(), mode: "lastWeekdayOf", weekday: 6 });
    expect(text(lastFriday)).toBe("0 0 12 ? * 6L *");
    expect(dayEditorEnabled(lastFriday)).toBe(true);
    expect(dayEditorEnabled(parts("0 0 12 ? * 2-6"))).toBe(false);
    expect(dayEditorEnabled(parts("0 0 12 ? * *"))).toBe(false);
    expect(dayEditorEnabled(DEFAULT_PARTS)).toBe(true);
  });
});

describe("preview and description", () => {
  const after = new Date("2026-01-01T00:00:00+08:00");

  it("previews the next ten runs from the scheduler's engine in the school's zone", async () => {
    const { previewRuns } = await import("~/components/widgets/cron/cron-preview");
    const preview = previewRuns("0 0/5 9-17 ? * 2-6", "Asia/Shanghai", after);
    expect(preview).toEqual({
      ok: true,
      runs: ["09:00", "09:05", "09:10", "09:15", "09:20", "09:25", "09:30", "09:35", "09:40", "09:45"].map((time) => `2026-01-01 ${time}:00`),
    });
  });

  it("says 无执行时间 when there are none, and why when the expression is wrong", async () => {
    const { previewRuns } = await import("~/components/widgets/cron/cron-preview");
    expect(previewRuns("0 0 12 * * ? 2019", "Asia/Shanghai", after)).toEqual({ ok: false, error: "无执行时间" });
    const wrong = previewRuns("0 0 12 1 * 2", "Asia/Shanghai", after);
    expect(wrong.ok).toBe(false);
  });

  it("describes an expression in Chinese with Quartz weekdays", async () => {
    const { describeCron } = await import("~/components/widgets/cron/cron-describe");
    expect(await describeCron("0 0/5 9-17 ? * 2-6")).toBe("每隔 5 分钟, 在 09:00 和 17:59 之间, 星期一至星期五");
    expect(await describeCron("0 0 12 ? * 6L")).toContain("最后一个星期五");
    expect(await describeCron("not cron")).toBe("");
  });
});
