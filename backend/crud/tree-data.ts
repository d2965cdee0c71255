// `loadTreeData` of the table tree select (api-contract.md §7): one level of an allow-listed tree
// table. Table, text, code, parent and has-child columns must be registered for the table
// (./table-dict.ts); condition keys must be searchable properties or columns of the entity and
// their values are bound; nothing from the request is ever SQL text (§10).
import { sql, type SQL } from "drizzle-orm";
import { ApiError } from "../http/envelope";
import { columnRef, fieldCondition } from "./conditions";
import { fieldByColumn, fieldByProperty, isIdentifier, isSearchable } from "./entity";
import { buildOrderBy } from "./query-generator";
import { allOf } from "./store";
import { allowedField, dictTable, DictErrors, MAX_DICT_ITEMS } from "./table-dict";
import type { Executor } from "./context";

export interface TreeDataQuery {
  pid?: string;
  pidField?: string;
  tableName?: string;
  text?: string;
  code?: string;
  hasChildField?: string;
  condition?: string;
}

/** TreeSelectModel as loadTreeData answers it: the JSON key is `leaf` (contract §7). */
export interface TreeDataNode {
  key: string;
  title: string;
  leaf: boolean;
  parentId: string | null;
  value: null;
  code: null;
  icon: null;
  children: null;
}

export const TreeDataErrors = {
  badCondition: () => new ApiError("查询条件格式不正确，需要一个JSON对象"),
} as const;

/** The condition JSON `{"col":"val"}` as equality conditions on known searchable fields. */
export function treeConditions(definition: NonNullable<ReturnType<typeof dictTable>>, raw: string | undefined): SQL[] {
  const text = (raw ?? "").trim();
  if (text === "") return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw TreeDataErrors.badCondition();
  }
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) throw TreeDataErrors.badCondition();
  const conditions: SQL[] = [];
  for (const [key, value] of Object.entries(parsed as Record<string, unknown>)) {
    if (!isIdentifier(key)) throw DictErrors.unknownTable();
    const field = fieldByColumn(definition.entity, key) ?? fieldByProperty(definition.entity, key);
    if (!field || !isSearchable(field)) throw DictErrors.unknownTable();
    if (value === null || value === undefined) continue;
    if (typeof value !== "string" && typeof value !== "number" && typeof value !== "boolean") throw TreeDataErrors.badCondition();
    const condition = fieldCondition(definition.entity, field, "eq", String(value));
    if (condition) conditions.push(condition);
  }
  return conditions;
}

/**
 * One level: the children of `pid`, or the top level when `pid` is empty (parent empty or null).
 * `leaf` is true when the has-child column is not '1' (the [3.x+] reading; 3.0 inverted it), or,
 * without a has-child column, when no row has this node as parent.
 */
export async function loadTreeData(executor: Executor, query: TreeDataQuery, tenantId: number): Promise<TreeDataNode[]> {
  const definition = dictTable((query.tableName ?? "").trim());
  if (!definition?.tree) throw DictErrors.unknownTable();
  const { entity, tree } = definition;
  const text = allowedField(definition, query.text ?? "");
  const code = allowedField(definition, query.code ?? "");
  const pidField = allowedField(definition, query.pidField ?? "", tree.pidColumns);
  const hasChild = query.hasChildField?.trim() ? allowedField(definition, query.hasChildField, tree.hasChildColumns ?? []) : undefined;
  const parent = columnRef(entity, pidField);
  const pid = (query.pid ?? "").trim();
  const scope = definition.scope?.(tenantId);
  const where = allOf([
    scope,
    pid === "" ? sql`coalesce((${parent})::text, '') = ''` : sql`(${parent})::text = ${pid}`,
    ...treeConditions(definition, query.condition),
  ]);
  const key = columnRef(entity, code);
  const table = sql.identifier(entity.table);
  // A child always has its parent's tenant (parents are checked on add), so counting children
  // needs no tenant condition; only whether one exists is answered.
  const childAlias = sql.identifier("child");
  const childParent = sql`${childAlias}.${sql.identifier(pidField.column)}`;
  const leaf = hasChild
    ? sql`coalesce((${columnRef(entity, hasChild)})::text, '') <> '1'`
    : sql`not exists (select 1 from ${table} as ${childAlias} where (${childParent})::text = (${key})::text)`;
  const rows = await executor.rows<{ key: unknown; title: unknown; parentId: unknown; leaf: unknown }>(
    sql`select (${key})::text as "key", (${columnRef(entity, text)})::text as "title", (${parent})::text as "parentId", ${leaf} as "leaf"
        from ${table} where ${where ?? sql`true`} order by ${buildOrderBy(entity, undefined, undefined)} limit ${MAX_DICT_ITEMS}`,
  );
  return rows.map((row) => ({
    key: String(row.key ?? ""),
    title: String(row.title ?? ""),
    leaf: row.leaf === true || row.leaf === "t",
    parentId: row.parentId === null || row.parentId === undefined ? null : String(row.parentId),
    value: null,
    code: null,
    icon: null,
    children: null,
  }));
}
