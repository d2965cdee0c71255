// The school's clock (issue #32 item 3, docs/decisions/133-one-clock.md): every time the product
// shows, prints, mails or reads back is a wall-clock time in the school's IANA zone
// (SCHOOL_TIMEZONE), converted with Intl so that zones with daylight saving time are right on both
// sides of a change. The wire form stays JeecgBoot's `yyyy-MM-dd HH:mm:ss` (contract §0); with the
// default zone (Asia/Shanghai, GMT+8 all year) it is exactly the text of the fixed offset it replaces.
// Backend and web app both use these functions; neither reads the zone of the machine it runs on.

/** The school's zone when SCHOOL_TIMEZONE is not set. */
export const DEFAULT_SCHOOL_TIME_ZONE = "Asia/Shanghai";

/** A wall-clock reading in some zone; month 1-12. */
export interface WallTime {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterOf(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
      second: "numeric",
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** Throws a RangeError naming the zone when it is not an IANA zone this runtime knows. */
export function checkTimeZone(timeZone: string): string {
  try {
    formatterOf(timeZone);
  } catch {
    throw new RangeError(`Unknown time zone "${timeZone}" (SCHOOL_TIMEZONE must be an IANA zone such as Asia/Shanghai)`);
  }
  return timeZone;
}

/** The wall-clock reading of `at` in `timeZone`, read by Intl (the reference the cache below is checked against). */
function intlWallTimeOf(at: Date, timeZone: string): WallTime {
  const wall: WallTime = { year: 0, month: 0, day: 0, hour: 0, minute: 0, second: 0 };
  for (const part of formatterOf(timeZone).formatToParts(at)) {
    if (part.type in wall) wall[part.type as keyof WallTime] = Number(part.value);
  }
  return wall;
}

const DAY_MS = 86_400_000;
/** Per zone, per UTC day (days since the epoch): the zone's offset all that day, or null when it changes during it. */
const dayOffsets = new Map<string, Map<number, number | null>>();
/** Days remembered per zone before the zone's cache starts again (a list's dates span a few hundred days at most). */
const DAY_OFFSETS_KEPT = 4_096;

/** How far `wall`, the reading of the instant `ms`, is ahead of UTC, in milliseconds (whole seconds). */
function offsetOfWall(wall: WallTime, ms: number): number {
  return Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second) - Math.floor(ms / 1000) * 1000;
}

function intlOffsetAt(ms: number, timeZone: string): number {
  return offsetOfWall(intlWallTimeOf(new Date(ms), timeZone), ms);
}

/**
 * The wall-clock reading of `at` in `timeZone`. Intl's formatToParts costs microseconds per call and a
 * list page formats a few dozen values (5 % of the backend's CPU per list request, docs/decisions/187),
 * so the zone's offset is asked of Intl at a UTC day's first and last second, once per zone and day:
 * when both agree, the zone kept that offset all day (offsets change at whole seconds, and no zone
 * changes and changes back within a day) and the reading is that arithmetic; a day with a change
 * (a daylight-saving switch) is read through Intl value by value.
 */
export function wallTimeOf(at: Date, timeZone: string): WallTime {
  const ms = at.getTime();
  if (!Number.isFinite(ms)) return intlWallTimeOf(at, timeZone);
  let days = dayOffsets.get(timeZone);
  if (!days) {
    days = new Map();
    dayOffsets.set(timeZone, days);
  }
  const day = Math.floor(ms / DAY_MS);
  let offset = days.get(day);
  if (offset === undefined) {
    const first = intlOffsetAt(day * DAY_MS, timeZone);
    offset = first === intlOffsetAt(day * DAY_MS + DAY_MS - 1000, timeZone) ? first : null;
    if (days.size >= DAY_OFFSETS_KEPT) days.clear();
    days.set(day, offset);
  }
  if (offset === null) return intlWallTimeOf(at, timeZone);
  const shifted = new Date(Math.floor(ms / 1000) * 1000 + offset);
  return {
    year: shifted.getUTCFullYear(),
    month: shifted.getUTCMonth() + 1,
    day: shifted.getUTCDate(),
    hour: shifted.getUTCHours(),
    minute: shifted.getUTCMinutes(),
    second: shifted.getUTCSeconds(),
  };
}

/** How far the zone's clock is ahead of UTC at `at`, in milliseconds (whole seconds). */
export function zoneOffsetMs(at: Date, timeZone: string): number {
  return offsetOfWall(wallTimeOf(at, timeZone), at.getTime());
}

/**
 * The instant a wall-clock reading denotes in `timeZone`. A reading the zone skips (the hour lost
 * when clocks go forward) is read with the offset before the change, so 02:30 becomes 03:30 summer
 * time; a reading that happens twice (when clocks go back) is the earlier one. That is what
 * Temporal calls "compatible" disambiguation.
 */
export function instantOfWallTime(wall: WallTime, timeZone: string): Date {
  const asUtc = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second);
  // The offsets a day either side cover every transition that could apply to this reading.
  const offsets = [...new Set([zoneOffsetMs(new Date(asUtc - 86_400_000), timeZone), zoneOffsetMs(new Date(asUtc + 86_400_000), timeZone)])];
  const matching = offsets.map((offset) => asUtc - offset).filter((candidate) => zoneOffsetMs(new Date(candidate), timeZone) === asUtc - candidate);
  if (matching.length > 0) return new Date(Math.min(...matching));
  return new Date(asUtc - offsets[0]!);
}

const pad = (value: number, width = 2) => String(value).padStart(width, "0");

/** `yyyy-MM-dd` of `at` in the zone. */
export function formatWireDate(at: Date, timeZone: string): string {
  const wall = wallTimeOf(at, timeZone);
  return `${pad(wall.year, 4)}-${pad(wall.month)}-${pad(wall.day)}`;
}

/** `yyyy-MM-dd HH:mm:ss` of `at` in the zone: the wire form of a date-time (contract §0). */
export function formatWireDateTime(at: Date, timeZone: string): string {
  const wall = wallTimeOf(at, timeZone);
  return `${pad(wall.year, 4)}-${pad(wall.month)}-${pad(wall.day)} ${pad(wall.hour)}:${pad(wall.minute)}:${pad(wall.second)}`;
}

export interface WireDate {
  /** The calendar day as written, `yyyy-MM-dd`. */
  day: string;
  /** First instant denoted by the text. */
  start: Date;
  /** First instant after it: next second, or the next day's start for a date-only text (23 or 25 hours on a change day). */
  end: Date;
}

const WIRE_DATE = /^(\d{4})-(\d{2})-(\d{2})(?: (\d{2}):(\d{2}):(\d{2}))?$/;

/** Parses `yyyy-MM-dd` or `yyyy-MM-dd HH:mm:ss` in the zone; undefined when it is not a real date and time. */
export function parseWireDate(text: string, timeZone: string): WireDate | undefined {
  const match = WIRE_DATE.exec(text);
  if (!match) return undefined;
  const [year, month, day, hour = 0, minute = 0, second = 0] = match.slice(1).map((part) => Number(part ?? 0));
  const check = new Date(Date.UTC(year!, month! - 1, day!, hour, minute, second));
  // Date.UTC rolls 2024-02-30 over to March; a rolled-over date is not the date the user meant.
  if (
    check.getUTCFullYear() !== year ||
    check.getUTCMonth() !== month! - 1 ||
    check.getUTCDate() !== day ||
    check.getUTCHours() !== hour ||
    check.getUTCMinutes() !== minute ||
    check.getUTCSeconds() !== second
  )
    return undefined;
  const start = instantOfWallTime({ year: year!, month: month!, day: day!, hour, minute, second }, timeZone);
  if (match[4] !== undefined) return { day: text.slice(0, 10), start, end: new Date(start.getTime() + 1000) };
  const next = new Date(Date.UTC(year!, month! - 1, day! + 1));
  const end = instantOfWallTime({ year: next.getUTCFullYear(), month: next.getUTCMonth() + 1, day: next.getUTCDate(), hour: 0, minute: 0, second: 0 }, timeZone);
  return { day: text.slice(0, 10), start, end };
}

/** The calendar day of `at` in the zone, as zero-padded texts (fill rules, report dates). */
export function schoolDay(at: Date, timeZone: string): { year: string; month: string; day: string } {
  const [year, month, day] = formatWireDate(at, timeZone).split("-") as [string, string, string];
  return { year, month, day };
}

/** The first instant of the zone's day that holds `at`, `daysBack` calendar days earlier. */
export function dayStart(at: Date, timeZone: string, daysBack = 0): Date {
  const wall = wallTimeOf(at, timeZone);
  const day = new Date(Date.UTC(wall.year, wall.month - 1, wall.day - daysBack));
  return instantOfWallTime({ year: day.getUTCFullYear(), month: day.getUTCMonth() + 1, day: day.getUTCDate(), hour: 0, minute: 0, second: 0 }, timeZone);
}

/** The hour (0-23) of `at` in the zone. */
export function hourInZone(at: Date, timeZone: string): number {
  return wallTimeOf(at, timeZone).hour;
}
