// Reads the first worksheet of an uploaded .xlsx or .xls in a worker thread with hard limits
// (docs/stack.md: "parse uploads in a worker thread with size, row and time limits (zip bombs exist)"):
// - the upload is at most 10 MB (the multipart parser enforces it before we get here);
// - .xlsx: the zip directory is read by hand and only the parts a sheet needs are inflated, each
//   with zlib's `maxOutputLength`, against one budget of unpacked bytes: a zip bomb stops at the
//   budget however its headers lie. The parts are then scanned directly (shared strings, the date
//   styles, the sheet's cells): values only, never formatting, several times faster than a general
//   XML parser;
// - .xls (the original's HSSF format, still what people keep from the old system) through
//   `@e965/xlsx` 0.20.3 (SheetJS with the prototype-pollution and ReDoS fixes; never npm `xlsx`
//   0.18.5), reading the first sheet only and at most the row limit;
// - rows: at most `maxRows` non-empty rows, non-empty cells only in the first `maxColumns` columns;
// - the worker's heap is capped (resourceLimits) and it is terminated after `timeoutMs`.
//
// The worker runs from source text (`eval: true`), not from a file: the backend is bundled into
// build/server.js by esbuild, runs under tsx in development and under vitest in tests, and a
// worker file would need its own build step in each. The functions below are therefore
// self-contained (no imports, only `require` of absolute paths handed over in workerData) and are
// joined into the worker's source; tsx's `__name` helper is stubbed for the same reason.
import { createRequire } from "node:module";
import { Worker } from "node:worker_threads";
import type * as ZlibModule from "node:zlib";
import type * as XlsxModule from "@e965/xlsx";
import type { CellValue } from "./columns";

export interface ReadLimits {
  /** Non-empty rows, headers included. */
  maxRows: number;
  /** Columns that may hold values. */
  maxColumns: number;
  /** Non-empty cells in all. */
  maxCells: number;
  /** Unpacked bytes of the .xlsx parts read (sheet XML, shared strings, styles…). */
  maxUnpackedBytes: number;
  /** Wall-clock limit of one parse. */
  timeoutMs: number;
  /** The worker's old-generation heap. */
  maxHeapMb: number;
}

/**
 * The heap limit is only a safety net: Node stops a worker that reaches it, but an allocation far
 * beyond it can still abort the whole process. So the input caps keep the worker's real need (a
 * few times the unpacked bytes at worst) well below the heap limit: 100,000 rows of 20 columns
 * written by exceljs unpack to about 87 MB (a 12 MB file, beyond the upload limit) and parse in
 * about 3 s on a quiet machine (50,000 rows of 10 columns: 0.6 s of CPU).
 */
export const DEFAULT_READ_LIMITS: ReadLimits = {
  maxRows: 100_000 + 3,
  maxColumns: 256,
  maxCells: 3_000_000,
  maxUnpackedBytes: 128 * 1024 * 1024,
  timeoutMs: 30_000,
  maxHeapMb: 1024,
};

export type SheetRow = [rowNumber: number, cells: CellValue[]];

export type ReadFailure =
  | "not-excel"
  | "encrypted"
  | "corrupt"
  | "too-many-rows"
  | "too-many-columns"
  | "too-large"
  | "timeout"
  | "too-complex";

export type ReadResult = { ok: true; format: "xlsx" | "xls"; rows: SheetRow[] } | { ok: false; reason: ReadFailure };

/** Files whose first bytes say they may be a workbook: a zip (.xlsx) or an OLE2 container (.xls). */
export function sniffWorkbook(bytes: Uint8Array): "xlsx" | "xls" | null {
  if (bytes.length >= 4 && bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04) return "xlsx";
  const ole = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
  if (bytes.length >= 8 && ole.every((byte, index) => bytes[index] === byte)) return "xls";
  return null;
}

// ---- the concurrency gate ----------------------------------------------------------------------

/** Two cores: at most two parses at once; later uploads wait their turn. */
const MAX_CONCURRENT_PARSES = 2;
let running = 0;
const waiting: Array<() => void> = [];

async function withParseSlot<T>(work: () => Promise<T>): Promise<T> {
  if (running >= MAX_CONCURRENT_PARSES) await new Promise<void>((resolve) => waiting.push(resolve));
  running++;
  try {
    return await work();
  } finally {
    running--;
    waiting.shift()?.();
  }
}

// ---- main thread -------------------------------------------------------------------------------

// Not named `require`: bundlers rename or wrap that name, and the worker's source is this module's text.
const resolvePackage = createRequire(import.meta.url);
let workerSource: string | null = null;

/** Parses `bytes` in a fresh worker; resolves with the rows or the reason it was refused. */
export function readWorkbook(bytes: Uint8Array, limits: Partial<ReadLimits> = {}): Promise<ReadResult> {
  const settings: ReadLimits = { ...DEFAULT_READ_LIMITS, ...limits };
  const format = sniffWorkbook(bytes);
  if (!format) return Promise.resolve({ ok: false, reason: "not-excel" });
  return withParseSlot(() => runWorker(bytes, format, settings));
}

function runWorker(bytes: Uint8Array, format: "xlsx" | "xls", limits: ReadLimits): Promise<ReadResult> {
  workerSource ??= buildWorkerSource();
  return new Promise<ReadResult>((resolve) => {
    let settled = false;
    const worker = new Worker(workerSource!, {
      eval: true,
      workerData: {
        bytes,
        format,
        limits,
        xlsxPath: resolvePackage.resolve("@e965/xlsx"),
      },
      resourceLimits: { maxOldGenerationSizeMb: limits.maxHeapMb, maxYoungGenerationSizeMb: 64, stackSizeMb: 4 },
      stdout: true,
      stderr: true,
    });
    const finish = (result: ReadResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      void worker.terminate();
      resolve(result);
    };
    const timer = setTimeout(() => finish({ ok: false, reason: "timeout" }), limits.timeoutMs);
    worker.on("message", (message: unknown) => finish(checkWorkerAnswer(message)));
    // ERR_WORKER_OUT_OF_MEMORY and anything else that kills the worker: the file was too much.
    worker.on("error", () => finish({ ok: false, reason: "too-complex" }));
    worker.on("exit", () => finish({ ok: false, reason: "too-complex" }));
  });
}

const FAILURES: ReadonlySet<string> = new Set<ReadFailure>([
  "not-excel",
  "encrypted",
  "corrupt",
  "too-many-rows",
  "too-many-columns",
  "too-large",
  "timeout",
  "too-complex",
]);

/** The worker's answer, checked: the file it read is untrusted, so is what comes back. */
function checkWorkerAnswer(message: unknown): ReadResult {
  if (!message || typeof message !== "object") return { ok: false, reason: "corrupt" };
  const answer = message as { ok?: unknown; reason?: unknown; format?: unknown; rows?: unknown };
  if (answer.ok === false) return { ok: false, reason: typeof answer.reason === "string" && FAILURES.has(answer.reason) ? (answer.reason as ReadFailure) : "corrupt" };
  if (answer.ok !== true || (answer.format !== "xlsx" && answer.format !== "xls") || !Array.isArray(answer.rows)) return { ok: false, reason: "corrupt" };
  const rows: SheetRow[] = [];
  for (const row of answer.rows as unknown[]) {
    if (!Array.isArray(row) || typeof row[0] !== "number" || !Array.isArray(row[1])) return { ok: false, reason: "corrupt" };
    const cells = (row[1] as unknown[]).map((cell) =>
      cell === null || typeof cell === "string" || typeof cell === "number" || typeof cell === "boolean" ? cell : null,
    );
    rows.push([row[0], cells]);
  }
  return { ok: true, format: answer.format, rows };
}

function buildWorkerSource(): string {
  const functions = [
    workerMain,
    readXlsx,
    xmlText,
    xmlAttribute,
    stringItemText,
    sharedStrings,
    dateStyles,
    columnNumber,
    scanSheet,
    readXls,
    collectRow,
    wallTime,
    excelSerialToWallTime,
    readZipDirectory,
    inflateEntry,
    firstSheetPath,
    resolveTarget,
    fail,
    WorkerFailure,
  ];
  return [
    '"use strict";',
    // tsx (esbuild keepNames) wraps nested named functions in __name(); outside a module it is not defined.
    "const __name = (target) => target;",
    ...functions.map((fn) => fn.toString()),
    // `require` goes in as a parameter: a bare require() call in this module's text would be
    // rewritten by esbuild's bundler (`__require`) and is not a module-scope name in the worker.
    "workerMain(require);",
  ].join("\n");
}

// ---- worker side: everything below runs inside the worker --------------------------------------

interface WorkerInput {
  bytes: Uint8Array;
  format: "xlsx" | "xls";
  limits: ReadLimits;
  xlsxPath: string;
}

interface WorkerRowSink {
  rows: SheetRow[];
  cells: number;
  limits: ReadLimits;
}

/** A refusal from inside the worker; a plain function so that it survives toString(). */
function WorkerFailure(this: { reason: ReadFailure }, reason: ReadFailure) {
  this.reason = reason;
}

type Load = (id: string) => unknown;

function workerMain(load: Load): void {
  const threads = load("node:worker_threads") as typeof import("node:worker_threads");
  const input = threads.workerData as WorkerInput;
  const buffer = Buffer.from(input.bytes.buffer, input.bytes.byteOffset, input.bytes.byteLength);
  const sink: WorkerRowSink = { rows: [], cells: 0, limits: input.limits };
  const work = Promise.resolve().then(() =>
    input.format === "xlsx" ? readXlsx(load, buffer, sink) : readXls(load(input.xlsxPath) as typeof XlsxModule, buffer, sink),
  );
  work.then(
    () => threads.parentPort!.postMessage({ ok: true, format: input.format, rows: sink.rows }),
    (error: unknown) => {
      const reason = error instanceof WorkerFailure ? (error as unknown as { reason: ReadFailure }).reason : "corrupt";
      threads.parentPort!.postMessage({ ok: false, reason });
    },
  );
}

function fail(reason: ReadFailure): never {
  throw new (WorkerFailure as unknown as new (reason: ReadFailure) => { reason: ReadFailure })(reason);
}

/** Adds one row (1-based sparse `values`) unless it is empty. */
function collectRow(sink: WorkerRowSink, rowNumber: number, values: readonly unknown[], toCell: (value: unknown) => CellValue): void {
  const cells: CellValue[] = [];
  let last = -1;
  for (let column = 1; column < values.length; column++) {
    const cell = toCell(values[column]);
    if (cell === null || cell === "") continue;
    if (column > sink.limits.maxColumns) fail("too-many-columns");
    cells[column - 1] = cell;
    last = column - 1;
    if (++sink.cells > sink.limits.maxCells) fail("too-large");
  }
  if (last < 0) return;
  for (let index = 0; index <= last; index++) if (cells[index] === undefined) cells[index] = null;
  if (sink.rows.length >= sink.limits.maxRows) fail("too-many-rows");
  sink.rows.push([rowNumber, cells]);
}

/**
 * Excel stores the wall-clock time without a zone; exceljs and the serial conversion below put it
 * in a Date as if it were UTC, so the UTC fields are the wall clock. Midnight means a date.
 */
function wallTime(date: Date): CellValue {
  const time = date.getTime();
  if (!Number.isFinite(time)) return null;
  const text = new Date(Math.round(time / 1000) * 1000).toISOString();
  return text.endsWith("T00:00:00.000Z") ? text.slice(0, 10) : `${text.slice(0, 10)} ${text.slice(11, 19)}`;
}

function excelSerialToWallTime(serial: number, date1904: boolean): CellValue {
  // Day 0 is 1899-12-30 in the 1900 system (which counts the fictitious 1900-02-29), 1904-01-01 in the other.
  const epoch = date1904 ? Date.UTC(1904, 0, 1) : Date.UTC(1899, 11, 30);
  return wallTime(new Date(epoch + Math.round(serial * 86_400_000)));
}

/**
 * The first sheet of an .xlsx: the parts it needs are inflated under the budget, then scanned
 * directly (shared strings, the date styles, the sheet's rows and cells). A purpose-made scan of
 * SpreadsheetML is several times faster than a general SAX parser (exceljs's streaming reader took
 * most of an import's time) and reads only what an import uses: values, never formatting.
 */
function readXlsx(load: Load, buffer: Buffer, sink: WorkerRowSink): void {
  const zlib = load("node:zlib") as typeof ZlibModule;
  const entries = readZipDirectory(buffer);
  let budget = sink.limits.maxUnpackedBytes;
  const take = (name: string): Buffer | undefined => {
    const entry = entries.get(name.toLowerCase());
    if (!entry) return undefined;
    const data = inflateEntry(zlib, buffer, entry, budget);
    budget -= data.length;
    return data;
  };
  const relations = take("xl/_rels/workbook.xml.rels");
  const book = take("xl/workbook.xml");
  if (!relations || !book) fail("not-excel");
  const bookXml = book.toString("utf8");
  const sheetPath = firstSheetPath(bookXml, relations.toString("utf8"), entries);
  if (!sheetPath) fail("corrupt");
  const styles = take("xl/styles.xml");
  const strings = take("xl/sharedStrings.xml");
  const sheet = take(sheetPath)!;
  const date1904 = /<(?:\w+:)?workbookPr\b[^>]*\bdate1904\s*=\s*["'](?:1|true)["']/.test(bookXml);
  scanSheet(sheet.toString("utf8"), strings ? sharedStrings(strings.toString("utf8")) : [], styles ? dateStyles(styles.toString("utf8")) : new Set(), date1904, sink);
}

/** XML text with its five entities and character references decoded. */
function xmlText(text: string): string {
  if (!text.includes("&")) return text;
  return text.replace(/&(#x[0-9a-fA-F]+|#[0-9]+|amp|lt|gt|quot|apos);/g, (_, entity: string) => {
    if (entity[0] === "#") {
      const code = entity[1] === "x" ? parseInt(entity.slice(2), 16) : parseInt(entity.slice(1), 10);
      return code >= 0 && code <= 0x10ffff ? String.fromCodePoint(code) : "";
    }
    return ({ amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" } as Record<string, string>)[entity]!;
  });
}

/** The value of attribute `name` in a tag's attribute text, or undefined. */
function xmlAttribute(attributes: string, name: string): string | undefined {
  const match = new RegExp(`(?:^|\\s)${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)')`).exec(attributes);
  return match ? xmlText(match[1] ?? match[2] ?? "") : undefined;
}

/** The text of a string item (`<si>`, `<is>`): every `<t>`, runs included, phonetic guides (`<rPh>`) left out. */
function stringItemText(xml: string): string {
  const body = xml.includes("rPh") ? xml.replace(/<(?:\w+:)?rPh\b[\s\S]*?<\/(?:\w+:)?rPh>/g, "") : xml;
  let text = "";
  const runs = /<(?:\w+:)?t\b[^>]*?(?:\/>|>([\s\S]*?)<\/(?:\w+:)?t>)/g;
  for (let match = runs.exec(body); match; match = runs.exec(body)) text += match[1] ?? "";
  return xmlText(text);
}

function sharedStrings(xml: string): string[] {
  const items: string[] = [];
  const pattern = /<(?:\w+:)?si\b[^>]*?(?:\/>|>([\s\S]*?)<\/(?:\w+:)?si>)/g;
  for (let match = pattern.exec(xml); match; match = pattern.exec(xml)) items.push(stringItemText(match[1] ?? ""));
  return items;
}

/**
 * The cell style indexes (`s`) whose number format shows a date or time: the built-in date
 * formats (14-22, 45-47, and the East Asian 27-36, 50-58) and custom codes with date or time
 * letters outside quoted text, escapes and [colour]/[condition] brackets.
 */
function dateStyles(xml: string): Set<number> {
  const custom = new Map<number, string>();
  const formats = /<(?:\w+:)?numFmt\b([^>]*?)\/?>/g;
  for (let match = formats.exec(xml); match; match = formats.exec(xml)) {
    const id = Number(xmlAttribute(match[1]!, "numFmtId"));
    const code = xmlAttribute(match[1]!, "formatCode");
    if (Number.isInteger(id) && code !== undefined) custom.set(id, code);
  }
  const isDate = (id: number): boolean => {
    const code = custom.get(id);
    if (code === undefined) return (id >= 14 && id <= 22) || (id >= 27 && id <= 36) || (id >= 45 && id <= 47) || (id >= 50 && id <= 58);
    const bare = code
      .replace(/"[^"]*"/g, "")
      .replace(/\\./g, "")
      .replace(/[_*]./g, "")
      .replace(/\[(?![hms]+\])[^\]]*\]/gi, "");
    return !/^general$/i.test(bare.trim()) && /[ymdhs]/i.test(bare);
  };
  const result = new Set<number>();
  const cellXfs = /<(?:\w+:)?cellXfs\b[^>]*>([\s\S]*?)<\/(?:\w+:)?cellXfs>/.exec(xml)?.[1] ?? "";
  const xfs = /<(?:\w+:)?xf\b([^>]*?)\/?>/g;
  let index = 0;
  for (let match = xfs.exec(cellXfs); match; match = xfs.exec(cellXfs), index++) {
    if (isDate(Number(xmlAttribute(match[1]!, "numFmtId") ?? 0))) result.add(index);
  }
  return result;
}

/** `AB12` → 28 (1-based column), 0 when there is no column. */
function columnNumber(reference: string): number {
  let column = 0;
  for (let index = 0; index < reference.length; index++) {
    const code = reference.charCodeAt(index) | 0x20;
    if (code < 97 || code > 122) break;
    column = column * 26 + (code - 96);
  }
  return column;
}

function scanSheet(xml: string, strings: readonly string[], dates: ReadonlySet<number>, date1904: boolean, sink: WorkerRowSink): void {
  const rows = /<(?:\w+:)?row\b([^>]*?)(?:\/>|>([\s\S]*?)<\/(?:\w+:)?row>)/g;
  const cells = /<(?:\w+:)?c\b([^>]*?)(?:\/>|>([\s\S]*?)<\/(?:\w+:)?c>)/g;
  const valueOf = /<(?:\w+:)?v\b[^>]*?(?:\/>|>([\s\S]*?)<\/(?:\w+:)?v>)/;
  const inline = /<(?:\w+:)?is\b[^>]*?(?:\/>|>([\s\S]*?)<\/(?:\w+:)?is>)/;
  // r, s and t of a cell in one pass (a pattern per attribute would be three scans per cell).
  const attributePattern = /(?:^|\s)([rst])\s*=\s*(?:"([^"]*)"|'([^']*)')/g;
  const cellAttributes = (text: string) => {
    const found: { r?: string; s?: string; t?: string } = {};
    attributePattern.lastIndex = 0;
    for (let match = attributePattern.exec(text); match; match = attributePattern.exec(text)) found[match[1] as "r" | "s" | "t"] = match[2] ?? match[3] ?? "";
    return found;
  };
  let rowNumber = 0;
  for (let row = rows.exec(xml); row; row = rows.exec(xml)) {
    const declared = Number(xmlAttribute(row[1]!, "r"));
    rowNumber = Number.isInteger(declared) && declared > rowNumber ? declared : rowNumber + 1;
    const content = row[2];
    if (!content) continue;
    const values: CellValue[] = [];
    let column = 0;
    cells.lastIndex = 0;
    for (let cell = cells.exec(content); cell; cell = cells.exec(content)) {
      const attributes = cellAttributes(cell[1]!);
      const reference = attributes.r;
      const at = reference ? columnNumber(reference) : 0;
      column = at > 0 ? at : column + 1;
      const body = cell[2];
      if (!body) continue;
      const type = attributes.t ?? "n";
      let value: CellValue = null;
      if (type === "inlineStr") {
        value = stringItemText(inline.exec(body)?.[1] ?? "");
      } else {
        const raw = valueOf.exec(body)?.[1];
        if (raw === undefined) continue;
        if (type === "s") value = strings[Number(raw)] ?? null;
        else if (type === "str") value = xmlText(raw);
        else if (type === "b") value = raw.trim() === "1" || raw.trim() === "true";
        else if (type === "d") value = wallTime(new Date(/[zZ]|[+-]\d\d:?\d\d$/.test(raw) ? raw : `${raw.trim()}Z`));
        else if (type === "n") {
          const number = Number(raw);
          if (raw.trim() === "" || !Number.isFinite(number)) continue;
          value = dates.has(Number(attributes.s ?? 0)) ? excelSerialToWallTime(number, date1904) : number;
        }
        // "e" (#N/A, #DIV/0!…): no value.
      }
      if (value === null || value === "") continue;
      if (column > sink.limits.maxColumns) fail("too-many-columns");
      values[column] = value;
    }
    collectRow(sink, rowNumber, values, (value) => (value === undefined ? null : (value as CellValue)));
  }
}

function readXls(XLSX: typeof XlsxModule, buffer: Buffer, sink: WorkerRowSink): void {
  let workbook: ReturnType<typeof XLSX.read>;
  try {
    workbook = XLSX.read(buffer, {
      type: "buffer",
      sheets: 0,
      sheetRows: sink.limits.maxRows + 1,
      dense: true,
      cellNF: true,
      cellDates: false,
      cellFormula: false,
      cellHTML: false,
      cellText: false,
      cellStyles: false,
      bookVBA: false,
    });
  } catch (error) {
    const text = error instanceof Error ? error.message : String(error);
    fail(/password|encrypt/i.test(text) ? "encrypted" : "corrupt");
  }
  const sheet = workbook.Sheets[workbook.SheetNames[0] ?? ""] as (XlsxModule.WorkSheet & { "!data"?: unknown[][] }) | undefined;
  if (!sheet) fail("corrupt");
  const date1904 = Boolean(workbook.Workbook?.WBProps?.date1904);
  const toCell = (value: unknown): CellValue => {
    if (!value || typeof value !== "object") return null;
    const cell = value as { t?: string; v?: unknown; z?: unknown };
    if (cell.t === "n" && typeof cell.v === "number") {
      return typeof cell.z === "string" && XLSX.SSF.is_date(cell.z) ? excelSerialToWallTime(cell.v, date1904) : cell.v;
    }
    if (cell.t === "s" || cell.t === "str") return typeof cell.v === "string" ? cell.v : null;
    if (cell.t === "b") return typeof cell.v === "boolean" ? cell.v : null;
    if (cell.t === "d" && cell.v instanceof Date) return wallTime(cell.v);
    return null;
  };
  const data = sheet["!data"] ?? [];
  for (let index = 0; index < data.length; index++) {
    const cells = data[index];
    if (!cells) continue;
    // SheetJS rows are 0-based and dense; collectRow takes 1-based ones.
    collectRow(sink, index + 1, [undefined, ...cells], toCell);
  }
}

interface ZipEntry {
  name: string;
  method: number;
  compressedSize: number;
  size: number;
  localOffset: number;
}

/** The central directory of a zip: names, sizes, offsets. No zip64, no encryption, store or deflate only. */
function readZipDirectory(buffer: Buffer): Map<string, ZipEntry> {
  const minimum = Math.max(0, buffer.length - 22 - 0xffff);
  let end = -1;
  for (let at = buffer.length - 22; at >= minimum; at--) {
    if (buffer.readUInt32LE(at) === 0x06054b50) {
      end = at;
      break;
    }
  }
  if (end < 0) fail("corrupt");
  const count = buffer.readUInt16LE(end + 10);
  const directorySize = buffer.readUInt32LE(end + 12);
  const directoryOffset = buffer.readUInt32LE(end + 16);
  if (count === 0xffff || directoryOffset === 0xffffffff) fail("too-large");
  if (count > 10_000 || directoryOffset + directorySize > buffer.length) fail("corrupt");
  const entries = new Map<string, ZipEntry>();
  let at = directoryOffset;
  for (let index = 0; index < count; index++) {
    if (at + 46 > buffer.length || buffer.readUInt32LE(at) !== 0x02014b50) fail("corrupt");
    const flags = buffer.readUInt16LE(at + 8);
    const method = buffer.readUInt16LE(at + 10);
    const compressedSize = buffer.readUInt32LE(at + 20);
    const size = buffer.readUInt32LE(at + 24);
    const nameLength = buffer.readUInt16LE(at + 28);
    const extraLength = buffer.readUInt16LE(at + 30);
    const commentLength = buffer.readUInt16LE(at + 32);
    const localOffset = buffer.readUInt32LE(at + 42);
    const name = buffer.toString("utf8", at + 46, at + 46 + nameLength);
    if (flags & 0x1) fail("encrypted");
    if (compressedSize === 0xffffffff || size === 0xffffffff || localOffset === 0xffffffff) fail("too-large");
    if (method !== 0 && method !== 8) fail("corrupt");
    // Lower-case lookups: some writers spell the part names differently.
    entries.set(name.replace(/^\/+/, "").toLowerCase(), { name, method, compressedSize, size, localOffset });
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

/** One entry's bytes, inflated with a hard output limit (the declared size may lie). */
function inflateEntry(zlib: typeof ZlibModule, buffer: Buffer, entry: ZipEntry, budget: number): Buffer {
  const at = entry.localOffset;
  if (at + 30 > buffer.length || buffer.readUInt32LE(at) !== 0x04034b50) fail("corrupt");
  const start = at + 30 + buffer.readUInt16LE(at + 26) + buffer.readUInt16LE(at + 28);
  const end = start + entry.compressedSize;
  if (end > buffer.length) fail("corrupt");
  const raw = buffer.subarray(start, end);
  if (entry.method === 0) {
    if (raw.length > budget) fail("too-large");
    return Buffer.from(raw);
  }
  if (budget <= 0) fail("too-large");
  try {
    return zlib.inflateRawSync(raw, { maxOutputLength: budget });
  } catch (error) {
    // RangeError / ERR_BUFFER_TOO_LARGE: the entry unpacks beyond what is left of the budget.
    const code = (error as { code?: string }).code;
    if (error instanceof RangeError || code === "ERR_BUFFER_TOO_LARGE") fail("too-large");
    return fail("corrupt");
  }
}

/** The part of the workbook's first sheet (workbook.xml order, through its relationship). */
function firstSheetPath(workbookXml: string, relationsXml: string, entries: ReadonlyMap<string, ZipEntry>): string | undefined {
  const firstSheet = /<(?:\w+:)?sheet\b[^>]*>/.exec(workbookXml)?.[0];
  const relationId = firstSheet ? /\b(?:\w+:)?id\s*=\s*"([^"]*)"/.exec(firstSheet.replace(/\bsheetId\s*=\s*"[^"]*"/, ""))?.[1] : undefined;
  if (relationId) {
    for (const relation of relationsXml.match(/<(?:\w+:)?Relationship\b[^>]*>/g) ?? []) {
      if (/\bId\s*=\s*"([^"]*)"/.exec(relation)?.[1] !== relationId) continue;
      const target = /\bTarget\s*=\s*"([^"]*)"/.exec(relation)?.[1];
      const path = target ? resolveTarget(target) : undefined;
      if (path && entries.has(path)) return path;
    }
  }
  // No usable relationship: the lowest-numbered sheet part.
  const sheets = [...entries.keys()]
    .map((name) => /^xl\/worksheets\/sheet(\d+)\.xml$/.exec(name))
    .filter((match): match is RegExpExecArray => match !== null)
    .sort((left, right) => Number(left[1]) - Number(right[1]));
  return sheets[0]?.[0];
}

/** A relationship target relative to xl/ (or absolute from the package root), lower-cased like the entry map. */
function resolveTarget(target: string): string | undefined {
  const parts = (target.startsWith("/") ? target.slice(1) : `xl/${target}`).split("/");
  const resolved: string[] = [];
  for (const part of parts) {
    if (part === "" || part === ".") continue;
    if (part === "..") resolved.pop();
    else resolved.push(part);
  }
  return resolved.length > 0 ? resolved.join("/").toLowerCase() : undefined;
}

/** For unit tests: the pure helpers that run inside the worker. */
export const workerInternals = {
  readZipDirectory,
  firstSheetPath,
  resolveTarget,
  wallTime,
  excelSerialToWallTime,
  xmlText,
  sharedStrings,
  dateStyles,
  columnNumber,
  scanSheet,
};
