// A BIFF8 (.xls, Excel 97-2003) writer for the exports the original Vue 2 client downloads (issue
// #31, docs/decisions/158): that client saves every export as `name.xls`, so it gets a real .xls.
//
// Written here rather than through @e965/xlsx's `bookType: "xls"`: that writer allocates a fresh
// 16 KB zero-filled block for every cell record and keeps it alive until the end (1,000 rows of ten
// columns took 1-3.5 s, 5,000 rows 7-14 s, at load 6-17), and without its shared string table it cuts
// every text at 255 characters, while with it each string is looked up by a linear search. This one
// writes the records straight into growing chunks, keeps each text whole (an SST with CONTINUE
// records), and takes the rows page by page as the export reads them. The container (the OLE2
// compound file holding the `Workbook` stream) is written with the CFB module @e965/xlsx exports.
//
// What is written ([MS-XLS] 2.1.7.20): the globals (BOF, CODEPAGE 1200, WINDOW1, fonts, the 15
// style XFs every workbook has, cell XFs, the Normal style, one BOUNDSHEET8, SST, EXTSST, EOF), then
// one worksheet (BOF, DIMENSIONS, COLINFO per column, WINDOW2, the cells as LABELSST / NUMBER /
// BOOLERR, MERGECELLS, EOF). Numbers are IEEE doubles as in the .xlsx; money numbers get Excel's
// built-in format 4 (#,##0.00).
import { createRequire } from "node:module";
import type * as XlsxModule from "@e965/xlsx";
import type { CellValue } from "./columns";

/** Rows of one BIFF8 worksheet (row numbers are 16-bit). */
export const XLS_MAX_ROWS = 65_536;
/** Columns of one BIFF8 worksheet. */
export const XLS_MAX_COLUMNS = 256;
/** Excel's limit of characters in one cell. */
const MAX_CELL_TEXT = 32_767;
/** The largest record body BIFF8 allows; longer data goes on in CONTINUE records. */
const MAX_RECORD_DATA = 8224;

/** Cell formats (indexes of the XF records written below). */
export const XlsStyle = {
  plain: 15,
  money: 16,
  header: 17,
  title: 18,
  exporter: 19,
} as const;
export type XlsStyleIndex = (typeof XlsStyle)[keyof typeof XlsStyle];

const RecordType = {
  BOF: 0x0809,
  EOF: 0x000a,
  CODEPAGE: 0x0042,
  WINDOW1: 0x003d,
  FONT: 0x0031,
  XF: 0x00e0,
  STYLE: 0x0293,
  BOUNDSHEET8: 0x0085,
  SST: 0x00fc,
  CONTINUE: 0x003c,
  EXTSST: 0x00ff,
  DIMENSIONS: 0x0200,
  COLINFO: 0x007d,
  WINDOW2: 0x023e,
  LABELSST: 0x00fd,
  NUMBER: 0x0203,
  BOOLERR: 0x0205,
  MERGECELLS: 0x00e5,
} as const;

/** Bytes appended to a list of chunks, with the running length (positions inside the stream). */
class ByteSink {
  private readonly chunks: Buffer[] = [];
  private current = Buffer.allocUnsafe(64 * 1024);
  private used = 0;
  private flushed = 0;

  get length(): number {
    return this.flushed + this.used;
  }

  /** Room for `size` more bytes at `this.current[this.used]`. */
  private reserve(size: number): void {
    if (this.used + size <= this.current.length) return;
    this.chunks.push(this.current.subarray(0, this.used));
    this.flushed += this.used;
    this.current = Buffer.allocUnsafe(Math.max(64 * 1024, size));
    this.used = 0;
  }

  record(type: number, body: Buffer): void {
    this.reserve(4 + body.length);
    this.current.writeUInt16LE(type, this.used);
    this.current.writeUInt16LE(body.length, this.used + 2);
    body.copy(this.current, this.used + 4);
    this.used += 4 + body.length;
  }

  /** A cell record: row, column, XF, then `size` bytes written by `fill` at the given offset. */
  cell(type: number, row: number, column: number, xf: number, size: number, fill: (buffer: Buffer, at: number) => void): void {
    this.reserve(10 + size);
    const at = this.used;
    this.current.writeUInt16LE(type, at);
    this.current.writeUInt16LE(6 + size, at + 2);
    this.current.writeUInt16LE(row, at + 4);
    this.current.writeUInt16LE(column, at + 6);
    this.current.writeUInt16LE(xf, at + 8);
    fill(this.current, at + 10);
    this.used += 10 + size;
  }

  buffers(): Buffer[] {
    return [...this.chunks, this.current.subarray(0, this.used)];
  }
}

/** A record body of `size` bytes, zero-filled, with a little-endian writer. */
function body(size: number): { buffer: Buffer; u8: (value: number) => void; u16: (value: number) => void; u32: (value: number) => void; utf16: (text: string) => void } {
  const buffer = Buffer.alloc(size);
  let at = 0;
  return {
    buffer,
    u8: (value) => (at = buffer.writeUInt8(value, at)),
    u16: (value) => (at = buffer.writeUInt16LE(value, at)),
    u32: (value) => (at = buffer.writeUInt32LE(value, at)),
    utf16: (text) => (at += buffer.write(text, at, "utf16le")),
  };
}

export interface XlsColumn {
  /** Width in characters, as the .xlsx's. */
  width: number;
}

/**
 * One worksheet written row by row (`addRow`), then `finish()` gives the .xls file. Text is kept in
 * the shared string table, each distinct text once.
 */
export class XlsWorkbookWriter {
  private readonly cells = new ByteSink();
  private readonly strings = new Map<string, number>();
  private stringCount = 0;
  private rows = 0;
  private lastColumn = 0;
  private readonly merges: Array<[firstRow: number, lastRow: number, firstColumn: number, lastColumn: number]> = [];

  constructor(
    private readonly sheetName: string,
    private readonly columns: readonly XlsColumn[],
  ) {
    if (columns.length > XLS_MAX_COLUMNS) throw new Error(`xls: ${columns.length} columns, at most ${XLS_MAX_COLUMNS}`);
  }

  get rowCount(): number {
    return this.rows;
  }

  /** Appends a row; `style(column)` chooses each cell's format (plain when absent). */
  addRow(values: readonly CellValue[], style?: (column: number, value: CellValue) => XlsStyleIndex): void {
    if (this.rows >= XLS_MAX_ROWS) throw new Error(`xls: more than ${XLS_MAX_ROWS} rows`);
    const row = this.rows++;
    values.forEach((value, column) => {
      if (value === null || value === undefined || column >= XLS_MAX_COLUMNS) return;
      const xf = style?.(column, value) ?? XlsStyle.plain;
      this.lastColumn = Math.max(this.lastColumn, column);
      if (typeof value === "number") {
        this.cells.cell(RecordType.NUMBER, row, column, xf, 8, (buffer, at) => buffer.writeDoubleLE(value, at));
      } else if (typeof value === "boolean") {
        this.cells.cell(RecordType.BOOLERR, row, column, xf, 2, (buffer, at) => {
          buffer.writeUInt8(value ? 1 : 0, at);
          buffer.writeUInt8(0, at + 1);
        });
      } else {
        const index = this.stringIndex(value.length > MAX_CELL_TEXT ? value.slice(0, MAX_CELL_TEXT) : value);
        this.cells.cell(RecordType.LABELSST, row, column, xf, 4, (buffer, at) => buffer.writeUInt32LE(index, at));
      }
    });
  }

  /** Merges a rectangle of cells (0-based, inclusive). */
  merge(firstRow: number, lastRow: number, firstColumn: number, lastColumn: number): void {
    if (lastRow > firstRow || lastColumn > firstColumn) this.merges.push([firstRow, lastRow, firstColumn, lastColumn]);
  }

  private stringIndex(text: string): number {
    this.stringCount++;
    let index = this.strings.get(text);
    if (index === undefined) {
      index = this.strings.size;
      this.strings.set(text, index);
    }
    return index;
  }

  /** The .xls file: the `Workbook` stream in an OLE2 compound file. */
  finish(): Buffer {
    const globals = new ByteSink();
    globals.record(RecordType.BOF, bof(0x0005));
    globals.record(RecordType.CODEPAGE, u16Body(1200));
    globals.record(RecordType.WINDOW1, window1());
    for (const font of FONTS) globals.record(RecordType.FONT, fontRecord(font));
    for (const xf of CELL_FORMATS) globals.record(RecordType.XF, xfRecord(xf));
    globals.record(RecordType.STYLE, normalStyle());
    const sheetName = boundSheetName(this.sheetName);
    const boundSheet = body(8 + 2 * sheetName.length);
    boundSheet.u32(0); // the sheet's BOF position, set below once the globals' length is known
    boundSheet.u8(0);
    boundSheet.u8(0);
    boundSheet.u8(sheetName.length);
    boundSheet.u8(1);
    boundSheet.utf16(sheetName);
    const boundSheetAt = globals.length + 4;
    globals.record(RecordType.BOUNDSHEET8, boundSheet.buffer);
    const buckets = writeSharedStrings(globals, [...this.strings.keys()], this.stringCount);
    globals.record(RecordType.EXTSST, buckets);
    globals.record(RecordType.EOF, Buffer.alloc(0));

    const sheet = new ByteSink();
    sheet.record(RecordType.BOF, bof(0x0010));
    const dimensions = body(14);
    dimensions.u32(0);
    dimensions.u32(this.rows);
    dimensions.u16(0);
    dimensions.u16(this.rows > 0 ? this.lastColumn + 1 : 0);
    sheet.record(RecordType.DIMENSIONS, dimensions.buffer);
    this.columns.forEach((column, index) => {
      const info = body(12);
      info.u16(index);
      info.u16(index);
      info.u16(Math.min(255, Math.max(1, Math.round(column.width))) * 256);
      info.u16(XlsStyle.plain);
      info.u16(0);
      info.u16(0);
      sheet.record(RecordType.COLINFO, info.buffer);
    });
    sheet.record(RecordType.WINDOW2, window2());
    const head = sheet.buffers();
    const tail = new ByteSink();
    // At most 1,026 merged areas per record.
    for (let start = 0; start < this.merges.length; start += 1026) {
      const areas = this.merges.slice(start, start + 1026);
      const merged = body(2 + 8 * areas.length);
      merged.u16(areas.length);
      for (const [firstRow, lastRow, firstColumn, lastColumn] of areas) {
        merged.u16(firstRow);
        merged.u16(lastRow);
        merged.u16(firstColumn);
        merged.u16(lastColumn);
      }
      tail.record(RecordType.MERGECELLS, merged.buffer);
    }
    tail.record(RecordType.EOF, Buffer.alloc(0));

    const globalBuffers = globals.buffers();
    const stream = Buffer.concat([...globalBuffers, ...head, ...this.cells.buffers(), ...tail.buffers()]);
    stream.writeUInt32LE(globals.length, boundSheetAt);

    const XLSX = loadXlsx();
    const container = XLSX.CFB.utils.cfb_new({ root: "R" });
    XLSX.CFB.utils.cfb_add(container, "/Workbook", stream);
    return XLSX.CFB.write(container, { type: "buffer" }) as Buffer;
  }
}

/**
 * The SST and its CONTINUE records: each text as an XLUnicodeRichExtendedString in UTF-16. A text's
 * header never splits; its characters may, and the CONTINUE record that takes them on starts with
 * the 1-byte option flags again. Returns the EXTSST body (where every eighth-or-so text starts).
 */
function writeSharedStrings(sink: ByteSink, texts: readonly string[], total: number): Buffer {
  const perBucket = Math.max(8, Math.ceil(texts.length / 128));
  const buckets: Array<[position: number, offsetInRecord: number]> = [];
  let record = Buffer.alloc(MAX_RECORD_DATA);
  let used = 0;
  let type: number = RecordType.SST;
  // The SST body starts with the total and unique counts.
  used = record.writeUInt32LE(total, 0);
  used = record.writeUInt32LE(texts.length, used);
  const flush = () => {
    sink.record(type, record.subarray(0, used));
    type = RecordType.CONTINUE;
    record = Buffer.alloc(MAX_RECORD_DATA);
    used = 0;
  };
  texts.forEach((text, index) => {
    // Header (3 bytes) and at least one character (2 bytes) in the same record.
    if (used + 3 + (text.length > 0 ? 2 : 0) > MAX_RECORD_DATA) flush();
    if (index % perBucket === 0) buckets.push([sink.length + 4 + used, 4 + used]);
    used = record.writeUInt16LE(text.length, used);
    used = record.writeUInt8(1, used);
    let rest = text;
    for (;;) {
      const room = Math.floor((MAX_RECORD_DATA - used) / 2);
      const part = rest.slice(0, room);
      used += record.write(part, used, "utf16le");
      rest = rest.slice(part.length);
      if (rest.length === 0) break;
      flush();
      used = record.writeUInt8(1, used);
    }
  });
  flush();
  const extsst = body(2 + 8 * buckets.length);
  extsst.u16(perBucket);
  for (const [position, offset] of buckets) {
    extsst.u32(position);
    extsst.u16(offset);
    extsst.u16(0);
  }
  return extsst.buffer;
}

function bof(kind: number): Buffer {
  const record = body(16);
  record.u16(0x0600); // BIFF8
  record.u16(kind);
  record.u16(0x0dbb); // build
  record.u16(0x07cc); // year
  record.u32(0);
  record.u32(0x06); // lowest BIFF version that can read it: BIFF8
  return record.buffer;
}

function u16Body(value: number): Buffer {
  const record = body(2);
  record.u16(value);
  return record.buffer;
}

function window1(): Buffer {
  const record = body(18);
  record.u16(0); // left
  record.u16(0); // top
  record.u16(0x4000); // width (twips)
  record.u16(0x2000); // height
  record.u16(0x0038); // show the sheet tabs and both scroll bars
  record.u16(0); // active sheet
  record.u16(0); // first visible tab
  record.u16(1); // selected tabs
  record.u16(0x0258); // tab bar share (60%)
  return record.buffer;
}

function window2(): Buffer {
  const record = body(18);
  // Gridlines, row and column headings, zeros, default gridline colour, outline symbols, selected, active.
  record.u16(0x06b6);
  record.u16(0); // top row
  record.u16(0); // left column
  record.u32(0x40); // gridline colour: the default
  record.u16(0); // page-break preview zoom (default)
  record.u16(0); // normal zoom (default)
  record.u32(0);
  return record.buffer;
}

interface Font {
  /** Size in points. */
  size: number;
  bold: boolean;
}

/** FONT records: indexes 0-3, then 5 and 6 (BIFF has no font 4). */
const FONTS: readonly Font[] = [
  { size: 11, bold: false },
  { size: 11, bold: false },
  { size: 11, bold: false },
  { size: 11, bold: false },
  { size: 11, bold: true }, // 5: headers
  { size: 16, bold: true }, // 6: the title
];
const FONT_NAME = "宋体";

function fontRecord(font: Font): Buffer {
  const record = body(16 + 2 * FONT_NAME.length);
  record.u16(font.size * 20); // twips
  record.u16(0); // not italic, struck out, outlined or shadowed
  record.u16(0x7fff); // the window text colour
  record.u16(font.bold ? 700 : 400);
  record.u16(0); // no super- or subscript
  record.u8(0); // no underline
  record.u8(0); // family: any
  record.u8(134); // GB2312
  record.u8(0);
  record.u8(FONT_NAME.length);
  record.u8(1); // UTF-16
  record.utf16(FONT_NAME);
  return record.buffer;
}

interface CellFormat {
  font: number;
  /** Number format (built-in 4: #,##0.00). */
  format: number;
  style: boolean;
  /** Horizontal alignment: 0 general, 2 centre, 3 right. */
  horizontal: number;
  /** Vertical alignment: 1 centre, 2 bottom. */
  vertical: number;
}

const STYLE_FORMAT: CellFormat = { font: 0, format: 0, style: true, horizontal: 0, vertical: 2 };
const plainFormat = (overrides: Partial<CellFormat>): CellFormat => ({ font: 0, format: 0, style: false, horizontal: 0, vertical: 2, ...overrides });

/** XF records: 0-14 the style formats every workbook has, then the cell formats of XlsStyle. */
const CELL_FORMATS: readonly CellFormat[] = [
  ...Array.from({ length: 15 }, () => STYLE_FORMAT),
  plainFormat({}), // 15: plain
  plainFormat({ format: 4 }), // 16: money
  plainFormat({ font: 5, horizontal: 2, vertical: 1 }), // 17: header
  plainFormat({ font: 6, horizontal: 2, vertical: 1 }), // 18: title
  plainFormat({ horizontal: 3 }), // 19: exporter
];

function xfRecord(format: CellFormat): Buffer {
  const record = body(20);
  record.u16(format.font);
  record.u16(format.format);
  // Locked; a style format has the style bit and no parent (0xFFF), a cell format the Normal style (0).
  record.u16(format.style ? 0xfff5 : 0x0001);
  record.u8(format.horizontal | (format.vertical << 4));
  record.u8(0); // no rotation
  record.u8(0); // no indent
  // Which attributes a cell format sets itself (number format, font, alignment); a style format none.
  record.u8(format.style ? 0 : (format.format ? 0x04 : 0) | (format.font ? 0x08 : 0) | (format.horizontal || format.vertical !== 2 ? 0x10 : 0));
  record.u32(0); // no borders
  record.u32(0); // no border colours, no fill
  record.u16(0x40 | (0x41 << 7)); // the default foreground and background colours
  return record.buffer;
}

function normalStyle(): Buffer {
  const record = body(4);
  record.u16(0x8000); // built-in, XF 0
  record.u8(0); // Normal
  record.u8(0xff);
  return record.buffer;
}

/** Sheet names: at most 31 characters, none of `[]:*?/\`. */
function boundSheetName(name: string): string {
  return name.replace(/[[\]:*?/\\]/g, "").slice(0, 31) || "Sheet1";
}

let xlsx: typeof XlsxModule | null = null;

/** @e965/xlsx (a megabyte of code) is required on the first .xls written, not at every start (docs/decisions/175). */
function loadXlsx(): typeof XlsxModule {
  xlsx ??= createRequire(import.meta.url)("@e965/xlsx") as typeof XlsxModule;
  return xlsx;
}
