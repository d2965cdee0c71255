// One condition on one allow-listed column (contract §6): shared by plain list parameters, ranges
// and the advanced query. Identifiers come only from the entity; every value is a bound parameter.
import { sql, type SQL } from "drizzle-orm";
import type { EntityDefinition, FieldDefinition } from "./entity";
import { QueryErrors } from "./messages";
import { LIKE_ESCAPE, likePattern, typedValue, type TypedValue } from "./values";
import { hashOfValue } from "./encrypted";

/** QueryRuleEnum of JeecgBoot, as far as lists use it. */
export type QueryRule =
  | "eq"
  | "ne"
  | "gt"
  | "ge"
  | "lt"
  | "le"
  | "in"
  | "like"
  | "left_like"
  | "right_like"
  /** `,a,b,`: one LIKE per value, joined by OR (multi-select fields). */
  | "like_with_or";

/** The rules that compare with one value. */
type ComparisonRule = "eq" | "ne" | "gt" | "ge" | "lt" | "le";

/** Upper bound on the values of one IN / OR-of-LIKEs, so one request cannot build a huge statement. */
export const MAX_LIST_VALUES = 1000;

/**
 * `"table"."column"`: qualified, so conditions stay unambiguous when the engine joins or nests.
 * One raw chunk, quoted as drizzle quotes identifiers: every list call renders a few dozen of them,
 * and two nested identifiers cost drizzle five chunks to render (docs/decisions/064).
 */
export function columnRef(entity: EntityDefinition, field: FieldDefinition): SQL {
  return sql.raw(`${quoteIdentifier(entity.table)}.${quoteIdentifier(field.column)}`);
}

/** PostgreSQL's quoting of an identifier, as drizzle's PgDialect.escapeName does it. */
export function quoteIdentifier(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

/**
 * The condition `field <rule> value`, or undefined when there is nothing to compare (empty text,
 * or a list whose items are all empty: contract §6 skips empty values). `value` is the text after
 * the rule's markers were removed; for `in` and `like_with_or` it is the list of items.
 */
export function fieldCondition(
  entity: EntityDefinition,
  field: FieldDefinition,
  rule: QueryRule,
  value: string | readonly string[],
): SQL | undefined {
  const column = columnRef(entity, field);
  const items = (typeof value === "string" ? [value] : value).map((item) => item.trim()).filter((item) => item !== "");
  if (items.length === 0) return undefined;
  if (items.length > MAX_LIST_VALUES) throw QueryErrors.tooManyValues(field.property);
  if (field.encrypted) return hashedCondition(entity, field, rule, items, value);
  if (field.wholeValueOnly) return wholeValueCondition(column, field, rule, items, value, (item) => item);

  if (rule === "like" || rule === "left_like" || rule === "right_like") {
    // Patterns only make sense on text; on a number or date they are a malformed value.
    if (field.type !== "string") throw QueryErrors.badValue(field.property);
    return like(column, typeof value === "string" ? value : items.join(","), rule);
  }
  if (rule === "like_with_or") {
    // On a non-text field a multi-select value is a list of exact codes: same rows as IN.
    if (field.type !== "string") return inList(column, items.map((item) => typedValue(field, item)));
    return group(items.map((item) => like(column, item, "like")), "or");
  }
  if (rule === "in") return inList(column, items.map((item) => typedValue(field, item)));
  if (items.length > 1) throw QueryErrors.badValue(field.property);
  return compare(column, rule, typedValue(field, items[0]!));
}

/**
 * Encrypted personal data (docs/decisions/119) is found by exact value only, through its search
 * hash: equality and lists of values. A pattern (the list's search box sends `*value*`) looks for
 * the whole text typed, so a complete phone number finds its row and a part of one finds none.
 * Order comparisons have no meaning on a hash and are refused.
 */
function hashedCondition(entity: EntityDefinition, field: FieldDefinition, rule: QueryRule, items: readonly string[], value: string | readonly string[]): SQL {
  const column = sql.raw(`${quoteIdentifier(entity.table)}.${quoteIdentifier(field.encrypted!.hashColumn)}`);
  return wholeValueCondition(column, field, rule, items, value, (item) => hashOfValue(field, item) ?? "");
}

/**
 * `target` compared with whole values (`compared` of each): equality and lists of values; a pattern
 * looks for the whole text typed; `ne` with one value; order comparisons are refused.
 */
function wholeValueCondition(
  target: SQL,
  field: FieldDefinition,
  rule: QueryRule,
  items: readonly string[],
  value: string | readonly string[],
  compared: (item: string) => string,
): SQL {
  const wanted = rule === "like" || rule === "left_like" || rule === "right_like" ? [typeof value === "string" ? value.trim() : items.join(",")] : items;
  if (rule === "eq" || rule === "like" || rule === "left_like" || rule === "right_like" || rule === "in" || rule === "like_with_or") {
    if (rule === "eq" && wanted.length > 1) throw QueryErrors.badValue(field.property);
    const values = wanted.map(compared);
    return values.length === 1 ? sql`${target} = ${values[0]}` : sql`${target} in (${sql.join(values.map((one) => sql`${one}`), sql`, `)})`;
  }
  if (rule === "ne" && wanted.length === 1) return sql`${target} is distinct from ${compared(wanted[0]!)}`;
  throw QueryErrors.badValue(field.property);
}

/**
 * ILIKE rather than LIKE: the original runs on MySQL with a case-insensitive collation, so its
 * users expect `*zhang*` to find `Zhang`. The pattern escapes the user's wildcards (contract §10).
 */
function like(column: SQL, text: string, mode: "like" | "left_like" | "right_like"): SQL {
  return sql`${column} ilike ${likePattern(text, mode)} escape ${sql.raw(`'${LIKE_ESCAPE}'`)}`;
}

function compare(column: SQL, rule: ComparisonRule, value: TypedValue): SQL {
  if (value.kind === "point") {
    const operator = { eq: "=", ne: "<>", gt: ">", ge: ">=", lt: "<", le: "<=" }[rule];
    return sql`${column} ${sql.raw(operator)} ${value.value}`;
  }
  // A date-time denotes [start, end): see TypedValue.
  const { start, end } = value;
  switch (rule) {
    case "eq":
      return sql`(${column} >= ${start} and ${column} < ${end})`;
    case "ne":
      return sql`(${column} < ${start} or ${column} >= ${end})`;
    case "gt":
      return sql`${column} >= ${end}`;
    case "ge":
      return sql`${column} >= ${start}`;
    case "lt":
      return sql`${column} < ${start}`;
    case "le":
      return sql`${column} < ${end}`;
  }
}

function inList(column: SQL, values: TypedValue[]): SQL {
  const points = values.flatMap((value) => (value.kind === "point" ? [value.value] : []));
  if (points.length === values.length) return sql`${column} in (${sql.join(points, sql`, `)})`;
  return group(values.map((value) => compare(column, "eq", value)), "or");
}

/** Conditions joined by AND or OR inside one pair of parentheses. */
export function group(conditions: readonly SQL[], joiner: "and" | "or"): SQL {
  return sql`(${sql.join([...conditions], sql.raw(` ${joiner} `))})`;
}
