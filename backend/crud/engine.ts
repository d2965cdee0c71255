// The generic CRUD engine (api-contract.md §6 "Generic CRUD conventions"): one declaration per
// entity gives list / add / edit / delete / deleteBatch / queryById with the contract's answers,
// access checks (menu for reading, buttons for writing), tenant isolation, data rules,
// `_dictText`, a validated body, audit columns, one transaction per change and no lost updates
// (an edit of a stale copy is refused, ./stale-edit.ts). Modules add only
// what is special through hooks. The resource it returns also serves other features (Excel
// export/import): the list query with every condition, the body validator and the insert path.
//
//   export const positions = createCrud({
//     basePath: "/sys/position", entity: positionEntity, table: sysPosition,
//     pagePath: "/isystem/position", permissionPrefix: "position",
//     body: { fields: { code: { label: "职务编码", required: true } } },
//     hooks: { beforeSave: async (save) => { save.values.sysOrgCode ??= save.auth.user.orgCode; } },
//   });
//   export const positionEndpoints = positions.endpoints;
import { crudSummary } from "./summary";
import { getTableColumns, sql, type SQL } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import type { Page } from "#contract/envelope";
import type { PermissionPrefix } from "#contract/permission-codes";
import { newId } from "../db/ids";
import { endpoint, menuAccess, type Access, type Endpoint, type EndpointRequest, type HttpMethod } from "../http/endpoint";
import { ApiError, ok, okMessage } from "../http/envelope";
import { buildBodySchemas, columnInfo, definedValues, parseBody, type BodyRules, type BodySchemas } from "./body-schema";
import { crudContext, databaseExecutor, inTransaction, type CrudContext, type Executor } from "./context";
import { CrudMessages, notFound, singleId, splitIds } from "./crud-messages";
import { dataRuleConditions } from "./data-rules";
import { addDictText } from "./dict-text";
import { fieldByProperty, type EntityDefinition } from "./entity";
import { pageOf, selectPage, selectRecords, type ListRecord } from "./page";
import { buildListQuery, type ListQuery, type ListQueryOptions, type ListQueryParams } from "./query-generator";
import { allOf, deleteRows, findRow, idCondition, insertRow, presentCondition, primaryKeyField, updateRow, type RowValues } from "./store";
import { columnTenantScope, type TenantScope } from "./tenant";
import { columnRef } from "./conditions";
import { crudExcelEndpoints, type CrudExcelConfig } from "./excel/crud-excel";
import { listQuerySchema } from "./query-schema";
import { pickColumns } from "./picker-columns";
import { isStale, loadedUpdateTime, nextUpdateTime, STALE_EDIT_MESSAGE } from "./stale-edit";
import { logSensitiveAccess, maskRecords, seesSensitive, wholeValueEntity, withoutMaskedValues, type SensitiveFields } from "./sensitive";
import { historyAdded, historyAfter, historyBefore, historyRemoved, NO_SNAPSHOT, updateWithHistory, type HistoryActor, type HistorySource } from "./history";
import { historyEndpoint } from "./history-endpoint";
import { openRecords, sealValues } from "./encrypted";

export type CrudOperation = "list" | "add" | "edit" | "delete" | "deleteBatch" | "queryById";
/** Operations other features add on the same page (Excel), so their access is declared here too. */
export type CrudAccessKey = CrudOperation | "export" | "import";

export interface SaveContext extends CrudContext {
  operation: "add" | "edit";
  tx: Executor;
  /** The row's id (new on add). */
  id: string;
  /** What will be written, keyed by property; hooks may change it. */
  values: RowValues;
  /** The request body as sent (extra fields such as `selectedroles`). */
  body: Record<string, unknown>;
  /** Edit: the row before the change. */
  existing?: ListRecord;
  /**
   * Set by an add's afterSave that wrote the record's history row itself, folded into a statement
   * of its own (a payment's settling UPDATE, action add): the engine then writes none.
   */
  historyWritten?: boolean;
}

export interface DeleteContext extends CrudContext {
  operation: "delete" | "deleteBatch";
  tx: Executor;
  /** The requested ids the caller may see. */
  ids: string[];
}

/** A change before its transaction: the validated values and the body, no database handle. */
export interface PrepareContext extends CrudContext {
  operation: "add" | "edit";
  values: RowValues;
  body: Record<string, unknown>;
}

/** A problem with one row of a batch (an Excel import): on a property, or on the whole row. */
export interface RowProblem {
  /** Index of the row in the batch. */
  index: number;
  property?: string;
  message: string;
}

/** One row of a batch add after validation and preparation: ready for insertMany. */
export interface PreparedRow {
  values: RowValues;
  body: Record<string, unknown>;
}

export interface CrudHooks {
  /**
   * Before the transaction opens: slow work that needs no rows (hashing a password), so that it
   * never holds a transaction (PGlite has one connection). May change `values` or refuse.
   */
  prepare?(prepared: PrepareContext): void | Promise<void>;
  /**
   * A batch add (Excel import) calls this once for all its valid rows instead of `prepare` per
   * row, so that slow work is done once (one password hash for a whole file). May change each
   * row's `values`; answers the rows it refuses. Without it, `prepare` runs per row (an ApiError
   * it throws becomes that row's problem).
   */
  prepareMany?(context: CrudContext, rows: readonly PrepareContext[]): void | RowProblem[] | Promise<void | RowProblem[]>;
  /** More list conditions, ANDed (e.g. `dictId` of dictionary items). */
  listConditions?(context: CrudContext, query: ListQueryParams): SQL[] | Promise<SQL[]>;
  /** Extra fields of list and queryById records, after `_dictText`. */
  decorate?(context: CrudContext, records: ListRecord[]): void | Promise<void>;
  /**
   * Whether a detail (queryById) showed personal data in full that `decorate` opened itself (not a
   * sensitive field of the module definition): then the view is logged like the engine's own.
   */
  viewedInFull?(context: CrudContext, record: ListRecord): boolean | Promise<boolean>;
  /** In the transaction, before the write; may change `values` or refuse with an ApiError. */
  beforeSave?(save: SaveContext): void | Promise<void>;
  /** In the transaction, after the write (relations such as user roles). */
  afterSave?(save: SaveContext): void | Promise<void>;
  /**
   * Whether beforeSave may change what the record's history snapshot reads (its row, or the rows
   * of its `extra`) before an edit's UPDATE: the snapshot is then read before it is called, in a
   * statement of its own. Default: yes when there is a beforeSave. A hook that only checks, locks or
   * fills `values` says false, and the UPDATE reads the snapshot itself (the history's cost, #32).
   */
  beforeSaveChangesRecord?: boolean;
  /**
   * Whether this save's afterSave changes what the record's history snapshot reads (default: yes
   * when there is an afterSave). When not, an edit's UPDATE writes the history row itself.
   */
  afterSaveChangesRecord?(save: SaveContext): boolean;
  /** In the transaction, before deleting; answers the ids the engine should still delete. */
  beforeDelete?(remove: DeleteContext): void | readonly string[] | Promise<void | readonly string[]>;
  /** In the transaction, after deleting `deleted`. */
  afterDelete?(remove: DeleteContext, deleted: readonly string[]): void | Promise<void>;
  /** After the transaction committed (cache clearing). */
  afterCommit?(context: CrudContext, operation: "add" | "edit" | "delete" | "deleteBatch", ids: readonly string[]): void | Promise<void>;
}

export interface CrudConfig {
  /** e.g. `/sys/position`. */
  basePath: string;
  entity: EntityDefinition;
  /** The drizzle table: column sizes and NOT NULLs for the body schema. */
  table: PgTable;
  /** The page's menu url: list/queryById need it (`menu:<pagePath>`), data rules come from it. */
  pagePath: string;
  /** Button prefix: `<prefix>:add|edit|delete|batch_delete|export|import` (contract/permission-codes.ts). */
  permissionPrefix: PermissionPrefix;
  /** Tenant isolation; default the entity's tenantColumn, `null` for shared tables. */
  tenant?: TenantScope | null;
  body?: BodyRules;
  hooks?: CrudHooks;
  /** Generated endpoints; default all six. */
  operations?: readonly CrudOperation[];
  /** Overrides of the derived access, e.g. `{ list: "user" }` for a picker list. */
  access?: Partial<Record<CrudAccessKey, Access>>;
  /**
   * When the list also serves a picker to callers without the page (`access.list` is not the
   * page): the only columns those callers get (issue #10 smaller exposure, ./picker-columns.ts).
   */
  pickerColumns?: readonly string[];
  /** Apply the page's data rules to lists; default true. */
  dataRules?: boolean;
  /**
   * Personal data, property → kind (./sensitive.ts): masked in every record answered to a caller
   * without `<prefix>:viewSensitive`; with it, detail views and exports are logged.
   */
  sensitive?: SensitiveFields;
  /** The module's name: in 接口文档's summaries (学生-添加) and the logs of sensitive views (default the page path). */
  title?: string;
  /** Options of every list query (page size defaults…). */
  listOptions?: Omit<ListQueryOptions, "conditions">;
  /**
   * Excel export and import (`<basePath>/exportXls`, access `<prefix>:export`; `<basePath>/importExcel`,
   * access `<prefix>:import`): the export applies the list's WHERE (filters, advanced query,
   * tenant, data rules, hook conditions) and sort plus `selections`; the import adds every row
   * through the add path (body rules, prepare hooks, tenant, beforeSave/afterSave, audit) in one
   * transaction, all or nothing. See ./excel/crud-excel.ts.
   */
  excel?: CrudExcelConfig;
  /** Field labels by property, for the record's history (`<basePath>/history`). */
  labels?: Readonly<Record<string, string>>;
  /** The money fields by property: the record's history shows them as every screen does (formatMoney). */
  money?: readonly string[];
  /**
   * What the record's history snapshots besides its row (./history.ts `extra`, with labels of
   * the keys it adds). Every resource keeps a history (docs/decisions/070).
   */
  history?: { extra?: SQL; labels?: Readonly<Record<string, string>> };
}

export interface CrudResource {
  readonly config: CrudConfig;
  readonly entity: EntityDefinition;
  readonly endpoints: Endpoint[];
  readonly access: Readonly<Record<CrudAccessKey, Access>>;
  readonly schemas: BodySchemas;
  context(request: EndpointRequest): CrudContext;
  /** Tenant and logical-delete conditions: the rows the caller may see at all. */
  visibility(context: CrudContext): SQL | undefined;
  /** The list query of a request with tenant, data rules and hook conditions ANDed in. */
  listQuery(context: CrudContext, query: ListQueryParams, options?: ListQueryOptions): Promise<ListQuery>;
  /** One page, with `_dictText` and hook fields. */
  list(context: CrudContext, query: ListQueryParams): Promise<Page<ListRecord>>;
  /** Every row of a list request up to `limit` (an export), with `_dictText` and hook fields. */
  listAll(context: CrudContext, query: ListQueryParams, limit: number): Promise<ListRecord[]>;
  /** `_dictText` and hook fields, in place; sensitive fields masked unless the caller may see them. */
  decorate(context: CrudContext, records: ListRecord[]): Promise<void>;
  /** Does the caller see the sensitive fields in full (true when the resource has none)? */
  seesSensitive(context: CrudContext): Promise<boolean>;
  findById(context: CrudContext, id: string): Promise<ListRecord | undefined>;
  /** findById for a caller's 详情: a full view of personal data is written to 系统日志 (./sensitive.ts). */
  viewById(context: CrudContext, id: string): Promise<ListRecord | undefined>;
  /** A body checked for add or edit: the values that would be written (throws a plain ApiError). */
  validate(body: unknown, operation: "add" | "edit"): RowValues;
  /**
   * The add path for one body: validate, prepare, hooks, audit, insert. With `tx` it runs inside
   * the caller's transaction and afterCommit is the caller's job (`committed`).
   */
  insert(context: CrudContext, body: Record<string, unknown>, tx?: Executor): Promise<string>;
  /**
   * The add path's checks for many bodies (an import): every body rule problem of every row (with
   * its property), then `prepareMany` (or `prepare` per row). Runs outside any transaction.
   */
  prepareMany(context: CrudContext, bodies: readonly Record<string, unknown>[]): Promise<{ rows: Array<PreparedRow | undefined>; problems: RowProblem[] }>;
  /**
   * Inserts prepared rows inside `tx` as insert does (tenant, beforeSave, audit, afterSave per
   * row) but with multi-row INSERT statements; answers the new ids in order. afterCommit is the
   * caller's job (`committed`).
   */
  insertMany(context: CrudContext, rows: readonly PreparedRow[], tx: Executor): Promise<string[]>;
  update(context: CrudContext, body: Record<string, unknown>): Promise<void>;
  remove(context: CrudContext, ids: readonly string[], operation: "delete" | "deleteBatch"): Promise<string[]>;
  committed(context: CrudContext, operation: "add" | "edit" | "delete" | "deleteBatch", ids: readonly string[]): Promise<void>;
  /** Where the records' history comes from: workflows outside the generic save write it too. */
  readonly history: HistorySource;
  /** Who changes, for the history: the caller in the resource's tenant (none for shared tables). */
  historyActor(context: CrudContext): HistoryActor;
}

function columnNameOf(table: PgTable, property: string): string {
  return (getTableColumns(table) as Record<string, { name: string }>)[property]!.name;
}

const ALL_OPERATIONS: readonly CrudOperation[] = ["list", "add", "edit", "delete", "deleteBatch", "queryById"];

export function createCrud(config: CrudConfig): CrudResource {
  const { entity, hooks = {} } = config;
  const key = primaryKeyField(entity);
  const tenant = config.tenant === undefined ? (entity.tenantColumn ? columnTenantScope(entity) : null) : config.tenant;
  const managed = new Set<string>([key.property]);
  if (tenant?.managedProperty) managed.add(tenant.managedProperty);
  const softDelete = entity.softDeleteColumn ? entity.fields.find((field) => field.column === entity.softDeleteColumn) : undefined;
  if (softDelete) managed.add(softDelete.property);
  const schemas = buildBodySchemas(entity, columnInfo(config.table), config.body, managed);
  const has = (property: string) => fieldByProperty(entity, property) !== undefined;
  const history: HistorySource = {
    table: entity.table,
    key: key.column,
    // Secret and sensitive (personal data, docs/decisions/087) columns, and columns the entity
    // leaves out (never read by anyone): the history never holds their values.
    masked: [
      ...entity.fields.filter((field) => field.secret || Object.hasOwn(config.sensitive ?? {}, field.property)).map((field) => field.column),
      ...Object.keys(columnInfo(config.table)).flatMap((property) => (has(property) ? [] : [columnNameOf(config.table, property)])),
    ],
    ...(config.history?.extra ? { extra: config.history.extra } : {}),
  };
  const historyActor = (context: CrudContext): HistoryActor => ({ tenantId: tenant ? context.tenantId : null, username: context.username });

  const prefix = config.permissionPrefix;
  const access: Record<CrudAccessKey, Access> = {
    list: menuAccess(config.pagePath),
    queryById: menuAccess(config.pagePath),
    add: `${prefix}:add`,
    edit: `${prefix}:edit`,
    delete: `${prefix}:delete`,
    deleteBatch: `${prefix}:batch_delete`,
    export: `${prefix}:export`,
    import: `${prefix}:import`,
    ...config.access,
  };

  const visibility = (context: CrudContext) => allOf([tenant?.condition(context.tenantId), presentCondition(entity)]);

  const sensitive = config.sensitive && Object.keys(config.sensitive).length > 0 ? config.sensitive : undefined;
  const sees = async (context: CrudContext) => !sensitive || (await seesSensitive(context, prefix));
  // What a caller who sees the sensitive fields masked may search (./sensitive.ts).
  const maskedSearch = sensitive ? wholeValueEntity(entity, sensitive) : entity;

  const listQuery = async (context: CrudContext, query: ListQueryParams, options: ListQueryOptions = {}) => {
    const conditions: SQL[] = [];
    if (tenant) conditions.push(tenant.condition(context.tenantId));
    if (config.dataRules !== false) conditions.push(...(await dataRuleConditions(context, entity, config.pagePath)));
    if (hooks.listConditions) conditions.push(...(await hooks.listConditions(context, query)));
    const searched = maskedSearch !== entity && !(await sees(context)) ? maskedSearch : entity;
    return buildListQuery(searched, query, {
      ...config.listOptions,
      ...options,
      conditions: [...conditions, ...(options.conditions ?? [])],
    });
  };
  const decorate = async (context: CrudContext, records: ListRecord[]) => {
    // Encrypted personal data in clear first (docs/decisions/119): hooks and masks see values.
    openRecords(entity, records);
    const [, full] = await Promise.all([addDictText(context, entity, records), sees(context)]);
    await hooks.decorate?.(context, records);
    if (!full) maskRecords(sensitive!, records);
  };

  const audit = (context: CrudContext, operation: "add" | "edit"): RowValues => {
    const now = new Date();
    const who = context.username.slice(0, 32);
    const values: RowValues = {};
    if (operation === "add") {
      if (has("createBy")) values.createBy = who;
      if (has("createTime")) values.createTime = now;
    } else {
      if (has("updateBy")) values.updateBy = who;
      if (has("updateTime")) values.updateTime = now;
    }
    return values;
  };

  const committed = async (context: CrudContext, operation: "add" | "edit" | "delete" | "deleteBatch", ids: readonly string[]) => {
    await hooks.afterCommit?.(context, operation, ids);
  };

  const prepare = async (context: CrudContext, operation: "add" | "edit", sent: Record<string, unknown>) => {
    const body = sensitive ? withoutMaskedValues(sensitive, sent) : sent;
    const values = parseBody(operation === "add" ? schemas.add : schemas.edit, body);
    await hooks.prepare?.({ ...context, operation, values, body });
    return values;
  };

  const insertIn = async (context: CrudContext, body: Record<string, unknown>, values: RowValues, tx: Executor): Promise<string> => {
    const id = newId();
    const save: SaveContext = { ...context, operation: "add", tx, id, values, body };
    if (tenant) tenant.assign(save.values, context.tenantId);
    await hooks.beforeSave?.(save);
    // beforeSave may choose the key (a numbered row such as a tenant).
    await insertRow(tx, entity, { ...save.values, ...audit(context, "add"), [key.property]: save.id });
    await hooks.afterSave?.(save);
    if (!save.historyWritten) await historyAdded(tx, historyActor(context), history, [save.id], { action: "add" });
    return save.id;
  };

  const prepareMany = async (context: CrudContext, bodies: readonly Record<string, unknown>[]) => {
    const problems: RowProblem[] = [];
    const rows: Array<PreparedRow | undefined> = [];
    const candidates: Array<{ index: number; prepared: PrepareContext }> = [];
    // Rows the schema refused, with what could still be read of them: the hooks' checks run on
    // them too, so that an import reports every fault of a row at once (best effort: a hook may
    // not expect a row without its required values, and its failure there changes nothing).
    const refusedRows: Array<{ index: number; prepared: PrepareContext }> = [];
    bodies.forEach((sent, index) => {
      const body = sensitive ? withoutMaskedValues(sensitive, sent) : sent;
      const parsed = schemas.add.safeParse(body);
      if (!parsed.success) {
        // Every problem of the row, each under its property (required checks name theirs too).
        const seen = new Set<string>();
        const failed = new Set<string>();
        for (const issue of parsed.error.issues) {
          const property = typeof issue.path[0] === "string" ? issue.path[0] : undefined;
          if (property) failed.add(property);
          const key = `${property ?? ""}\u0000${issue.message}`;
          if (seen.has(key)) continue;
          seen.add(key);
          problems.push({ index, property, message: issue.message });
        }
        rows.push(undefined);
        const readable = schemas.fields.safeParse(Object.fromEntries(Object.entries(body).filter(([property]) => !failed.has(property))));
        if (readable.success) refusedRows.push({ index, prepared: { ...context, operation: "add", values: definedValues(readable.data), body } });
        return;
      }
      const values = definedValues(parsed.data);
      rows.push({ values, body });
      candidates.push({ index, prepared: { ...context, operation: "add", values, body } });
    });
    const refuse = (index: number, problem: Omit<RowProblem, "index">) => {
      problems.push({ index, ...problem });
      rows[index] = undefined;
    };
    const check = async (group: typeof candidates): Promise<void> => {
      if (hooks.prepareMany) {
        const refused = (await hooks.prepareMany(context, group.map((candidate) => candidate.prepared))) ?? [];
        for (const problem of refused) {
          const candidate = group[problem.index];
          if (candidate) refuse(candidate.index, { property: problem.property, message: problem.message });
        }
      } else if (hooks.prepare) {
        for (const { index, prepared } of group) {
          try {
            await hooks.prepare(prepared);
          } catch (error) {
            if (!(error instanceof ApiError)) throw error;
            refuse(index, { message: error.message });
          }
        }
      }
    };
    await check(candidates);
    if (refusedRows.length > 0) await check(refusedRows).catch(() => undefined);
    problems.sort((left, right) => left.index - right.index);
    return { rows, problems };
  };

  const insertMany = async (context: CrudContext, rows: readonly PreparedRow[], tx: Executor): Promise<string[]> => {
    const ids: string[] = [];
    const saves: SaveContext[] = [];
    const stamp = audit(context, "add");
    for (const row of rows) {
      const id = newId();
      const save: SaveContext = { ...context, operation: "add", tx, id, values: row.values, body: row.body };
      if (tenant) tenant.assign(save.values, context.tenantId);
      await hooks.beforeSave?.(save);
      ids.push(save.id);
      saves.push(save);
    }
    await insertRows(
      tx,
      entity,
      saves.map((save) => ({ ...save.values, ...stamp, [key.property]: save.id })),
      config.table,
    );
    if (hooks.afterSave) for (const save of saves) await hooks.afterSave(save);
    await historyAdded(tx, historyActor(context), history, saves.filter((save) => !save.historyWritten).map((save) => save.id), { action: "add" });
    return ids;
  };

  // Filled below, once the operations they call exist.
  const endpoints: Endpoint[] = [];
  const resource: CrudResource = {
    config,
    entity,
    access,
    schemas,
    endpoints,
    context: crudContext,
    visibility,
    listQuery,
    decorate,
    seesSensitive: sees,
    async list(context, query) {
      const built = await listQuery(context, query);
      // The page and its count in one statement (./page.ts), then its dictionary texts and hook fields.
      const { total, records } = await selectPage(context.services.db, entity, built);
      await decorate(context, records);
      return pageOf(built, total, records);
    },
    async listAll(context, query, limit) {
      const built = await listQuery(context, query);
      const records = await selectRecords(context.services.db, entity, { where: built.where, orderBy: built.orderBy, limit });
      await decorate(context, records);
      return records;
    },
    async findById(context, id) {
      const record = await findRow(databaseExecutor(context.services.db), entity, id, visibility(context));
      if (record) await decorate(context, [record]);
      return record;
    },
    async viewById(context, id) {
      const record = await resource.findById(context, id);
      if (record && ((sensitive && (await sees(context))) || (await hooks.viewedInFull?.(context, record)))) {
        logSensitiveAccess(context, { title: config.title ?? config.pagePath, export: false, ids: [id] });
      }
      return record;
    },
    validate: (body, operation) => parseBody(operation === "add" ? schemas.add : schemas.edit, body),
    async insert(context, body, tx) {
      const values = await prepare(context, "add", body);
      if (tx) return insertIn(context, body, values, tx);
      const id = await inTransaction(context.services.db, (own) => insertIn(context, body, values, own));
      await committed(context, "add", [id]);
      return id;
    },
    prepareMany,
    insertMany,
    async update(context, body) {
      const id = singleId(body[key.property]);
      if (!id) throw notFound();
      const values = await prepare(context, "edit", body);
      const loaded = has("updateTime") ? loadedUpdateTime(body) : undefined;
      await inTransaction(context.services.db, async (tx) => {
        // Concurrent edits of one record queue here, so each compares with the one before it.
        if (loaded !== undefined) await tx.rows(sql`select 1 from ${sql.identifier(entity.table)} where ${idCondition(entity, id)} for update`);
        const existing = await findRow(tx, entity, id, visibility(context));
        if (!existing) throw notFound();
        if (loaded !== undefined && isStale(loaded, existing.updateTime)) throw new ApiError(STALE_EDIT_MESSAGE);
        // The hooks compare the body with values, not ciphertext (docs/decisions/119).
        openRecords(entity, [existing]);
        // When no beforeSave changes the record before its UPDATE, the snapshot before is read by
        // the UPDATE itself, and when no afterSave changes it after, its history is written by it
        // too (one statement; the history's cost, issue #32).
        const folded = !hooks.beforeSave || hooks.beforeSaveChangesRecord === false;
        let before = folded ? NO_SNAPSHOT : await historyBefore(tx, history, [id]);
        const save: SaveContext = { ...context, operation: "edit", tx, id, values, body, existing };
        await hooks.beforeSave?.(save);
        const stamp = audit(context, "edit");
        if (has("updateTime")) stamp.updateTime = nextUpdateTime(existing.updateTime);
        const afterLater = !folded || (hooks.afterSave ? (hooks.afterSaveChangesRecord?.(save) ?? true) : false);
        const written = await updateRow(tx, entity, id, { ...save.values, ...stamp }, visibility(context), folded ? async (update) => {
          const done = await updateWithHistory(tx, historyActor(context), history, [id], { action: "edit" }, update, { afterLater });
          before = done.before;
          return done.rows;
        } : undefined);
        if (!written) throw notFound();
        await hooks.afterSave?.(save);
        if (afterLater) await historyAfter(tx, historyActor(context), history, [id], before, { action: "edit" });
      });
      await committed(context, "edit", [id]);
    },
    async remove(context, ids, operation) {
      const deleted = await inTransaction(context.services.db, async (tx) => {
        const scope = visibility(context);
        const visible = await tx.rows<{ id: unknown }>(
          sql`select ${columnRef(entity, key)} as "id" from ${sql.identifier(entity.table)} where ${allOf([idCondition(entity, ids), scope])} for update`,
        );
        const visibleIds = visible.map((row) => String(row.id));
        if (visibleIds.length === 0) throw notFound();
        const removal: DeleteContext = { ...context, operation, tx, ids: visibleIds };
        const chosen = (await hooks.beforeDelete?.(removal)) ?? visibleIds;
        const softAudit = softDelete ? audit(context, "edit") : {};
        await historyRemoved(tx, historyActor(context), history, chosen, { action: "delete" });
        const gone = await deleteRows(tx, entity, chosen, scope, softAudit);
        await hooks.afterDelete?.(removal, gone);
        return visibleIds;
      });
      await committed(context, operation, deleted);
      return deleted;
    },
    committed,
    history,
    historyActor,
  };

  const operations = new Set(config.operations ?? ALL_OPERATIONS);
  const base = config.basePath;
  if (operations.has("list"))
    endpoints.push(
      endpoint(
        "GET",
        `${base}/list`,
        access.list,
        async (request) => {
          const context = crudContext(request);
          const page = await resource.list(context, request.req.query as ListQueryParams);
          if (config.pickerColumns && !(await request.services.permissions.hasMenu(context.auth, config.pagePath)))
            page.records = page.records.map((record) => pickColumns(record, config.pickerColumns!));
          return ok(page);
        },
        { doc: { summary: crudSummary(config, "分页列表查询"), query: listQuerySchema(entity) } },
      ),
    );
  if (operations.has("add"))
    endpoints.push(
      endpoint(
        "POST",
        `${base}/add`,
        access.add,
        async (request) => {
          await resource.insert(crudContext(request), request.body);
          return okMessage(CrudMessages.added);
        },
        { doc: { summary: crudSummary(config, "添加"), body: schemas.add } },
      ),
    );
  if (operations.has("edit"))
    endpoints.push(
      // Generated code uses PUT; system controllers accept PUT or POST (contract §6).
      endpoint(
        ["PUT", "POST"] satisfies HttpMethod[],
        `${base}/edit`,
        access.edit,
        async (request) => {
          await resource.update(crudContext(request), request.body);
          return okMessage(CrudMessages.edited);
        },
        { doc: { summary: crudSummary(config, "编辑"), body: schemas.edit } },
      ),
    );
  if (operations.has("delete"))
    endpoints.push(
      endpoint("DELETE", `${base}/delete`, access.delete, async (request) => {
        const id = singleId(request.query.id ?? request.body.id);
        if (!id) throw notFound();
        await resource.remove(crudContext(request), [id], "delete");
        return okMessage(CrudMessages.deleted);
      }, { doc: { summary: crudSummary(config, "通过ID删除") } }),
    );
  if (operations.has("deleteBatch"))
    endpoints.push(
      endpoint("DELETE", `${base}/deleteBatch`, access.deleteBatch, async (request) => {
        const ids = splitIds(request.query.ids ?? request.body.ids);
        if (ids.length === 0) throw new ApiError(CrudMessages.badIds);
        await resource.remove(crudContext(request), ids, "deleteBatch");
        return okMessage(CrudMessages.batchDeleted);
      }, { doc: { summary: crudSummary(config, "批量删除") } }),
    );
  if (operations.has("queryById"))
    endpoints.push(
      endpoint("GET", `${base}/queryById`, access.queryById, async (request) => {
        const id = singleId(request.query.id);
        const context = crudContext(request);
        const record = id ? await resource.viewById(context, id) : undefined;
        if (!record) throw notFound();
        return ok(record);
      }, { doc: { summary: crudSummary(config, "通过ID查询") } }),
    );
  if (operations.has("queryById")) endpoints.push(historyEndpoint(resource, { ...config.labels, ...config.history?.labels }));
  if (config.excel) endpoints.push(...crudExcelEndpoints(resource, config.excel));
  return resource;
}

/** Just the endpoints of an entity (when no other feature needs the resource). */
export function crudEndpoints(config: CrudConfig): Endpoint[] {
  return createCrud(config).endpoints;
}

/** Rows per INSERT of insertRows (one JSON parameter each). */
const INSERT_CHUNK_ROWS = 5000;

/**
 * Many rows (an import) in few statements: each chunk is ONE bound parameter, a JSON array of
 * rows keyed by column, expanded by PostgreSQL's json_populate_recordset with the table's own row
 * type (so every value is read as its column's type, as a bound value would be). A statement of
 * thousands of separate parameters costs far more to build and to parse. A column with a default
 * that a row leaves out must get its DEFAULT, not NULL: rows are grouped by which of those
 * columns they set, and each group names only its columns.
 */
async function insertRows(executor: Executor, entity: EntityDefinition, clearRows: readonly RowValues[], table: PgTable): Promise<void> {
  if (clearRows.length === 0) return;
  const rows = clearRows.map((row) => sealValues(entity, row));
  const info = columnInfo(table);
  const groups = new Map<string, { properties: string[]; rows: RowValues[] }>();
  const all = new Set<string>();
  for (const row of rows) for (const [property, value] of Object.entries(row)) if (value !== undefined) all.add(property);
  for (const row of rows) {
    // Columns without a default are written by every row of the group (NULL = their default);
    // columns with one only by the rows that set them.
    const properties = [...all].filter((property) => !info[property]?.hasDefault || row[property] !== undefined);
    const key = properties.join(",");
    const group = groups.get(key) ?? { properties, rows: [] };
    group.rows.push(row);
    groups.set(key, group);
  }
  for (const { properties, rows: groupRows } of groups.values()) {
    const fields = properties.map((property) => {
      const field = fieldByProperty(entity, property);
      if (!field) throw new Error(`entity ${entity.table}: cannot write unknown property ${property}`);
      return field;
    });
    const columns = sql.join(fields.map((field) => sql.identifier(field.column)), sql`, `);
    const selected = sql.join(fields.map((field) => sql`${sql.identifier("r")}.${sql.identifier(field.column)}`), sql`, `);
    const statement = (start: number) => {
      const chunk = groupRows.slice(start, start + INSERT_CHUNK_ROWS).map((row) => {
        const object: Record<string, unknown> = {};
        for (const field of fields) {
          const value = row[field.property];
          object[field.column] = value instanceof Date ? value.toISOString() : (value ?? null);
        }
        return object;
      });
      return sql`insert into ${sql.identifier(entity.table)} (${columns}) select ${selected} from json_populate_recordset(null::${sql.identifier(entity.table)}, ${JSON.stringify(chunk)}::json) as ${sql.identifier("r")}`;
    };
    // The next chunk's JSON is built while the database writes the current one.
    let next: SQL | undefined = statement(0);
    for (let start = 0; next; start += INSERT_CHUNK_ROWS) {
      const running = executor.rows(next);
      next = start + INSERT_CHUNK_ROWS < groupRows.length ? statement(start + INSERT_CHUNK_ROWS) : undefined;
      await running;
    }
  }
}
