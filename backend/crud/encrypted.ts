// Encrypted personal data in the CRUD engine (issue #34 item 2, docs/decisions/119). A field with
// `encrypted` (set by createModuleCrud for the sensitive fields of kinds stored encrypted) is
// written as ciphertext with its search hash (store.ts, the engine's multi-row insert), read back
// in clear before anything else sees the record (the engine's decorate, the Excel export), and
// compared through its hash (conditions.ts). Rows written in clear (a database from before, a seed)
// are encrypted when the backend starts; `npm run personal-data:rotate` re-encrypts every value
// under the current key, in batches.
import { sql, type SQL } from "drizzle-orm";
import type { Database } from "../db/client";
import {
  CIPHERTEXT_PREFIX,
  KEY_CHECK_TEXT,
  PersonalDataKeyError,
  decryptValue,
  decryptValues,
  encryptValue,
  isCiphertext,
  keyring,
  searchHash,
  type PersonalDataKeyring,
} from "../security/personal-data";
import { fieldByColumn, type EntityDefinition, type FieldDefinition } from "./entity";
import type { ListRecord } from "./page";
import type { RowValues } from "./store";

type EncryptedField = FieldDefinition & { encrypted: NonNullable<FieldDefinition["encrypted"]> };

const encryptedOf = new WeakMap<EntityDefinition, readonly EncryptedField[]>();

/** The entity's encrypted fields (none for most). */
export function encryptedFields(entity: EntityDefinition): readonly EncryptedField[] {
  let fields = encryptedOf.get(entity);
  if (!fields) encryptedOf.set(entity, (fields = entity.fields.filter((field): field is EncryptedField => field.encrypted !== undefined)));
  return fields;
}

/**
 * The values as they are written: each encrypted property's text as ciphertext, with its search
 * hash. A ciphertext handed back (a value read raw and written again) is kept as it is.
 */
export function sealValues(entity: EntityDefinition, values: RowValues, ring?: PersonalDataKeyring): RowValues {
  const fields = encryptedFields(entity);
  if (fields.length === 0) return values;
  let sealed: RowValues | undefined;
  for (const field of fields) {
    const value = values[field.property];
    if (value === undefined || isCiphertext(value)) continue;
    const hash = fieldByColumn(entity, field.encrypted.hashColumn)!;
    sealed ??= { ...values };
    const text = value === null ? "" : String(value);
    sealed[field.property] = value === null ? null : encryptValue(text, ring ?? keyring());
    sealed[hash.property] = searchHash(field.encrypted.kind, text, ring ?? keyring());
  }
  return sealed ?? values;
}

/**
 * The records' encrypted values in clear, in place: those the records carry (a list's or an
 * export's page selects only its columns), opened together (decryptValues, docs/decisions/182).
 */
export function openRecords(entity: EntityDefinition, records: ListRecord[]): void {
  const fields = encryptedFields(entity);
  if (fields.length === 0 || records.length === 0) return;
  const stored: string[] = [];
  const places: Array<[ListRecord, string]> = [];
  for (const record of records) {
    for (const field of fields) {
      const value = record[field.property];
      if (!isCiphertext(value)) continue;
      stored.push(value);
      places.push([record, field.property]);
    }
  }
  if (stored.length === 0) return;
  const clear = decryptValues(stored, keyring());
  places.forEach(([record, property], index) => {
    record[property] = clear[index];
  });
}

/** The search hash a condition compares an encrypted field's value with. */
export function hashOfValue(field: FieldDefinition, value: string): string | null {
  return field.encrypted ? searchHash(field.encrypted.kind, value) : null;
}

// ---- The tables holding encrypted fields, for the start-up pass and the rotation ---------------

const tables = new Map<string, EntityDefinition>();

/** Called by createModuleCrud for each entity with encrypted fields (and by 用户管理's entity). */
export function registerEncryptedEntity(entity: EntityDefinition): void {
  if (encryptedFields(entity).length > 0) tables.set(entity.table, entity);
}

/** The table leaves the passes (an online form rebuilt without 敏感 fields stored encrypted). */
export function forgetEncryptedTable(table: string): void {
  tables.delete(table);
}

export function encryptedEntities(): EntityDefinition[] {
  return [...tables.values()];
}

/**
 * Tables whose entities exist only at run time (online forms: their resources are built when a form
 * is first used) register a loader here; the start-up pass and the rotation call every loader first
 * (`loadEncryptedEntities`), so that those tables are encrypted and rotated too.
 */
const loaders = new Set<(db: Database) => Promise<void>>();

export function registerEncryptedEntityLoader(load: (db: Database) => Promise<void>): void {
  loaders.add(load);
}

export async function loadEncryptedEntities(db: Database): Promise<void> {
  for (const load of loaders) await load(db);
}

export interface EncryptPassOptions {
  /** Which values to write again: `clear` (start-up: only values not yet encrypted), or `rotate`
   * (every value not under the current key). */
  mode: "clear" | "rotate";
  /** Rows per statement (default 1000). */
  batchSize?: number;
  ring?: PersonalDataKeyring;
  /** After each batch: the table and how many rows it wrote. */
  onBatch?(table: string, rows: number): void;
}

/**
 * Encrypts (or re-encrypts) the stored values of every registered table in batches of rows: each
 * batch is read by key order, encrypted here, and written by ONE statement that changes a row only
 * if its values are still the ones read (a concurrent edit, or another backend starting at the same
 * time, is never overwritten; the next pass takes such a row). Answers the rows written per table.
 */
export async function encryptStoredValues(db: Pick<Database, "rows">, options: EncryptPassOptions): Promise<Record<string, number>> {
  const written: Record<string, number> = {};
  for (const entity of await presentEntities(db)) written[entity.table] = await encryptTableValues(db, entity, options);
  return written;
}

/** The pass of `encryptStoredValues` over one table (an online form's at 同步数据库): the rows written. */
export async function encryptTableValues(db: Pick<Database, "rows">, entity: EntityDefinition, options: EncryptPassOptions): Promise<number> {
  const ring = options.ring ?? keyring();
  const batchSize = options.batchSize ?? 1000;
  const current = `${CIPHERTEXT_PREFIX}${ring.current.id}:`;
  let written = 0;
  {
    const fields = encryptedFields(entity);
    if (fields.length === 0) return 0;
    const key = entity.fields.find((field) => field.property === entity.primaryKey)!;
    const id = sql.identifier(key.column);
    const table = sql.identifier(entity.table);
    // A value to write again: in clear (not empty), or (rotating) not under the current key, or
    // without its search hash.
    const stale = sql.join(
      fields.map((field) => {
        const column = sql.identifier(field.column);
        const hash = sql.identifier(field.encrypted.hashColumn);
        const notCurrent =
          options.mode === "rotate"
            ? sql`left(${column}, ${current.length}) <> ${current}`
            : sql`left(${column}, ${CIPHERTEXT_PREFIX.length}) <> ${CIPHERTEXT_PREFIX}`;
        return sql`(${column} <> '' and (${notCurrent} or ${hash} is null))`;
      }),
      sql` or `,
    );
    const encryptedRows = rowsOf(entity);
    const selected = sql.join(
      fields.map((field) => sql`${sql.identifier(field.column)} as ${sql.identifier(field.column)}`),
      sql`, `,
    );
    let after = "";
    for (;;) {
      const rows = await db.rows<Record<string, string | null>>(
        sql`select ${id}::text as "id", ${selected} from ${table} where ${id}::text > ${after} and ${encryptedRows} and (${stale}) order by ${id}::text limit ${batchSize}`,
      );
      if (rows.length === 0) break;
      after = rows[rows.length - 1]!.id!;
      // Each field's values of the batch opened at once (clear ones answered as they are).
      const opened = fields.map((field) => decryptValues(rows.map((row) => row[field.column] ?? ""), ring));
      const changes = rows.map((row, rowIndex) => {
        const change: Record<string, string | null> = { id: row.id };
        for (const [fieldIndex, field] of fields.entries()) {
          const stored = row[field.column] ?? null;
          change[`old_${field.column}`] = stored;
          if (stored === null || stored === "") {
            change[field.column] = stored;
            change[field.encrypted.hashColumn] = null;
            continue;
          }
          const clear = opened[fieldIndex]![rowIndex]!;
          const keep = isCiphertext(stored) && stored.startsWith(current);
          change[field.column] = keep ? stored : encryptValue(clear, ring);
          change[field.encrypted.hashColumn] = searchHash(field.encrypted.kind, clear, ring);
        }
        return change;
      });
      const record = sql.join(
        [
          sql`"id" text`,
          ...fields.flatMap((field) => [
            sql`${sql.identifier(field.column)} text`,
            sql`${sql.identifier(field.encrypted.hashColumn)} text`,
            sql`${sql.identifier(`old_${field.column}`)} text`,
          ]),
        ],
        sql`, `,
      );
      const assignments = sql.join(
        fields.flatMap((field) => [
          sql`${sql.identifier(field.column)} = ${sql.identifier("v")}.${sql.identifier(field.column)}`,
          sql`${sql.identifier(field.encrypted.hashColumn)} = ${sql.identifier("v")}.${sql.identifier(field.encrypted.hashColumn)}`,
        ]),
        sql`, `,
      );
      const unchanged = sql.join(
        fields.map((field) => sql`${table}.${sql.identifier(field.column)} is not distinct from ${sql.identifier("v")}.${sql.identifier(`old_${field.column}`)}`),
        sql` and `,
      );
      const updated = await db.rows<{ id: string }>(
        sql`update ${table} set ${assignments} from json_to_recordset(${JSON.stringify(changes)}::json) as ${sql.identifier("v")}(${record}) where ${table}.${id}::text = ${sql.identifier("v")}."id" and ${unchanged} and ${rowsOf(entity, table)} returning ${table}.${id}`,
      );
      written += updated.length;
      options.onBatch?.(entity.table, updated.length);
    }
  }
  return written;
}

/** The rows of the table that hold encrypted values (all but where `encryptedRows` says). */
function rowsOf(entity: EntityDefinition, table?: ReturnType<typeof sql.identifier>): SQL {
  if (!entity.encryptedRows) return sql`true`;
  const column = sql.identifier(entity.encryptedRows.column);
  return sql`${table ? sql`${table}.${column}` : column} = ${entity.encryptedRows.value}`;
}

/**
 * The registered entities whose table this database has: an online form's table registered by one
 * database of the process (a test's) is not every database's.
 */
async function presentEntities(db: Pick<Database, "rows">): Promise<EntityDefinition[]> {
  const entities = encryptedEntities();
  if (entities.length === 0) return [];
  const names = entities.map((entity) => entity.table);
  const rows = await db.rows<{ name: string }>(
    sql`select c.relname as "name" from pg_class c where c.relkind = 'r' and c.relnamespace = current_schema()::regnamespace and c.relname in (${sql.join(names.map((name) => sql`${name}`), sql`, `)})`,
  );
  const present = new Set(rows.map((row) => row.name));
  return entities.filter((entity) => present.has(entity.table));
}

/** Values still in clear or under another key than the current one, per table (the rotation's check). */
export async function valuesNotUnderCurrentKey(db: Pick<Database, "rows">, ring: PersonalDataKeyring = keyring()): Promise<Record<string, number>> {
  const current = `${CIPHERTEXT_PREFIX}${ring.current.id}:`;
  const counts: Record<string, number> = {};
  for (const entity of await presentEntities(db)) {
    const stale = sql.join(
      encryptedFields(entity).map((field) => sql`(${sql.identifier(field.column)} <> '' and left(${sql.identifier(field.column)}, ${current.length}) <> ${current})`),
      sql` or `,
    );
    const [row] = await db.rows<{ n: unknown }>(sql`select count(*) as "n" from ${sql.identifier(entity.table)} where ${rowsOf(entity)} and (${stale})`);
    counts[entity.table] = Number(row?.n ?? 0);
  }
  return counts;
}

const HASH_CHECK_ID = "#hash";

/**
 * At start-up: each configured key must be the one that wrote its check row (a new key id gets
 * its row), and the hash key the one that made the search hashes. A mismatch is a
 * PersonalDataKeyError saying which setting is wrong, before any value is written with it.
 */
export async function checkKeys(db: Pick<Database, "rows">, ring: PersonalDataKeyring = keyring(), insert = true): Promise<void> {
  const rows = await db.rows<{ key_id: string; check_value: string }>(sql`select key_id, check_value from sys_personal_data_key`);
  const stored = new Map(rows.map((row) => [row.key_id, row.check_value]));
  const hashCheck = searchHash("idNumber", KEY_CHECK_TEXT, ring)!;
  const hashStored = stored.get(HASH_CHECK_ID);
  if (hashStored !== undefined && hashStored !== hashCheck) {
    throw new PersonalDataKeyError("PERSONAL_DATA_HASH_KEY is not the key this database's search hashes were made with");
  }
  for (const key of ring.keys.values()) {
    const check = stored.get(key.id);
    if (check === undefined) continue;
    let opened: string | undefined;
    try {
      opened = decryptValue(check, { ...ring, current: key });
    } catch {
      opened = undefined;
    }
    if (opened !== KEY_CHECK_TEXT) throw new PersonalDataKeyError(`PERSONAL_DATA_KEYS: the key "${key.id}" is not the key this database's personal data was encrypted with under that id`);
  }
  const missing = [...ring.keys.values()].filter((key) => !stored.has(key.id));
  for (const key of missing) {
    await db.rows(sql`insert into sys_personal_data_key (key_id, check_value) values (${key.id}, ${encryptValue(KEY_CHECK_TEXT, { ...ring, current: key })}) on conflict (key_id) do nothing`);
  }
  if (hashStored === undefined) await db.rows(sql`insert into sys_personal_data_key (key_id, check_value) values (${HASH_CHECK_ID}, ${hashCheck}) on conflict (key_id) do nothing`);
  // Two backends starting at once with different secrets: the loser's rows are the winner's. Check once more.
  if (insert && (missing.length > 0 || hashStored === undefined)) await checkKeys(db, ring, false);
}
