// importExcel (contract §6): one uploaded workbook → rows of the entity, all or nothing.
//
// - The sheet is the exported layout (title, `导出人:`, headers) or a sheet whose first row holds
//   the headers. Headers are matched to the column list by title (or property name); unknown
//   headers are ignored; dictionary texts go back to their codes.
// - Every row is converted and validated (cell types, required columns, uniqueness inside the
//   file, then the engine's validators). If any row is bad NOTHING is imported: the answer is
//   `success:true, code:201, "文件导入成功，但有错误。"` with successCount 0 and an error report
//   listing row, column and reason. "All or nothing" is taken literally: a partial import would
//   leave the user to find out which rows went in and to remove duplicates on the second try.
// - Good files are inserted through the engine's insert function inside ONE transaction; a
//   duplicate key (or any other failure) rolls every row back and says so.
import type { Database, Orm } from "../../db/client";
import { transactionExecutor, type Executor } from "../context";
import { ApiError, ok, okMessage } from "../../http/envelope";
import type { EndpointHandler, EndpointRequest } from "../../http/endpoint";
import type { Result } from "#contract/envelope";
import { ResultCode } from "#contract/envelope";
import { readMultipart, MultipartError, MAX_UPLOAD_BYTES } from "../../http/multipart";
import { fieldByColumn, type EntityDefinition } from "../entity";
import { importCell, plainDictionaries, resolveExcelColumns, type ExcelEntityConfig, type ResolvedColumn } from "./columns";
import { writeErrorReport, type ImportRowError } from "./error-report";
import { ExcelMessages, importFailure } from "./messages";
import { readWorkbook, type ReadFailure, type ReadLimits, type SheetRow } from "./workbook-reader";
import { databaseError } from "../../db/errors";

/** The drizzle transaction of the import (PGlite or PostgreSQL). */
export type ImportTransaction = Parameters<Parameters<Orm["transaction"]>[0]>[0];

/**
 * What the insert function writes with: the import's one transaction, as the engine's Executor
 * (transactionExecutor), so `resource.insert(context, values, tx)` takes it as it is. Use only
 * this inside the insert: PGlite is one connection, and a query on the database itself would
 * wait for this very transaction to end.
 */
export type ImportExecutor = Executor;

export interface ImportRecord {
  /** Excel row number, for messages. */
  rowNumber: number;
  /** Property → wire value (what the add endpoint's JSON would hold); empty cells are absent. */
  values: Record<string, unknown>;
}

/** A problem with one row: on a property (shown under its column title) or on the whole row. */
export interface ImportFieldError {
  property?: string;
  message: string;
}

export interface ImportContext {
  request: EndpointRequest;
}

/**
 * The engine's check of one converted row (required fields, formats, foreign keys…). It may also
 * throw an ApiError (e.g. `resource.validate(record.values, "add")`): its message becomes the row's reason.
 */
export type RowValidator = (record: ImportRecord, context: ImportContext) => ImportFieldError[] | Promise<ImportFieldError[]>;
/** A check over all rows at once (e.g. one query for keys that already exist). */
export type RowsValidator = (
  records: readonly ImportRecord[],
  context: ImportContext,
) => Array<ImportFieldError & { rowNumber: number }> | Promise<Array<ImportFieldError & { rowNumber: number }>>;
/**
 * Writes every record (insert, or upsert as the entity wishes) inside the given transaction. What
 * it returns (e.g. the new ids) is handed to `afterCommit`.
 */
export type ImportInserter = (tx: ImportExecutor, records: readonly ImportRecord[], context: ImportContext) => Promise<unknown>;
/** Runs once the transaction committed (the engine's `committed`: caches, logs, notifications). */
export type ImportAfterCommit = (inserted: unknown, records: readonly ImportRecord[], context: ImportContext) => Promise<void>;

export interface ImportEndpointConfig extends ExcelEntityConfig {
  insert: ImportInserter;
  afterCommit?: ImportAfterCommit;
  validateRow?: RowValidator;
  validateRows?: RowsValidator;
  /** Properties whose values must differ between the file's rows (checked before the database sees them). */
  uniqueProperties?: readonly string[];
  limits?: Partial<ReadLimits>;
}

export interface ImportResult {
  totalCount: number;
  errorCount: number;
  successCount: number;
  msg: string;
  fileUrl: string;
  fileName: string;
}

export interface WorkbookImportOptions {
  db: Pick<Database, "orm">;
  entity: EntityDefinition;
  columns: readonly ResolvedColumn[];
  title: string;
  bytes: Uint8Array;
  insert: ImportInserter;
  afterCommit?: ImportAfterCommit;
  validateRow?: RowValidator;
  validateRows?: RowsValidator;
  uniqueProperties?: readonly string[];
  limits?: Partial<ReadLimits>;
  context: ImportContext;
  /** Where the error report goes (default the upload root). */
  uploadRoot?: string;
}

/**
 * Reads, checks and (when every row is good) inserts one workbook. Answers the envelope; throws
 * ApiError (`文件导入失败:…`) when the file itself cannot be used.
 */
export async function importWorkbook(options: WorkbookImportOptions): Promise<Result<ImportResult | string>> {
  const limits = options.limits ?? {};
  const read = await readWorkbook(options.bytes, limits);
  if (!read.ok) throw importFailure(readFailureText(read.reason, limits));

  const sheet = mapSheet(read.rows, options.columns);
  const errors: ImportRowError[] = [];
  const badRows = new Set<number>();
  // Per row, the columns already reported: a later check of the same cell (a required value the
  // unreadable cell left empty) would only repeat it.
  const reported = new Map<number, Set<string>>();
  const addError = (row: number, column: string, message: string) => {
    const columns = reported.get(row) ?? new Set<string>();
    if (column !== "" && columns.has(column)) return;
    columns.add(column);
    reported.set(row, columns);
    errors.push({ row, column, message });
    badRows.add(row);
  };

  const records: ImportRecord[] = [];
  for (const [rowNumber, cells] of sheet.dataRows) {
    const values: Record<string, unknown> = {};
    const rowErrors: ImportRowError[] = [];
    let filled = false;
    for (const { index, column } of sheet.mapping) {
      const parsed = importCell(column, cells[index] ?? null);
      if (parsed === undefined) {
        if (column.required) rowErrors.push({ row: rowNumber, column: column.title, message: ExcelMessages.required });
        continue;
      }
      filled = true;
      if (!parsed.ok) rowErrors.push({ row: rowNumber, column: column.title, message: parsed.message });
      else if (parsed.value !== undefined) values[column.field.property] = parsed.value;
    }
    // A row with nothing under any known header is not data (notes beside the table, blank lines).
    if (!filled) continue;
    for (const error of rowErrors) addError(error.row, error.column, error.message);
    records.push({ rowNumber, values });
  }
  const totalCount = records.length;

  checkUniqueness(records, options.columns, options.uniqueProperties ?? [], addError);

  const titleOf = (property: string | undefined) =>
    property ? (options.columns.find((column) => column.field.property === property)?.title ?? property) : "";
  // Every row goes through every check, also one whose cells already failed: the report lists all
  // the faults of the file at once, not some now and the rest on the next attempt.
  if (options.validateRows && records.length > 0) {
    let problems: Awaited<ReturnType<RowsValidator>>;
    try {
      problems = await options.validateRows(records, options.context);
    } catch (error) {
      // A refusal of the whole batch is a refusal of the file.
      if (error instanceof ApiError) throw importFailure(error.message);
      throw error;
    }
    for (const problem of problems) addError(problem.rowNumber, titleOf(problem.property), problem.message);
  }
  if (options.validateRow) {
    for (const record of records) {
      let problems: ImportFieldError[];
      try {
        problems = await options.validateRow(record, options.context);
      } catch (error) {
        // The engine's body validator throws a plain ApiError: that is this row's reason.
        if (!(error instanceof ApiError)) throw error;
        problems = [{ message: error.message }];
      }
      for (const problem of problems) addError(record.rowNumber, titleOf(problem.property), problem.message);
    }
  }

  if (badRows.size > 0) {
    errors.sort((left, right) => left.row - right.row);
    const report = await writeErrorReport(errors, options.title, options.uploadRoot);
    const result: ImportResult = {
      totalCount,
      errorCount: badRows.size,
      successCount: 0,
      msg: ExcelMessages.importSummary(totalCount, 0, badRows.size),
      fileUrl: report.fileUrl,
      fileName: report.fileName,
    };
    return ok(result, ExcelMessages.importWithErrors, ResultCode.importWithErrors);
  }

  if (records.length > 0) {
    let inserted: unknown;
    try {
      inserted = await options.db.orm.transaction(async (tx) =>
        // Marked as a transaction: per-row hooks that lock a row (the user's tenant) lock it once
        // for the whole file, not once per row (50,000 round trips for 50,000 users).
        options.insert(transactionExecutor(tx), records, options.context),
      );
    } catch (error) {
      throw insertFailure(error, options.entity, options.columns, options.context);
    }
    await options.afterCommit?.(inserted, records, options.context);
  }
  return okMessage(ExcelMessages.importSucceeded(records.length));
}

interface MappedSheet {
  mapping: Array<{ index: number; column: ResolvedColumn }>;
  dataRows: SheetRow[];
}

/**
 * Finds the header row — the first of the first three non-empty rows that names a known column
 * (the exported layout has it third, a hand-made sheet first) — and maps its cells to columns.
 */
export function mapSheet(rows: readonly SheetRow[], columns: readonly ResolvedColumn[]): MappedSheet {
  const byHeader = new Map<string, ResolvedColumn>();
  for (const column of columns) byHeader.set(normaliseHeader(column.title), column);
  // Property names as headers too (a sheet made by a program), unless a title already uses the text.
  for (const column of columns) if (!byHeader.has(column.field.property.toLowerCase())) byHeader.set(column.field.property.toLowerCase(), column);

  for (let at = 0; at < Math.min(rows.length, 3); at++) {
    const [, cells] = rows[at]!;
    const mapping: MappedSheet["mapping"] = [];
    const used = new Set<ResolvedColumn>();
    cells.forEach((cell, index) => {
      if (typeof cell !== "string") return;
      const column = byHeader.get(normaliseHeader(cell)) ?? byHeader.get(cell.trim().toLowerCase());
      // A second header with the same column is ignored: the first one holds the values.
      if (column && !used.has(column)) {
        used.add(column);
        mapping.push({ index, column });
      }
    });
    if (mapping.length === 0) continue;
    const missing = columns.filter((column) => column.required && !used.has(column));
    if (missing.length > 0) throw importFailure(`缺少必填列：${missing.map((column) => column.title).join("、")}`);
    return { mapping, dataRows: rows.slice(at + 1) };
  }
  throw importFailure(ExcelMessages.noHeader);
}

/** Header text as people type it: spaces and a trailing required-marker `*` do not matter. */
function normaliseHeader(text: string): string {
  return text.replace(/\s+/g, "").replace(/^\*|\*$/g, "");
}

function checkUniqueness(
  records: readonly ImportRecord[],
  columns: readonly ResolvedColumn[],
  properties: readonly string[],
  addError: (row: number, column: string, message: string) => void,
): void {
  for (const property of properties) {
    const title = columns.find((column) => column.field.property === property)?.title ?? property;
    const firstRow = new Map<string, number>();
    for (const record of records) {
      const value = record.values[property];
      if (value === undefined || value === null || value === "") continue;
      const key = String(value);
      const first = firstRow.get(key);
      if (first === undefined) firstRow.set(key, record.rowNumber);
      else addError(record.rowNumber, title, ExcelMessages.duplicateInFile(first));
    }
  }
}

function readFailureText(reason: ReadFailure, limits: Partial<ReadLimits>): string {
  switch (reason) {
    case "not-excel":
      return ExcelMessages.notExcel;
    case "encrypted":
      return ExcelMessages.encrypted;
    case "corrupt":
      return ExcelMessages.corrupt;
    case "too-many-rows":
      return ExcelMessages.tooManyRows((limits.maxRows ?? 100_003) - 3);
    case "too-many-columns":
      return ExcelMessages.tooManyColumns(limits.maxColumns ?? 256);
    case "too-large":
      return ExcelMessages.tooLargeUnpacked;
    case "timeout":
      return ExcelMessages.parseTimeout(Math.round((limits.timeoutMs ?? 30_000) / 1000));
    case "too-complex":
      return ExcelMessages.tooComplex;
  }
}


/** What the user reads when the insert failed; SQL never reaches the answer (contract §10). */
function insertFailure(error: unknown, entity: EntityDefinition, columns: readonly ResolvedColumn[], context: ImportContext): ApiError {
  if (error instanceof ApiError) return importFailure(error.message);
  const database = databaseError(error);
  if (database?.code === "23505") {
    // `Key (code)=(A001) already exists.`: named by its column title when it is one known column.
    const match = /^Key \(([A-Za-z_][A-Za-z0-9_]*)\)=\((.*)\) already exists\.?$/.exec(database.detail ?? "");
    const field = match ? fieldByColumn(entity, match[1]!) : undefined;
    const column = field ? columns.find((candidate) => candidate.field === field) : undefined;
    return importFailure(column && match ? ExcelMessages.duplicateKey(column.title, match[2]!.slice(0, 100)) : ExcelMessages.duplicateData);
  }
  if (database?.code === "22001") return importFailure(ExcelMessages.valueTooLong);
  context.request.services.logger.error(`[excel] import into ${entity.table} failed`, error);
  return importFailure(ExcelMessages.serverError);
}

// ---- the endpoint ------------------------------------------------------------------------------

/**
 * `POST …/importExcel` for an entity: the first file of the multipart body, whatever its field
 * name (the original iterates the file map and answers after the first file).
 */
export function importEndpointHandler(config: ImportEndpointConfig): EndpointHandler {
  return async (request) => {
    let bytes: Uint8Array | undefined;
    try {
      const form = await readMultipart(request.req, { maxFiles: 1, maxFileBytes: MAX_UPLOAD_BYTES });
      bytes = form.files[0]?.bytes;
    } catch (error) {
      if (error instanceof MultipartError) throw importFailure(ExcelMessages.noFile);
      throw error;
    }
    if (!bytes || bytes.length === 0) throw importFailure(ExcelMessages.noFile);
    const columns = await resolveExcelColumns(config.entity, config.columns, (config.dictionaries ?? plainDictionaries)(request));
    return importWorkbook({
      db: request.services.db,
      entity: config.entity,
      columns,
      title: config.title || ExcelMessages.defaultExportName,
      bytes,
      insert: config.insert,
      afterCommit: config.afterCommit,
      validateRow: config.validateRow,
      validateRows: config.validateRows,
      uniqueProperties: config.uniqueProperties,
      limits: config.limits,
      context: { request },
    });
  };
}
