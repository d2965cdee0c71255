// 同步数据库 of an online form (docs/decisions/055): creates its table, then alters it to the form's
// fields: adds, changes and drops columns. A change that would lose data (dropping a column that
// holds values, narrowing a column below its longest value, changing the type of a column with
// values) is refused with the list of what would be lost unless the administrator confirms it.
// Every name is checked against a strict pattern, then quoted (sql.identifier); sizes are checked
// integers; nothing from the request is spliced into the DDL. The head row is locked for the whole
// synchronisation, so two at once run one after the other.
import { sql, type SQL } from "drizzle-orm";
import {
  lengthOf,
  MAIN_ID_COLUMN,
  onlineFieldProblems,
  OnlineFormMessages,
  parseOnlineFields,
  RelationType,
  reportHiddenColumns,
  scaleOf,
  SYSTEM_COLUMNS,
  TABLE_CODE_PATTERN,
  TABLE_PREFIX,
  TableType,
  TREE_PARENT_COLUMN,
  type OnlineField,
} from "#contract/modules/online-form";
import type { Database } from "../../../db/client";
import { inTransaction, type Executor } from "../../../crud/context";
import { ApiError } from "../../../http/envelope";
import { forgetOnlineForm, sealedFields, sealedEntity, hashColumnOf } from "./runtime";
import { encryptTableValues } from "../../../crud/encrypted";
import { decryptValue } from "../../../security/personal-data";

export const SyncMessages = {
  done: "同步数据库成功!",
  unchanged: "数据库已是最新，无需同步",
  confirm: "同步将丢失数据，请确认后再同步",
  dropColumn: (name: string, rows: number) => `删除字段“${name}”（${rows}行有值）`,
  narrow: (name: string, rows: number, length: number) => `字段“${name}”缩短到${length}位（${rows}行超长）`,
  changeType: (name: string, rows: number) => `修改字段“${name}”的类型（${rows}行有值）`,
  cannotConvert: "同步失败：现有数据无法转换为新的字段类型",
  mainNotSynced: "请先同步主表",
  badMain: "主表不存在或不是主表类型",
} as const;

/** Thrown when the change loses data and was not confirmed: what would be lost, one line each. */
export class SyncConfirmNeeded extends ApiError {
  constructor(readonly losses: string[]) {
    super(`${SyncMessages.confirm}：${losses.join("；")}`);
  }
}

interface ExistingColumn {
  column_name: string;
  data_type: string;
  character_maximum_length: number | null;
  numeric_precision: number | null;
  numeric_scale: number | null;
}

interface Kind {
  type: "character varying" | "text" | "integer" | "numeric" | "date" | "timestamp with time zone";
  length?: number;
  scale?: number;
}

function kindOf(field: OnlineField): Kind {
  switch (field.dbType) {
    case "string":
      return { type: "character varying", length: lengthOf(field)! };
    case "text":
      return { type: "text" };
    case "int":
      return { type: "integer" };
    case "decimal":
      return { type: "numeric", length: lengthOf(field)!, scale: scaleOf(field)! };
    case "date":
      return { type: "date" };
    case "datetime":
      return { type: "timestamp with time zone" };
  }
}

function kindOfExisting(column: ExistingColumn): Kind {
  return {
    type: column.data_type as Kind["type"],
    ...(column.character_maximum_length !== null ? { length: Number(column.character_maximum_length) } : {}),
    ...(column.data_type === "numeric" && column.numeric_precision !== null ? { length: Number(column.numeric_precision), scale: Number(column.numeric_scale ?? 0) } : {}),
  };
}

/** The SQL type of a kind: fixed words and checked integers only. */
function typeSql(kind: Kind): SQL {
  const size = (value: number | undefined) => {
    if (!Number.isInteger(value) || value! < 0 || value! > 10_000) throw new Error(`bad size ${value}`);
    return String(value);
  };
  switch (kind.type) {
    case "character varying":
      return sql.raw(`varchar(${size(kind.length)})`);
    case "numeric":
      return sql.raw(`numeric(${size(kind.length)}, ${size(kind.scale)})`);
    case "text":
      return sql.raw("text");
    case "integer":
      return sql.raw("integer");
    case "date":
      return sql.raw("date");
    case "timestamp with time zone":
      return sql.raw("timestamptz");
  }
}

const sameKind = (a: Kind, b: Kind) => a.type === b.type && (a.length ?? null) === (b.length ?? null) && (a.scale ?? null) === (b.scale ?? null);

/** A change that keeps every value as it is. */
function widens(from: Kind, to: Kind): boolean {
  if (from.type === "character varying" && to.type === "character varying") return to.length! >= from.length!;
  if (from.type === "character varying" && to.type === "text") return true;
  if (from.type === "integer" && to.type === "numeric") return to.length! - to.scale! >= 10;
  if (from.type === "integer" && (to.type === "text" || (to.type === "character varying" && to.length! >= 11))) return true;
  if (from.type === "numeric" && to.type === "numeric") return to.scale! >= from.scale! && to.length! - to.scale! >= from.length! - from.scale!;
  if (from.type === "date" && to.type === "timestamp with time zone") return true;
  return false;
}

export interface SyncOutcome {
  message: string;
  /** What was done, one line each (创建表, 新增字段…). */
  changes: string[];
}

/** Synchronises the form `id`; `confirm` accepts the changes that lose data. */
export async function synchroniseForm(db: Database, id: string, confirm: boolean): Promise<SyncOutcome> {
  let code = "";
  try {
    const outcome = await inTransaction(db, async (tx) => {
      const [head] = await tx.rows<{
        table_name: string;
        table_type: string;
        is_tree: string | null;
        main_table: string | null;
        relation_type: string | null;
        field_json: string | null;
        synced_json: string | null;
      }>(sql`select table_name, table_type, is_tree, main_table, relation_type, field_json, synced_json from onl_cgform_head where id = ${id} for update`);
      if (!head) throw new ApiError(OnlineFormMessages.unknownForm);
      code = head.table_name;
      if (!TABLE_CODE_PATTERN.test(code)) throw new ApiError(OnlineFormMessages.unknownForm);
      const fields = parseOnlineFields(head.field_json);
      const isTree = head.is_tree === "Y";
      const isSub = head.table_type === TableType.sub;
      const reserved = [...(isTree ? [TREE_PARENT_COLUMN] : []), ...(isSub ? [MAIN_ID_COLUMN] : [])];
      const problems = onlineFieldProblems(fields, reserved);
      if (problems.length > 0) throw new ApiError(problems[0]!);
      if (isSub) {
        const [main] = await tx.rows<{ table_type: string; synced_json: string | null }>(
          sql`select table_type, synced_json from onl_cgform_head where table_name = ${head.main_table ?? ""}`,
        );
        if (!main || main.table_type !== TableType.main) throw new ApiError(SyncMessages.badMain);
        if (!main.synced_json) throw new ApiError(SyncMessages.mainNotSynced);
      }
      const table = `${TABLE_PREFIX}${code}`;
      const shape = { isTree, isSub, oneToOne: isSub && head.relation_type === RelationType.oneToOne };
      const changes = await alignTable(tx, table, fields, parseOnlineFields(head.synced_json), shape, confirm);
      await tx.rows(sql`update onl_cgform_head set synced_json = field_json, is_db_synch = 'Y' where id = ${id}`);
      return { message: changes.length > 0 ? SyncMessages.done : SyncMessages.unchanged, changes };
    });
    return outcome;
  } catch (error) {
    if (error instanceof ApiError) throw error;
    // 22P02 invalid text representation, 22003 out of range, 22007/22008 bad dates, 22001 too long.
    const pgCode = findCode(error);
    if (pgCode && /^22/.test(pgCode)) throw new ApiError(SyncMessages.cannotConvert);
    throw error;
  } finally {
    if (code) forgetOnlineForm(code);
  }
}

function findCode(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current && typeof current === "object"; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === "string") return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/**
 * The values of `columns` back in clear (their fields are no longer 敏感 of a kind stored
 * encrypted): each ciphertext decrypted, in batches of 1,000 rows.
 */
async function openColumns(tx: Executor, table: string, columns: readonly string[]): Promise<void> {
  const t = sql.identifier(table);
  for (const name of columns) {
    const column = sql.identifier(name);
    for (;;) {
      const rows = await tx.rows<{ id: string; value: string }>(sql`select id, ${column} as value from ${t} where left(${column}, 4) = 'pd1:' order by id limit 1000`);
      if (rows.length === 0) break;
      const opened = rows.map((row) => ({ id: row.id, value: decryptValue(row.value) }));
      await tx.rows(
        sql`update ${t} set ${column} = v.value from json_to_recordset(${JSON.stringify(opened)}::json) as v(id text, value text) where ${t}.id = v.id`,
      );
    }
  }
}

async function alignTable(
  tx: Executor,
  table: string,
  fields: OnlineField[],
  previous: OnlineField[],
  shape: { isTree: boolean; isSub: boolean; oneToOne: boolean },
  confirm: boolean,
): Promise<string[]> {
  const t = sql.identifier(table);
  // 敏感 fields of the kinds stored encrypted (docs/decisions/145): a text column of ciphertext
  // (longer than the value; the form keeps the value's length) and `<name>_hash` beside it.
  const sealed = sealedFields(fields);
  const sealedNames = new Set(sealed.map((field) => field.name));
  const storedKind = (field: OnlineField): Kind => (sealedNames.has(field.name) ? { type: "text" } : kindOf(field));
  const existing = await tx.rows<ExistingColumn>(
    sql`select column_name, data_type, character_maximum_length, numeric_precision, numeric_scale from information_schema.columns where table_schema = current_schema() and table_name = ${table}`,
  );
  const changes: string[] = [];
  const statements: SQL[] = [];
  if (existing.length === 0) {
    const columns: SQL[] = [sql`id varchar(32) PRIMARY KEY`, sql`tenant_id integer NOT NULL`];
    if (shape.isSub) columns.push(sql`main_id varchar(32)`);
    if (shape.isTree) columns.push(sql`pid varchar(32) NOT NULL DEFAULT '0'`);
    for (const field of fields) columns.push(sql`${sql.identifier(field.name)} ${typeSql(storedKind(field))}`);
    for (const field of sealed) columns.push(sql`${sql.identifier(hashColumnOf(field.name))} varchar(64)`);
    columns.push(sql`create_by varchar(32)`, sql`create_time timestamptz NOT NULL DEFAULT now()`, sql`update_by varchar(32)`, sql`update_time timestamptz`);
    statements.push(sql`create table ${t} (${sql.join(columns, sql`, `)})`);
    statements.push(sql`create index ${sql.identifier(`${table}_list`)} on ${t} (tenant_id, create_time desc, id desc)`);
    changes.push(`创建表 ${table}`);
  } else {
    const byName = new Map(existing.map((column) => [column.column_name, column]));
    // Fields no longer stored encrypted get their values back in clear before anything is measured.
    const unsealed = sealedFields(previous).filter((field) => !sealedNames.has(field.name) && byName.has(field.name)).map((field) => field.name);
    await openColumns(tx, table, unsealed);
    const count = async (condition: SQL) => Number((await tx.rows<{ n: string }>(sql`select count(*)::text as n from ${t} where ${condition}`))[0]!.n);
    const losses: string[] = [];
    if (shape.isTree && !byName.has(TREE_PARENT_COLUMN)) {
      statements.push(sql`alter table ${t} add column pid varchar(32) NOT NULL DEFAULT '0'`);
      changes.push("新增字段 pid");
    }
    if (shape.isSub && !byName.has(MAIN_ID_COLUMN)) {
      statements.push(sql`alter table ${t} add column main_id varchar(32)`);
      changes.push("新增字段 main_id");
    }
    for (const field of sealed) {
      if (byName.has(hashColumnOf(field.name))) continue;
      statements.push(sql`alter table ${t} add column ${sql.identifier(hashColumnOf(field.name))} varchar(64)`);
    }
    for (const field of fields) {
      const column = sql.identifier(field.name);
      const wanted = storedKind(field);
      const current = byName.get(field.name);
      if (!current) {
        statements.push(sql`alter table ${t} add column ${column} ${typeSql(wanted)}`);
        changes.push(`新增字段 ${field.name}`);
        continue;
      }
      const have = kindOfExisting(current);
      if (sameKind(have, wanted)) continue;
      if (!widens(have, wanted)) {
        if ((have.type === "character varying" || have.type === "text") && wanted.type === "character varying") {
          const long = await count(sql`char_length(${column}) > ${wanted.length!}`);
          if (long > 0) losses.push(SyncMessages.narrow(field.name, long, wanted.length!));
        } else {
          const filled = await count(sql`${column} is not null`);
          if (filled > 0) losses.push(SyncMessages.changeType(field.name, filled));
        }
      }
      // A narrowed string keeps its first characters when confirmed; other types convert or fail.
      const using =
        wanted.type === "character varying" && (have.type === "character varying" || have.type === "text")
          ? sql`left(${column}, ${sql.raw(String(wanted.length!))})`
          : sql`${column}::${typeSql(wanted)}`;
      statements.push(sql`alter table ${t} alter column ${column} type ${typeSql(wanted)} using ${using}`);
      changes.push(`修改字段 ${field.name}`);
    }
    const kept = new Set<string>([...SYSTEM_COLUMNS, TREE_PARENT_COLUMN, MAIN_ID_COLUMN, ...fields.map((field) => field.name), ...sealed.map((field) => hashColumnOf(field.name))]);
    const searchHashes = new Set(sealedFields(previous).map((field) => hashColumnOf(field.name)));
    for (const current of existing) {
      if (kept.has(current.column_name)) continue;
      // A search hash that is no longer needed holds nothing of its own.
      const filled = searchHashes.has(current.column_name) ? 0 : await count(sql`${sql.identifier(current.column_name)} is not null`);
      if (filled > 0) losses.push(SyncMessages.dropColumn(current.column_name, filled));
      statements.push(sql`alter table ${t} drop column ${sql.identifier(current.column_name)}`);
      changes.push(`删除字段 ${current.column_name}`);
    }
    if (losses.length > 0 && !confirm) throw new SyncConfirmNeeded(losses);
  }
  const indexes = await tx.rows<{ indexname: string }>(sql`select indexname from pg_indexes where schemaname = current_schema() and tablename = ${table}`);
  const hasIndex = (name: string) => indexes.some((index) => index.indexname === name);
  for (const field of sealed) {
    const hash = sql.identifier(hashColumnOf(field.name));
    // A long name is cut to 63 characters by the database: `if not exists` finds it again.
    statements.push(sql`create index if not exists ${sql.identifier(`${table}_${hashColumnOf(field.name)}`.slice(0, 63))} on ${t} (${hash}) where ${hash} is not null`);
  }
  if (shape.isTree && !hasIndex(`${table}_pid`)) statements.push(sql`create index ${sql.identifier(`${table}_pid`)} on ${t} (tenant_id, pid)`);
  if (shape.isSub) {
    // One-to-one: one sub row per main row, kept by the database under concurrent adds too.
    const name = shape.oneToOne ? `${table}_main_one` : `${table}_main`;
    if (!hasIndex(name)) statements.push(shape.oneToOne ? sql`create unique index ${sql.identifier(name)} on ${t} (tenant_id, main_id)` : sql`create index ${sql.identifier(name)} on ${t} (tenant_id, main_id)`);
  }
  // The table's report view (migration 0350) stands on its columns: off during the change, then
  // made again from the new columns.
  if (statements.length > 0) await tx.rows(sql`drop view if exists ${sql.identifier("report")}.${t}`);
  for (const statement of statements) await tx.rows(statement);
  // Values still in clear (rows from before the field was 敏感) are encrypted in this transaction.
  if (sealed.length > 0 && (await encryptTableValues(tx, sealedEntity(table, sealed), { mode: "clear" })) > 0) changes.push(`加密敏感字段 ${sealed.map((field) => field.name).join(",")}`);
  // Its personal data never reaches report SQL, not even masked (docs/decisions/136), nor do the hashes.
  const hidden = [...reportHiddenColumns(fields), ...sealed.map((field) => hashColumnOf(field.name))];
  await tx.rows(sql`
    insert into report_source (table_name, scope, hidden_columns) values (${table}, 'tenant', ${hidden.join(",")})
    on conflict (table_name) do update set hidden_columns = excluded.hidden_columns`);
  await tx.rows(sql`select report_expose(${table})`);
  return changes;
}
