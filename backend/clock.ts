// The backend's side of the school's clock (contract/clock.ts, docs/decisions/133-one-clock.md):
// the zone of SCHOOL_TIMEZONE, installed once when the backend starts (createBackend), so that the
// wire format of every date-time (formatDateTime, parseWireDate) needs no zone from its callers.
// Until a backend installs one, the default zone holds (unit tests of pure helpers).
import { checkTimeZone, DEFAULT_SCHOOL_TIME_ZONE, formatWireDateTime, parseWireDate, dayStart, type WireDate } from "#contract/clock";

let installedZone = DEFAULT_SCHOOL_TIME_ZONE;

/** Sets the school's zone of this process; refuses a zone Intl does not know. */
export function installSchoolClock(timeZone: string): void {
  installedZone = checkTimeZone(timeZone);
}

/** The school's zone of this process. */
export function schoolClockZone(): string {
  return installedZone;
}

/** `yyyy-MM-dd HH:mm:ss` in the school's zone (contract §0). */
export function formatSchoolDateTime(at: Date): string {
  return formatWireDateTime(at, installedZone);
}

/** `yyyy-MM-dd` or `yyyy-MM-dd HH:mm:ss` read in the school's zone; undefined when it is not a real date. */
export function parseSchoolDate(text: string): WireDate | undefined {
  return parseWireDate(text, installedZone);
}

/** Start of the school's day that holds `at`, `daysBack` days earlier. */
export function schoolDayStart(at: Date, daysBack = 0): Date {
  return dayStart(at, installedZone, daysBack);
}
