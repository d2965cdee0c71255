// The date ranges of the JeecgBoot Vue 3 client's message pop-up (rangeDate; docs/decisions/151):
// school days in the school's zone, weeks from Monday, months rolling over the year.
import { describe, expect, it } from "vitest";
import { rangeOfKey } from "../../backend/modules/system/announcement/range-date";

const ZONE = "Asia/Shanghai";
// Wednesday 2026-01-07 01:30 in Shanghai (still 2026-01-06 in UTC).
const NOW = new Date("2026-01-06T17:30:00Z");
const at = (text: string) => new Date(`${text}+08:00`);

describe("the message pop-up's date ranges", () => {
  it("counts days, weeks and months in the school's zone", () => {
    expect(rangeOfKey("jt", NOW, ZONE)).toEqual({ start: at("2026-01-07T00:00:00"), end: at("2026-01-08T00:00:00") });
    expect(rangeOfKey("zt", NOW, ZONE)).toEqual({ start: at("2026-01-06T00:00:00"), end: at("2026-01-07T00:00:00") });
    expect(rangeOfKey("qt", NOW, ZONE)).toEqual({ start: at("2026-01-05T00:00:00"), end: at("2026-01-06T00:00:00") });
    expect(rangeOfKey("bz", NOW, ZONE)).toEqual({ start: at("2026-01-05T00:00:00"), end: at("2026-01-12T00:00:00") });
    expect(rangeOfKey("sz", NOW, ZONE)).toEqual({ start: at("2025-12-29T00:00:00"), end: at("2026-01-05T00:00:00") });
    expect(rangeOfKey("by", NOW, ZONE)).toEqual({ start: at("2026-01-01T00:00:00"), end: at("2026-02-01T00:00:00") });
    expect(rangeOfKey("sy", NOW, ZONE)).toEqual({ start: at("2025-12-01T00:00:00"), end: at("2026-01-01T00:00:00") });
    expect(rangeOfKey("7day", NOW, ZONE)).toEqual({ start: at("2025-12-31T00:00:00"), end: at("2026-01-08T00:00:00") });
  });

  it("takes a Sunday as the last day of its week", () => {
    const sunday = new Date("2026-01-11T04:00:00Z");
    expect(rangeOfKey("bz", sunday, ZONE)).toEqual({ start: at("2026-01-05T00:00:00"), end: at("2026-01-12T00:00:00") });
  });

  it("reads 自定义日期 as the client sends it, the end's second included, and nothing for unknown keys", () => {
    expect(rangeOfKey("zdy", NOW, ZONE, "2026-01-02 00:00:00", "2026-01-03 23:59:59")).toEqual({ start: at("2026-01-02T00:00:00"), end: at("2026-01-04T00:00:00") });
    expect(rangeOfKey("zdy", NOW, ZONE, "", "not a date")).toEqual({ start: undefined, end: undefined });
    expect(rangeOfKey("", NOW, ZONE)).toEqual({});
    expect(rangeOfKey("yesterday", NOW, ZONE)).toEqual({});
  });
});
