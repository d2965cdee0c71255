// Display names of the ids a billing record holds (a bill's payer: a corporation or a parent; its
// receivable's number; a payment's shop order's number), added to list and detail records in one
// query per kind.
import { sql } from "drizzle-orm";
import type { CrudContext, Executor } from "../../crud/context";
import type { ListRecord } from "../../crud/page";

const SOURCES = {
  corporation: sql`select id, name, null as code from school_corporation`,
  parent: sql`select id, name, null as code from school_parent`,
  receivable: sql`select id, receivable_no as name, null as code from bill_receivable`,
  order: sql`select id, order_no as name, null as code from shop_order`,
} as const;

export type NamedKind = keyof typeof SOURCES;

/**
 * id → { name, code } of the rows of `kind` in the caller's tenant; inside a transaction pass its
 * executor (PGlite has one connection: a query beside the open transaction would wait forever).
 */
export async function namesOf(
  context: CrudContext,
  kind: NamedKind,
  ids: Iterable<unknown>,
  executor: Pick<Executor, "rows"> = context.services.db,
): Promise<Map<string, { name: string; code: string | null }>> {
  const wanted = [...new Set([...ids].filter((id): id is string => typeof id === "string" && /^[\w-]{1,64}$/.test(id)))];
  if (wanted.length === 0) return new Map();
  const rows = await executor.rows<{ id: string; name: string; code: string | null }>(
    sql`select * from (${SOURCES[kind]} where tenant_id = ${context.tenantId}) named where id = any(${`{${wanted.join(",")}}`}::varchar[])`,
  );
  return new Map(rows.map((row) => [row.id, { name: row.name, code: row.code }]));
}

/** Sets `<target>` on each record from the name of the id in `<property>`. */
export async function addNames(context: CrudContext, records: ListRecord[], property: string, kind: NamedKind | ((record: ListRecord) => NamedKind | null), target: string): Promise<void> {
  const byKind = new Map<NamedKind, ListRecord[]>();
  for (const record of records) {
    const recordKind = typeof kind === "function" ? kind(record) : kind;
    if (recordKind) byKind.set(recordKind, [...(byKind.get(recordKind) ?? []), record]);
  }
  for (const [recordKind, group] of byKind) {
    const names = await namesOf(context, recordKind, group.map((record) => record[property]));
    for (const record of group) record[target] = names.get(String(record[property]))?.name ?? null;
  }
}
