// 报表配置 (/online/cgreport, api-contract.md §5 onl_cgreport_head/item/param, §9): a report is a
// named, parameterised SELECT; its columns (onl_cgreport_item) and parameters (onl_cgreport_param)
// are edited on grids of the same form. Shared by the page and the backend.
import { defineModule } from "./module";

export const onlineReportModule = defineModule({
  title: "报表配置",
  table: "onl_cgreport_head",
  api: "/online/cgreport/head",
  page: "/online/cgreport",
  permissionPrefix: "onlCgreport",
  fields: {
    code: { label: "报表编码", required: "请输入报表编码!", pattern: "code", maxLength: 100, unique: true, show: { search: true } },
    name: { label: "报表名字", required: "请输入报表名字!", maxLength: 100, show: { search: true } },
    cgrSql: { label: "报表SQL", type: "text", required: "请输入报表SQL!", maxLength: 4000, show: { list: false, query: false } },
    dbSource: { label: "数据源", dict: "sys_data_source,name,code", maxLength: 100, show: { list: false, query: false } },
    returnValField: { label: "返回值字段", maxLength: 100, show: { list: false, query: false, excel: false } },
    returnTxtField: { label: "返回文本字段", maxLength: 100, show: { list: false, query: false, excel: false } },
    returnType: { label: "返回类型", show: { list: false, query: false, excel: false } },
    content: { label: "描述", maxLength: 200 },
    createTime: { label: "创建时间", type: "datetime", readOnly: true, show: { excel: false } },
  },
});

/** The page of one report (the auto list), as the original's menu url. */
export const reportPagePath = (id: string) => `/online/cgreport/${id}`;
export const REPORT_LIST_COMPONENT = "modules/online/cgreport/auto/OnlCgreportAutoList";

/** A report column (onl_cgreport_item) as the form's grid and the backend exchange it. */
export interface ReportItem {
  fieldName: string;
  fieldTxt: string;
  fieldType: string;
  fieldWidth: string;
  isShow: string;
  isOrder: string;
  isSearch: string;
  searchMode: string;
  dictCode: string;
  isTotal: string;
}

/** A report parameter (onl_cgreport_param): `${paramName}` in the SQL, `self_<paramName>` on getData. */
export interface ReportParam {
  paramName: string;
  paramTxt: string;
  paramValue: string;
}

/** field_type values; the auto list's search fields follow them. */
export const REPORT_FIELD_TYPES = ["String", "Integer", "Long", "Double", "BigDecimal", "Date", "Datetime"] as const;

export const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;
/** `${name}` placeholders of the SQL (the names a report's parameters must declare). */
export const PLACEHOLDER = /\$\{\s*([A-Za-z_][A-Za-z0-9_]*)\s*\}/g;

export function placeholderNames(sqlText: string): string[] {
  return [...new Set([...sqlText.matchAll(PLACEHOLDER)].map((match) => match[1]))];
}

export const ReportMessages = {
  notSelect: "报表SQL只能是一条查询语句（SELECT）",
  multipleStatements: "报表SQL只能有一条语句",
  syntax: (detail: string) => `报表SQL语法错误：${detail}`,
  modifying: "报表SQL不能修改数据",
  selectInto: "报表SQL不能使用SELECT INTO",
  locking: "报表SQL不能加锁（FOR UPDATE / FOR SHARE）",
  functionRefused: (name: string) => `报表SQL不能调用函数 ${name}`,
  tableRefused: (name: string) => `报表SQL不能读取 ${name}`,
  columnRefused: (name: string) => `报表SQL不能读取字段 ${name}`,
  recursive: "报表SQL不能使用递归查询（WITH RECURSIVE）",
  placeholder: "参数只能写成 ${参数名}，且不能写在标识符中",
  dollarQuote: "报表SQL不能使用 $ 引号或位置参数",
  undeclaredParam: (name: string) => `SQL中的参数 \${${name}} 未在报表参数中定义`,
  badField: (name: string) => `字段名不合法：${name}`,
  timeout: "报表查询超时，已停止",
  tooCostly: "报表查询预计耗时过长，已拒绝执行，请增加查询条件或缩小范围",
  tooComplex: "报表SQL过于复杂（嵌套过深或展开后的表达式过多），已拒绝执行",
  valueTooLarge: "报表SQL构造的文本过大，已拒绝执行",
  padRefused: (name: string, max: number) => `报表SQL中 ${name} 的长度只能是不超过 ${max} 的整数常量`,
  formatRefused: (max: number) => `报表SQL中 format 的格式只能是文本常量，宽度不超过 ${max} 且不能写成 *`,
  exponentRefused: (max: number) => `报表SQL中乘方的指数只能是绝对值不超过 ${max} 的数字常量`,
  replacementRefused: (name: string) => `报表SQL中 ${name} 的替换文本和分隔符只能是常量或参数`,
  rowsFromData: (name: string) => `报表SQL不能在 FROM 中用 ${name} 展开表中的数据，只能展开常量、参数或数组字段`,
  busy: "报表查询繁忙，请稍后再试",
  cooling: "本校报表查询刚刚超时，请稍后再试",
  unknownParam: (name: string) => `报表没有这个查询参数：${name}`,
  failed: "报表查询失败，请检查报表SQL",
  noRole: "报表数据库角色不可用，请联系管理员",
  notFound: "报表不存在",
  dataSourceMissing: "报表的数据源不存在",
  noColumns: "报表SQL没有查询出任何字段",
  menuAdded: "已生成菜单",
} as const;

/** getRpColumns (contract §9) as the page and the popup read it. */
export interface ReportColumns {
  cgRpConfigId: string;
  cgRpConfigName: string;
  cgRpConfigCode: string;
  returnValField: string;
  returnTxtField: string;
  returnType: string;
  columns: Array<{ title: string; dataIndex: string; width?: number; sorter?: boolean; fieldType?: string; customRender?: string; isTotal?: string }>;
  dictOptions: Record<string, Array<{ value: string; text: string }>>;
}

/** getQueryInfo (contract §9): a query field of the report. */
export interface ReportQueryField {
  field: string;
  label: string;
  view: string;
  mode: "single" | "group";
  dictCode?: string;
  fieldType?: string;
}

/** The backend paths of a report (by id or code). */
export const reportApi = {
  columns: (id: string) => `/online/cgreport/api/getRpColumns/${encodeURIComponent(id)}`,
  queryInfo: (id: string) => `/online/cgreport/api/getQueryInfo/${encodeURIComponent(id)}`,
  paramsInfo: (id: string) => `/online/cgreport/api/getParamsInfo/${encodeURIComponent(id)}`,
  data: (id: string) => `/online/cgreport/api/getData/${encodeURIComponent(id)}`,
  exportXls: (id: string) => `/online/cgreport/api/exportXls/${encodeURIComponent(id)}`,
};
