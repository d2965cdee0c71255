// The export's streaming writer (backend/crud/excel/export.ts streamRowsXlsx) with the real exceljs
// and archiver: the sheet's XML is compressed and handed to the client while rows are still being
// written (it used to wait, uncompressed, in the zip's input: hundreds of MB for a million rows),
// and the data cells share one style without changing the file.
import { Writable } from "node:stream";
import ExcelJS from "exceljs";
import type { Response } from "express";
import { describe, expect, it } from "vitest";
import { sheetZipInput, streamRowsXlsx } from "../../backend/crud/excel/export";
import type { CellValue } from "../../backend/crud/excel/columns";

/** A client that takes every chunk at once, with the few Response methods the export calls. */
class Client extends Writable {
  chunks: Buffer[] = [];
  bytes = 0;
  headersSent = false;
  headers: Record<string, string> = {};
  /** Express gives every response its locals; the export leaves its note for the export log there. */
  locals: Record<string, unknown> = {};
  status() {
    return this;
  }
  setHeader(name: string, value: string) {
    this.headers[name] = value;
    return this;
  }
  removeHeader(name: string) {
    delete this.headers[name];
  }
  /** Stop taking chunks after this many bytes (a client that stopped reading). */
  stallAfter = Infinity;
  stalled = false;
  override _write(chunk: Buffer, _encoding: BufferEncoding, callback: () => void) {
    this.headersSent = true;
    this.chunks.push(chunk);
    this.bytes += chunk.length;
    if (this.bytes > this.stallAfter) this.stalled = true;
    else callback();
  }
}

const COLUMNS = ["登录账号", "真实姓名", "工号", "年龄", "在职"].map((title) => ({ title, width: 12 }));

function line(row: number): CellValue[] {
  return [`user_${row}`, `用户${row}`, row % 3 === 0 ? null : `W${String(row).padStart(8, "0")}`, 20 + (row % 40), row % 2 === 0];
}

describe("streamRowsXlsx", () => {
  it("finds where exceljs's sheet enters the zip (the signal the export waits for)", () => {
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: new Client(), useStyles: true, useSharedStrings: false });
    const sheet = workbook.addWorksheet("s");
    const input = sheetZipInput(sheet);
    expect(input).toBeDefined();
    expect(input!._writableState!.highWaterMark).toBeGreaterThan(0);
  });

  it("hands compressed rows to the client while it writes, even when every page is ready at once", async () => {
    const client = new Client();
    const pageSize = 1000;
    const pages = 30;
    // The client's bytes when each page was asked for: pages that never wait for the database
    // leave no turn of the event loop to the compression unless the export waits for it.
    const bytesWhenAsked: number[] = [];
    await streamRowsXlsx(client as unknown as Response, {
      title: "用户列表",
      exporter: "管理员",
      columns: COLUMNS,
      batchSize: pageSize,
      count: async () => pages * pageSize,
      page: async (index) => {
        bytesWhenAsked[index] = client.bytes;
        if (index >= pages) return [];
        return Array.from({ length: pageSize }, (_, offset) => line(index * pageSize + offset + 1));
      },
    });
    await new Promise((resolve) => (client.writableFinished ? resolve(null) : client.once("finish", resolve)));

    expect(bytesWhenAsked[pages - 1]).toBeGreaterThan(bytesWhenAsked[1]!);
    expect(bytesWhenAsked[pages - 1]! / client.bytes).toBeGreaterThan(0.5);

    // The file holds every row, the layout's styles and unstyled data cells.
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(Buffer.concat(client.chunks) as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.rowCount).toBe(3 + pages * pageSize);
    expect(sheet.getRow(3).getCell(1).font).toMatchObject({ bold: true });
    expect((sheet.getRow(3).getCell(1).fill as ExcelJS.FillPattern).fgColor).toEqual({ argb: "FFF2F2F2" });
    for (const row of [4, 5, 6, 3 + pages * pageSize]) {
      const written = line(row - 3);
      expect((sheet.getRow(row).values as unknown[]).slice(1)).toEqual(written.map((value) => (value === null ? undefined : value)));
      for (let column = 1; column <= COLUMNS.length; column++) {
        const cell = sheet.getRow(row).getCell(column);
        expect(cell.font).toBeUndefined();
        expect(cell.fill).toBeUndefined();
        expect(cell.border).toBeUndefined();
        expect(cell.numFmt).toBeUndefined();
      }
    }
  });

  it("ends when the client goes away while the rows wait for the zip", async () => {
    const client = new Client();
    client.stallAfter = 64 * 1024;
    let asked = 0;
    const exported = streamRowsXlsx(client as unknown as Response, {
      title: "用户列表",
      exporter: "管理员",
      columns: COLUMNS,
      count: async () => 1_000_000,
      page: async (index) => {
        asked = index;
        return Array.from({ length: 1000 }, (_, offset) => line(index * 1000 + offset + 1));
      },
    });
    // Wait until the export waits on the stalled client, then let the client go.
    const waitingSince = Date.now();
    while (!client.stalled && Date.now() - waitingSince < 10_000) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(client.stalled).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 100));
    const askedBeforeLeaving = asked;
    client.destroy();
    await exported;
    // It stopped reading pages: the rows held back were a few pages, never the whole million.
    expect(asked).toBeLessThanOrEqual(askedBeforeLeaving + 1);
    expect(asked).toBeLessThan(100);
  });
});
