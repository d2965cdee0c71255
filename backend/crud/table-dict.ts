// Table dictionaries (`table,text,code`, api-contract.md §7) behind an allow-list (§10): only
// registered tables, only their registered columns, never password/salt, no raw condition part,
// and always within the caller's tenant. Modules register their tables at load time
// (registerDictTable); everything else that names a table is refused in plain words.
import { sql, type SQL } from "drizzle-orm";
import { ApiError } from "../http/envelope";
import { columnRef } from "./conditions";
import {
  fieldByColumn,
  fieldByProperty,
  isIdentifier,
  type EntityDefinition,
  type FieldDefinition,
} from "./entity";
import { buildOrderBy } from "./query-generator";
import { allOf } from "./store";
import { LIKE_ESCAPE, likePattern } from "./values";
import type { Executor } from "./context";

export interface DictOption {
  value: string;
  text: string;
  title: string;
}

export interface DictTableDefinition {
  entity: EntityDefinition;
  /** Columns (database names) that may be a dictionary's text or code, or a tree's fields. */
  columns: readonly string[];
  /** The rows the caller may see: tenant and logical delete (`undefined`: all rows). */
  scope?: (tenantId: number) => SQL | undefined;
  /** Tree tables (loadTreeData): the allowed parent-id and has-child columns. */
  tree?: { pidColumns: readonly string[]; hasChildColumns?: readonly string[] };
}

export const DictErrors = {
  badFormat: () => new ApiError("字典Code格式不正确！"),
  // No text from the request is echoed: a refused name may be an injection attempt (§10).
  unknownTable: () => new ApiError("不支持的字典表或字段"),
  conditionRefused: () => new ApiError("不支持带查询条件的表字典"),
} as const;

/** Largest number of items one table-dictionary answer carries. */
export const MAX_DICT_ITEMS = 1000;

const registry = new Map<string, DictTableDefinition>();

/** Whether a module registered `table` already (a table several areas choose from). */
export function hasDictTable(table: string): boolean {
  return registry.has(table);
}

export function registerDictTable(definition: DictTableDefinition): void {
  const { entity } = definition;
  if (registry.has(entity.table)) throw new Error(`table dictionary ${entity.table} registered twice`);
  const names = [
    ...definition.columns,
    ...(definition.tree?.pidColumns ?? []),
    ...(definition.tree?.hasChildColumns ?? []),
  ];
  for (const name of names) {
    const field = fieldByColumn(entity, name);
    if (!field || field.secret) throw new Error(`table dictionary ${entity.table}: column ${name} is unknown or secret`);
  }
  registry.set(entity.table, definition);
}

export function dictTable(name: string): DictTableDefinition | undefined {
  return isIdentifier(name) ? registry.get(name) : undefined;
}

/**
 * A column of an allow-listed table named by a request: the database name or the camelCase
 * property, and among `allowed` (default: the dictionary columns).
 */
export function allowedField(
  definition: DictTableDefinition,
  name: string,
  allowed: readonly string[] = definition.columns,
): FieldDefinition {
  const trimmed = name.trim();
  if (!isIdentifier(trimmed)) throw DictErrors.unknownTable();
  const field = fieldByColumn(definition.entity, trimmed) ?? fieldByProperty(definition.entity, trimmed);
  if (!field || field.secret || !allowed.includes(field.column)) throw DictErrors.unknownTable();
  return field;
}

export interface TableDictCode {
  definition: DictTableDefinition;
  text: FieldDefinition;
  code: FieldDefinition;
}

export function isTableDictCode(code: string): boolean {
  return code.includes(",");
}

/** `table,text,code` → the allow-listed table and columns; a 4th (raw SQL) part is refused. */
export function parseTableDictCode(dictCode: string): TableDictCode {
  const parts = dictCode.split(",").map((part) => part.trim());
  if (parts.length < 3) throw DictErrors.badFormat();
  if (parts.length > 3) throw DictErrors.conditionRefused();
  const definition = dictTable(parts[0]!);
  if (!definition) throw DictErrors.unknownTable();
  return { definition, text: allowedField(definition, parts[1]!), code: allowedField(definition, parts[2]!) };
}

export interface TableDictQuery {
  /** `a,b` → text or code among them; else text or code contains it (contract §7 loadDict). */
  keyword?: string;
  /** Only these codes (loadDictItem, list translation). */
  keys?: readonly string[];
  limit?: number;
}

/** The items `{value, text, title}` of a table dictionary, visible to `tenantId`. */
export async function tableDictItems(
  executor: Executor,
  dict: TableDictCode,
  tenantId: number,
  query: TableDictQuery = {},
): Promise<DictOption[]> {
  const { definition, text, code } = dict;
  const entity = definition.entity;
  const textColumn = sql`(${columnRef(entity, text)})::text`;
  const codeColumn = sql`(${columnRef(entity, code)})::text`;
  const conditions: Array<SQL | undefined> = [definition.scope?.(tenantId), sql`${columnRef(entity, code)} is not null`];
  const keyword = query.keyword?.trim();
  if (keyword) {
    if (keyword.includes(",")) {
      const values = keyword.split(",").map((part) => part.trim()).filter(Boolean).slice(0, MAX_DICT_ITEMS);
      const list = sql.join(values.map((value) => sql`${value}`), sql`, `);
      conditions.push(values.length > 0 ? sql`(${textColumn} in (${list}) or ${codeColumn} in (${list}))` : undefined);
    } else {
      const pattern = likePattern(keyword, "like");
      const escape = sql.raw(`'${LIKE_ESCAPE}'`);
      conditions.push(sql`(${textColumn} ilike ${pattern} escape ${escape} or ${codeColumn} ilike ${pattern} escape ${escape})`);
    }
  }
  if (query.keys) {
    const keys = query.keys.map((key) => key.trim()).filter(Boolean).slice(0, MAX_DICT_ITEMS);
    if (keys.length === 0) return [];
    conditions.push(sql`${codeColumn} in (${sql.join(keys.map((key) => sql`${key}`), sql`, `)})`);
  }
  const where = allOf(conditions);
  const limit = Math.min(Math.max(query.limit ?? MAX_DICT_ITEMS, 1), MAX_DICT_ITEMS);
  const rows = await executor.rows<{ text: unknown; value: unknown }>(
    sql`select ${textColumn} as "text", ${codeColumn} as "value" from ${sql.identifier(entity.table)}${where ? sql` where ${where}` : sql``} order by ${buildOrderBy(entity, undefined, undefined)} limit ${limit}`,
  );
  return rows.map((row) => {
    const label = row.text === null || row.text === undefined ? "" : String(row.text);
    return { value: String(row.value), text: label, title: label };
  });
}
