// The school's clock (contract/clock.ts, docs/decisions/133): wire date-times written and read in
// the school's IANA zone, right on both sides of a daylight-saving change, and unchanged for the
// default zone (contract §0: GMT+8).
import { afterEach, describe, expect, it } from "vitest";
import dayjs from "dayjs";
import utc from "dayjs/plugin/utc";
import { checkTimeZone, dayStart, formatWireDate, formatWireDateTime, instantOfWallTime, parseWireDate, wallTimeOf, zoneOffsetMs } from "#contract/clock";
import { setSchoolTimeZone, schoolToday } from "../../app/lib/school-clock";
import { prng } from "../support/prng";
import { currentSchoolYear } from "../../app/components/billing/bill-generation-dialog";
import { installSchoolClock } from "../../backend/clock";
import { formatDateTime } from "../../backend/http/format";
import { parseWireDate as parseBackendWireDate } from "../../backend/crud/values";
import { dayStart as logDayStart } from "../../backend/modules/monitor/log/log-endpoints";

dayjs.extend(utc);

const BERLIN = "Europe/Berlin";
const HOUR = 3_600_000;

describe("the default zone (Asia/Shanghai) keeps the GMT+8 wire text", () => {
  it("formats every instant of a year as the fixed offset did", () => {
    const start = Date.parse("2026-01-01T00:00:00Z");
    for (let at = start; at < start + 366 * 24 * HOUR; at += 7 * HOUR + 13_000) {
      const fixed = new Date(at + 8 * HOUR).toISOString().slice(0, 19).replace("T", " ");
      expect(formatWireDateTime(new Date(at), "Asia/Shanghai")).toBe(fixed);
    }
  });

  it("parses a wire time and a wire day as GMT+8", () => {
    expect(parseWireDate("2026-11-29 03:27:00", "Asia/Shanghai")!.start.toISOString()).toBe("2026-11-28T19:27:00.000Z");
    const day = parseWireDate("2026-11-29", "Asia/Shanghai")!;
    expect([day.start.toISOString(), day.end.toISOString()]).toEqual(["2026-11-28T16:00:00.000Z", "2026-11-29T16:00:00.000Z"]);
  });

  it("refuses texts that are not a real date", () => {
    expect(parseWireDate("2024-02-30", "Asia/Shanghai")).toBeUndefined();
    expect(parseWireDate("2024-05-01 24:00:00", "Asia/Shanghai")).toBeUndefined();
    expect(parseWireDate("2024-05-01T08:00:00", "Asia/Shanghai")).toBeUndefined();
  });
});

describe("a zone with daylight saving time (Europe/Berlin)", () => {
  it("formats both sides of the spring change (clocks go from 02:00 to 03:00 on 2026-03-29)", () => {
    expect(formatWireDateTime(new Date("2026-03-29T00:59:59Z"), BERLIN)).toBe("2026-03-29 01:59:59");
    expect(formatWireDateTime(new Date("2026-03-29T01:00:00Z"), BERLIN)).toBe("2026-03-29 03:00:00");
    expect(zoneOffsetMs(new Date("2026-03-28T12:00:00Z"), BERLIN)).toBe(HOUR);
    expect(zoneOffsetMs(new Date("2026-03-30T12:00:00Z"), BERLIN)).toBe(2 * HOUR);
  });

  it("formats both sides of the autumn change (03:00 back to 02:00 on 2026-10-25)", () => {
    expect(formatWireDateTime(new Date("2026-10-25T00:30:00Z"), BERLIN)).toBe("2026-10-25 02:30:00");
    expect(formatWireDateTime(new Date("2026-10-25T01:30:00Z"), BERLIN)).toBe("2026-10-25 02:30:00");
    expect(formatWireDateTime(new Date("2026-10-25T02:00:00Z"), BERLIN)).toBe("2026-10-25 03:00:00");
  });

  it("round-trips every minute around both changes", () => {
    for (const change of ["2026-03-29T01:00:00Z", "2026-10-25T01:00:00Z"]) {
      const middle = Date.parse(change);
      for (let at = middle - 3 * HOUR; at <= middle + 3 * HOUR; at += 60_000) {
        const text = formatWireDateTime(new Date(at), BERLIN);
        const parsed = parseWireDate(text, BERLIN)!;
        // The hour that happens twice in autumn reads back as its first occurrence: its text is the same.
        expect(formatWireDateTime(parsed.start, BERLIN)).toBe(text);
        const secondOccurrence = at >= Date.parse("2026-10-25T01:00:00Z") && at < Date.parse("2026-10-25T02:00:00Z");
        expect(parsed.start.getTime()).toBe(secondOccurrence ? at - HOUR : at);
      }
    }
  });

  it("reads the repeated autumn hour as its first occurrence and the skipped spring hour forward", () => {
    expect(parseWireDate("2026-10-25 02:30:00", BERLIN)!.start.toISOString()).toBe("2026-10-25T00:30:00.000Z");
    const skipped = parseWireDate("2026-03-29 02:30:00", BERLIN)!.start;
    expect(skipped.toISOString()).toBe("2026-03-29T01:30:00.000Z");
    expect(formatWireDateTime(skipped, BERLIN)).toBe("2026-03-29 03:30:00");
  });

  it("makes a change day 23 or 25 hours long, and days start at local midnight", () => {
    const spring = parseWireDate("2026-03-29", BERLIN)!;
    expect(spring.end.getTime() - spring.start.getTime()).toBe(23 * HOUR);
    const autumn = parseWireDate("2026-10-25", BERLIN)!;
    expect(autumn.end.getTime() - autumn.start.getTime()).toBe(25 * HOUR);
    expect(autumn.start.toISOString()).toBe("2026-10-24T22:00:00.000Z");
    expect(dayStart(new Date("2026-10-26T10:00:00Z"), BERLIN, 1).toISOString()).toBe("2026-10-24T22:00:00.000Z");
    expect(formatWireDate(new Date("2026-10-24T22:00:00Z"), BERLIN)).toBe("2026-10-25");
  });

  it("turns a wall time into the instant it denotes", () => {
    expect(instantOfWallTime({ year: 2026, month: 7, day: 1, hour: 12, minute: 0, second: 0 }, BERLIN).toISOString()).toBe("2026-07-01T10:00:00.000Z");
    expect(instantOfWallTime({ year: 2026, month: 1, day: 1, hour: 12, minute: 0, second: 0 }, BERLIN).toISOString()).toBe("2026-01-01T11:00:00.000Z");
  });
});

describe("wallTimeOf's per-day offset agrees with Intl at every instant", () => {
  // Zones with daylight saving time, half-hour changes (Lord Howe), a skipped day (Apia, 2011-12-30),
  // changes back and forth within a month (Casablanca's Ramadan) and a fixed offset.
  const zones = ["Asia/Shanghai", "Europe/Berlin", "America/New_York", "Australia/Lord_Howe", "Pacific/Apia", "Africa/Casablanca", "America/Sao_Paulo"];
  const formats = new Map(zones.map((timeZone) => [timeZone, new Intl.DateTimeFormat("en-US", { timeZone, hourCycle: "h23", year: "numeric", month: "numeric", day: "numeric", hour: "numeric", minute: "numeric", second: "numeric" })]));
  const reference = (at: Date, timeZone: string) => {
    const parts = formats.get(timeZone)!.formatToParts(at);
    const value = (type: string) => Number(parts.find((part) => part.type === type)!.value);
    return { year: value("year"), month: value("month"), day: value("day"), hour: value("hour"), minute: value("minute"), second: value("second") };
  };
  /** The instants (as ISO text and zone) where the two disagree. */
  const disagreements = (instants: Date[], timeZone: string) =>
    instants.filter((at) => JSON.stringify(wallTimeOf(at, timeZone)) !== JSON.stringify(reference(at, timeZone))).map((at) => `${at.toISOString()} in ${timeZone}`);

  it("on random instants from 1950 to 2060, twice (the second time from the cache)", () => {
    const random = prng(20261130);
    const from = Date.UTC(1950, 0, 1), span = Date.UTC(2060, 0, 1) - from;
    const instants = Array.from({ length: 3_000 }, () => new Date(from + Math.floor(random.next() * span)));
    for (const timeZone of zones) for (let pass = 0; pass < 2; pass++) expect(disagreements(instants, timeZone)).toEqual([]);
  });

  it("on every second around daylight-saving changes and the day Apia skipped", () => {
    const around = [
      ["Europe/Berlin", "2026-03-29T01:00:00Z"],
      ["Europe/Berlin", "2026-10-25T01:00:00Z"],
      ["America/New_York", "2026-03-08T07:00:00Z"],
      ["Australia/Lord_Howe", "2026-04-04T15:00:00Z"],
      ["Pacific/Apia", "2011-12-30T10:00:00Z"],
    ] as const;
    for (const [timeZone, change] of around) {
      const at = Date.parse(change);
      const seconds = Array.from({ length: 2 * 3_600 + 1 }, (_, index) => new Date(at - 3_600_000 + index * 1_000 + (index % 2) * 500));
      expect(disagreements(seconds, timeZone)).toEqual([]);
    }
  });
});

describe("the backend's clock", () => {
  afterEach(() => installSchoolClock("Asia/Shanghai"));

  it("writes and reads the wire in the installed zone", () => {
    const summer = new Date("2026-07-01T10:00:00Z");
    expect(formatDateTime(summer)).toBe("2026-07-01 18:00:00");
    installSchoolClock(BERLIN);
    expect(formatDateTime(summer)).toBe("2026-07-01 12:00:00");
    expect(formatDateTime(new Date("2026-01-01T10:00:00Z"))).toBe("2026-01-01 11:00:00");
    expect(parseBackendWireDate("2026-07-01 12:00:00")!.start.toISOString()).toBe("2026-07-01T10:00:00.000Z");
    expect(logDayStart(new Date("2026-07-01T10:00:00Z")).toISOString()).toBe("2026-06-30T22:00:00.000Z");
  });

  it("refuses a zone that is not an IANA zone", () => {
    expect(() => installSchoolClock("Mars/Olympus")).toThrow(/Unknown time zone "Mars\/Olympus"/);
    expect(checkTimeZone("America/New_York")).toBe("America/New_York");
  });
});

describe("the browser's clock", () => {
  afterEach(() => setSchoolTimeZone("Asia/Shanghai"));

  it("makes dayjs() (the pickers' 此刻 and 今天) the school's wall clock, whatever the machine's zone", () => {
    // UTC+14: never the zone of the machine running the test.
    setSchoolTimeZone("Pacific/Kiritimati");
    const before = Date.now();
    const now = dayjs().format("YYYY-MM-DD HH:mm:ss");
    const expected = [formatWireDateTime(new Date(before), "Pacific/Kiritimati"), formatWireDateTime(new Date(Date.now()), "Pacific/Kiritimati")];
    expect(expected).toContain(now);
    expect(schoolToday()).toBe(formatWireDate(new Date(), "Pacific/Kiritimati"));
    // A wire text is held as the same wall time and goes back unchanged; dayjs.utc() is untouched.
    expect(dayjs("2026-03-08 02:30:00").format("YYYY-MM-DD HH:mm:ss")).toMatch(/^2026-03-08 0[23]:30:00$/);
    expect(Math.abs(dayjs.utc().valueOf() - Date.now())).toBeLessThan(5_000);
  });

  it("counts the school year of 生成账单 on the school's clock", () => {
    expect(currentSchoolYear({ year: 2026, month: 8, day: 1, hour: 0, minute: 0, second: 0 })).toBe("2026-2027");
    expect(currentSchoolYear({ year: 2026, month: 7, day: 31, hour: 23, minute: 59, second: 59 })).toBe("2025-2026");
    setSchoolTimeZone("Pacific/Kiritimati");
    const { year, month } = wallTimeOf(new Date(), "Pacific/Kiritimati");
    expect(currentSchoolYear()).toBe(month >= 8 ? `${year}-${year + 1}` : `${year - 1}-${year}`);
  });
});
