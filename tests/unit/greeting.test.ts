import { describe, expect, it } from "vitest";
import { greetingForHour, hourInZone } from "#contract/greeting";

// docs/spec/app-shell.md §9: before 9 morning, up to 11 forenoon, up to 13 noon, before 20 afternoon, else evening.
describe("greeting by hour", () => {
  it.each([
    [0, "早上好"],
    [8, "早上好"],
    [9, "上午好"],
    [11, "上午好"],
    [12, "中午好"],
    [13, "中午好"],
    [14, "下午好"],
    [19, "下午好"],
    [20, "晚上好"],
    [23, "晚上好"],
  ])("hour %i greets %s", (hour, greeting) => {
    expect(greetingForHour(hour)).toBe(greeting);
  });

  it("counts the hour in the school's time zone", () => {
    const at = new Date("2026-11-22T01:30:00Z");
    expect(hourInZone(at, "Asia/Shanghai")).toBe(9);
    expect(hourInZone(at, "UTC")).toBe(1);
  });
});
