// The user-visible texts of Excel export and import. The first ones are fixed by the contract
// (api-contract.md §1 "Upload too large", §6 importExcel / "Import with row errors"); the
// `文件导入失败:` prefix is the original's (BaseController.importExcel), the reasons after it are ours.
import { ApiError } from "../../http/envelope";

export const ExcelMessages = {
  /** Contract §1, global exception table; the trailing space is the original's. */
  fileTooLarge: "文件大小超出10MB限制, 请压缩或降低文件质量! ",
  /** Contract §6 "Import with row errors". */
  importWithErrors: "文件导入成功，但有错误。",
  importSucceeded: (count: number) => `文件导入成功！数据行数：${count}`,
  importSummary: (total: number, imported: number, errors: number) =>
    `总上传行数：${total}，已导入行数：${imported}，错误行数：${errors}`,
  importFailedPrefix: "文件导入失败:",
  /** Default download name (docs/spec/app-shell.md §9 "Excel export default file name 导出文件"). */
  defaultExportName: "导出文件",
  exporter: (name: string) => `导出人:${name}`,
  // Our reasons.
  noFile: "请选择要导入的Excel文件",
  notExcel: "文件不是有效的Excel文件，请上传.xls或.xlsx文件",
  encrypted: "文件已加密，请取消密码后再导入",
  corrupt: "文件已损坏，无法读取",
  tooManyRows: (limit: number) => `数据行数超过上限${limit}行，请分批导入`,
  tooManyColumns: (limit: number) => `列数超过上限${limit}列`,
  tooLargeUnpacked: "文件解压后内容过大，无法导入",
  parseTimeout: (seconds: number) => `文件解析超过${seconds}秒，已停止`,
  tooComplex: "文件过大或过于复杂，无法解析",
  noHeader: "未找到表头：请使用导出的文件格式（前两行为标题，第三行为表头），或第一行为表头",
  duplicateData: "有重复数据！",
  duplicateKey: (column: string, value: string) => `有重复数据！「${column}」的值“${value}”已存在，未导入任何数据`,
  valueTooLong: "字段太长,超出数据库字段的长度",
  serverError: "服务器内部错误，请联系管理员",
  tooManySelections: (limit: number) => `选中的记录过多（最多${limit}条）`,
  tooManyExportRows: (limit: number) => `导出数据超过Excel单个工作表的上限（${limit}行），请缩小查询范围`,
  // Cell errors (the error report's 错误原因 column).
  required: "必填",
  notInteger: "不是整数",
  notNumber: "不是数字",
  notDate: "日期格式不正确，应为yyyy-MM-dd",
  notDateTime: "时间格式不正确，应为yyyy-MM-dd HH:mm:ss",
  notBoolean: "应为是/否",
  notOption: (text: string) => `“${text}”不是有效的选项`,
  duplicateInFile: (row: number) => `与第${row}行重复`,
  alreadyExists: (value: string) => `“${value}”已存在`,
  tooManyErrors: (shown: number) => `错误过多，仅列出前${shown}条`,
  // Error report layout.
  reportSheet: "错误信息",
  reportHeader: ["行号", "列", "错误原因"] as const,
  reportFileName: (title: string) => `${title}_导入错误信息.xlsx`,
} as const;

/** `文件导入失败:<reason>` as a business error (success:false, code 500). */
export function importFailure(reason: string): ApiError {
  return new ApiError(`${ExcelMessages.importFailedPrefix}${reason}`);
}
