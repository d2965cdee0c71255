// The date ranges of the JeecgBoot Vue 3 client's message pop-up (the `rangeDate` dictionary:
// 今天, 昨天, 前天, 本周, 上周, 本月, 上月, 7日, 自定义日期; docs/decisions/151), as school days
// (docs/decisions/133): each key is a half-open range [start, end) of instants.
import { instantOfWallTime, parseWireDate, wallTimeOf } from "#contract/clock";

export const RANGE_DATE_KEYS = ["jt", "zt", "qt", "bz", "sz", "by", "sy", "7day", "zdy"] as const;

export interface InstantRange {
  start?: Date;
  end?: Date;
}

/**
 * The range of `key` at `now` in `timeZone`; `zdy` reads `beginDate` and `endDate` (`yyyy-MM-dd`
 * or `yyyy-MM-dd HH:mm:ss`, the end's day or second included). An unknown or empty key: no range.
 * Weeks start on Monday; `7day` is the seven days before today and today.
 */
export function rangeOfKey(key: string | undefined, now: Date, timeZone: string, beginDate?: string, endDate?: string): InstantRange {
  const today = wallTimeOf(now, timeZone);
  // Midnight of the school day `offset` days after today (negative: before); months roll over.
  const day = (offset: number, month = today.month, dayOfMonth = today.day) => {
    const date = new Date(Date.UTC(today.year, month - 1, dayOfMonth + offset));
    return instantOfWallTime({ year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate(), hour: 0, minute: 0, second: 0 }, timeZone);
  };
  const sinceMonday = (new Date(Date.UTC(today.year, today.month - 1, today.day)).getUTCDay() + 6) % 7;
  switch (key) {
    case "jt":
      return { start: day(0), end: day(1) };
    case "zt":
      return { start: day(-1), end: day(0) };
    case "qt":
      return { start: day(-2), end: day(-1) };
    case "bz":
      return { start: day(-sinceMonday), end: day(7 - sinceMonday) };
    case "sz":
      return { start: day(-sinceMonday - 7), end: day(-sinceMonday) };
    case "by":
      return { start: day(0, today.month, 1), end: day(0, today.month + 1, 1) };
    case "sy":
      return { start: day(0, today.month - 1, 1), end: day(0, today.month, 1) };
    case "7day":
      return { start: day(-7), end: day(1) };
    case "zdy":
      return { start: parseWireDate((beginDate ?? "").trim(), timeZone)?.start, end: parseWireDate((endDate ?? "").trim(), timeZone)?.end };
    default:
      return {};
  }
}
