// Excel export and import of a createCrud resource, from its declaration (`excel` option):
//
//   createCrud({ basePath: "/sys/position", …, permissionPrefix: "position",
//     excel: { title: "职务信息", columns: [{ property: "code", title: "职务编码", required: true }, …], unique: ["code"] } });
//
// gives `GET|POST /sys/position/exportXls` (access `position:export`) and
// `POST /sys/position/importExcel` (access `position:import`).
//
// - Export: the WHERE is the list endpoint's own (resource.listQuery: filters, advanced query,
//   logical delete, tenant, data rules, hook conditions), the order the list's `column`/`order`,
//   plus `selections=id1,id2`. Dictionary columns (plain and table dictionaries such as
//   `sys_position,name,code`, read in the caller's tenant) become texts.
// - Import: every row goes through the add path: the body rules (every problem of a row is
//   reported under its column), `prepareMany`/`prepare`, values unique within the file and not
//   yet in the database (one query per unique column for the whole file), then one transaction
//   with tenant, beforeSave, audit columns, multi-row INSERTs and afterSave; afterCommit once.
//   Any bad row: nothing is written, code 201 with the error report (./import.ts).
import { sql, type SQL } from "drizzle-orm";
import { endpoint, type Endpoint, type EndpointRequest } from "../../http/endpoint";
import { columnInfo } from "../body-schema";
import { crudSummary } from "../summary";
import { columnRef } from "../conditions";
import { databaseExecutor, type CrudContext } from "../context";
import type { CrudResource, PreparedRow } from "../engine";
import { fieldByColumn, fieldByProperty } from "../entity";
import type { ListQueryParams } from "../query-generator";
import { allOf } from "../store";
import { isTableDictCode, parseTableDictCode, tableDictItems } from "../table-dict";
import type { DictionaryLookup, ExcelColumn } from "./columns";
import { exportEndpointHandler } from "./export";
import { importEndpointHandler, type ImportFieldError, type ImportRecord } from "./import";
import { ExcelMessages } from "./messages";
import { logSensitiveAccess, maskRecords } from "../sensitive";
import { encryptedFields, hashOfValue, openRecords } from "../encrypted";
import type { ReadLimits } from "./workbook-reader";

export interface CrudExcelConfig {
  /** Sheet and download name; default 导出文件. */
  title?: string;
  /** The sheet's columns, in order (export and import share them). */
  columns: readonly ExcelColumn[];
  /** Which endpoints; default both. */
  operations?: ReadonlyArray<"export" | "import">;
  /**
   * Import: properties whose values must be new — unique within the file and not yet taken in
   * the database (checked for the whole file with one query per property; a row that repeats a
   * value or takes an existing one is a row error).
   */
  unique?: readonly string[];
  /**
   * Which existing rows count as taking a unique value: `tenant` (the caller's tenant, for codes
   * unique per tenant) or `all` (a global unique index, including logically deleted rows).
   * Default `tenant` when the resource has a tenant scope, else `all`.
   */
  uniqueScope?: "tenant" | "all";
  /**
   * Export: the values of the virtual columns (ExcelColumn.virtual) of a page of records, each with
   * its primary key. On import those columns reach the add path's hooks in the body.
   */
  fill?: (context: CrudContext, records: Record<string, unknown>[]) => Promise<void>;
  /** Export: rows per keyset page (default EXPORT_BATCH_SIZE, 1000). */
  batchSize?: number;
  /** Import: parser limits (default DEFAULT_READ_LIMITS). */
  limits?: Partial<ReadLimits>;
}

/** Dictionary items for the sheet: plain codes from the cache, table codes in the caller's tenant. */
export function crudDictionaries(request: EndpointRequest, context: CrudContext): DictionaryLookup {
  return async (code) => {
    if (!isTableDictCode(code)) return request.services.dictionaries.items(code);
    const items = await tableDictItems(databaseExecutor(request.services.db), parseTableDictCode(code), context.tenantId);
    return items.map((item) => ({ value: item.value, text: item.text }));
  };
}

export function crudExcelEndpoints(resource: CrudResource, excel: CrudExcelConfig): Endpoint[] {
  const { entity, config } = resource;
  const operations = new Set(excel.operations ?? ["export", "import"]);
  const title = excel.title;
  const dictionaries = (request: EndpointRequest) => crudDictionaries(request, resource.context(request));
  const endpoints: Endpoint[] = [];

  if (operations.has("export"))
    endpoints.push(
      endpoint(
        ["GET", "POST"],
        `${config.basePath}/exportXls`,
        resource.access.export,
        exportEndpointHandler({
          entity,
          title,
          columns: excel.columns,
          dictionaries,
          batchSize: excel.batchSize,
          ...(excel.fill ? { fill: (request: EndpointRequest) => (records: Record<string, unknown>[]) => excel.fill!(resource.context(request), records) } : {}),
          notNull: Object.entries(columnInfo(config.table))
            .filter(([, info]) => info.notNull)
            .map(([property]) => property),
          where: async (request) => (await resource.listQuery(resource.context(request), request.req.query as ListQueryParams)).where,
          masked: async (request) =>
            config.sensitive && Object.keys(config.sensitive).length > 0 ? !(await resource.seesSensitive(resource.context(request))) : null,
          transform: async (request) => {
            const sensitive = config.sensitive;
            // Encrypted personal data in clear (docs/decisions/119), then masked without the right.
            const encrypted = encryptedFields(entity).length > 0;
            if (!sensitive || Object.keys(sensitive).length === 0) return encrypted ? (records) => openRecords(entity, records) : undefined;
            const context = resource.context(request);
            if (!(await resource.seesSensitive(context)))
              return (records) => {
                openRecords(entity, records);
                maskRecords(sensitive, records);
              };
            const filter = new URLSearchParams(request.req.query as Record<string, string>).toString();
            logSensitiveAccess(context, { title: title ?? config.pagePath, export: true, detail: filter });
            return encrypted ? (records) => openRecords(entity, records) : undefined;
          },
        }),
        { doc: { summary: crudSummary({ title: title ?? config.title }, "导出Excel") } },
      ),
    );

  if (operations.has("import")) {
    const unique = excel.unique ?? [];
    for (const property of unique) if (!fieldByProperty(entity, property)) throw new Error(`excel of ${entity.table}: unique ${property} is unknown`);
    const scopeAll = (excel.uniqueScope ?? (config.tenant === null || (config.tenant === undefined && !entity.tenantColumn) ? "all" : "tenant")) === "all";
    // What validateRows prepared for each record, handed to insert (same request, same objects).
    const prepared = new WeakMap<ImportRecord, PreparedRow>();

    endpoints.push(
      endpoint(
        "POST",
        `${config.basePath}/importExcel`,
        resource.access.import,
        importEndpointHandler({
          entity,
          title,
          columns: excel.columns,
          dictionaries,
          limits: excel.limits,
          uniqueProperties: unique,
          validateRows: async (records, { request }) => {
            const context = resource.context(request);
            const bodies = records.map((record) => ({ ...record.values }));
            // The database looks for taken values while the rows are checked here (the values are
            // the cells' own: text cells are written as they are).
            const taken = takenValues(resource, context, records, bodies, unique, scopeAll);
            taken.catch(() => undefined);
            const { rows, problems } = await resource.prepareMany(context, bodies);
            const errors: Array<ImportFieldError & { rowNumber: number }> = problems.map((problem) => ({
              rowNumber: records[problem.index]!.rowNumber,
              property: problem.property,
              message: problem.message,
            }));
            errors.push(...(await taken));
            records.forEach((record, index) => {
              const row = rows[index];
              if (row) prepared.set(record, row);
            });
            return errors;
          },
          insert: async (tx, records, { request }) => {
            const context = resource.context(request);
            // Only reached when every row passed validateRows, so each has its prepared row.
            const rows = records.map((record) => {
              const row = prepared.get(record);
              if (!row) throw new Error("excel import: a row was not prepared");
              return row;
            });
            return resource.insertMany(context, rows, tx);
          },
          afterCommit: async (inserted, _records, { request }) => {
            await resource.committed(resource.context(request), "add", inserted as string[]);
          },
        }),
        { doc: { summary: crudSummary({ title: title ?? config.title }, "导入Excel") } },
      ),
    );
  }
  return endpoints;
}

/**
 * Values of `unique` properties that rows already hold: one query per property for the whole file,
 * the properties' queries at once (on PostgreSQL each on its own connection); the errors in the
 * order of `unique`, as one after the other gave them.
 */
async function takenValues(
  resource: CrudResource,
  context: CrudContext,
  records: readonly ImportRecord[],
  bodies: ReadonlyArray<Record<string, unknown>>,
  unique: readonly string[],
  scopeAll: boolean,
): Promise<Array<ImportFieldError & { rowNumber: number }>> {
  const { entity } = resource;
  const scope: SQL | undefined = scopeAll ? undefined : resource.visibility(context);
  const lookups = unique.map(async (property) => {
    const errors: Array<ImportFieldError & { rowNumber: number }> = [];
    const field = fieldByProperty(entity, property)!;
    // Encrypted personal data (docs/decisions/119, 145) is found by its search hash.
    const hashField = field.encrypted ? fieldByColumn(entity, field.encrypted.hashColumn)! : undefined;
    const byValue = new Map<string, number[]>();
    const shown = new Map<string, string>();
    bodies.forEach((body, index) => {
      const value = body[property];
      if (value === undefined || value === null || value === "") return;
      const key = hashField ? hashOfValue(field, String(value)) : String(value);
      if (key === null) return;
      if (!shown.has(key)) shown.set(key, String(value));
      const rows = byValue.get(key);
      if (rows) rows.push(index);
      else byValue.set(key, [index]);
    });
    if (byValue.size === 0) return errors;
    const values = [...byValue.keys()];
    const column = columnRef(entity, hashField ?? field);
    // One JSON parameter for all the file's values (thousands of separate parameters cost more
    // to build and parse); the unique index answers each lookup.
    const found = await context.services.db.rows<{ value: string }>(
      sql`select distinct (${column})::text as "value" from ${sql.identifier(entity.table)} where ${allOf([
        sql`${column} in (select json_array_elements_text(${JSON.stringify(values)}::json))`,
        scope,
      ])}`,
    );
    for (const { value } of found)
      for (const index of byValue.get(value) ?? []) errors.push({ rowNumber: records[index]!.rowNumber, property, message: ExcelMessages.alreadyExists(shown.get(value) ?? value) });
    return errors;
  });
  // Every lookup is awaited before a failure is passed on (none is left running unobserved).
  const settled = await Promise.allSettled(lookups);
  const failed = settled.find((result) => result.status === "rejected");
  if (failed) throw failed.reason;
  return settled.flatMap((result) => (result.status === "fulfilled" ? result.value : []));
}
