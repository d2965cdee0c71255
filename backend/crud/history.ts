// The history of every record (issue #32 item 5, docs/decisions/070): an append-only row per change
// of a record in sys_record_history (migration 0300), written in the transaction of the change so
// that a change rolled back leaves none. The CRUD engine writes it for every add, edit and delete;
// workflows that change records outside the generic save (bill generation, allocation, 冲销, 作废)
// write it through the same functions. A change is the difference of two snapshots of the row
// (`to_jsonb`, keyed by column, computed by the database: sys_record_history_changes), so the
// history holds what the row stores — an encrypted column stays encrypted, a secret one is masked.
import { sql, type SQL } from "drizzle-orm";
import type { Executor } from "./context";

/** Where a record's history comes from: its table, and what its snapshot holds besides its columns. */
export interface HistorySource {
  /** The table; also the history's `module`. */
  table: string;
  /** The key column (default `id`). */
  key?: string;
  /** Columns whose values the history never shows (passwords…): their changes read ******. */
  masked?: readonly string[];
  /**
   * More of the record than its own row, as a jsonb object built from the row aliased `t` (a
   * payment's allocations, a bill's items), merged into its snapshot. Found by the row's key (an
   * UPDATE that changes the row alone leaves it as it was: updatedChanges).
   */
  extra?: SQL;
}

/** Who changes, and in which tenant. */
export interface HistoryActor {
  tenantId: number | null;
  username: string;
}

/** add / edit / delete, or the workflow's name (generate, allocate, reverse, void, …). */
export interface HistoryAction {
  action: string;
  reason?: string | null;
}

/** Who changes and how: what a workflow hands to the writers it calls. */
export type HistoryChange = HistoryActor & HistoryAction;

/**
 * Snapshots of rows by key (the `before` of a change), as the database's JSON text: never parsed in
 * code, so that numeric 0.00 stays 0.00.
 */
export type HistorySnapshot = string;

/** No row before: each record is new. */
export const NO_SNAPSHOT: HistorySnapshot = "{}";

/**
 * Whether the writers write: always, in the product. Only bench/history-cost.ts turns it off, for a
 * moment, to measure what the history adds to a save and to an allocation (issue #32: ≤ 15 %).
 */
export const historyWriting = { enabled: true };

const idArray = (ids: readonly string[]) => `{${ids.join(",")}}`;

function snapshotOf(source: HistorySource): SQL {
  return source.extra ? sql`(to_jsonb(t) || ${source.extra})` : sql`to_jsonb(t)`;
}

function keyOf(source: HistorySource): SQL {
  return sql`t.${sql.identifier(source.key ?? "id")}::text`;
}

/**
 * A new row's change, every value it holds: what sys_record_history_changes(null, row) answers, read
 * from the row's snapshot in the statement itself (`select … as changes`, for a lateral join on the
 * row aliased `t`). A function per row comparing both sides cost a generation of 2,000 bills twice
 * as much (migration 0872, docs/decisions/165).
 */
function addedChanges(source: HistorySource): SQL {
  return sql`
    select coalesce(jsonb_agg(jsonb_build_object('field', e.key, 'old', 'null'::jsonb, 'new', sys_record_history_value(e.value, e.key = any(${idArray(source.masked ?? [])}::text[])))
                              order by e.key), '[]'::jsonb) as changes
    from jsonb_each(${snapshotOf(source)}) e
    where e.key <> all (sys_record_history_hidden_keys()) and e.value <> 'null'::jsonb`;
}

/** The rows' snapshots before a change. */
export async function historyBefore(tx: Executor, source: HistorySource, ids: readonly string[]): Promise<HistorySnapshot> {
  if (ids.length === 0 || !historyWriting.enabled) return NO_SNAPSHOT;
  const [row] = await tx.rows<{ snapshot: string | null }>(sql`
    select jsonb_object_agg(${keyOf(source)}, ${snapshotOf(source)})::text as snapshot
    from ${sql.identifier(source.table)} t where ${keyOf(source)} = any(${idArray(ids)}::text[])`);
  return row?.snapshot ?? NO_SNAPSHOT;
}

/**
 * One history row per record of `ids` that changed since `before` (an empty `before`: each row is
 * new, every value it holds is its change), in one statement.
 */
export async function historyAfter(tx: Executor, actor: HistoryActor, source: HistorySource, ids: readonly string[], before: HistorySnapshot, change: HistoryAction): Promise<void> {
  if (ids.length === 0 || !historyWriting.enabled) return;
  await tx.rows(sql`
    insert into sys_record_history (tenant_id, module, record_id, action, username, changes, reason)
    select ${actor.tenantId}, ${source.table}, ${keyOf(source)}, ${change.action}, ${actor.username.slice(0, 100)}, c.changes, ${change.reason ?? null}
    from ${sql.identifier(source.table)} t
    cross join lateral (${before === NO_SNAPSHOT ? addedChanges(source) : sql`select sys_record_history_changes(${before}::jsonb -> ${keyOf(source)}, ${snapshotOf(source)}, ${idArray(source.masked ?? [])}::text[]) as changes`}) c
    where ${keyOf(source)} = any(${idArray(ids)}::text[]) and c.changes <> '[]'::jsonb
    order by ${keyOf(source)}`);
}

/** The records of `ids` are new: one history row each with every value it holds. */
export async function historyAdded(tx: Executor, actor: HistoryActor, source: HistorySource, ids: readonly string[], change: HistoryAction): Promise<void> {
  await historyAfter(tx, actor, source, ids, NO_SNAPSHOT, change);
}

/** The rows of `ids` are about to go: one history row each with what they held. */
export async function historyRemoved(tx: Executor, actor: HistoryActor, source: HistorySource, ids: readonly string[], change: HistoryAction): Promise<void> {
  if (ids.length === 0 || !historyWriting.enabled) return;
  await tx.rows(sql`
    insert into sys_record_history (tenant_id, module, record_id, action, username, changes, reason)
    select ${actor.tenantId}, ${source.table}, ${keyOf(source)}, ${change.action}, ${actor.username.slice(0, 100)},
           sys_record_history_changes(${snapshotOf(source)}, null, ${idArray(source.masked ?? [])}::text[]), ${change.reason ?? null}
    from ${sql.identifier(source.table)} t where ${keyOf(source)} = any(${idArray(ids)}::text[])
    order by ${keyOf(source)}`);
}

/**
 * One statement: `update` (an UPDATE of the source's table answering `returning <alias>.*`) with the
 * rows' snapshots before it, read by the same statement (every part of one statement sees the rows
 * as they were before it), and — unless `afterLater` — their history rows written from what the
 * update answers. A change that is one UPDATE pays no round trip for its history (issue #32: the
 * history's cost, docs/decisions/148). `afterLater` is for a caller that changes more of the record
 * after (a hook, the rows its snapshot's `extra` reads): it writes with historyAfter and the
 * answered `before`. `added`: the rows are new (an add whose own row this UPDATE finishes, such as a
 * payment settled after its allocations): its history row is the add's, with every value it holds.
 * The snapshot's `extra` is read as the statement starts, so `update` must not change what it reads.
 * Answers the updated rows' `answer` columns (of the rows aliased `t`; the key by default) — never
 * more than asked, each column costs its reading.
 */
export async function updateWithHistory<T extends Record<string, unknown>>(
  tx: Executor,
  actor: HistoryActor,
  source: HistorySource,
  ids: readonly string[],
  change: HistoryAction,
  update: SQL,
  options: { afterLater?: boolean; answer?: SQL; added?: boolean } = {},
): Promise<{ rows: T[]; before: HistorySnapshot }> {
  const answer = options.answer ?? sql`${keyOf(source)} as key`;
  if (ids.length === 0 || !historyWriting.enabled) return { rows: await tx.rows<T>(sql`with t as (${update}) select ${answer} from t`), before: NO_SNAPSHOT };
  if (options.added) {
    // The rows are new (an add finishing its record): no snapshot before, every value is the change.
    const rows = await tx.rows<T>(sql`
      with t as (${update}), history as (
        insert into sys_record_history (tenant_id, module, record_id, action, username, changes, reason)
        select ${actor.tenantId}, ${source.table}, ${keyOf(source)}, ${change.action}, ${actor.username.slice(0, 100)}, c.changes, ${change.reason ?? null}
        from t cross join lateral (${addedChanges(source)}) c order by ${keyOf(source)})
      select ${answer} from t`);
    return { rows, before: NO_SNAPSHOT };
  }
  const unique = [...new Set(ids)].sort();
  const selected = sql`from ${sql.identifier(source.table)} t where ${keyOf(source)} = any(${idArray(unique)}::text[])`;
  if (options.afterLater) {
    // The caller writes the history after more changes: the snapshot before is answered whole.
    const rows = await tx.rows<T & { history_before: string | null }>(sql`
      with before as materialized (select ${keyOf(source)} as key, ${snapshotOf(source)} as snapshot ${selected}),
      t as (${update})
      select ${answer}, (select jsonb_object_agg(key, snapshot) from before)::text as history_before from t`);
    const before = rows[0]?.history_before ?? NO_SNAPSHOT;
    for (const row of rows) delete (row as Record<string, unknown>).history_before;
    return { rows, before };
  }
  // The history rows are this statement's: sys_record_history_edit (migration 0950) compares each
  // row's columns before and after — both rows of the one table, so `extra` is left out of both:
  // the statement reads it as it starts, before and after alike, so it never differs here — and
  // writes its row, in the order of the keys (a volatile function runs after the sort). Its plans
  // are kept for the session, where a history part of the statement was parsed and planned at every
  // change (docs/decisions/179).
  const rows = await tx.rows<T & { history_written?: unknown }>(sql`
    with before as materialized (select ${keyOf(source)} as key, to_jsonb(t) as snapshot ${selected}),
    t as (${update})
    select ${answer}, sys_record_history_edit(${actor.tenantId}::integer, ${source.table}::text, b.key, ${change.action}::text, ${actor.username.slice(0, 100)}::text,
                                              ${change.reason ?? null}::text, b.snapshot, to_jsonb(t), ${idArray(source.masked ?? [])}::text[]) as history_written
    from t left join before b on b.key = ${keyOf(source)}
    order by b.key`);
  for (const row of rows) delete row.history_written;
  return { rows, before: NO_SNAPSHOT };
}

/** Runs `work` on the records of `ids` and writes the history of those it changed. */
export async function withHistory<T>(tx: Executor, actor: HistoryActor, source: HistorySource, ids: readonly string[], change: HistoryAction, work: () => Promise<T>): Promise<T> {
  const unique = [...new Set(ids)].sort();
  const before = await historyBefore(tx, source, unique);
  const result = await work();
  await historyAfter(tx, actor, source, unique, before, change);
  return result;
}

/** One stored change of a record, as the history answers it. */
export interface HistoryChangeRow {
  field: string;
  old: unknown;
  new: unknown;
}

export interface HistoryRow {
  id: string;
  action: string;
  username: string | null;
  changedAt: string;
  reason: string | null;
  changes: HistoryChangeRow[];
}

/** A record's history, oldest first. */
export async function readHistory(executor: Pick<Executor, "rows">, tenantId: number | null, table: string, recordId: string): Promise<HistoryRow[]> {
  const rows = await executor.rows<{ id: string; action: string; username: string | null; changed_at: string | Date; reason: string | null; changes: HistoryChangeRow[] | string }>(sql`
    select id::text as id, action, username, changed_at, reason, changes from sys_record_history
    where module = ${table} and record_id = ${recordId} and tenant_id is not distinct from ${tenantId}
    order by id`);
  return rows.map((row) => ({
    id: row.id,
    action: row.action,
    username: row.username,
    changedAt: row.changed_at instanceof Date ? row.changed_at.toISOString() : String(row.changed_at),
    reason: row.reason,
    changes: typeof row.changes === "string" ? (JSON.parse(row.changes) as HistoryChangeRow[]) : row.changes,
  }));
}

/** The reason a workflow's request names (`reason` of its body), for its history row. */
export function historyReason(body: Record<string, unknown> | undefined): string | null {
  const reason = body?.reason;
  return typeof reason === "string" && reason.trim() !== "" ? reason.trim().slice(0, 500) : null;
}
