// exportXls (contract §6): the list's rows as an .xlsx, streamed to the response with exceljs's
// streaming WorkbookWriter. Layout as the original (BaseController.exportXls → autopoi
// `ExportParams(title + "报表", "导出人:" + realname, title)`): row 1 the title, row 2 the
// exporter, row 3 the headers, then the data.
//
// Rows are read in keyset pages of 1000 (not OFFSET, which re-reads everything before the page,
// and not a server-side cursor, which would hold PGlite's single connection for the whole
// download): each page is a short query, other requests run between pages, and memory stays
// flat whatever the row count. Keyset needs the sort as keys, so the export takes the request's
// `column`/`order` and applies the same rules as buildOrderBy (which it also calls, so a bad sort
// column is refused with the list's own words). Key values travel as text (`col::text`) and come
// back as untyped parameters that PostgreSQL reads as the column's type: exact for timestamps
// with microseconds and for floats, where a JS Date or number would round.
import { contentDisposition } from "#contract/content-disposition";
import type ExcelJS from "exceljs";
import { loadExcelJs } from "./exceljs";
import type { Response } from "express";
import { sql, type SQL } from "drizzle-orm";
import type { Database } from "../../db/client";
import { ApiError } from "../../http/envelope";
import type { EndpointHandler, EndpointRequest } from "../../http/endpoint";
import { columnRef, fieldCondition, MAX_LIST_VALUES } from "../conditions";
import { fieldByProperty, isIdentifier, isSortable, type EntityDefinition, type FieldDefinition, type SortOrder } from "../entity";
import { QueryErrors } from "../messages";
import { formatRecord } from "../page";
import { buildOrderBy, buildWhere, type ListQueryOptions, type ListQueryParams } from "../query-generator";
import { exportCell, plainDictionaries, resolveExcelColumns, type CellValue, type ExcelEntityConfig, type ResolvedColumn } from "./columns";
import { ExcelMessages } from "./messages";
import { XLS_MAX_ROWS, XlsStyle, XlsWorkbookWriter } from "./xls-writer";
import { clientOf } from "../../http/client";

export const EXPORT_BATCH_SIZE = 1000;

/**
 * What an export let out (issue #34 item 6, docs/decisions/120), left on `res.locals.exported` for
 * the request journal's 导出日志 entry: the page, the filter, how many rows went out (counted as
 * they are written, so a download cut off counts what left) and whether personal data was masked
 * (`null`: the export has no personal data).
 */
export interface ExportNote {
  title: string;
  filter: string;
  rows: number;
  masked: boolean | null;
}

/** The request parameters that choose rows (not the client's cache buster or file name). */
export function exportFilterText(query: Record<string, unknown>): string {
  const kept = Object.entries(query).filter(([name, value]) => !["_t", "fileName", "field"].includes(name) && value !== "" && value !== undefined);
  return kept.map(([name, value]) => `${name}=${Array.isArray(value) ? value.join(",") : String(value)}`).join("&");
}

export function exportNoteOf(res: Response): ExportNote | undefined {
  return (res.locals as { exported?: ExportNote }).exported;
}
/** Rows of one .xlsx worksheet; three go to the title, the exporter and the headers. */
export const XLSX_MAX_ROWS = 1_048_576;
export const EXPORT_HEADER_ROWS = 3;
/**
 * The original Vue 2 client saves every export as `name.xls` (issue #31, docs/decisions/158): it
 * gets a real BIFF8 .xls up to this many rows, built in memory (10,000 rows of ten columns: about
 * 0.3 s of CPU, 3 MB); a larger export stays .xlsx, which Excel opens after a warning.
 */
export const XLS_EXPORT_MAX_ROWS = 10_000;
/** `selections=id1,id2`: bounded like any list of values, in chunks of MAX_LIST_VALUES. */
export const MAX_SELECTIONS = 10_000;

export interface ExportSource {
  /** The list's WHERE for this request (buildWhere with the engine's tenant and data-rule conditions). */
  where: SQL | undefined;
  /** The request's `column` and `order`: the export keeps the list's order. */
  column?: string;
  order?: string;
  /** Primary keys of the selected rows (`selections=id1,id2`); empty or absent = every row of the list. */
  selections?: readonly string[];
  /**
   * Properties whose columns are NOT NULL (the engine knows them from the table): their keyset
   * conditions need no `is null` branch, so a descending first key bounds the index scan.
   */
  notNull?: ReadonlySet<string>;
}

export interface XlsxExportOptions {
  db: Pick<Database, "rows">;
  entity: EntityDefinition;
  columns: readonly ResolvedColumn[];
  source: ExportSource;
  /** Sheet name and download name; default 导出文件. */
  title?: string;
  /** Row 1; default `<title>报表` as the original. */
  heading?: string;
  /** Real name of the signed-in user, for row 2. */
  exporter: string;
  batchSize?: number;
  /** Changes each page's records before they become cells (masks personal data). */
  transform?: (records: Record<string, unknown>[]) => void;
  /** Fills the virtual columns of each page's records (which then carry their primary key). */
  fill?: (records: Record<string, unknown>[]) => Promise<void>;
  /** Called when the download fails after it started (the response is then cut off). */
  onStreamError?: (error: unknown) => void;
  /** For the export log: the filter and whether personal data was masked. */
  audit?: Pick<ExportNote, "filter" | "masked">;
}

/**
 * Streams the export into `res`. Everything that can fail for a reason the user should read (bad
 * sort, bad filter, too many rows, the first page's query) happens before the first byte, so the
 * router still answers the JSON envelope (the client shows 文件导出失败). A failure after that
 * cuts the download off instead of ending it as a well-formed but incomplete file.
 */
export async function streamXlsxExport(res: Response, options: XlsxExportOptions): Promise<void> {
  const { db, entity, columns } = options;
  const batchSize = Math.max(1, options.batchSize ?? EXPORT_BATCH_SIZE);
  const pager = createPager(entity, columns, options.source, batchSize);
  await streamRowsXlsx(res, {
    title: options.title,
    heading: options.heading,
    exporter: options.exporter,
    columns,
    batchSize,
    onStreamError: options.onStreamError,
    ...(options.audit ? { audit: options.audit } : {}),
    count: async () => {
      const [counted] = await db.rows<{ total: unknown }>(pager.countQuery);
      return Number(counted?.total ?? 0);
    },
    page: async () => {
      const records = await pager.next(db);
      await options.fill?.(records);
      options.transform?.(records);
      return records.map((record) => columns.map((column) => exportCell(column, record[column.field.property])));
    },
  });
}

/** What streamRowsXlsx writes: a title, the exporter, the headers, then pages of cells. */
export interface XlsxRowsOptions {
  /** Sheet name and download name; default 导出文件. */
  title?: string;
  /** Row 1; default `<title>报表` as the original. */
  heading?: string;
  /** Real name of the signed-in user, for row 2. */
  exporter: string;
  columns: ReadonlyArray<{ title: string; width: number; money?: boolean }>;
  /** The number of rows; checked against the sheet's limit before the first byte. */
  count: () => Promise<number>;
  /** Page `index` (0, 1, ...) of at most `batchSize` rows of cells; a shorter page is the last. */
  page: (index: number) => Promise<CellValue[][]>;
  batchSize?: number;
  onStreamError?: (error: unknown) => void;
  /** For the export log (ExportNote): the filter and whether personal data was masked. */
  audit?: Pick<ExportNote, "filter" | "masked">;
}

/**
 * Streams rows into `res` as an .xlsx (the list engine's export and the online reports' share
 * it). Everything that can fail for a reason the user should read (bad sort, bad filter, too
 * many rows, the first page's query) happens before the first byte, so the router still answers
 * the JSON envelope (the client shows 文件导出失败). A failure after that cuts the download off
 * instead of ending it as a well-formed but incomplete file.
 */
export async function streamRowsXlsx(res: Response, options: XlsxRowsOptions): Promise<void> {
  const { columns } = options;
  const batchSize = Math.max(1, options.batchSize ?? EXPORT_BATCH_SIZE);
  const title = sheetTitle(options.title);

  const limit = XLSX_MAX_ROWS - EXPORT_HEADER_ROWS;
  const count = await options.count();
  if (count > limit) throw new ApiError(ExcelMessages.tooManyExportRows(limit));
  if (count <= XLS_EXPORT_MAX_ROWS && clientOf(res.req) === "vue2") return sendRowsXls(res, options, title, batchSize);
  const excel = await loadExcelJs();
  let index = 0;
  let page = await options.page(index);
  const note: ExportNote = { title, filter: options.audit?.filter ?? "", rows: 0, masked: options.audit?.masked ?? null };
  (res.locals as { exported?: ExportNote }).exported = note;

  res.status(200);
  res.setHeader("Content-Type", "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet");
  res.setHeader("Content-Disposition", contentDisposition(`${title}.xlsx`));
  res.setHeader("Cache-Control", "no-store");
  res.setHeader("X-Content-Type-Options", "nosniff");

  try {
    const workbook = new excel.stream.xlsx.WorkbookWriter({ stream: res, useStyles: true, useSharedStrings: false });
    const sheet = workbook.addWorksheet(sheetName(title), { views: [{ state: "frozen", ySplit: EXPORT_HEADER_ROWS }] });
    sheet.columns = columns.map((column) => ({ width: column.width }));
    writeLayout(sheet, columns, options.heading ?? `${title}报表`, ExcelMessages.exporter(options.exporter));
    const sheetInput = sheetZipInput(sheet);
    while (page.length > 0) {
      // The next page is asked for before this one is written: on PostgreSQL the query runs
      // while the rows are serialised (about a third faster on PGlite too, measured).
      const next = page.length < batchSize ? null : options.page(++index);
      next?.catch(() => undefined);
      for (const cells of page) {
        const row = sheet.addRow(cells);
        // One style object for every data cell: exceljs gives each new cell its own empty style,
        // and its style table looks a style object up by identity, so every cell cost a full
        // style lookup (rendering the style as XML). The shared one is looked up once.
        row.eachCell((cell, column) => shareStyle(cell, columns[column - 1]?.money === true));
        row.commit();
      }
      note.rows += page.length;
      page = [];
      // Let the zip take what was written (exceljs hands the sheet's XML on without waiting, so
      // it piled up uncompressed while the next rows were written), then the client (a slow
      // client must not make the zip buffers grow); stop reading when it went away.
      await drained(sheetInput, res);
      await drained(res);
      if (res.destroyed) {
        await next?.catch(() => undefined);
        return;
      }
      page = next ? await next : [];
    }
    sheet.commit();
    await workbook.commit();
  } catch (error) {
    if (!res.headersSent) {
      // Nothing went out yet: the router can still answer the envelope, not a download.
      for (const name of ["Content-Type", "Content-Disposition", "Cache-Control"]) res.removeHeader(name);
      throw error;
    }
    options.onStreamError?.(error);
    res.destroy(error instanceof Error ? error : new Error(String(error)));
  }
}

/**
 * The rows as a BIFF8 .xls for the Vue 2 client (docs/decisions/158), same layout and cells as the
 * .xlsx: the file is built in memory page by page (the count bounds it) and sent whole, so a failure
 * at any point still answers the JSON envelope.
 */
async function sendRowsXls(res: Response, options: XlsxRowsOptions, title: string, batchSize: number): Promise<void> {
  const { columns } = options;
  const writer = new XlsWorkbookWriter(sheetName(title), columns);
  const last = Math.max(columns.length - 1, 0);
  writer.addRow([options.heading ?? `${title}报表`], () => XlsStyle.title);
  writer.merge(0, 0, 0, last);
  writer.addRow([ExcelMessages.exporter(options.exporter)], () => XlsStyle.exporter);
  writer.merge(1, 1, 0, last);
  writer.addRow(
    columns.map((column) => column.title),
    () => XlsStyle.header,
  );
  const cellStyle = (column: number) => (columns[column]?.money ? XlsStyle.money : XlsStyle.plain);
  for (let index = 0; ; index++) {
    const page = await options.page(index);
    // Rows added since the count: the sheet's own limit still holds.
    if (writer.rowCount + page.length > XLS_MAX_ROWS) throw new ApiError(ExcelMessages.tooManyExportRows(XLS_MAX_ROWS - EXPORT_HEADER_ROWS));
    for (const cells of page) writer.addRow(cells, cellStyle);
    if (page.length < batchSize || res.destroyed) break;
  }
  if (res.destroyed) return;
  const file = writer.finish();
  (res.locals as { exported?: ExportNote }).exported = {
    title,
    filter: options.audit?.filter ?? "",
    rows: writer.rowCount - EXPORT_HEADER_ROWS,
    masked: options.audit?.masked ?? null,
  };
  res.status(200);
  res.setHeader("Content-Type", "application/vnd.ms-excel");
  res.setHeader("Content-Disposition", contentDisposition(`${title}.xls`));
  res.setHeader("Content-Length", String(file.length));
  res.setHeader("Cache-Control", "no-store");
  res.setHeader("X-Content-Type-Options", "nosniff");
  res.end(file);
}

function sheetTitle(title: string | undefined): string {
  // Path separators and control characters never reach a file name.
  const clean = (title ?? "").replace(/[\u0000-\u001f\\/:*?"<>|]/g, "").trim();
  return clean || ExcelMessages.defaultExportName;
}

/** Excel sheet names: at most 31 characters, none of `[]:*?/\`. */
function sheetName(title: string): string {
  return title.replace(/[[\]:*?/\\]/g, "").slice(0, 31) || "Sheet1";
}

function writeLayout(sheet: ExcelJS.Worksheet, columns: ReadonlyArray<{ title: string }>, heading: string, exporter: string): void {
  const width = columns.length;
  const titleRow = sheet.addRow([heading]);
  titleRow.height = 30;
  titleRow.getCell(1).font = { bold: true, size: 16 };
  titleRow.getCell(1).alignment = { horizontal: "center", vertical: "middle" };
  if (width > 1) sheet.mergeCells(1, 1, 1, width);
  titleRow.commit();

  const exporterRow = sheet.addRow([exporter]);
  exporterRow.getCell(1).alignment = { horizontal: "right" };
  if (width > 1) sheet.mergeCells(2, 1, 2, width);
  exporterRow.commit();

  const headerRow = sheet.addRow(columns.map((column) => column.title));
  headerRow.height = 20;
  headerRow.eachCell((cell) => {
    cell.font = { bold: true };
    cell.alignment = { horizontal: "center", vertical: "middle" };
    cell.fill = { type: "pattern", pattern: "solid", fgColor: { argb: "FFF2F2F2" } };
    cell.border = { top: { style: "thin" }, bottom: { style: "thin" }, left: { style: "thin" }, right: { style: "thin" } };
  });
  headerRow.commit();
}

/**
 * The style of every data cell (none: the sheet's default), shared so that exceljs looks it up
 * once. exceljs remembers the style id per style object, whatever the cell's type: that is right
 * for the cells an export writes (text, numbers, booleans: all the default style, the same XML as
 * before); a Date cell would need its own date format, and CellValue has none.
 */
const DATA_CELL_STYLE: Partial<ExcelJS.Style> = Object.freeze({}) as Partial<ExcelJS.Style>;

/** Amounts (issue #32 item 2): thousands separators and two decimals, as on the screens. */
const MONEY_CELL_STYLE: Partial<ExcelJS.Style> = Object.freeze({ numFmt: "#,##0.00" }) as Partial<ExcelJS.Style>;

function shareStyle(cell: ExcelJS.Cell, money: boolean): void {
  cell.style = money ? MONEY_CELL_STYLE : DATA_CELL_STYLE;
}

/**
 * Where the sheet's XML enters the zip. exceljs's streaming writer writes each row's XML into its
 * own buffer stream, which passes it on to the zip's input (archiver's PassThrough) without regard
 * to backpressure: when rows are written faster than the zip compresses them, the uncompressed XML
 * waits in that input (hundreds of MB for a million rows). Its fill level is the signal to wait
 * for. Neither is part of exceljs's typed API (tests/unit/excel-export-stream.test.ts
 * checks that it is found): without it, the export only waits for the client, as before.
 */
export function sheetZipInput(sheet: ExcelJS.Worksheet): Backpressured | undefined {
  const pipes = (sheet as unknown as { stream?: { pipes?: unknown } }).stream?.pipes;
  const input = Array.isArray(pipes) && pipes.length === 1 ? (pipes[0] as Partial<Backpressured>) : undefined;
  // Node's streams and the readable-stream copies archiver uses keep the same state.
  return input && typeof input.on === "function" && typeof input.off === "function" && typeof input._writableState?.length === "number"
    ? (input as Backpressured)
    : undefined;
}

/** A writable stream as far as waiting for it goes (node's or readable-stream's). */
export interface Backpressured {
  on(event: "drain" | "close" | "error", listener: () => void): unknown;
  off(event: "drain" | "close" | "error", listener: () => void): unknown;
  readonly destroyed?: boolean;
  readonly _writableState?: { length: number; highWaterMark: number };
}

/**
 * Resolves once `stream` holds less than its high-water mark (at once when it does already), or
 * when it or `client` closed: once the client went away, nothing promises that the zip reads on.
 */
function drained(stream: Backpressured | Response | undefined, client?: Response): Promise<void> {
  if (!stream || stream.destroyed || client?.destroyed) return Promise.resolve();
  const state = (stream as Backpressured)._writableState;
  const full = "writableNeedDrain" in stream ? stream.writableNeedDrain : state !== undefined && state.length >= state.highWaterMark;
  if (!full) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      stream.off("drain", done);
      stream.off("close", done);
      stream.off("error", done);
      client?.off("close", done);
      resolve();
    };
    stream.on("drain", done);
    stream.on("close", done);
    stream.on("error", done);
    client?.on("close", done);
  });
}

// ---- paging ------------------------------------------------------------------------------------

export interface SortKey {
  field: FieldDefinition;
  order: SortOrder;
}

/**
 * The sort of the list as keys (buildOrderBy's rules: `column` comma list with `_dictText`
 * stripped, `order` containing `asc` → ASC, else DESC; the entity's default sort; the primary key
 * last). buildOrderBy runs first so that a refused column gets the list's own message.
 */
export function exportSortKeys(entity: EntityDefinition, rawColumn: string | undefined, rawOrder: string | undefined): SortKey[] {
  buildOrderBy(entity, rawColumn, rawOrder);
  const order: SortOrder = (rawOrder ?? "").toLowerCase().includes("asc") ? "asc" : "desc";
  const keys: SortKey[] = [];
  for (const name of (rawColumn ?? "").split(",").map((part) => part.trim()).filter((part) => part !== "")) {
    const property = name.endsWith("_dictText") ? name.slice(0, -"_dictText".length) : name;
    const field = fieldByProperty(entity, property);
    if (!isIdentifier(property) || !field || !isSortable(field)) throw QueryErrors.badSortField(property);
    if (!keys.some((key) => key.field === field)) keys.push({ field, order });
  }
  if (keys.length === 0 && entity.defaultSort) {
    keys.push({ field: fieldByProperty(entity, entity.defaultSort.property)!, order: entity.defaultSort.order });
  }
  return keys;
}

export interface Pager {
  countQuery: SQL;
  next(db: Pick<Database, "rows">): Promise<Record<string, unknown>[]>;
}

/**
 * The export's queries: the count, then keyset pages in the list's order (exported for the
 * benchmark, which checks their plans).
 */
export function createPager(entity: EntityDefinition, columns: readonly ResolvedColumn[], source: ExportSource, batchSize: number): Pager {
  const table = sql.identifier(entity.table);
  const conditions: SQL[] = [];
  if (source.where) conditions.push(sql`(${source.where})`);
  const selected = selectionCondition(entity, source.selections ?? []);
  if (selected) conditions.push(selected);
  const where = conditions.length > 0 ? sql.join(conditions, sql` and `) : undefined;
  const fields = columns.filter((column) => !column.virtual).map((column) => column.field);
  // Virtual columns are filled from each record's key.
  const key = entity.primaryKey ? fieldByProperty(entity, entity.primaryKey) : undefined;
  if (key && columns.some((column) => column.virtual) && !fields.includes(key)) fields.push(key);
  const selectList = sql.join(
    fields.map((field) => sql`${selectExpression(entity, field)} as ${sql.identifier(field.property)}`),
    sql`, `,
  );
  const filter = (extra: SQL | undefined) => {
    const all = [where, extra].filter((part): part is SQL => part !== undefined);
    return all.length > 0 ? sql` where ${sql.join(all, sql` and `)}` : sql``;
  };
  const countQuery = sql`select count(*) as "total" from ${table}${filter(undefined)}`;

  const sorts = exportSortKeys(entity, source.column, source.order);
  const primary = entity.primaryKey ? fieldByProperty(entity, entity.primaryKey) : undefined;

  if (!primary) {
    // Without a unique key there is no exact keyset: OFFSET pages (such tables are small).
    const orderBy = buildOrderBy(entity, source.column, source.order);
    let offset = 0;
    return {
      countQuery,
      async next(db) {
        const rows = await db.rows<Record<string, unknown>>(
          sql`select ${selectList} from ${table}${filter(undefined)} order by ${orderBy} limit ${batchSize} offset ${offset}`,
        );
        offset += rows.length;
        return rows.map((row) => formatRecord(fields, row));
      },
    };
  }

  // Keys up to the primary key (anything after a unique key cannot change the order), then the
  // primary key as buildOrderBy's tie-breaker when the sort did not name it: every position is unique.
  const keys: KeyColumn[] = [];
  for (const sort of sorts) {
    const isPrimary = sort.field === primary;
    keys.push({ ref: columnRef(entity, sort.field), order: sort.order, nullable: !isPrimary && !source.notNull?.has(sort.field.property) });
    if (isPrimary) break;
  }
  if (!sorts.some((sort) => sort.field === primary)) {
    keys.push({ ref: columnRef(entity, primary), order: "asc", nullable: false, tieBreaker: true });
  }
  const orderBy = sql.join(
    keys.map((key) => (key.tieBreaker ? sql`${key.ref} asc` : key.order === "asc" ? sql`${key.ref} asc nulls first` : sql`${key.ref} desc nulls last`)),
    sql`, `,
  );
  const keyList = sql.join(
    keys.map((key, index) => sql`${key.ref}::text as ${sql.identifier(`$k${index}`)}`),
    sql`, `,
  );
  let last: Array<string | null> | null = null;
  return {
    countQuery,
    async next(db) {
      const after = last ? afterCondition(keys, last) : undefined;
      const rows = await db.rows<Record<string, unknown>>(
        sql`select ${selectList}, ${keyList} from ${table}${filter(after)} order by ${orderBy} limit ${batchSize}`,
      );
      const end = rows[rows.length - 1];
      if (end) last = keys.map((_, index) => textOrNull(end[`$k${index}`]));
      return rows.map((row) => formatRecord(fields, row));
    },
  };
}

interface KeyColumn {
  ref: SQL;
  order: SortOrder;
  nullable: boolean;
  tieBreaker?: boolean;
}

/**
 * "Comes after the last row" for `k1 ⋯ kn` in the list's order (ASC NULLS FIRST, DESC NULLS
 * LAST): OR over i of (k1..k(i-1) equal AND ki after). NULLs are handled explicitly because
 * comparisons with NULL are never true.
 */
function afterCondition(keys: readonly KeyColumn[], last: ReadonlyArray<string | null>): SQL {
  const alternatives: SQL[] = [];
  for (let index = 0; index < keys.length; index++) {
    const key = keys[index]!;
    const value = last[index] ?? null;
    let beyond: SQL | undefined;
    if (key.order === "asc") beyond = value === null ? sql`${key.ref} is not null` : sql`${key.ref} > ${value}`;
    else if (value !== null) beyond = key.nullable ? sql`(${key.ref} < ${value} or ${key.ref} is null)` : sql`${key.ref} < ${value}`;
    if (beyond) {
      const equal = keys.slice(0, index).map((previous, at) => {
        const previousValue = last[at] ?? null;
        return previousValue === null ? sql`${previous.ref} is null` : sql`${previous.ref} = ${previousValue}`;
      });
      alternatives.push(equal.length > 0 ? sql`(${sql.join([...equal, beyond], sql` and `)})` : beyond);
    }
  }
  const after = alternatives.length > 0 ? sql`(${sql.join(alternatives, sql` or `)})` : sql`false`;
  // The OR above is exact but no index bound: PostgreSQL would scan the index from its start and
  // filter, re-reading every earlier row on each page. A redundant range on the first key lets
  // the scan start at the last row (migration 0004's index for the default order).
  const bound = firstKeyBound(keys[0], last[0] ?? null);
  return bound && keys.length > 1 ? sql`${bound} and ${after}` : after;
}

/** A range on the first key implied by "after the last row", when there is a sargable one. */
function firstKeyBound(key: KeyColumn | undefined, value: string | null): SQL | undefined {
  if (!key) return undefined;
  if (key.order === "asc") return value === null ? undefined : sql`${key.ref} >= ${value}`;
  // Descending, NULLs last: past a NULL only NULLs remain; a nullable key's NULLs are still ahead.
  if (value === null) return sql`${key.ref} is null`;
  return key.nullable ? undefined : sql`${key.ref} <= ${value}`;
}

function textOrNull(value: unknown): string | null {
  return value === null || value === undefined ? null : String(value);
}

/** As page.ts: date-only columns as `yyyy-MM-dd` text, the same on both drivers. */
function selectExpression(entity: EntityDefinition, field: FieldDefinition): SQL {
  const column = columnRef(entity, field);
  return field.type === "date" ? sql`to_char(${column}, 'YYYY-MM-DD')` : column;
}

function selectionCondition(entity: EntityDefinition, selections: readonly string[]): SQL | undefined {
  const ids = [...new Set(selections.map((id) => id.trim()).filter((id) => id !== ""))];
  if (ids.length === 0) return undefined;
  if (ids.length > MAX_SELECTIONS) throw new ApiError(ExcelMessages.tooManySelections(MAX_SELECTIONS));
  const primary = entity.primaryKey ? fieldByProperty(entity, entity.primaryKey) : undefined;
  if (!primary) throw new Error(`export of ${entity.table}: selections need a primary key`);
  const chunks: SQL[] = [];
  for (let start = 0; start < ids.length; start += MAX_LIST_VALUES) {
    const condition = fieldCondition(entity, primary, "in", ids.slice(start, start + MAX_LIST_VALUES));
    if (condition) chunks.push(condition);
  }
  return chunks.length === 1 ? chunks[0] : sql`(${sql.join(chunks, sql` or `)})`;
}

// ---- the endpoint ------------------------------------------------------------------------------

export interface ExportEndpointConfig extends ExcelEntityConfig {
  /**
   * The list's WHERE for this request, as the list endpoint builds it (the engine:
   * `(await resource.listQuery(resource.context(request), request.req.query)).where`). Wins over
   * `listOptions`.
   */
  where?: (request: EndpointRequest) => SQL | undefined | Promise<SQL | undefined>;
  /** Properties whose columns are NOT NULL (faster keyset pages, see ExportSource.notNull). */
  notNull?: readonly string[];
  /** Without `where`: buildWhere over the request's query with these options (tenant and data-rule conditions). */
  listOptions?: (request: EndpointRequest) => ListQueryOptions | Promise<ListQueryOptions>;
  batchSize?: number;
  /** This request's change of each page's records (the engine masks personal data with it). */
  transform?: (request: EndpointRequest) => Promise<XlsxExportOptions["transform"]>;
  /** This request's filling of the virtual columns (ExcelColumn.virtual). */
  fill?: (request: EndpointRequest) => XlsxExportOptions["fill"];
  /** Whether this request's export masks personal data (the export log); absent: it holds none. */
  masked?: (request: EndpointRequest) => Promise<boolean | null>;
}

/**
 * `GET|POST …/exportXls` for an entity: the list's filters, sort and data rules, plus
 * `selections=id1,id2`. Answers the file, or the JSON envelope when it fails before streaming.
 */
export function exportEndpointHandler(config: ExportEndpointConfig): EndpointHandler {
  return async (request) => {
    const query = request.req.query as ListQueryParams;
    const where = config.where ? await config.where(request) : buildWhere(config.entity, query, (await config.listOptions?.(request)) ?? {});
    const columns = await resolveExcelColumns(config.entity, config.columns, (config.dictionaries ?? plainDictionaries)(request));
    const user = request.auth?.user;
    const transform = await config.transform?.(request);
    await streamXlsxExport(request.res, {
      db: request.services.db,
      entity: config.entity,
      columns,
      source: {
        where,
        column: request.query.column,
        order: request.query.order,
        selections: (request.query.selections ?? "").split(","),
        notNull: new Set(config.notNull ?? []),
      },
      title: config.title,
      exporter: user?.realname || user?.username || "",
      batchSize: config.batchSize,
      transform,
      fill: config.fill?.(request),
      audit: { filter: exportFilterText(request.req.query as Record<string, unknown>), masked: (await config.masked?.(request)) ?? null },
      onStreamError: (error) => request.services.logger.error(`[excel] export of ${config.entity.table} failed while streaming`, error),
    });
    return null;
  };
}
