// exceljs, loaded on first use (docs/decisions/175): importing it costs a start of the product
// about a tenth of its time, and most starts never write a workbook.
import type ExcelJSModule from "exceljs";

export type ExcelJS = typeof ExcelJSModule;

let loading: Promise<ExcelJS> | null = null;

/** exceljs's namespace (Workbook, stream.xlsx.WorkbookWriter…), imported once. */
export function loadExcelJs(): Promise<ExcelJS> {
  loading ??= import("exceljs").then((module) => ((module as { default?: ExcelJS }).default ?? module) as ExcelJS);
  return loading;
}
