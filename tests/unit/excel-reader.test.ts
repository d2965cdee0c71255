// The worker-thread workbook reader (backend/crud/excel/workbook-reader.ts; docs/stack.md "parse
// uploads in a worker thread with size, row and time limits (zip bombs exist)"): hand-made zips
// that lie, bomb or sprawl are refused by the limits, real files are read.
import { deflateRawSync, createDeflateRaw } from "node:zlib";
import ExcelJS from "exceljs";
import { describe, expect, it } from "vitest";
import { readWorkbook, sniffWorkbook, workerInternals, type ReadResult, type SheetRow } from "../../backend/crud/excel/workbook-reader";

const { readZipDirectory, firstSheetPath, resolveTarget, wallTime, excelSerialToWallTime, xmlText, sharedStrings, dateStyles, columnNumber, scanSheet } =
  workerInternals;

interface ZipPart {
  name: string;
  /** Deflated data and the size the headers claim (which may lie). */
  deflated?: { data: Buffer; claimedSize: number };
  stored?: Buffer;
  flags?: number;
}

/** A zip as a writer would make it, but with whatever headers the test wants. */
function zipOf(parts: ZipPart[]): Buffer {
  const chunks: Buffer[] = [];
  const directory: Buffer[] = [];
  let offset = 0;
  for (const part of parts) {
    const name = Buffer.from(part.name);
    const data = part.deflated?.data ?? part.stored ?? Buffer.alloc(0);
    const method = part.deflated ? 8 : 0;
    const size = part.deflated?.claimedSize ?? data.length;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(part.flags ?? 0, 6);
    local.writeUInt16LE(method, 8);
    // The reader never checks CRCs (zlib verifies nothing for raw deflate either): zeros do.
    local.writeUInt32LE(0, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(part.flags ?? 0, 8);
    central.writeUInt16LE(method, 10);
    central.writeUInt32LE(0, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    chunks.push(local, name, data);
    directory.push(central, name);
    offset += 30 + name.length + data.length;
  }
  const size = directory.reduce((total, chunk) => total + chunk.length, 0);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(size, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...chunks, ...directory, end]);
}

const WORKBOOK = Buffer.from(
  '<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="S" sheetId="1" r:id="rId1"/></sheets></workbook>',
);
const RELATIONS = Buffer.from(
  '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>',
);
const sheetXml = (body: string, dimension = "A1") =>
  `<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><dimension ref="${dimension}"/><sheetData>${body}</sheetData></worksheet>`;

function workbookWithSheet(sheet: ZipPart): Buffer {
  return zipOf([
    { name: "xl/workbook.xml", deflated: { data: deflateRawSync(WORKBOOK), claimedSize: WORKBOOK.length } },
    { name: "xl/_rels/workbook.xml.rels", deflated: { data: deflateRawSync(RELATIONS), claimedSize: RELATIONS.length } },
    { ...sheet, name: "xl/worksheets/sheet1.xml" },
  ]);
}

function deflated(text: string): ZipPart["deflated"] {
  const raw = Buffer.from(text);
  return { data: deflateRawSync(raw), claimedSize: raw.length };
}

/** `count` MB of zeros, deflated as a stream (the test never holds the unpacked bytes). */
async function deflatedZeros(megabytes: number): Promise<Buffer> {
  const deflate = createDeflateRaw({ level: 9 });
  const output: Buffer[] = [];
  deflate.on("data", (chunk: Buffer) => output.push(chunk));
  const done = new Promise((resolve) => deflate.on("end", resolve));
  const zeros = Buffer.alloc(1024 * 1024);
  for (let index = 0; index < megabytes; index++) {
    if (!deflate.write(zeros)) await new Promise((resolve) => deflate.once("drain", resolve));
  }
  deflate.end();
  await done;
  return Buffer.concat(output);
}

function rowsXml(count: number): string {
  const rows: string[] = [];
  for (let row = 1; row <= count; row++) rows.push(`<row r="${row}"><c r="A${row}"><v>${row}</v></c></row>`);
  return rows.join("");
}

function expectRefused(result: ReadResult, reason: string) {
  expect(result).toEqual({ ok: false, reason });
}

describe("workbook reader limits", () => {
  it("reads the first sheet of a hand-made workbook, inline strings and numbers", async () => {
    const body = '<row r="1"><c r="A1" t="inlineStr"><is><t>编码</t></is></c><c r="C1" t="inlineStr"><is><t>姓名</t></is></c></row><row r="3"><c r="A3"><v>7</v></c></row>';
    const result = await readWorkbook(workbookWithSheet({ name: "", deflated: deflated(sheetXml(body)) }));
    expect(result).toEqual({ ok: true, format: "xlsx", rows: [[1, ["编码", null, "姓名"]], [3, [7]]] });
  });

  it("stops a zip bomb at the unpacked budget, whatever size its headers claim", async () => {
    const bomb = await deflatedZeros(200);
    expect(bomb.length).toBeLessThan(1024 * 1024);
    expectRefused(await readWorkbook(workbookWithSheet({ name: "", deflated: { data: bomb, claimedSize: 1234 } })), "too-large");
    expectRefused(await readWorkbook(workbookWithSheet({ name: "", deflated: { data: bomb, claimedSize: 200 * 1024 * 1024 } })), "too-large");
  });

  it("ignores a huge declared dimension but refuses a value far to the right", async () => {
    const sprawling = sheetXml('<row r="1"><c r="A1"><v>1</v></c></row>', "A1:XFD1048576");
    const read = await readWorkbook(workbookWithSheet({ name: "", deflated: deflated(sprawling) }));
    expect(read).toEqual({ ok: true, format: "xlsx", rows: [[1, [1]]] });
    const far = sheetXml('<row r="1048576"><c r="XFD1048576"><v>1</v></c></row>', "A1:XFD1048576");
    expectRefused(await readWorkbook(workbookWithSheet({ name: "", deflated: deflated(far) })), "too-many-columns");
  });

  it("refuses more rows than the limit (100,000 data rows by default)", async () => {
    const many = workbookWithSheet({ name: "", deflated: deflated(sheetXml(rowsXml(100_004))) });
    expect(many.length).toBeLessThan(10 * 1024 * 1024);
    expectRefused(await readWorkbook(many), "too-many-rows");
    expectRefused(await readWorkbook(workbookWithSheet({ name: "", deflated: deflated(sheetXml(rowsXml(11))) }), { maxRows: 10 }), "too-many-rows");
    const cells = Array.from({ length: 30 }, (_, column) => `<c r="${String.fromCharCode(65 + (column % 26))}${column < 26 ? "" : "A"}1"><v>1</v></c>`);
    expectRefused(await readWorkbook(workbookWithSheet({ name: "", deflated: deflated(sheetXml(`<row r="1">${cells.join("")}</row>`)) }), { maxCells: 10 }), "too-large");
  });

  it("terminates a parse that runs over its time", async () => {
    const slow = workbookWithSheet({ name: "", deflated: deflated(sheetXml(rowsXml(90_000))) });
    expectRefused(await readWorkbook(slow, { timeoutMs: 50 }), "timeout");
  });

  it("refuses what is not a workbook: other bytes, a plain zip, an encrypted entry, a cut-off file", async () => {
    expectRefused(await readWorkbook(Buffer.from("编码,姓名\n1,2\n")), "not-excel");
    expectRefused(await readWorkbook(Buffer.alloc(0)), "not-excel");
    expectRefused(await readWorkbook(zipOf([{ name: "word/document.xml", stored: Buffer.from("<w/>") }])), "not-excel");
    const encrypted = zipOf([
      { name: "xl/workbook.xml", stored: WORKBOOK, flags: 1 },
      { name: "xl/_rels/workbook.xml.rels", stored: RELATIONS },
    ]);
    expectRefused(await readWorkbook(encrypted), "encrypted");
    const whole = workbookWithSheet({ name: "", deflated: deflated(sheetXml(rowsXml(10))) });
    expectRefused(await readWorkbook(whole.subarray(0, whole.length - 30)), "corrupt");
    expectRefused(await readWorkbook(Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 1, 2, 3])), "corrupt");
  });

  it("reads dates, formulas, rich text and shared strings of a file written by exceljs", async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet("数据");
    workbook.addWorksheet("第二页").addRow(["不读"]);
    sheet.addRow(["文本", new Date(Date.UTC(2024, 4, 1, 9, 30, 15)), new Date(Date.UTC(2024, 4, 2)), { formula: "1+1", result: 2 }]);
    sheet.addRow([{ richText: [{ text: "富" }, { text: "文本" }] }, { text: "链接", hyperlink: "https://example.com" }, true, null]);
    const result = await readWorkbook(Buffer.from(await workbook.xlsx.writeBuffer()));
    expect(result).toEqual({
      ok: true,
      format: "xlsx",
      rows: [
        [1, ["文本", "2024-05-01 09:30:15", "2024-05-02", 2]],
        [2, ["富文本", "链接", true]],
      ],
    });
  });
});

describe("workbook reader helpers", () => {
  it("sniffs zip and OLE2 signatures only", () => {
    expect(sniffWorkbook(Buffer.from("PK\u0003\u0004rest"))).toBe("xlsx");
    expect(sniffWorkbook(Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]))).toBe("xls");
    expect(sniffWorkbook(Buffer.from("<html>"))).toBeNull();
  });

  it("reads a zip's directory", () => {
    const entries = readZipDirectory(zipOf([{ name: "a/b.xml", stored: Buffer.from("<x/>") }]));
    expect([...entries.values()]).toEqual([{ name: "a/b.xml", method: 0, compressedSize: 4, size: 4, localOffset: 0 }]);
  });

  it("scans SpreadsheetML: shared strings with runs but not phonetics, inline strings, types, date styles, prefixes", () => {
    expect(xmlText("a &amp; b &lt;c&gt; &#x4E2D;&#25991; &quot;&apos;")).toBe(`a & b <c> 中文 "'`);
    expect(
      sharedStrings(
        '<sst><si><t>甲</t></si><si><r><rPr><b/></rPr><t xml:space="preserve">富 </t></r><r><t>文本</t></r><rPh><t>フリ</t></rPh></si><si><t/></si></sst>',
      ),
    ).toEqual(["甲", "富 文本", ""]);
    const styles =
      '<styleSheet><numFmts><numFmt numFmtId="164" formatCode="yyyy&quot;年&quot;m&quot;月&quot;"/><numFmt numFmtId="165" formatCode="0.00_);[Red]\\(0.00\\)"/>' +
      '<numFmt numFmtId="166" formatCode="[h]:mm"/></numFmts><cellStyleXfs><xf numFmtId="14"/></cellStyleXfs>' +
      '<cellXfs><xf numFmtId="0"/><xf numFmtId="14"/><xf numFmtId="164"/><xf numFmtId="165"/><xf numFmtId="166"/><xf numFmtId="49"/><xf numFmtId="31"/></cellXfs></styleSheet>';
    expect([...dateStyles(styles)].sort()).toEqual([1, 2, 4, 6]);
    expect(columnNumber("A1")).toBe(1);
    expect(columnNumber("AB12")).toBe(28);
    const sink = { rows: [] as SheetRow[], cells: 0, limits: { maxRows: 10, maxColumns: 10, maxCells: 100, maxUnpackedBytes: 1e6, timeoutMs: 1000, maxHeapMb: 64 } };
    scanSheet(
      '<x:worksheet><x:sheetData><x:row r="2"><x:c r="A2" t="s"><x:v>1</x:v></x:c><x:c r="C2" s="1"><x:v>45413.395833333336</x:v></x:c>' +
        '<x:c r="D2" t="inlineStr"><x:is><x:t>内联 &amp; 文本</x:t></x:is></x:c><x:c r="E2" t="b"><x:v>1</x:v></x:c><x:c r="F2" t="e"><x:v>#N/A</x:v></x:c>' +
        '<x:c r="G2" t="str"><x:f>A1</x:f><x:v>公式</x:v></x:c><x:c r="H2"><x:f>1+1</x:f></x:c></x:row><x:row><x:c s="1"/><x:c><x:v>12.5</x:v></x:c></x:row>' +
        '<x:row r="9" spans="1:2"/></x:sheetData></x:worksheet>',
      ["甲", "富 文本"],
      new Set([1]),
      false,
      sink,
    );
    expect(sink.rows).toEqual([
      [2, ["富 文本", null, "2024-05-01 09:30:00", "内联 & 文本", true, null, "公式"]],
      [3, [null, 12.5]],
    ]);
  });

  it("finds the first sheet through its relationship, else the lowest-numbered part", () => {
    const entries = new Map([
      ["xl/worksheets/sheet2.xml", { name: "", method: 0, compressedSize: 0, size: 0, localOffset: 0 }],
      ["xl/worksheets/sheet10.xml", { name: "", method: 0, compressedSize: 0, size: 0, localOffset: 0 }],
    ]);
    const book = '<x:workbook><x:sheets><x:sheet name="A" sheetId="5" r:id="rId7"/><x:sheet name="B" sheetId="1" r:id="rId1"/></x:sheets></x:workbook>';
    const relations = '<Relationships><Relationship Id="rId1" Target="worksheets/sheet10.xml"/><Relationship Id="rId7" Target="/xl/worksheets/sheet2.xml"/></Relationships>';
    expect(firstSheetPath(book, relations, entries)).toBe("xl/worksheets/sheet2.xml");
    expect(firstSheetPath("<workbook/>", "", entries)).toBe("xl/worksheets/sheet2.xml");
    expect(resolveTarget("../xl/worksheets/Sheet1.xml")).toBe("xl/worksheets/sheet1.xml");
  });

  it("turns Excel times into wall-clock text", () => {
    expect(wallTime(new Date(Date.UTC(2024, 0, 31, 23, 59, 59, 600)))).toBe("2024-02-01");
    expect(wallTime(new Date(Date.UTC(2024, 0, 31, 8, 0, 0)))).toBe("2024-01-31 08:00:00");
    expect(wallTime(new Date(Number.NaN))).toBeNull();
    expect(excelSerialToWallTime(45413.395833333336, false)).toBe("2024-05-01 09:30:00");
    expect(excelSerialToWallTime(0, true)).toBe("1904-01-01");
  });
});
