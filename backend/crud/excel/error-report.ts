// The error report of an import with bad rows (contract §6 "Import with row errors": the original
// writes a text log and answers its `/sys/common/static/<path>`; ours is an .xlsx with 行号, 列,
// 错误原因). It is stored under the upload root, in a folder per day, under a name nobody can
// guess: the static route is public (contract §7) and the reasons may quote the user's cells.
import { loadExcelJs } from "./exceljs";
import { mkdir } from "node:fs/promises";
import path from "node:path";
import { formatDateTime } from "../../http/format";
import { STATIC_PREFIX, unguessableName, uploadRoot } from "../../files/storage";
import { ExcelMessages } from "./messages";

export interface ImportRowError {
  /** The row number as Excel shows it. */
  row: number;
  /** The column's header text, or "" for a whole-row problem. */
  column: string;
  message: string;
}

/** Lines written to one report; a file where every cell is wrong stays small. */
export const MAX_REPORTED_ERRORS = 10_000;

export interface StoredReport {
  /** `/sys/common/static/<relative path>` (the result's fileUrl). */
  fileUrl: string;
  /** The name offered for the download. */
  fileName: string;
  relativePath: string;
}

export async function writeErrorReport(errors: readonly ImportRowError[], title: string, root = uploadRoot()): Promise<StoredReport> {
  const day = (formatDateTime(new Date()) ?? "").slice(0, 10).replaceAll("-", "");
  const folder = `import-errors/${day}`;
  const relativePath = `${folder}/${unguessableName("errors")}.xlsx`;
  await mkdir(path.join(root, folder), { recursive: true });

  const ExcelJS = await loadExcelJs();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: path.join(root, relativePath), useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet(ExcelMessages.reportSheet, { views: [{ state: "frozen", ySplit: 1 }] });
  sheet.columns = [{ width: 10 }, { width: 20 }, { width: 60 }];
  const header = sheet.addRow([...ExcelMessages.reportHeader]);
  header.font = { bold: true };
  header.commit();
  // A whole-row problem leaves 列 empty.
  for (const error of errors.slice(0, MAX_REPORTED_ERRORS)) sheet.addRow([error.row, error.column || null, error.message]).commit();
  if (errors.length > MAX_REPORTED_ERRORS) sheet.addRow(["", "", ExcelMessages.tooManyErrors(MAX_REPORTED_ERRORS)]).commit();
  sheet.commit();
  await workbook.commit();
  return { fileUrl: `${STATIC_PREFIX.slice(0, -1)}/${relativePath}`, fileName: ExcelMessages.reportFileName(title), relativePath };
}
