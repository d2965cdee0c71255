// Runs a built list query and answers the MyBatis-Plus `Page` of contract §1 "Pagination".
// Only readable (non-secret) allow-listed columns are selected, aliased to their wire names.
import { sql, type SQL } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import type { Page } from "#contract/envelope";
import type { Database } from "../db/client";
import { formatDateTime } from "../http/format";
import { fieldByProperty, isReadable, type EntityDefinition, type FieldDefinition } from "./entity";
import { columnRef } from "./conditions";
import { QueryErrors } from "./messages";
import type { ListQuery } from "./query-generator";

export type ListRecord = Record<string, unknown>;

/** Renders the fixed parts that are built once; PGlite and PostgreSQL share the dialect. */
const dialect = new PgDialect();

/**
 * One page of the entity (contract §1 "Pagination"). `selectColumns` are properties (default: every
 * readable field); a secret or unknown one is refused.
 */
export async function runListQuery(
  db: Pick<Database, "rows">,
  entity: EntityDefinition,
  built: ListQuery,
  selectColumns?: readonly string[],
): Promise<Page<ListRecord>> {
  const { total, records } = await selectPage(db, entity, built, selectedFields(entity, selectColumns));
  return pageOf(built, total, records);
}

/** The page statement's count column: not a property (those are plain identifiers). */
const TOTAL_COLUMN = "$total";

/**
 * The formatted rows of one page of `built` and the number of rows its `where` matches, in one
 * statement: the count is an uncorrelated subquery of the select list, which PostgreSQL (and PGlite)
 * runs once, as an InitPlan. A list call so costs the database, the pool and the driver one
 * statement instead of a count and a page (docs/decisions/193). An empty page carries no count: on
 * the first page the count is 0; past it (a page beyond the end) the count is asked on its own.
 */
export async function selectPage(
  db: Pick<Database, "rows">,
  entity: EntityDefinition,
  built: ListQuery,
  fields: readonly FieldDefinition[] = selectedFields(entity),
): Promise<{ total: number; records: ListRecord[] }> {
  const { where, orderBy, limit, offset } = built;
  const count = sql`(select count(*) from ${sql.identifier(entity.table)}${where ? sql` where ${where}` : sql``}) as ${sql.identifier(TOTAL_COLUMN)}`;
  const rows = await db.rows<Record<string, unknown>>(recordStatement(entity, { where, orderBy, limit, offset }, fields, count));
  // pg answers count(*) (bigint) as text, PGlite as a number.
  if (rows.length > 0) return { total: Number(rows[0]![TOTAL_COLUMN]), records: rows.map((row) => formatRecord(fields, row)) };
  return { total: offset > 0 ? await countRows(db, entity, where) : 0, records: [] };
}

/** The number of rows matching `where`. */
export async function countRows(db: Pick<Database, "rows">, entity: EntityDefinition, where: SQL | undefined): Promise<number> {
  const [counted] = await db.rows<{ total: unknown }>(sql`select count(*) as "total" from ${sql.identifier(entity.table)}${where ? sql` where ${where}` : sql``}`);
  // pg answers count(*) (bigint) as text, PGlite as a number.
  return Number(counted?.total ?? 0);
}

/** The `IPage` answer of one page of `built` (contract §1 "Pagination"). */
export function pageOf(built: ListQuery, total: number, records: ListRecord[]): Page<ListRecord> {
  return {
    records,
    total,
    size: built.pageSize,
    current: built.pageNo,
    orders: [],
    optimizeCountSql: true,
    searchCount: true,
    hitCount: false,
    countId: null,
    maxLimit: null,
    pages: built.pageSize > 0 ? Math.ceil(total / built.pageSize) : 0,
  };
}

export interface RecordQuery {
  where: SQL | undefined;
  orderBy: SQL;
  /** Omitted: every matching row (an export; the caller bounds it). */
  limit?: number;
  offset?: number;
}

/** The formatted rows of `SELECT <fields> FROM <table> WHERE … ORDER BY … LIMIT … OFFSET …`. */
export async function selectRecords(
  db: Pick<Database, "rows">,
  entity: EntityDefinition,
  query: RecordQuery,
  fields: readonly FieldDefinition[] = selectedFields(entity),
): Promise<ListRecord[]> {
  const rows = await db.rows<Record<string, unknown>>(recordStatement(entity, query, fields));
  return rows.map((row) => formatRecord(fields, row));
}

/** `SELECT <fields>[, <extra>] FROM <table> WHERE … ORDER BY … LIMIT … OFFSET …`. */
function recordStatement(entity: EntityDefinition, query: RecordQuery, fields: readonly FieldDefinition[], extra?: SQL): SQL {
  const columns = selectList(entity, fields);
  const parts: SQL[] = [extra ? sql`select ${columns}, ${extra} from ${sql.identifier(entity.table)}` : sql`select ${columns} from ${sql.identifier(entity.table)}`];
  if (query.where) parts.push(sql`where ${query.where}`);
  parts.push(sql`order by ${query.orderBy}`);
  if (query.limit !== undefined) parts.push(sql`limit ${query.limit}`);
  if (query.offset) parts.push(sql`offset ${query.offset}`);
  return sql.join(parts, sql` `);
}

/**
 * The default select list (every readable field) of each entity, rendered once: it holds only
 * identifiers and fixed text, and rebuilding its few hundred chunks cost every list call more than
 * its two queries' other parts together (docs/decisions/064).
 */
const defaultSelectLists = new WeakMap<EntityDefinition, { fields: readonly FieldDefinition[]; text: string }>();

function selectList(entity: EntityDefinition, fields: readonly FieldDefinition[]): SQL {
  const cached = defaultSelectLists.get(entity);
  if (cached && sameFields(cached.fields, fields)) return sql.raw(cached.text);
  const columns = sql.join(
    fields.map((field) => sql`${selectExpression(entity, field)} as ${sql.identifier(field.property)}`),
    sql`, `,
  );
  const rendered = dialect.sqlToQuery(columns);
  if (rendered.params.length > 0) return columns;
  const defaults = selectedFields(entity);
  if (sameFields(defaults, fields)) defaultSelectLists.set(entity, { fields: defaults, text: rendered.sql });
  return sql.raw(rendered.sql);
}

function sameFields(a: readonly FieldDefinition[], b: readonly FieldDefinition[]): boolean {
  return a.length === b.length && a.every((field, index) => field === b[index]);
}

/** The readable fields to select: the requested properties, or all readable ones. */
export function selectedFields(entity: EntityDefinition, properties?: readonly string[]): FieldDefinition[] {
  if (!properties) return entity.fields.filter(isReadable);
  return properties.map((property) => {
    const field = fieldByProperty(entity, property);
    if (!field || !isReadable(field)) throw QueryErrors.badSelectField(property);
    return field;
  });
}

/**
 * Date-only columns are turned to text in SQL: the drivers disagree on how a `date` becomes a JS
 * Date (pg uses local midnight), and the wire wants `yyyy-MM-dd` (e.g. SysUser.birthday, §0).
 */
function selectExpression(entity: EntityDefinition, field: FieldDefinition): SQL {
  const column = columnRef(entity, field);
  return field.type === "date" ? sql`to_char(${column}, 'YYYY-MM-DD')` : column;
}

/** Wire values: date-times as `yyyy-MM-dd HH:mm:ss` in the school's zone, numbers as numbers on both drivers. */
export function formatRecord(fields: readonly FieldDefinition[], row: Record<string, unknown>): ListRecord {
  const record: ListRecord = {};
  for (const field of fields) {
    const value = row[field.property];
    record[field.property] = formatValue(field, value);
  }
  return record;
}

function formatValue(field: FieldDefinition, value: unknown): unknown {
  if (value === null || value === undefined) return null;
  switch (field.type) {
    case "datetime":
      return value instanceof Date || typeof value === "string" ? formatDateTime(value) : value;
    case "int":
    case "number": {
      // bigint and numeric come back as bigint or text depending on the driver.
      if (typeof value === "bigint") return Number.isSafeInteger(Number(value)) ? Number(value) : value.toString();
      if (typeof value === "string" && value.trim() !== "" && Number.isFinite(Number(value))) return Number(value);
      return value;
    }
    default:
      return value;
  }
}
