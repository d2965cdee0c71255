// The browser's side of the school's clock (contract/clock.ts, docs/decisions/133-one-clock.md).
// Wire texts `yyyy-MM-dd HH:mm:ss` from the backend are already in the school's zone and are shown
// as text, never re-read in the browser's zone. What the browser makes itself — "now", "today",
// this year — comes from here: the school's wall clock, whatever zone the browser runs in.
// The zone reaches the browser through the root loader (useSchoolClock in app/root.tsx).
import dayjs from "dayjs";
import { DEFAULT_SCHOOL_TIME_ZONE, formatWireDate, formatWireDateTime, wallTimeOf, type WallTime } from "#contract/clock";

let schoolZone = DEFAULT_SCHOOL_TIME_ZONE;

/** Sets the school's zone of this page (the root loader's answer); one zone per deployment. */
export function setSchoolTimeZone(timeZone: string): void {
  schoolZone = timeZone;
}

export function currentSchoolTimeZone(): string {
  return schoolZone;
}

/** The school's wall clock now. */
export function schoolNow(at = new Date()): WallTime {
  return wallTimeOf(at, schoolZone);
}

/** `yyyy-MM-dd HH:mm:ss` of now on the school's clock. */
export function schoolNowText(at = new Date()): string {
  return formatWireDateTime(at, schoolZone);
}

/** `yyyy-MM-dd` of today on the school's clock. */
export function schoolToday(at = new Date()): string {
  return formatWireDate(at, schoolZone);
}

/**
 * `dayjs()` (no argument: now) reads the school's wall clock instead of the browser's. The date
 * pickers hold wire texts as dayjs values of the same wall time, so their 此刻 / 今天 buttons and the
 * highlighted today are the school's too, and a picked time goes back to the wire unchanged.
 */
const schoolNowPlugin: dayjs.PluginFunc = (_option, dayjsClass) => {
  const proto = dayjsClass.prototype as unknown as { parse(config: { date?: unknown; utc?: boolean }): void };
  const parse = proto.parse;
  proto.parse = function parseSchoolNow(this: unknown, config: { date?: unknown; utc?: boolean }) {
    if (config.date === undefined && !config.utc) config.date = schoolNowText();
    parse.call(this, config);
  };
};

dayjs.extend(schoolNowPlugin);
