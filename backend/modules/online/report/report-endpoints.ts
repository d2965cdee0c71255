// 报表配置 and the online report API (api-contract.md §5 onl_cgreport_*, §9 /online/cgreport/api/*;
// docs/decisions/057). The heads are a module on the CRUD engine; their columns and parameters are
// written with the head in its transaction. A report's SQL is checked on every save and every run
// (./report-sql.ts) and runs read-only with a timeout, under a cost limit (./report-runner.ts,
// docs/decisions/142). getData answers are kept 30 s per report, parameters, query fields, sort and
// page (the spec's cache; an unknown name is refused), dropped when the report changes.
import { and, asc, eq, or, sql } from "drizzle-orm";
import {
  IDENTIFIER,
  onlineReportModule,
  placeholderNames,
  REPORT_LIST_COMPONENT,
  ReportMessages,
  reportPagePath,
  type ReportItem,
  type ReportParam,
} from "#contract/modules/online-report";
import { onlCgreportHead, onlCgreportItem, onlCgreportParam, sysDataSource, sysPermission, sysRole, sysRolePermission } from "../../../db/schema";
import { newId } from "../../../db/ids";
import { endpoint, menuAccess, requireAuth, type Endpoint, type EndpointRequest } from "../../../http/endpoint";
import { ApiError, ok, okMessage } from "../../../http/envelope";
import { crudContext, inTransaction, type CrudContext } from "../../../crud/context";
import { createModuleCrud } from "../../../crud/module";
import { singleId } from "../../../crud/crud-messages";
import { registerDictTable, hasDictTable } from "../../../crud/table-dict";
import { columnTenantScope } from "../../../crud/tenant";
import { exportFilterText, streamRowsXlsx } from "../../../crud/excel/export";
import { escapeFormula } from "../../../crud/excel/columns";
import { dataSourceCrud, savedSourceTarget } from "../../system/data-source/data-source-endpoints";
import { decryptSecret } from "../../system/data-source/secret-box";
import { bindPlaceholders, checkReportSql, withoutTerminator } from "./report-sql";
import { fieldTypeOf, runReportQueries, type ReportTarget } from "./report-runner";
import { platformOnlyEndpoint } from "../../system/permission/permission-service";

const CONFIG_PAGE = onlineReportModule.page;
const CACHE_TTL_MS = 30_000;
const CACHE_LIMIT = 500;
const MAX_PAGE_SIZE = 1000;
const MAX_ITEMS = 200;

// ---------------------------------------------------------------------------------------------
// Columns and parameters of a body (the page posts arrays; numbers and flags as text).

const text = (value: unknown, max: number) => (typeof value === "number" ? String(value) : typeof value === "string" ? value.trim() : "").slice(0, max);
const flag = (value: unknown, fallback: "0" | "1") => {
  const written = text(value, 1);
  return written === "1" || written === "0" ? written : fallback;
};
const rowsOf = (raw: unknown): Record<string, unknown>[] => {
  const list = typeof raw === "string" ? safeJson(raw) : raw;
  if (!Array.isArray(list)) return [];
  if (list.length > MAX_ITEMS) throw new ApiError(`字段不能超过${MAX_ITEMS}个`);
  return list.map((item) => (item && typeof item === "object" ? (item as Record<string, unknown>) : {}));
};
function safeJson(raw: string): unknown {
  try {
    return JSON.parse(raw);
  } catch {
    return [];
  }
}

export function itemsOf(body: Record<string, unknown>): ReportItem[] {
  const items = rowsOf(body.items).map((row) => ({
    fieldName: text(row.fieldName, 100),
    fieldTxt: text(row.fieldTxt, 100),
    fieldType: text(row.fieldType, 20) || "String",
    fieldWidth: text(row.fieldWidth, 6),
    isShow: flag(row.isShow, "1"),
    isOrder: flag(row.isOrder, "0"),
    isSearch: flag(row.isSearch, "0"),
    searchMode: text(row.searchMode, 10) === "group" ? "group" : "single",
    dictCode: text(row.dictCode, 500),
    isTotal: flag(row.isTotal, "0"),
  }));
  for (const item of items) if (!IDENTIFIER.test(item.fieldName)) throw new ApiError(ReportMessages.badField(item.fieldName));
  return items;
}

export function paramsOf(body: Record<string, unknown>): ReportParam[] {
  const params = rowsOf(body.params).map((row) => ({ paramName: text(row.paramName, 64), paramTxt: text(row.paramTxt, 100), paramValue: text(row.paramValue, 200) }));
  for (const param of params) if (!IDENTIFIER.test(param.paramName)) throw new ApiError(ReportMessages.badField(param.paramName));
  return params;
}

/** The SQL checked with its parameters' defaults (every placeholder must be a declared parameter). */
async function checkedSql(sqlText: string, params: readonly ReportParam[], valueOf: (name: string) => string = (name) => params.find((param) => param.paramName === name)?.paramValue ?? "") {
  for (const name of placeholderNames(sqlText)) if (!params.some((param) => param.paramName === name)) throw new ApiError(ReportMessages.undeclaredParam(name));
  const bound = bindPlaceholders(sqlText, valueOf);
  await checkReportSql(bound.text);
  return { text: withoutTerminator(bound.text), values: bound.values };
}

// ---------------------------------------------------------------------------------------------
// The heads on the engine.

// Per backend (its services): two backends of one process (tests, docs/decisions/152) may hold the
// same report ids over different data.
const caches = new WeakMap<CrudContext["services"], Map<string, { at: number; value: unknown }>>();
function cacheOf(context: Pick<CrudContext, "services">): Map<string, { at: number; value: unknown }> {
  let cache = caches.get(context.services);
  if (!cache) caches.set(context.services, (cache = new Map()));
  return cache;
}
function forget(context: Pick<CrudContext, "services" | "tenantId">, ids: readonly string[]) {
  const cache = cacheOf(context);
  for (const key of cache.keys()) if (ids.some((id) => key.startsWith(`${context.tenantId}:${id}:`))) cache.delete(key);
}

export const onlineReportCrud = createModuleCrud(onlineReportModule, {
  table: onlCgreportHead,
  entity: { tenantColumn: "tenant_id" },
  excel: { operations: ["export"] },
  hooks: {
    prepare: async (prepared) => {
      // An edit without `params` (an older client) keeps the stored ones, and is checked with them.
      const id = singleId(prepared.body.id);
      const params =
        prepared.body.params === undefined && prepared.operation === "edit" && id
          ? (await prepared.services.db.orm.select().from(onlCgreportParam).where(eq(onlCgreportParam.cgrheadId, id))).map((param) => ({
              paramName: param.paramName,
              paramTxt: param.paramTxt ?? "",
              paramValue: param.paramValue ?? "",
            }))
          : paramsOf(prepared.body);
      itemsOf(prepared.body);
      if (typeof prepared.values.cgrSql === "string") await checkedSql(prepared.values.cgrSql, params);
      if (prepared.values.returnType !== undefined && prepared.values.returnType !== "1" && prepared.values.returnType !== "2") prepared.values.returnType = "1";
    },
    afterSave: async (save) => {
      // Columns and parameters are replaced when the body carries them (the page always does).
      const items = itemsOf(save.body);
      const params = paramsOf(save.body);
      if (save.body.items !== undefined) await save.tx.rows(sql`delete from onl_cgreport_item where cgrhead_id = ${save.id}`);
      if (save.body.params !== undefined) await save.tx.rows(sql`delete from onl_cgreport_param where cgrhead_id = ${save.id}`);
      const itemRows = items.map((item, index) => ({
        id: newId(),
        cgrhead_id: save.id,
        field_name: item.fieldName,
        field_txt: item.fieldTxt || item.fieldName,
        field_width: /^\d{1,5}$/.test(item.fieldWidth) ? Number(item.fieldWidth) : null,
        field_type: item.fieldType,
        search_mode: item.searchMode,
        is_order: Number(item.isOrder),
        is_search: Number(item.isSearch),
        dict_code: item.dictCode || null,
        is_show: Number(item.isShow),
        order_num: index,
        is_total: item.isTotal,
      }));
      await save.tx.rows(sql`
        insert into onl_cgreport_item (id, cgrhead_id, field_name, field_txt, field_width, field_type, search_mode, is_order, is_search, dict_code, is_show, order_num, is_total)
        select r.id, r.cgrhead_id, r.field_name, r.field_txt, r.field_width, r.field_type, r.search_mode, r.is_order, r.is_search, r.dict_code, r.is_show, r.order_num, r.is_total
        from json_to_recordset(${JSON.stringify(itemRows)}::json) as r(id varchar, cgrhead_id varchar, field_name varchar, field_txt varchar, field_width integer,
             field_type varchar, search_mode varchar, is_order smallint, is_search smallint, dict_code varchar, is_show smallint, order_num integer, is_total varchar)`);
      const paramRows = params.map((param, index) => ({ id: newId(), cgrhead_id: save.id, param_name: param.paramName, param_txt: param.paramTxt || param.paramName, param_value: param.paramValue || null, order_num: index }));
      await save.tx.rows(sql`
        insert into onl_cgreport_param (id, cgrhead_id, param_name, param_txt, param_value, order_num)
        select r.id, r.cgrhead_id, r.param_name, r.param_txt, r.param_value, r.order_num
        from json_to_recordset(${JSON.stringify(paramRows)}::json) as r(id varchar, cgrhead_id varchar, param_name varchar, param_txt varchar, param_value varchar, order_num integer)`);
    },
    afterCommit: (context, _operation, ids) => forget(context, ids),
  },
});

// The data sources as a table dictionary of the report form (code → name), per tenant.
if (!hasDictTable("sys_data_source")) {
  const scope = columnTenantScope(dataSourceCrud.entity);
  registerDictTable({ entity: dataSourceCrud.entity, columns: ["id", "code", "name"], scope: (tenantId) => scope.condition(tenantId) });
}

// ---------------------------------------------------------------------------------------------
// Loading a report and where it runs.

interface LoadedReport {
  head: typeof onlCgreportHead.$inferSelect;
  items: Array<typeof onlCgreportItem.$inferSelect>;
  params: Array<typeof onlCgreportParam.$inferSelect>;
}

/** The tenant's report by id or by code. */
async function loadReport(context: CrudContext, idOrCode: string): Promise<LoadedReport> {
  const orm = context.services.db.orm;
  const [head] = await orm
    .select()
    .from(onlCgreportHead)
    .where(and(eq(onlCgreportHead.tenantId, context.tenantId), or(eq(onlCgreportHead.id, idOrCode), eq(onlCgreportHead.code, idOrCode))))
    .limit(1);
  if (!head) throw new ApiError(ReportMessages.notFound);
  const [items, params] = await Promise.all([
    orm.select().from(onlCgreportItem).where(eq(onlCgreportItem.cgrheadId, head.id)).orderBy(asc(onlCgreportItem.orderNum)),
    orm.select().from(onlCgreportParam).where(eq(onlCgreportParam.cgrheadId, head.id)).orderBy(asc(onlCgreportParam.orderNum)),
  ]);
  return { head, items, params };
}

/** Readable by the holders of the report's own page or of 报表配置 (a popup's report must be granted). */
async function requireReportAccess(request: EndpointRequest, report: LoadedReport) {
  const auth = requireAuth(request);
  const permissions = request.services.permissions;
  if ((await permissions.hasMenu(auth, reportPagePath(report.head.id))) || (await permissions.hasMenu(auth, CONFIG_PAGE))) return;
  throw new ApiError("没有权限访问该报表", 403);
}

async function targetOf(context: CrudContext, dbSource: string | null | undefined): Promise<ReportTarget> {
  if (!dbSource) return { kind: "embedded", db: context.services.db, tenantId: context.tenantId };
  const [source] = await context.services.db.orm
    .select()
    .from(sysDataSource)
    .where(and(eq(sysDataSource.tenantId, context.tenantId), eq(sysDataSource.code, dbSource)))
    .limit(1);
  if (!source) throw new ApiError(ReportMessages.dataSourceMissing);
  return {
    kind: "source",
    ...(await savedSourceTarget(context.services, context.auth.user.id, source)),
    user: source.dbUsername,
    password: decryptSecret(source.dbPassword, context.services.config.dataSourceKey) ?? "",
  };
}

const runOptions = (context: CrudContext) => ({
  timeoutMs: context.services.config.reportTimeoutMs,
  costLimit: context.services.config.reportCostLimit,
  log: (error: unknown) => context.services.logger.error("[report] query failed", error),
});

/** What a data request may carry beside the report's own names: the page and the sort. */
const PAGING_NAMES = ["pageNo", "pageSize", "column", "order"];
/** What JeecgBoot's clients add and no answer depends on (a cache-buster, the address's parameters, an advanced query reports don't have). */
const IGNORED_NAMES = new Set(["_t", "onlRepUrlParamStr", "superQueryParams", "superQueryMatchType"]);

/**
 * A data request's query, checked against the report (issue #27 item 2): a name that is neither the
 * page, the sort, a parameter (`<name>` or `self_<name>`) nor a query field (`<field>`, or
 * `<field>_begin` / `<field>_end` in group mode) is refused; the names no answer depends on are dropped.
 */
function reportQuery(report: LoadedReport, query: Record<string, string>): Record<string, string> {
  const known = new Set<string>(PAGING_NAMES);
  for (const param of report.params) known.add(param.paramName).add(`self_${param.paramName}`);
  for (const item of report.items) {
    if (item.isSearch !== 1) continue;
    if (item.searchMode === "group") known.add(`${item.fieldName}_begin`).add(`${item.fieldName}_end`);
    else known.add(item.fieldName);
  }
  const checked: Record<string, string> = {};
  for (const [name, value] of Object.entries(query)) {
    if (IGNORED_NAMES.has(name)) continue;
    if (!known.has(name)) throw new ApiError(ReportMessages.unknownParam(name));
    checked[name] = typeof value === "string" ? value : String(value ?? "");
  }
  return checked;
}

/** The value of each parameter: `self_<name>` of the request, else its default. */
const paramValues = (report: LoadedReport, query: Record<string, string>) => (name: string) =>
  query[`self_${name}`] ?? query[name] ?? report.params.find((param) => param.paramName === name)?.paramValue ?? "";

const quoted = (field: string) => `"${field}"`;
const escapeLike = (value: string) => value.replace(/[\\%_]/g, (char) => `\\${char}`);

/** The report's statement wrapped with the query fields' conditions and the sort, values bound. */
async function reportStatement(report: LoadedReport, requested: Record<string, string>) {
  const query = reportQuery(report, requested);
  const base = await checkedSql(report.head.cgrSql, report.params.map((param) => ({ paramName: param.paramName, paramTxt: "", paramValue: param.paramValue ?? "" })), paramValues(report, query));
  const values: unknown[] = [...base.values];
  const conditions: string[] = [];
  const bind = (value: unknown) => {
    values.push(value);
    return `$${values.length}`;
  };
  for (const item of report.items) {
    if (item.isSearch !== 1 || !IDENTIFIER.test(item.fieldName)) continue;
    const field = quoted(item.fieldName);
    if (item.searchMode === "group") {
      const begin = query[`${item.fieldName}_begin`]?.trim();
      const end = query[`${item.fieldName}_end`]?.trim();
      if (begin) conditions.push(`${field} >= ${bind(begin)}`);
      if (end) conditions.push(`${field} <= ${bind(end)}`);
      continue;
    }
    const value = query[item.fieldName]?.trim();
    if (!value) continue;
    if (item.fieldType === "String" && !item.dictCode) conditions.push(`${field}::text ILIKE ${bind(`%${escapeLike(value)}%`)}`);
    else conditions.push(`${field}::text = ${bind(value)}`);
  }
  const where = conditions.length > 0 ? ` WHERE ${conditions.join(" AND ")}` : "";
  const from = `FROM (\n${base.text}\n) AS report_rows${where}`;
  const column = query.column ?? "";
  const sortable = report.items.find((item) => item.fieldName === column && IDENTIFIER.test(column));
  const order = query.order === "asc" ? "ASC" : "DESC";
  const orderBy = sortable ? ` ORDER BY ${quoted(sortable.fieldName)} ${order}` : "";
  return { from, values, orderBy };
}

interface DataPage {
  total: number;
  records: Record<string, unknown>[];
}

async function reportPage(context: CrudContext, report: LoadedReport, query: Record<string, string>): Promise<DataPage> {
  const pageNo = Math.max(1, Math.trunc(Number(query.pageNo)) || 1);
  const pageSize = Math.min(MAX_PAGE_SIZE, Math.max(1, Math.trunc(Number(query.pageSize)) || 10));
  // The tenant, the report, its parameters' values, the query fields, the sort and the page: two
  // requests that would run the same queries share one answer, whatever else they carry.
  const checked = reportQuery(report, query);
  const values = paramValues(report, checked);
  const sortable = report.items.some((item) => item.fieldName === checked.column);
  const key = `${context.tenantId}:${report.head.id}:${JSON.stringify([
    report.params.map((param) => values(param.paramName)),
    Object.entries(checked)
      .filter(([name, value]) => !PAGING_NAMES.includes(name) && !report.params.some((param) => name === param.paramName || name === `self_${param.paramName}`) && value.trim() !== "")
      .map(([name, value]) => [name, value.trim()])
      .sort(),
    sortable ? checked.column : "",
    checked.order === "asc" ? "asc" : "desc",
    pageNo,
    pageSize,
  ])}`;
  const cache = cacheOf(context);
  const cached = cache.get(key);
  if (cached && Date.now() - cached.at < CACHE_TTL_MS) return cached.value as DataPage;
  const statement = await reportStatement(report, checked);
  const [counted, page] = await runReportQueries(
    await targetOf(context, report.head.dbSource),
    [
      { text: `SELECT count(*) AS total ${statement.from}`, values: statement.values },
      { text: `SELECT * ${statement.from}${statement.orderBy} LIMIT ${pageSize} OFFSET ${(pageNo - 1) * pageSize}`, values: statement.values },
    ],
    runOptions(context),
  );
  const value: DataPage = { total: Number(counted.rows[0]?.total ?? 0), records: page.rows };
  if (cache.size >= CACHE_LIMIT) cache.delete(cache.keys().next().value as string);
  cache.set(key, { at: Date.now(), value });
  return value;
}

async function dictOptionsOf(context: CrudContext, report: LoadedReport) {
  const options: Record<string, Array<{ value: string; text: string; title: string }>> = {};
  for (const item of report.items) {
    if (item.dictCode && !(item.dictCode in options)) options[item.dictCode] = await context.services.dictionaries.items(item.dictCode);
  }
  return options;
}

/** getRpColumns (contract §9): the shown columns, their dictionaries, and what a popup returns. */
async function rpColumns(context: CrudContext, report: LoadedReport) {
  const columns = report.items
    .filter((item) => item.isShow === 1)
    .map((item) => ({
      title: item.fieldTxt || item.fieldName,
      dataIndex: item.fieldName,
      align: "center",
      ...(item.fieldWidth ? { width: item.fieldWidth } : {}),
      ...(item.isOrder === 1 ? { sorter: true } : {}),
      isTotal: item.isTotal === "1" ? "1" : "0",
      fieldType: item.fieldType,
      ...(item.dictCode ? { customRender: item.dictCode } : {}),
    }));
  return {
    cgRpConfigId: report.head.id,
    cgRpConfigName: report.head.name,
    cgRpConfigCode: report.head.code,
    returnValField: report.head.returnValField ?? "",
    returnTxtField: report.head.returnTxtField ?? "",
    returnType: report.head.returnType,
    columns,
    dictOptions: await dictOptionsOf(context, report),
  };
}

/** getQueryInfo (contract §9): the searchable columns as query fields. */
function queryInfo(report: LoadedReport) {
  return report.items
    .filter((item) => item.isSearch === 1)
    .map((item) => ({
      field: item.fieldName,
      label: item.fieldTxt || item.fieldName,
      view: item.dictCode ? "list" : item.fieldType === "Date" ? "date" : item.fieldType === "Datetime" ? "datetime" : "text",
      mode: item.searchMode === "group" ? "group" : "single",
      ...(item.dictCode ? { dictCode: item.dictCode } : {}),
      fieldType: item.fieldType,
    }));
}

const paramsInfo = (report: LoadedReport) => report.params.map((param) => ({ paramName: param.paramName, paramTxt: param.paramTxt || param.paramName, paramValue: param.paramValue ?? "" }));

/** Loads the report named by the path and checks the caller may read it. */
async function readable(request: EndpointRequest) {
  const context = crudContext(request);
  const report = await loadReport(context, String(request.params.id ?? ""));
  await requireReportAccess(request, report);
  return { context, report };
}

// ---------------------------------------------------------------------------------------------

export const onlineReportEndpoints: Endpoint[] = [
  ...onlineReportCrud.endpoints,
  // The edit form's columns and parameters.
  endpoint("GET", "/online/cgreport/head/details", menuAccess(CONFIG_PAGE), async (request) => {
    const context = crudContext(request);
    const report = await loadReport(context, singleId(request.query.id) ?? "");
    return ok({
      items: report.items.map((item) => ({
        fieldName: item.fieldName,
        fieldTxt: item.fieldTxt ?? "",
        fieldType: item.fieldType,
        fieldWidth: item.fieldWidth === null ? "" : String(item.fieldWidth),
        isShow: String(item.isShow),
        isOrder: String(item.isOrder),
        isSearch: String(item.isSearch),
        searchMode: item.searchMode ?? "single",
        dictCode: item.dictCode ?? "",
        isTotal: item.isTotal ?? "0",
      })),
      params: paramsInfo(report),
    });
  }, { doc: { summary: "报表配置的参数和列" } }),
  // 解析SQL: the columns a statement answers (run with LIMIT 0) and the parameters it names.
  endpoint("POST", "/online/cgreport/head/parseSql", menuAccess(CONFIG_PAGE), async (request) => {
    const context = crudContext(request);
    const sqlText = text(request.body.sql, 4000);
    if (!sqlText) throw new ApiError(onlineReportModule.fields.cgrSql.required);
    const declared = paramsOf(request.body);
    const names = placeholderNames(sqlText);
    const params = names.map((name) => declared.find((param) => param.paramName === name) ?? { paramName: name, paramTxt: name, paramValue: "" });
    const statement = await checkedSql(sqlText, params);
    const [answer] = await runReportQueries(
      await targetOf(context, text(request.body.dbSource, 100) || null),
      [{ text: `SELECT * FROM (\n${statement.text}\n) AS report_rows LIMIT 0`, values: statement.values }],
      // LIMIT 0 reads no row, whatever the planner estimates for the rows it would read.
      { ...runOptions(context), costLimit: Number.POSITIVE_INFINITY },
    );
    if (answer.fields.length === 0) throw new ApiError(ReportMessages.noColumns);
    return ok({ fields: answer.fields.map((field) => ({ fieldName: field.name, fieldType: fieldTypeOf(field.dataTypeID) })), params });
  }, { doc: { summary: "解析报表SQL得到列和参数" } }),
  // 生成菜单: the report's own page under 报表配置's menu group, granted to the platform administrators.
  // A menu row is the platform's (docs/decisions/144), though the report is the school's.
  platformOnlyEndpoint(endpoint("POST", "/online/cgreport/head/addMenu", "onlCgreport:menu", async (request) => {
    const context = crudContext(request);
    const report = await loadReport(context, singleId(request.body.id ?? request.query.id) ?? "");
    const url = reportPagePath(report.head.id);
    await inTransaction(context.services.db, async (tx) => {
      const [exists] = await tx.orm.select({ id: sysPermission.id }).from(sysPermission).where(and(eq(sysPermission.url, url), eq(sysPermission.delFlag, 0))).limit(1);
      if (exists) return;
      const [config] = await tx.orm.select({ parentId: sysPermission.parentId }).from(sysPermission).where(and(eq(sysPermission.url, CONFIG_PAGE), eq(sysPermission.delFlag, 0))).limit(1);
      const id = newId();
      await tx.orm.insert(sysPermission).values({
        id,
        parentId: config?.parentId ?? null,
        name: report.head.name,
        url,
        component: REPORT_LIST_COMPONENT,
        componentName: `OnlCgreportAutoList${report.head.code}`.slice(0, 100),
        menuType: config?.parentId ? 1 : 0,
        sortNo: 200,
        isRoute: 1,
        isLeaf: 1,
        createBy: context.username.slice(0, 32),
      });
      const roles = await tx.orm.select({ id: sysRole.id }).from(sysRole).where(eq(sysRole.platformAdmin, 1));
      if (roles.length > 0) await tx.orm.insert(sysRolePermission).values(roles.map((role) => ({ id: newId(), roleId: role.id, permissionId: id })));
    });
    return okMessage(ReportMessages.menuAdded);
  }, { doc: { summary: "为报表添加菜单" } }), "reportMenu"),
  endpoint("GET", "/online/cgreport/api/getRpColumns/:id", "user", async (request) => {
    const { context, report } = await readable(request);
    return ok(await rpColumns(context, report));
  }, { doc: { summary: "报表的列和字典" } }),
  endpoint("GET", "/online/cgreport/api/getQueryInfo/:id", "user", async (request) => {
    const { report } = await readable(request);
    return ok(queryInfo(report));
  }, { doc: { summary: "报表的查询条件" } }),
  endpoint("GET", "/online/cgreport/api/getParamsInfo/:id", "user", async (request) => {
    const { report } = await readable(request);
    return ok(paramsInfo(report));
  }, { doc: { summary: "报表的参数" } }),
  endpoint("GET", "/online/cgreport/api/getData/:id", "user", async (request) => {
    const { context, report } = await readable(request);
    return ok(await reportPage(context, report, request.query));
  }, { doc: { summary: "报表的数据分页查询" } }),
  endpoint("GET", "/online/cgreport/api/getColumnsAndData/:id", "user", async (request) => {
    const { context, report } = await readable(request);
    return ok({ ...(await rpColumns(context, report)), data: await reportPage(context, report, request.query) });
  }, { doc: { summary: "报表的列和全部数据" } }),
  endpoint("GET", "/online/cgreport/api/exportXls/:id", "onlCgreport:export", async (request) => {
    const { context, report } = await readable(request);
    const statement = await reportStatement(report, request.query);
    const shown = report.items.filter((item) => item.isShow === 1);
    const dictionaries = await dictOptionsOf(context, report);
    const target = await targetOf(context, report.head.dbSource);
    const batch = 1000;
    await streamRowsXlsx(request.res, {
      title: report.head.name,
      exporter: requireAuth(request).user.realname || context.username,
      columns: shown.map((item) => ({ title: item.fieldTxt || item.fieldName, width: Math.max(10, Math.min(50, (item.fieldTxt || item.fieldName).length * 2 + 4)) })),
      count: async () => {
        const [answer] = await runReportQueries(target, [{ text: `SELECT count(*) AS total ${statement.from}`, values: statement.values }], runOptions(context));
        return Number(answer.rows[0]?.total ?? 0);
      },
      page: async (index) => {
        const [answer] = await runReportQueries(
          target,
          [{ text: `SELECT * ${statement.from}${statement.orderBy} LIMIT ${batch} OFFSET ${index * batch}`, values: statement.values }],
          runOptions(context),
        );
        return answer.rows.map((row) =>
          shown.map((item) => {
            const value = row[item.fieldName];
            if (value === null || value === undefined) return null;
            const translated = item.dictCode ? dictionaries[item.dictCode]?.find((option) => option.value === String(value))?.text : undefined;
            return translated !== undefined ? escapeFormula(translated) : typeof value === "number" || typeof value === "boolean" ? value : escapeFormula(typeof value === "object" ? JSON.stringify(value) : String(value));
          }),
        );
      },
      batchSize: batch,
      // Report SQL never sees personal data (decisions 078, 119): nothing to mask.
      audit: { filter: exportFilterText(request.req.query as Record<string, unknown>), masked: null },
    });
    return null;
  }, { doc: { summary: "导出报表数据Excel" } }),
];
