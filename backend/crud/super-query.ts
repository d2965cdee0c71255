// The advanced query (`superQueryParams`, contract §6): a JSON array of {field, rule, val} items,
// all in one parenthesised group joined by AND or OR. The field is an identifier taken from the
// request, so it must look like one and be a known column (contract §10).
import type { SQL } from "drizzle-orm";
import { fieldByProperty, isIdentifier, isSearchable, type EntityDefinition } from "./entity";
import { fieldCondition, group, type QueryRule } from "./conditions";
import { QueryErrors } from "./messages";

/** The rules the advanced query may use (contract §6, §10). */
export const SUPER_QUERY_RULES = ["eq", "ne", "gt", "ge", "lt", "le", "like", "left_like", "right_like", "in"] as const;
export type SuperQueryRule = (typeof SUPER_QUERY_RULES)[number];

/** More conditions than any screen builds; beyond it the request is refused, not executed. */
export const MAX_SUPER_QUERY_ITEMS = 100;

export interface SuperQueryItem {
  field: string;
  rule: SuperQueryRule;
  /** The value as text; arrays were joined with `,` (contract §6). Empty means "no condition". */
  value: string;
}

/**
 * The group of conditions of `superQueryParams`, or undefined when it holds none. Unknown (and
 * secret or unsearchable) fields are ignored as the contract says; malformed input is refused.
 */
export function superQueryCondition(
  entity: EntityDefinition,
  rawParams: string | undefined,
  rawMatchType: string | undefined,
): SQL | undefined {
  const matchType = parseMatchType(rawMatchType);
  if (rawParams === undefined || rawParams.trim() === "") return undefined;
  const conditions: SQL[] = [];
  for (const item of parseSuperQueryParams(rawParams)) {
    const field = fieldByProperty(entity, item.field);
    if (!field || !isSearchable(field)) continue;
    const rule: QueryRule = item.rule;
    const value = rule === "in" ? item.value.split(",") : item.value;
    const condition = fieldCondition(entity, field, rule, value);
    if (condition) conditions.push(condition);
  }
  return conditions.length > 0 ? group(conditions, matchType) : undefined;
}

/** `and` (default) or `or`, case-insensitive; anything else is refused. */
export function parseMatchType(raw: string | undefined): "and" | "or" {
  const text = (raw ?? "").trim().toLowerCase();
  if (text === "" || text === "and") return "and";
  if (text === "or") return "or";
  throw QueryErrors.badMatchType(raw ?? "");
}

/** Decodes and validates the items; see decodeSuperQuery for the encoding. */
export function parseSuperQueryParams(raw: string): SuperQueryItem[] {
  const parsed = decodeSuperQuery(raw);
  if (!Array.isArray(parsed)) throw QueryErrors.badSuperQuery();
  if (parsed.length > MAX_SUPER_QUERY_ITEMS) throw QueryErrors.tooManySuperQueryItems();
  return parsed.map(parseItem);
}

/**
 * The client sends `encodeURI(JSON.stringify(items))` and axios encodes it again; Express has
 * undone the outer layer, so one more decode is due (contract §6). A value that is already plain
 * JSON (a hand-written URL, a test) is accepted as it is, and one extra layer is tolerated.
 */
function decodeSuperQuery(raw: string): unknown {
  let text = raw.trim();
  for (let layer = 0; layer < 3; layer++) {
    if (text.startsWith("[")) {
      try {
        return JSON.parse(text) as unknown;
      } catch {
        // Plain JSON that is not valid JSON may still be an encoded text that starts oddly.
      }
    }
    try {
      const decoded = decodeURIComponent(text).trim();
      if (decoded === text) break;
      text = decoded;
    } catch {
      break;
    }
  }
  throw QueryErrors.badSuperQuery();
}

function parseItem(item: unknown): SuperQueryItem {
  if (typeof item !== "object" || item === null || Array.isArray(item)) throw QueryErrors.badSuperQuery();
  const { field, rule, val } = item as Record<string, unknown>;
  if (typeof field !== "string" || !isIdentifier(field)) throw QueryErrors.badSuperQueryField();
  return { field, rule: parseRule(rule), value: valueText(val) };
}

/** A missing rule means equality, as the client's default row does; any other text is refused. */
function parseRule(rule: unknown): SuperQueryRule {
  if (rule === undefined || rule === null || rule === "") return "eq";
  if (typeof rule !== "string") throw QueryErrors.badRule("");
  const known = SUPER_QUERY_RULES.find((candidate) => candidate === rule.trim().toLowerCase());
  if (!known) throw QueryErrors.badRule(rule);
  return known;
}

/** Text of a value: scalars as text, arrays joined by commas (contract §6), nothing for null. */
function valueText(val: unknown): string {
  if (val === undefined || val === null) return "";
  if (typeof val === "string") return val;
  if (typeof val === "number" || typeof val === "boolean") return String(val);
  if (Array.isArray(val) && val.every((part) => ["string", "number", "boolean"].includes(typeof part)))
    return val.map(String).join(",");
  throw QueryErrors.badSuperQuery();
}
