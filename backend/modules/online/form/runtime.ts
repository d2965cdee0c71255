// The engine resource of an online form, built at run time from what 同步数据库 last gave its table
// (onl_cgform_head.synced_json): a drizzle table of the generated columns and the form's module
// definition (contract/modules/online-form.ts onlineFormModule) go through createModuleCrud, the
// same function 职务管理's code-written definition goes through. Nothing here lists, validates or
// writes rows itself. Resources are cached per form and rebuilt when the synced definition changes.
import { eq, sql } from "drizzle-orm";
import { date, integer, numeric, pgTable, text, timestamp, varchar, type PgColumnBuilderBase, type PgTable } from "drizzle-orm/pg-core";
import {
  lengthOf,
  MAIN_ID_COLUMN,
  onlineFormModule,
  OnlineFormMessages,
  parseOnlineFields,
  propertyOf,
  RelationType,
  scaleOf,
  TableType,
  TABLE_PREFIX,
  TREE_PARENT_COLUMN,
  type OnlineField,
  type OnlineFormDefinition,
  type Theme,
} from "#contract/modules/online-form";
import { onlCgformHead } from "../../../db/schema";
import type { Database } from "../../../db/client";
import { ApiError } from "../../../http/envelope";
import { createModuleCrud } from "../../../crud/module";
import type { CrudResource } from "../../../crud/engine";
import { columnRef } from "../../../crud/conditions";
import { fieldByProperty, type EntityDefinition } from "../../../crud/entity";
import { forgetEncryptedTable, registerEncryptedEntityLoader } from "../../../crud/encrypted";
import { STORED_ENCRYPTED_KINDS } from "../../../security/personal-data";
import { isNotNull } from "drizzle-orm";

type HeadRow = typeof onlCgformHead.$inferSelect;

/** A form's definition as synchronised (undefined when it never was). */
export function syncedDefinition(head: HeadRow): OnlineFormDefinition | undefined {
  if (head.isDbSynch !== "Y" && !head.syncedJson) return undefined;
  if (!head.syncedJson) return undefined;
  return definitionOf(head, parseOnlineFields(head.syncedJson));
}

export function definitionOf(head: HeadRow, fields: OnlineField[]): OnlineFormDefinition {
  return {
    code: head.tableName,
    title: head.tableTxt,
    tableType: head.tableType,
    theme: ((head.themeTemplate ?? "normal") as Theme) || "normal",
    isTree: head.isTree === "Y",
    ...(head.mainTable ? { mainTable: head.mainTable } : {}),
    ...(head.relationType ? { relationType: head.relationType } : {}),
    fields,
  };
}

/**
 * The 敏感 fields of a kind stored encrypted (docs/decisions/145): their column holds ciphertext
 * and `<name>_hash` beside it the search hash, as the school modules' (decision 119).
 */
export function sealedFields(fields: readonly OnlineField[]): OnlineField[] {
  return fields.filter((field) => field.sensitive !== undefined && STORED_ENCRYPTED_KINDS.has(field.sensitive));
}

/** The search-hash column of a field. */
export function hashColumnOf(name: string): string {
  return `${name}_hash`;
}

/** The least entity the encryption pass needs over a form's table: its key and its sealed fields. */
export function sealedEntity(table: string, sealed: readonly OnlineField[]): EntityDefinition {
  return {
    table,
    primaryKey: "id",
    fields: [
      { property: "id", column: "id", type: "string" },
      ...sealed.flatMap((field) => [
        { property: propertyOf(field.name), column: field.name, type: "string" as const, sortable: false, encrypted: { kind: field.sensitive!, hashColumn: hashColumnOf(field.name) } },
        { property: propertyOf(hashColumnOf(field.name)), column: hashColumnOf(field.name), type: "string" as const, secret: true },
      ]),
    ],
  };
}

/** The drizzle table of a synchronised form: its system columns and its fields. */
export function runtimeTable(definition: OnlineFormDefinition, tableName: string): PgTable {
  const columns: Record<string, PgColumnBuilderBase> = {
    id: varchar("id", { length: 32 }).primaryKey(),
    tenantId: integer("tenant_id").notNull(),
  };
  if (definition.tableType === TableType.sub) columns[propertyOf(MAIN_ID_COLUMN)] = varchar(MAIN_ID_COLUMN, { length: 32 });
  if (definition.isTree) columns[propertyOf(TREE_PARENT_COLUMN)] = varchar(TREE_PARENT_COLUMN, { length: 32 }).notNull().default("0");
  for (const field of definition.fields) columns[propertyOf(field.name)] = columnBuilder(field);
  // Declared with the value's length (the form's limit); the column itself is text (ciphertext).
  for (const field of sealedFields(definition.fields)) columns[propertyOf(hashColumnOf(field.name))] = varchar(hashColumnOf(field.name), { length: 64 });
  columns.createBy = varchar("create_by", { length: 32 });
  columns.createTime = timestamp("create_time", { withTimezone: true, mode: "date" }).notNull().defaultNow();
  columns.updateBy = varchar("update_by", { length: 32 });
  columns.updateTime = timestamp("update_time", { withTimezone: true, mode: "date" });
  return pgTable(tableName, columns);
}

function columnBuilder(field: OnlineField): PgColumnBuilderBase {
  switch (field.dbType) {
    case "string":
      return varchar(field.name, { length: lengthOf(field)! });
    case "text":
      return text(field.name);
    case "int":
      return integer(field.name);
    case "decimal":
      return numeric(field.name, { precision: lengthOf(field)!, scale: scaleOf(field)! });
    case "date":
      return date(field.name, { mode: "string" });
    case "datetime":
      return timestamp(field.name, { withTimezone: true, mode: "date" });
  }
}

export interface OnlineForm {
  head: HeadRow;
  definition: OnlineFormDefinition;
  resource: CrudResource;
  /** The main table's form of a sub-table. */
  main?: OnlineForm;
}

const cache = new Map<string, { key: string; form: OnlineForm }>();

async function loadHead(db: Database, code: string): Promise<HeadRow | undefined> {
  const [head] = await db.orm.select().from(onlCgformHead).where(eq(onlCgformHead.tableName, code)).limit(1);
  return head;
}

/**
 * The synchronised form of `code` with its engine resource; refuses an unknown form and one never
 * synchronised. One small read per call decides whether the cached resource is still the form's.
 */
export async function onlineForm(db: Database, code: string): Promise<OnlineForm> {
  if (!/^[a-z][a-z0-9_]{1,39}$/.test(code)) throw new ApiError(OnlineFormMessages.unknownForm);
  const head = await loadHead(db, code);
  if (!head) throw new ApiError(OnlineFormMessages.unknownForm);
  const definition = syncedDefinition(head);
  if (!definition) throw new ApiError(OnlineFormMessages.notSynced);
  const main = definition.tableType === TableType.sub && definition.mainTable ? await onlineForm(db, definition.mainTable) : undefined;
  const key = JSON.stringify([head.syncedJson, head.tableType, head.isTree, head.mainTable, head.relationType, head.tableTxt, main?.head.syncedJson ?? null]);
  const cached = cache.get(code);
  if (cached && cached.key === key) return cached.form;
  const form: OnlineForm = { head, definition, resource: buildResource(definition, main), ...(main ? { main } : {}) };
  cache.set(code, { key, form });
  return form;
}

/** The sub-tables of a main form that are synchronised, in name order. */
export async function subForms(db: Database, main: OnlineForm): Promise<OnlineForm[]> {
  const rows = await db.orm.select({ code: onlCgformHead.tableName }).from(onlCgformHead).where(eq(onlCgformHead.mainTable, main.head.tableName));
  const forms: OnlineForm[] = [];
  for (const { code } of rows.sort((a, b) => a.code.localeCompare(b.code))) {
    try {
      forms.push(await onlineForm(db, code));
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
    }
  }
  return forms;
}

function buildResource(definition: OnlineFormDefinition, main: OnlineForm | undefined): CrudResource {
  const module = onlineFormModule(definition);
  const table = runtimeTable(definition, module.table);
  const isSub = definition.tableType === TableType.sub;
  const mainIdProperty = propertyOf(MAIN_ID_COLUMN);
  const parentProperty = propertyOf(TREE_PARENT_COLUMN);
  // A form's personal data is masked by right and kept from reports (docs/decisions/136), and its
  // fields of the kinds stored encrypted are encrypted with their search hashes (decision 145):
  // createModuleCrud registers the table for the start-up pass and the rotation.
  forgetEncryptedTable(module.table);
  const resource: CrudResource = createModuleCrud(module, {
    table,
    entity: { tenantColumn: "tenant_id" },
    hooks: {
      beforeSave: async (save) => {
        if (definition.isTree && save.operation === "add") save.values[parentProperty] = String(save.body[parentProperty] ?? "") || "0";
        if (definition.isTree && save.operation === "edit") delete save.values[parentProperty];
        if (!isSub || !main) return;
        if (save.operation === "edit") {
          // A row stays with its main row.
          delete save.values[mainIdProperty];
          return;
        }
        const mainId = String(save.body[mainIdProperty] ?? "");
        if (!mainId) throw new ApiError(OnlineFormMessages.mainRequired);
        // The main row must be one this tenant sees.
        const mainEntity = main.resource.entity;
        const owner = await save.tx.rows(
          sql`select 1 from ${sql.identifier(mainEntity.table)} where ${columnRef(mainEntity, fieldByProperty(mainEntity, "id")!)} = ${mainId} and ${main.resource.visibility(save)} for share`,
        );
        if (owner.length === 0) throw new ApiError(OnlineFormMessages.mainRequired);
        save.values[mainIdProperty] = mainId;
        if (definition.relationType === RelationType.oneToOne) {
          const taken = await save.tx.rows(
            sql`select 1 from ${sql.identifier(module.table)} where main_id = ${mainId} and tenant_id = ${save.tenantId} limit 1`,
          );
          if (taken.length > 0) throw new ApiError(OnlineFormMessages.oneToOneTaken);
        }
      },
      beforeDelete: async (remove) => {
        if (!definition.isTree) return;
        // A node with children stays (its children would lose their place in the tree).
        const children = await remove.tx.rows(
          sql`select 1 from ${sql.identifier(module.table)} where pid in ${sql`(${sql.join(remove.ids.map((id) => sql`${id}`), sql`, `)})`} and tenant_id = ${remove.tenantId} and id not in ${sql`(${sql.join(remove.ids.map((id) => sql`${id}`), sql`, `)})`} limit 1`,
        );
        if (children.length > 0) throw new ApiError("该节点下有子节点，不能删除");
      },
      afterDelete: async (remove, deleted) => {
        if (definition.tableType !== TableType.main || deleted.length === 0) return;
        // The sub-tables' rows of deleted main rows go with them, in the same transaction.
        const subs = await remove.tx.rows<{ table_name: string }>(sql`select table_name from onl_cgform_head where main_table = ${definition.code} and synced_json is not null`);
        for (const { table_name } of subs) {
          if (!/^[a-z][a-z0-9_]{1,39}$/.test(table_name)) continue;
          await remove.tx.rows(
            sql`delete from ${sql.identifier(`${TABLE_PREFIX}${table_name}`)} where tenant_id = ${remove.tenantId} and main_id in ${sql`(${sql.join(deleted.map((id) => sql`${id}`), sql`, `)})`}`,
          );
        }
      },
    },
  });
  return resource;
}

/** Forgets cached resources (tests, a form deleted). */
export function forgetOnlineForm(code?: string): void {
  if (code) cache.delete(code);
  else cache.clear();
}

/**
 * The start-up pass and the rotation cover the forms' tables: every synchronised form with a 敏感
 * field is built (and so registered) before they run.
 */
registerEncryptedEntityLoader(async (db) => {
  const heads = await db.orm
    .select({ code: onlCgformHead.tableName, syncedJson: onlCgformHead.syncedJson })
    .from(onlCgformHead)
    .where(isNotNull(onlCgformHead.syncedJson));
  for (const head of heads) {
    if (sealedFields(parseOnlineFields(head.syncedJson)).length === 0) continue;
    try {
      await onlineForm(db, head.code);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
    }
  }
});
