// Entity declarations of the generic CRUD engine (api-contract.md §6). An entity is the allow-list
// of everything a request may name: a list filter, a sort column or an advanced-query field is
// looked up here, and only the declared column names ever become SQL identifiers (contract §10).
import { getTableColumns, getTableName, type Column } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import type { SensitiveKind } from "#contract/modules/sensitive";

export type FieldType = "string" | "int" | "number" | "date" | "datetime" | "boolean";
export type SortOrder = "asc" | "desc";

export interface FieldDefinition {
  /** The camelCase name used on the wire (query string, JSON). */
  property: string;
  /** The snake_case database column. */
  column: string;
  type: FieldType;
  /** Dictionary of the field (`@Dict`), for `<property>_dictText` (contract §1). */
  dictCode?: string;
  /** May be used as a list filter or advanced-query field; default true. */
  searchable?: boolean;
  /** May be named in `column=`; default true. */
  sortable?: boolean;
  /** password/salt: never readable, filterable or sortable (contract §10). */
  secret?: boolean;
  /**
   * NOT NULL with a database default (排序 0, 默认 N, 费用 0): an empty value writes the default
   * instead of a null the column refuses (issue #32 item 7: a blank optional field is no 500).
   */
  defaultWhenEmpty?: boolean;
  /**
   * Personal data stored encrypted (docs/decisions/119, ./encrypted.ts): written as ciphertext with
   * its search hash in `hashColumn`, read back in clear by the engine, compared only for equality
   * (through the hash) and never sorted.
   */
  encrypted?: { kind: SensitiveKind; hashColumn: string };
  /**
   * Found by its whole value only, as encrypted data is (a pattern compares the whole text typed;
   * no order comparison): personal data kept in clear, for a caller who sees it masked
   * (./sensitive.ts `wholeValueEntity`), so that patterns cannot guess it one character at a time.
   */
  wholeValueOnly?: boolean;
}

export interface SortDefinition {
  property: string;
  order: SortOrder;
}

export interface EntityDefinition {
  table: string;
  fields: readonly FieldDefinition[];
  /** Property of the primary key: the tie-breaker that keeps paging stable. */
  primaryKey?: string;
  /** Sort used when the request names none; `createTime desc` when the entity has it. */
  defaultSort?: SortDefinition;
  /** Column holding the tenant id; applied by the engine through `options.conditions`. */
  tenantColumn?: string;
  /** Logical-delete column (`@TableLogic`, 0 = present): lists only show present rows. */
  softDeleteColumn?: string;
  /**
   * Only the rows whose `column` equals `value` hold encrypted values (sys_message: the SMS rows'
   * receiver); the start-up pass and the rotation leave the others alone (docs/decisions/155).
   */
  encryptedRows?: { column: string; value: string };
}

/** What every identifier taken from a request must look like (contract §10). */
export const IDENTIFIER_PATTERN = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** Columns that are secret unless an override says otherwise (contract §10). */
const SECRET_COLUMNS = new Set(["password", "salt"]);

export function isIdentifier(text: string): boolean {
  return text.length <= 64 && IDENTIFIER_PATTERN.test(text);
}

export function fieldByProperty(entity: EntityDefinition, property: string): FieldDefinition | undefined {
  return entity.fields.find((field) => field.property === property);
}

export function fieldByColumn(entity: EntityDefinition, column: string): FieldDefinition | undefined {
  return entity.fields.find((field) => field.column === column);
}

export function isReadable(field: FieldDefinition): boolean {
  return field.secret !== true;
}

export function isSearchable(field: FieldDefinition): boolean {
  return field.secret !== true && field.searchable !== false;
}

export function isSortable(field: FieldDefinition): boolean {
  return field.secret !== true && field.sortable !== false;
}

export interface EntityOverrides {
  /** Per-property changes to the derived fields (dictCode, searchable, secret, type…). */
  fields?: Record<string, Partial<Omit<FieldDefinition, "property" | "column">>>;
  /** Properties left out of the entity altogether (`@TableField(exist=false)` in reverse). */
  exclude?: readonly string[];
  /** `null` means no default sort (only the primary-key tie-breaker). */
  defaultSort?: SortDefinition | null;
  tenantColumn?: string;
  softDeleteColumn?: string;
}

/**
 * Derives an entity from a drizzle table, so entities are declarations: property, column and type
 * come from the schema, the overrides add what the schema cannot know (dictionaries, secrets).
 */
export function defineEntity(table: PgTable, overrides: EntityOverrides = {}): EntityDefinition {
  const columns = getTableColumns(table) as Record<string, Column>;
  const excluded = new Set(overrides.exclude ?? []);
  const fieldOverrides = overrides.fields ?? {};
  for (const property of [...excluded, ...Object.keys(fieldOverrides)]) {
    if (!(property in columns)) throw new Error(`defineEntity(${getTableName(table)}): no property ${property}`);
  }

  const fields: FieldDefinition[] = [];
  let primaryKey: string | undefined;
  for (const [property, column] of Object.entries(columns)) {
    if (excluded.has(property)) continue;
    const derived = fieldTypeOf(column);
    const field: FieldDefinition = {
      property,
      column: column.name,
      type: derived ?? "string",
      // Columns we cannot compare or order meaningfully (json, arrays) are only returned.
      ...(derived ? {} : { searchable: false, sortable: false }),
      // Search hashes of encrypted personal data (`*_hash`) are never read, searched or sorted.
      ...(SECRET_COLUMNS.has(column.name) || (column.name.endsWith("_hash") && !column.primary) ? { secret: true } : {}),
      ...(column.notNull && column.hasDefault && !column.primary ? { defaultWhenEmpty: true } : {}),
      ...fieldOverrides[property],
    };
    fields.push(field);
    if (column.primary && !primaryKey) primaryKey = property;
  }

  const hasCreateTime = fields.some((field) => field.property === "createTime");
  const defaultSort =
    overrides.defaultSort === null
      ? undefined
      : (overrides.defaultSort ?? (hasCreateTime ? { property: "createTime", order: "desc" as const } : undefined));

  return validateEntity({
    table: getTableName(table),
    fields,
    ...(primaryKey ? { primaryKey } : {}),
    ...(defaultSort ? { defaultSort } : {}),
    ...(overrides.tenantColumn ? { tenantColumn: overrides.tenantColumn } : {}),
    ...(overrides.softDeleteColumn ? { softDeleteColumn: overrides.softDeleteColumn } : {}),
  });
}

/**
 * Checks a declaration once, at start-up: every name must be a plain identifier (they are quoted
 * with sql.identifier, but a strange name is a mistake) and every reference must resolve.
 */
export function validateEntity(entity: EntityDefinition): EntityDefinition {
  const where = `entity ${entity.table}`;
  if (!isIdentifier(entity.table)) throw new Error(`${where}: table name is not an identifier`);
  const properties = new Set<string>();
  for (const field of entity.fields) {
    if (!isIdentifier(field.property) || !isIdentifier(field.column))
      throw new Error(`${where}: field ${field.property}/${field.column} is not an identifier`);
    if (properties.has(field.property)) throw new Error(`${where}: duplicate property ${field.property}`);
    properties.add(field.property);
  }
  if (entity.primaryKey && !fieldByProperty(entity, entity.primaryKey))
    throw new Error(`${where}: unknown primary key ${entity.primaryKey}`);
  for (const field of entity.fields) {
    if (!field.encrypted) continue;
    const hash = fieldByColumn(entity, field.encrypted.hashColumn);
    if (!hash || !hash.secret) throw new Error(`${where}: encrypted ${field.property} needs the secret column ${field.encrypted.hashColumn}`);
    if (field.sortable !== false) throw new Error(`${where}: encrypted ${field.property} cannot be sortable`);
  }
  if (entity.defaultSort) {
    const field = fieldByProperty(entity, entity.defaultSort.property);
    if (!field || !isSortable(field)) throw new Error(`${where}: default sort ${entity.defaultSort.property} is not sortable`);
  }
  for (const column of [entity.tenantColumn, entity.softDeleteColumn]) {
    if (column !== undefined && !fieldByColumn(entity, column)) throw new Error(`${where}: unknown column ${column}`);
  }
  // The logical-delete flag is compared with 0, so it must be a flag, not a date or a decimal.
  const softDelete = entity.softDeleteColumn ? fieldByColumn(entity, entity.softDeleteColumn) : undefined;
  if (softDelete && !["int", "string", "boolean"].includes(softDelete.type))
    throw new Error(`${where}: soft-delete column ${softDelete.column} is not a flag`);
  return entity;
}

/** Maps drizzle's column kinds to the wire types of the query generator. */
function fieldTypeOf(column: Column): FieldType | undefined {
  switch (column.columnType) {
    case "PgDate":
    case "PgDateString":
      return "date";
    // Compared as timestamptz; every table of this schema uses `timestamp with time zone`.
    case "PgTimestamp":
    case "PgTimestampString":
      return "datetime";
    case "PgSmallInt":
    case "PgInteger":
    case "PgBigInt53":
    case "PgBigInt64":
    case "PgSmallSerial":
    case "PgSerial":
    case "PgBigSerial53":
    case "PgBigSerial64":
      return "int";
    case "PgReal":
    case "PgDoublePrecision":
    case "PgNumeric":
    case "PgNumericNumber":
    case "PgNumericBigInt":
      return "number";
    case "PgBoolean":
      return "boolean";
  }
  switch (column.dataType) {
    case "string":
      return "string";
    case "number":
      return "number";
    case "bigint":
      return "int";
    case "boolean":
      return "boolean";
    case "date":
      return "datetime";
    default:
      return undefined;
  }
}
