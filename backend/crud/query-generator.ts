// The list query generator (JeecgBoot's QueryGenerator, contract §6 "List query params"): turns a
// list request's query string into a WHERE condition, an ORDER BY and paging. Only names of the
// entity's allow-list become identifiers; every value is a bound parameter (contract §10).
import { sql, type SQL } from "drizzle-orm";
import {
  fieldByColumn,
  fieldByProperty,
  isIdentifier,
  isSearchable,
  isSortable,
  type EntityDefinition,
  type FieldDefinition,
  type SortDefinition,
  type SortOrder,
} from "./entity";
import { columnRef, fieldCondition, type QueryRule } from "./conditions";
import { QueryErrors } from "./messages";
import { superQueryCondition } from "./super-query";
import { typedValue } from "./values";

/** Query parameters as Express hands them over; repeated names arrive as arrays. */
export type ListQueryParams = Readonly<Record<string, unknown>>;

export interface ListQueryOptions {
  /**
   * Extra conditions ANDed to the request's own: tenant isolation, data rules (contract §6
   * "Data rules"). Each is wrapped in parentheses, so an OR inside cannot escape.
   */
  conditions?: readonly SQL[];
  /** Also list logically deleted rows (ignores the entity's softDeleteColumn). */
  includeDeleted?: boolean;
  /** Page size when the request sends none or an unusable one; default 10 (contract §1). */
  defaultPageSize?: number;
  /** Largest page a request may ask for; default 1000. */
  maxPageSize?: number;
}

export interface ListQuery {
  where: SQL | undefined;
  orderBy: SQL;
  limit: number;
  offset: number;
  pageNo: number;
  pageSize: number;
}

/**
 * Names that are never entity conditions (contract §6): the original's reserved list
 * (class, ids, page, rows, sort, order) plus the list request's own control parameters.
 */
export const RESERVED_PARAMS: ReadonlySet<string> = new Set([
  "class",
  "ids",
  "page",
  "rows",
  "sort",
  "order",
  "column",
  "field",
  "pageNo",
  "pageSize",
  "superQueryParams",
  "superQueryMatchType",
  "_t",
]);

export const DEFAULT_PAGE_SIZE = 10;
/** A cap instead of MyBatis-Plus's "size < 0 means everything": one request, one bounded page. */
export const MAX_PAGE_SIZE = 1000;
/** Keeps offset = (pageNo - 1) * pageSize a safe integer. */
const MAX_PAGE_NO = 2 ** 31 - 1;

export function buildListQuery(entity: EntityDefinition, query: ListQueryParams, options: ListQueryOptions = {}): ListQuery {
  const where = buildWhere(entity, query, options);
  const orderBy = buildOrderBy(entity, param(query, "column"), param(query, "order"));
  const paging = buildPaging(query, options);
  return { where, orderBy, ...paging };
}

/** The WHERE condition of a list (also what an export of the same list uses). */
export function buildWhere(entity: EntityDefinition, query: ListQueryParams, options: ListQueryOptions = {}): SQL | undefined {
  const conditions: SQL[] = [];
  for (const field of entity.fields) {
    if (RESERVED_PARAMS.has(field.property) || !isSearchable(field)) continue;
    conditions.push(...fieldConditions(entity, field, query));
  }
  const advanced = superQueryCondition(entity, param(query, "superQueryParams"), param(query, "superQueryMatchType"));
  if (advanced) conditions.push(advanced);
  const softDelete = entity.softDeleteColumn && !options.includeDeleted ? fieldByColumn(entity, entity.softDeleteColumn) : undefined;
  if (softDelete) {
    // `@TableLogic`: 0 is "present"; typed, because the flag is an int on some tables, text on others.
    const present = typedValue(softDelete, "0");
    if (present.kind === "point") conditions.push(sql`${columnRef(entity, softDelete)} = ${present.value}`);
  }
  for (const condition of options.conditions ?? []) conditions.push(sql`(${condition})`);
  return conditions.length > 0 ? sql.join(conditions, sql` and `) : undefined;
}

/** The conditions one field takes from the query: its own value, `_begin`, `_end`, `_MultiString`. */
function fieldConditions(entity: EntityDefinition, field: FieldDefinition, query: ListQueryParams): SQL[] {
  const found: Array<SQL | undefined> = [];
  const value = param(query, field.property);
  if (value !== undefined) {
    const parsed = parseValueRule(value);
    if (parsed) found.push(fieldCondition(entity, field, parsed.rule, parsed.value));
  }
  // Ranges compare the value as it is: no prefix or wildcard rules (contract §6 "Ranges").
  const begin = param(query, `${field.property}_begin`);
  if (begin !== undefined) found.push(fieldCondition(entity, field, "ge", begin));
  const end = param(query, `${field.property}_end`);
  if (end !== undefined) found.push(fieldCondition(entity, field, "le", end));
  const multi = param(query, `${field.property}_MultiString`);
  if (multi !== undefined) found.push(fieldCondition(entity, field, "in", multi.split(",")));
  return found.filter((condition): condition is SQL => condition !== undefined);
}

export interface ParsedValueRule {
  rule: QueryRule;
  value: string | string[];
}

/**
 * The rule a plain list value selects (QueryGenerator.convert2Rule, in its order, contract §6):
 * `>= 5` style operators; `*x*`, `*x`, `x*`; `,a,b,`; `a,b`; `!x`; `a++b`; else equality.
 * Undefined when the value is empty or only spaces (skipped).
 */
export function parseValueRule(raw: string): ParsedValueRule | undefined {
  const value = raw.trim();
  if (value === "") return undefined;
  // Only symbols, each followed by a space: `>=5` or a name such as `le monde` stays a plain value.
  const operator = /^(>=|<=|!=|>|<|=) /.exec(value);
  if (operator) {
    const rules: Record<string, QueryRule> = { ">=": "ge", "<=": "le", "!=": "ne", ">": "gt", "<": "lt", "=": "eq" };
    return { rule: rules[operator[1]!]!, value: value.slice(operator[0].length) };
  }
  if (value.startsWith("*") || value.endsWith("*")) {
    if (value.length >= 2 && value.startsWith("*") && value.endsWith("*")) return { rule: "like", value: value.slice(1, -1) };
    if (value.startsWith("*")) return value === "*" ? undefined : { rule: "left_like", value: value.slice(1) };
    return { rule: "right_like", value: value.slice(0, -1) };
  }
  if (value.length >= 2 && value.startsWith(",") && value.endsWith(",")) return { rule: "like_with_or", value: value.split(",") };
  if (value.includes(",")) return { rule: "in", value: value.split(",") };
  if (value.startsWith("!")) return { rule: "ne", value: value.slice(1) };
  // `a++b` is how a client asks for the literal value `a,b`, which would otherwise mean IN.
  if (value.includes("++")) return { rule: "eq", value: value.replaceAll("++", ",") };
  return { rule: "eq", value };
}

/**
 * ORDER BY from `column` (comma list, `_dictText` stripped, each a known sortable property) and
 * `order` (contains `asc`, any case → ASC, else DESC: contract §6). Without `column` the entity's
 * default sort applies. The primary key is appended as a tie-breaker so pages never overlap.
 * NULLS FIRST/LAST reproduce MySQL's ordering, which the original's users are used to.
 */
export function buildOrderBy(entity: EntityDefinition, rawColumn: string | undefined, rawOrder: string | undefined): SQL {
  const order: SortOrder = (rawOrder ?? "").toLowerCase().includes("asc") ? "asc" : "desc";
  const names = (rawColumn ?? "")
    .split(",")
    .map((name) => name.trim())
    .filter((name) => name !== "");
  const sorts: SortDefinition[] = [];
  for (const name of names) {
    const property = name.endsWith("_dictText") ? name.slice(0, -"_dictText".length) : name;
    if (!isIdentifier(property)) throw QueryErrors.badSortField(name);
    const field = fieldByProperty(entity, property);
    if (!field || !isSortable(field)) throw QueryErrors.badSortField(property);
    if (!sorts.some((sort) => sort.property === property)) sorts.push({ property, order });
  }
  if (sorts.length === 0 && entity.defaultSort) sorts.push(entity.defaultSort);

  const parts = sorts.flatMap(({ property, order: direction }) => {
    const field = fieldByProperty(entity, property)!;
    const column = columnRef(entity, field);
    const byValue = direction === "asc" ? sql`${column} asc nulls first` : sql`${column} desc nulls last`;
    const rank = dictionaryRank(field.dictCode, column);
    // A column of a plain dictionary sorts in the dictionary's order (年级: 二年级 before 十年级,
    // issue #29 item 1), then by value for values the dictionary lacks.
    return rank ? [direction === "asc" ? sql`${rank} asc nulls last` : sql`${rank} desc nulls last`, byValue] : [byValue];
  });
  const tieBreaker = entity.primaryKey ?? entity.fields.find(isSortable)?.property;
  if (tieBreaker && !sorts.some((sort) => sort.property === tieBreaker)) {
    parts.push(sql`${columnRef(entity, fieldByProperty(entity, tieBreaker)!)} asc`);
  }
  return sql.join(parts, sql`, `);
}

/** The position of a column's value in its plain dictionary (none for table dictionaries); numeric columns (性别) compare as text. */
function dictionaryRank(dictCode: string | undefined, column: SQL): SQL | undefined {
  if (!dictCode || dictCode.includes(",")) return undefined;
  return sql`(select i.sort_order from sys_dict_item i join sys_dict d on d.id = i.dict_id where d.dict_code = ${dictCode} and d.del_flag = 0 and i.item_value = (${column})::text limit 1)`;
}

/** pageNo (default 1, at least 1) and pageSize (default 10, 1..max; unusable → default). */
export function buildPaging(
  query: ListQueryParams,
  options: Pick<ListQueryOptions, "defaultPageSize" | "maxPageSize"> = {},
): Pick<ListQuery, "limit" | "offset" | "pageNo" | "pageSize"> {
  const maxPageSize = options.maxPageSize ?? MAX_PAGE_SIZE;
  const defaultPageSize = Math.min(options.defaultPageSize ?? DEFAULT_PAGE_SIZE, maxPageSize);
  const pageNo = Math.min(positiveInt(param(query, "pageNo")) ?? 1, MAX_PAGE_NO);
  const pageSize = Math.min(positiveInt(param(query, "pageSize")) ?? defaultPageSize, maxPageSize);
  return { pageNo, pageSize, limit: pageSize, offset: (pageNo - 1) * pageSize };
}

/** A whole number ≥ 1, or undefined for anything else (lenient: paging never fails a list). */
function positiveInt(raw: string | undefined): number | undefined {
  const text = (raw ?? "").trim();
  if (!/^\d{1,15}$/.test(text)) return undefined;
  const number = Number(text);
  return number >= 1 ? number : undefined;
}

/**
 * One parameter as text. Repeated names are joined with commas, as Spring binds a String[] to a
 * String property; anything that is not text (a nested qs object) counts as absent.
 */
export function param(query: ListQueryParams, name: string): string | undefined {
  if (!Object.hasOwn(query, name)) return undefined;
  const value = query[name];
  if (typeof value === "string") return value;
  if (Array.isArray(value) && value.every((part) => typeof part === "string")) return value.join(",");
  return undefined;
}
