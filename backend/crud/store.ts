// Row writes and single-row reads of an entity (api-contract.md §6 add / edit / delete /
// queryById). Like the list side, only the entity's declared columns become identifiers and every
// value is bound. `scope` is the caller's visibility (tenant, present rows): a row outside it is
// neither read nor written, so another tenant's id behaves as an unknown id.
import { sql, type SQL } from "drizzle-orm";
import { columnRef } from "./conditions";
import { fieldByColumn, fieldByProperty, type EntityDefinition, type FieldDefinition } from "./entity";
import { selectRecords, type ListRecord } from "./page";
import { typedValue } from "./values";
import type { Executor } from "./context";
import { sealValues } from "./encrypted";

/** Values keyed by entity property, already validated (./body-schema.ts). */
export type RowValues = Record<string, unknown>;

/** Conditions joined by AND, or undefined when there are none. */
export function allOf(conditions: ReadonlyArray<SQL | undefined>): SQL | undefined {
  const present = conditions.filter((condition): condition is SQL => condition !== undefined);
  if (present.length === 0) return undefined;
  return sql.join(
    present.map((condition) => sql`(${condition})`),
    sql` and `,
  );
}

export function primaryKeyField(entity: EntityDefinition): FieldDefinition {
  const field = entity.primaryKey ? fieldByProperty(entity, entity.primaryKey) : undefined;
  if (!field) throw new Error(`entity ${entity.table} has no primary key`);
  return field;
}

/** `pk = id` or `pk in (ids)`. */
export function idCondition(entity: EntityDefinition, ids: string | readonly string[]): SQL {
  const column = columnRef(entity, primaryKeyField(entity));
  if (typeof ids === "string") return sql`${column} = ${ids}`;
  return sql`${column} in (${sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  )})`;
}

/** The logical-delete condition "present" (flag 0), for entities that have one. */
export function presentCondition(entity: EntityDefinition): SQL | undefined {
  return flagCondition(entity, "0");
}

function flagCondition(entity: EntityDefinition, flag: "0" | "1"): SQL | undefined {
  const field = entity.softDeleteColumn ? fieldByColumn(entity, entity.softDeleteColumn) : undefined;
  if (!field) return undefined;
  const value = typedValue(field, flag);
  return value.kind === "point" ? sql`${columnRef(entity, field)} = ${value.value}` : undefined;
}

/** A bound value typed for its column: times and dates are cast from their wire text. */
export function boundValue(field: FieldDefinition, value: unknown): SQL {
  if (value === null || value === undefined) return field.defaultWhenEmpty ? sql`default` : sql`null`;
  if (field.type === "datetime") {
    const text = value instanceof Date ? value.toISOString() : String(value);
    return sql`${text}::timestamptz`;
  }
  if (field.type === "date") return sql`${String(value)}::date`;
  return sql`${value}`;
}

function writableField(entity: EntityDefinition, property: string): FieldDefinition {
  const field = fieldByProperty(entity, property);
  if (!field) throw new Error(`entity ${entity.table}: cannot write unknown property ${property}`);
  return field;
}

export async function insertRow(executor: Executor, entity: EntityDefinition, values: RowValues): Promise<void> {
  const entries = Object.entries(sealValues(entity, values)).filter(([, value]) => value !== undefined);
  const fields = entries.map(([property]) => writableField(entity, property));
  const columns = sql.join(
    fields.map((field) => sql.identifier(field.column)),
    sql`, `,
  );
  const bound = sql.join(
    entries.map(([, value], index) => boundValue(fields[index]!, value)),
    sql`, `,
  );
  await executor.rows(sql`insert into ${sql.identifier(entity.table)} (${columns}) values (${bound})`);
}

/** Updates the visible row `id`; false when there is none. */
export async function updateRow(
  executor: Executor,
  entity: EntityDefinition,
  id: string,
  values: RowValues,
  scope?: SQL,
  /** Runs the UPDATE (answering the whole row) in its own way: the history folds into it. */
  run?: (update: SQL) => Promise<unknown[]>,
): Promise<boolean> {
  const entries = Object.entries(sealValues(entity, values)).filter(([, value]) => value !== undefined);
  const key = primaryKeyField(entity);
  if (entries.length === 0 && !run) return (await findRow(executor, entity, id, scope)) !== undefined;
  const assignments = sql.join(
    entries.map(([property, value]) => {
      const field = writableField(entity, property);
      return sql`${sql.identifier(field.column)} = ${boundValue(field, value)}`;
    }),
    sql`, `,
  );
  const where = allOf([idCondition(entity, id), scope]);
  if (run) {
    // Nothing to write still runs an UPDATE (of the key to itself), so that the history reads its before.
    const set = entries.length > 0 ? assignments : sql`${sql.identifier(key.column)} = ${columnRef(entity, key)}`;
    return (await run(sql`update ${sql.identifier(entity.table)} set ${set} where ${where} returning *`)).length > 0;
  }
  const updated = await executor.rows(sql`update ${sql.identifier(entity.table)} set ${assignments} where ${where} returning ${columnRef(entity, key)}`);
  return updated.length > 0;
}

/**
 * Deletes the visible rows among `ids` and answers the ids it deleted. Entities with a
 * logical-delete column get the flag set to 1 (the recycle bin) instead; `extra` values (audit
 * columns) are written with it.
 */
export async function deleteRows(
  executor: Executor,
  entity: EntityDefinition,
  ids: readonly string[],
  scope?: SQL,
  extra: RowValues = {},
): Promise<string[]> {
  if (ids.length === 0) return [];
  const key = primaryKeyField(entity);
  const where = allOf([idCondition(entity, ids), scope]);
  const returning = sql`returning ${columnRef(entity, key)} as "id"`;
  const flag = entity.softDeleteColumn ? fieldByColumn(entity, entity.softDeleteColumn) : undefined;
  let rows: Array<{ id: unknown }>;
  if (flag) {
    const deleted = typedValue(flag, "1");
    const assignments = [
      sql`${sql.identifier(flag.column)} = ${deleted.kind === "point" ? deleted.value : sql`1`}`,
      ...Object.entries(extra).map(([property, value]) => {
        const field = writableField(entity, property);
        return sql`${sql.identifier(field.column)} = ${boundValue(field, value)}`;
      }),
    ];
    rows = await executor.rows(
      sql`update ${sql.identifier(entity.table)} set ${sql.join(assignments, sql`, `)} where ${allOf([where, presentCondition(entity)])} ${returning}`,
    );
  } else {
    rows = await executor.rows(sql`delete from ${sql.identifier(entity.table)} where ${where} ${returning}`);
  }
  return rows.map((row) => String(row.id));
}

/** The visible row `id` in wire form (no secrets), or undefined. */
export async function findRow(
  executor: Executor,
  entity: EntityDefinition,
  id: string,
  scope?: SQL,
): Promise<ListRecord | undefined> {
  const key = primaryKeyField(entity);
  const [row] = await selectRecords(executor, entity, {
    where: allOf([idCondition(entity, id), scope]),
    orderBy: sql`${columnRef(entity, key)} asc`,
    limit: 1,
  });
  return row;
}

/** The visible rows among `ids`, in the entity's default order. */
export async function findRows(
  executor: Executor,
  entity: EntityDefinition,
  ids: readonly string[],
  scope?: SQL,
): Promise<ListRecord[]> {
  if (ids.length === 0) return [];
  const key = primaryKeyField(entity);
  return selectRecords(executor, entity, {
    where: allOf([idCondition(entity, ids), scope]),
    orderBy: sql`${columnRef(entity, key)} asc`,
  });
}
