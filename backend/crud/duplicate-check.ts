// The duplicate check (GET /sys/duplicate/check, api-contract.md §7) behind an allow-list (§10):
// only registered tables and columns may be named, the value is bound, and `dataId` (the row being
// edited) is excluded. Tables register what a form may check; the scope decides which rows count
// (a code unique per tenant is only taken within the tenant; a global unique index counts all).
import { sql, type SQL } from "drizzle-orm";
import { ApiError } from "../http/envelope";
import { columnRef, fieldCondition } from "./conditions";
import { fieldByColumn, fieldByProperty, isIdentifier, type EntityDefinition } from "./entity";
import { allOf, primaryKeyField } from "./store";
import type { Executor } from "./context";

export interface DuplicateCheckDefinition {
  entity: EntityDefinition;
  /** Database column names a form may check. */
  columns: readonly string[];
  /** Rows that count as taken for `tenantId`; undefined: every row (a global unique index). */
  scope?: (tenantId: number) => SQL | undefined;
}

export const DuplicateMessages = {
  available: "该值可用！",
  taken: "该值不可用，系统中已存在！",
  empty: "数据为空,不作处理！",
  // The table or column is never echoed: it may be an injection attempt (§10).
  refused: "不支持校验的表或字段",
} as const;

const registry = new Map<string, DuplicateCheckDefinition>();

export function registerDuplicateCheck(definition: DuplicateCheckDefinition): void {
  const { entity } = definition;
  if (registry.has(entity.table)) throw new Error(`duplicate check for ${entity.table} registered twice`);
  for (const column of definition.columns) {
    const field = fieldByColumn(entity, column);
    if (!field || field.secret) throw new Error(`duplicate check ${entity.table}: column ${column} is unknown or secret`);
  }
  registry.set(entity.table, definition);
}

/** True when another visible row already holds `value` in the column. */
export async function isTaken(
  executor: Executor,
  request: { tableName: string; fieldName: string; value: string; dataId?: string },
  tenantId: number,
): Promise<boolean> {
  const tableName = request.tableName.trim();
  const fieldName = request.fieldName.trim();
  const definition = isIdentifier(tableName) ? registry.get(tableName) : undefined;
  if (!definition || !isIdentifier(fieldName)) throw new ApiError(DuplicateMessages.refused);
  const { entity } = definition;
  const field = fieldByColumn(entity, fieldName) ?? fieldByProperty(entity, fieldName);
  if (!field || field.secret || !definition.columns.includes(field.column)) throw new ApiError(DuplicateMessages.refused);
  const key = primaryKeyField(entity);
  const dataId = request.dataId?.trim();
  const where = allOf([
    fieldCondition(entity, field, "eq", request.value),
    dataId ? sql`${columnRef(entity, key)} <> ${dataId}` : undefined,
    definition.scope?.(tenantId),
  ]);
  const rows = await executor.rows(sql`select 1 from ${sql.identifier(entity.table)} where ${where ?? sql`true`} limit 1`);
  return rows.length > 0;
}
