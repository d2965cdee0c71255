// Converts wire text to typed, bound SQL values (contract §6 "Values are converted to the field
// type"). A value that does not fit its field is refused here with a plain message, so PostgreSQL
// never sees it and never answers with a cast error (contract §10).
import { sql, type SQL } from "drizzle-orm";
import type { FieldDefinition } from "./entity";
import { QueryErrors } from "./messages";
import { parseSchoolDate } from "../clock";

/**
 * A compared value. Date-times are intervals: the client sends them to the day or to the second
 * (contract §6), and the stored values carry fractions of a second, so `2024-05-01` stands for
 * [2024-05-01 00:00, 2024-05-02 00:00) and `2024-05-01 08:30:00` for that whole second.
 */
export type TypedValue = { kind: "point"; value: SQL } | { kind: "interval"; start: SQL; end: SQL };

const INTEGER = /^[+-]?\d+$/;
const DECIMAL = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/;

export type { WireDate } from "#contract/clock";

/** Parses `yyyy-MM-dd` or `yyyy-MM-dd HH:mm:ss` in the school's zone (contract §0); undefined when it is not a real date. */
export const parseWireDate = parseSchoolDate;

/** The typed, bound form of one wire value for `field`; throws a plain ApiError when it does not fit. */
export function typedValue(field: FieldDefinition, text: string): TypedValue {
  const value = text.trim();
  const refuse = () => QueryErrors.badValue(field.property);
  switch (field.type) {
    case "string":
      return point(sql`${value}`);
    case "int": {
      // Bound as bigint so an out-of-range number for a smallint column is a non-match, not a SQL error.
      const number = Number(value);
      if (!INTEGER.test(value) || !Number.isSafeInteger(number)) throw refuse();
      return point(sql`${number}::bigint`);
    }
    case "number": {
      if (!DECIMAL.test(value) || !Number.isFinite(Number(value))) throw refuse();
      // numeric keeps the decimal exactly as typed; PostgreSQL widens it for float columns.
      return point(sql`${value}::numeric`);
    }
    case "boolean": {
      const lower = value.toLowerCase();
      if (lower === "true" || lower === "1") return point(sql`${true}::boolean`);
      if (lower === "false" || lower === "0") return point(sql`${false}::boolean`);
      throw refuse();
    }
    case "date": {
      // A date column compares whole days; a time part, if sent, does not change the day.
      const date = parseWireDate(value);
      if (!date) throw refuse();
      return point(sql`${date.day}::date`);
    }
    case "datetime": {
      const date = parseWireDate(value);
      if (!date) throw refuse();
      return {
        kind: "interval",
        start: sql`${date.start.toISOString()}::timestamptz`,
        end: sql`${date.end.toISOString()}::timestamptz`,
      };
    }
  }
}

function point(value: SQL): TypedValue {
  return { kind: "point", value };
}

export type LikeMode = "like" | "left_like" | "right_like";

/** The escape character of every generated LIKE; `!` avoids backslash quoting differences. */
export const LIKE_ESCAPE = "!";

/** A LIKE pattern in which the user's `%`, `_` and `!` are literal characters (contract §6, §10). */
export function likePattern(text: string, mode: LikeMode): string {
  const literal = text.replace(/[!%_]/g, (character) => `${LIKE_ESCAPE}${character}`);
  if (mode === "left_like") return `%${literal}`;
  if (mode === "right_like") return `${literal}%`;
  return `%${literal}%`;
}
