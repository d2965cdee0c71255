// Excel export and import of the generic CRUD engine (api-contract.md §6 exportXls / importExcel /
// "Import with row errors"; docs/stack.md "files" and "Excel").
//
//   const excel: ExcelEntityConfig = {
//     entity: users,
//     title: "用户信息",
//     columns: [
//       { property: "username", title: "登录账号", required: true },
//       { property: "realname", title: "真实姓名" },
//       { property: "sex", title: "性别" },                  // dictCode from the entity: texts in cells
//       { property: "birthday", title: "生日" },
//     ],
//   };
//   endpoint("ALL", "/sys/user/exportXls", "user:export", exportEndpointHandler({ ...excel, listOptions }));
//   endpoint("POST", "/sys/user/importExcel", "user:import", importEndpointHandler({ ...excel, insert, validateRow }));
//
// A createCrud resource gets both from its declaration instead (`excel: { columns, unique }`,
// ./crud-excel.ts): the list's own WHERE and sort for the export, the add path for the import.
//
// Decisions (each also noted where it is implemented):
// - Export is .xlsx only (exceljs's streaming WorkbookWriter): .xls caps at 65,536 rows and is
//   about ten times slower to write. Rows are read in keyset pages of 1000 in the list's order.
// - Import takes .xlsx (exceljs's streaming reader) and .xls (`@e965/xlsx` 0.20.3, the patched
//   SheetJS), parsed in a worker thread: 10 MB upload, 100,000 data rows, 256 columns, 3 million
//   cells, 128 MB unpacked, 30 s, 1 GB worker heap.
// - Import is all or nothing: one bad row and no row is imported (answer code 201 with an error
//   report); a good file goes in through one transaction, and a duplicate key rolls it all back.
export {
  resolveExcelColumns,
  plainDictionaries,
  exportCell,
  importCell,
  normaliseDate,
  type ExcelColumn,
  type ExcelEntityConfig,
  type DictItem,
  type DictionaryLookup,
  type ResolvedColumn,
  type CellValue,
} from "./columns";
export {
  exportEndpointHandler,
  streamXlsxExport,
  exportSortKeys,
  EXPORT_BATCH_SIZE,
  EXPORT_HEADER_ROWS,
  XLSX_MAX_ROWS,
  MAX_SELECTIONS,
  type ExportEndpointConfig,
  type ExportSource,
  type XlsxExportOptions,
} from "./export";
export {
  importEndpointHandler,
  importWorkbook,
  mapSheet,
  type ImportEndpointConfig,
  type ImportRecord,
  type ImportFieldError,
  type ImportContext,
  type ImportInserter,
  type ImportAfterCommit,
  type ImportExecutor,
  type ImportResult,
  type ImportTransaction,
  type RowValidator,
  type RowsValidator,
  type WorkbookImportOptions,
} from "./import";
export { writeErrorReport, MAX_REPORTED_ERRORS, type ImportRowError } from "./error-report";
export { readWorkbook, sniffWorkbook, DEFAULT_READ_LIMITS, type ReadLimits, type ReadResult, type ReadFailure, type SheetRow } from "./workbook-reader";
export { ExcelMessages } from "./messages";
export { crudExcelEndpoints, crudDictionaries, type CrudExcelConfig } from "./crud-excel";
