// The one cron engine (contract/cron.ts): next runs checked against dates computed by hand from
// the calendar (1 January 2026 is a Thursday), in the school's zone.
import { describe, expect, it } from "vitest";
import { CronMessages, cronError, cronLatestRunBetween, cronNextRuns, formatCronTime } from "#contract/cron";

const TZ = "Asia/Shanghai";
const at = (local: string) => new Date(`${local}+08:00`);
const runs = (expression: string, count: number, after = "2026-01-01T00:00:00") =>
  cronNextRuns(expression, { count, after: at(after), timezone: TZ }).map((date) => formatCronTime(date, TZ));

describe("next runs of Quartz expressions, against hand-computed dates", () => {
  const table: Array<[what: string, expression: string, expected: string[], after?: string]> = [
    ["last day of the month (L)", "0 0 12 L * ?", ["2026-01-31 12:00:00", "2026-02-28 12:00:00", "2026-03-31 12:00:00"]],
    ["last day in a leap February", "0 0 12 L * ?", ["2028-02-29 12:00:00"], "2028-02-01T00:00:00"],
    ["last Friday (6L)", "0 0 12 ? * 6L", ["2026-01-30 12:00:00", "2026-02-27 12:00:00", "2026-03-27 12:00:00"]],
    ["nearest weekday to the 15th (15W; 15 Feb and 15 Mar are Sundays)", "0 0 12 15W * ?", ["2026-01-15 12:00:00", "2026-02-16 12:00:00", "2026-03-16 12:00:00"]],
    ["1W never leaves the month (1 Aug 2026 is a Saturday)", "0 30 8 1W * ?", ["2026-08-03 08:30:00"], "2026-07-02T00:00:00"],
    ["last weekday of the month (LW; 31 Jan and 28 Feb are Saturdays)", "0 0 12 LW * ?", ["2026-01-30 12:00:00", "2026-02-27 12:00:00", "2026-03-31 12:00:00"]],
    ["third Friday (6#3)", "0 0 12 ? * 6#3", ["2026-01-16 12:00:00", "2026-02-20 12:00:00", "2026-03-20 12:00:00"]],
    ["three days before the month's end (L-3)", "0 0 0 L-3 * ?", ["2026-01-28 00:00:00", "2026-02-25 00:00:00", "2026-03-28 00:00:00"]],
    ["Sunday is 1 in Quartz", "0 0 12 ? * 1", ["2026-01-04 12:00:00", "2026-01-11 12:00:00"]],
    ["every second weekday from Monday (2/2: Mon, Wed, Fri)", "0 0 12 ? * 2/2", ["2026-01-02 12:00:00", "2026-01-05 12:00:00", "2026-01-07 12:00:00"]],
    ["every 3 days from the 1st (1/3)", "0 0 12 1/3 * ?", ["2026-01-01 12:00:00", "2026-01-04 12:00:00", "2026-01-07 12:00:00"]],
    ["weekday working hours every 5 minutes", "0 0/5 9-17 ? * 2-6", ["2026-01-02 09:00:00", "2026-01-02 09:05:00"], "2026-01-01T17:55:00"],
    ["a single year", "0 0 12 1 1 ? 2030", ["2030-01-01 12:00:00"]],
    ["a year range", "0 0 12 1 1 ? 2030-2032", ["2030-01-01 12:00:00", "2031-01-01 12:00:00", "2032-01-01 12:00:00"]],
    ["a past year has no runs", "0 0 12 * * ? 2019", []],
    ["months and seconds lists", "10,20 0 0 1 2,4 ?", ["2026-02-01 00:00:10", "2026-02-01 00:00:20", "2026-04-01 00:00:10"]],
  ];
  it.each(table)("%s: %s", (_what, expression, expected, after) => {
    expect(runs(expression, expected.length + 1, after).slice(0, expected.length)).toEqual(expected);
  });

  it("stops after the last year", () => {
    expect(runs("0 0 12 1 1 ? 2030", 5)).toEqual(["2030-01-01 12:00:00"]);
  });

  it("counts ten runs for the preview by default", () => {
    expect(cronNextRuns("0/5 * * * * ?", { after: at("2026-01-01T00:00:00") })).toHaveLength(10);
  });
});

describe("validation", () => {
  it.each([
    ["0 0 12 * *", "6或7"],
    ["0 0 12 1 * 2", CronMessages.dayAndWeek],
    ["0 0 25 * * ?", CronMessages.invalid],
    ["0 0 12 L-31 * ?", "L-n"],
    ["0 0 12 32 * ?", CronMessages.invalid],
    ["abc", CronMessages.invalid],
  ])("refuses %s", (expression, message) => {
    expect(cronError(expression)).toContain(message);
  });

  it("accepts every form the editor writes", () => {
    for (const expression of ["* * * * * ? *", "0 0 0 ? * 2,4,6 2026-2030", "0 0 0 L * ? *", "0 0 0 ? * 3#5 *", "1-5 0/7 3 10W 1-6/2 ? 2020/2"]) {
      expect(cronError(expression), expression).toBeNull();
    }
  });
});

describe("missed fires", () => {
  it("finds the latest fire time of a window, or none", () => {
    expect(formatCronTime(cronLatestRunBetween("0 * * * * ?", at("2026-01-01T10:00:30"), at("2026-01-01T10:03:10"), TZ)!, TZ)).toBe("2026-01-01 10:03:00");
    expect(cronLatestRunBetween("0 0 12 * * ?", at("2026-01-01T10:00:00"), at("2026-01-01T11:00:00"), TZ)).toBeNull();
  });
});
