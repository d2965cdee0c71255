// The Vue 2 client's .xls exports (issue #31, docs/decisions/158): our BIFF8 writer against
// @e965/xlsx's `bookType: "xls"` on the same rows (ten columns: eight texts, a number, a money
// number), alternated within one run, with the load average beside the figures. Pure CPU, no server.
import os from "node:os";
import * as XLSX from "@e965/xlsx";
import { XlsStyle, XlsWorkbookWriter } from "../backend/crud/excel/xls-writer";
import type { CellValue } from "../backend/crud/excel/columns";
import { round } from "./lib";

const COLUMNS = 10;

function rowOf(index: number): CellValue[] {
  return Array.from({ length: COLUMNS }, (_, column) => (column === 3 ? index * 1.5 : column === 4 ? index + 0.25 : `学生${index}-${column}abc`));
}

function ours(rows: number): { ms: number; finishMs: number; bytes: number } {
  const started = performance.now();
  const writer = new XlsWorkbookWriter("导出", Array.from({ length: COLUMNS }, () => ({ width: 12 })));
  for (let index = 0; index < rows; index++) writer.addRow(rowOf(index), (column) => (column === 4 ? XlsStyle.money : XlsStyle.plain));
  const finishing = performance.now();
  const file = writer.finish();
  const ended = performance.now();
  return { ms: round(ended - started), finishMs: round(ended - finishing), bytes: file.length };
}

function sheetjs(rows: number): { ms: number; bytes: number } {
  const started = performance.now();
  const sheet = XLSX.utils.aoa_to_sheet(Array.from({ length: rows }, (_, index) => rowOf(index)));
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, sheet, "导出");
  const file = XLSX.write(book, { bookType: "xls", type: "buffer" }) as Buffer;
  return { ms: round(performance.now() - started), bytes: file.length };
}

export async function benchXlsExport(): Promise<Record<string, unknown>> {
  const result: Record<string, unknown> = {};
  // Alternated: ours, theirs, ours, theirs at the sizes both can do in reasonable time.
  for (const rows of [1_000, 5_000]) {
    for (let run = 1; run <= 2; run++) {
      result[`ours_${rows}_run${run}`] = { ...ours(rows), load: os.loadavg()[0] };
      result[`sheetjs_${rows}_run${run}`] = { ...sheetjs(rows), load: os.loadavg()[0] };
    }
  }
  for (const rows of [10_000, 65_533]) result[`ours_${rows}`] = { ...ours(rows), load: os.loadavg()[0] };
  return result;
}

export function summarizeXlsExport(result: Record<string, unknown>): string[] {
  return Object.entries(result).map(([name, value]) => {
    const figure = value as { ms: number; finishMs?: number; bytes: number; load: number };
    return `${name}: ${figure.ms} ms${figure.finishMs !== undefined ? ` (finish ${figure.finishMs} ms)` : ""}, ${figure.bytes} bytes, load ${figure.load.toFixed(1)}`;
  });
}
