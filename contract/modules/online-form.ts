// 表单开发 (online forms, issue #18 part 1, docs/decisions/055): a table defined in the browser. Its
// definition (onl_cgform_head) is itself a module on the engine; what an administrator declares
// becomes, at run time, a module definition (contract/modules/module.ts) that the same list engine,
// form engine and CRUD engine render and serve, as 职务管理's is written in code.
import { defineModule, type ModuleDefinition, type ModuleField, type ModuleFieldType } from "./module";
import type { OnlineFormPermissionPrefix } from "../permission-codes";
import { NAMED_PATTERNS, type PatternName } from "./patterns";
import { isSensitiveKind, type SensitiveKind } from "./sensitive";

export const onlineFormHeadModule = defineModule({
  title: "表单开发",
  table: "onl_cgform_head",
  api: "/online/cgform/head",
  page: "/online/cgform",
  permissionPrefix: "online:cgform",
  fields: {
    tableName: {
      label: "表名",
      required: "请输入表名!",
      pattern: { regex: /^[a-z][a-z0-9_]{1,39}$/, message: "表名须以小写字母开头，只含小写字母、数字、下划线，2到40位" },
      maxLength: 40,
      unique: true,
      fixed: true,
      show: { search: true },
    },
    tableTxt: { label: "表描述", required: "请输入表描述!", maxLength: 100, show: { search: true } },
    tableType: { label: "表类型", dict: "online_table_type", required: "请选择表类型!" },
    themeTemplate: { label: "页面风格", dict: "online_theme", show: { list: false } },
    mainTable: { label: "主表", maxLength: 40, show: { list: false } },
    relationType: { label: "映射关系", dict: "online_relation", show: { list: false } },
    isTree: { label: "树形", dict: "yn", show: { list: false } },
    fieldJson: { label: "字段", type: "text", maxLength: 60000, show: { list: false, excel: false, query: false } },
    isDbSynch: { label: "同步数据库", dict: "online_synch", readOnly: true, show: { excel: false } },
    createTime: { label: "创建时间", type: "datetime", readOnly: true, show: { excel: false } },
  },
});

/** 表类型: 单表, 主表 (with sub-tables), 附表 (a sub-table of one main table). */
export const TableType = { single: "1", main: "2", sub: "3" } as const;
/** 映射关系 of a sub-table to its main table. */
export const RelationType = { oneToMany: "0", oneToOne: "1" } as const;
/** 页面风格 of a main table's page (the menu component 加入菜单 gives it, spec app-shell §2). */
export const THEMES = ["normal", "erp", "tab", "innerTable"] as const;
export type Theme = (typeof THEMES)[number];

/** The database types a field may have; `length` is a string's size or a decimal's precision. */
export const DB_TYPES = ["string", "text", "int", "decimal", "date", "datetime"] as const satisfies readonly ModuleFieldType[];
export type DbType = (typeof DB_TYPES)[number];

export const DB_TYPE_LABELS: Record<DbType, string> = {
  string: "字符串(varchar)",
  text: "长文本(text)",
  int: "整数(int)",
  decimal: "小数(numeric)",
  date: "日期(date)",
  datetime: "日期时间(timestamp)",
};

/** One field of a form as the field grid edits it and field_json keeps it. */
export interface OnlineField {
  /** The column (snake_case), e.g. `book_name`. */
  name: string;
  label: string;
  dbType: DbType;
  /** varchar size or numeric precision. */
  length?: number;
  /** numeric scale. */
  scale?: number;
  required?: boolean;
  /** A dictionary code or a table dictionary `table,text,code`. */
  dict?: string;
  /** A named pattern (patterns.ts) or a regular expression the whole value must match. */
  pattern?: string;
  showList?: boolean;
  showForm?: boolean;
  showSearch?: boolean;
  defaultValue?: string;
  /**
   * Personal data of this kind (./sensitive.ts): masked in every answer to a caller without the
   * form's 查看敏感信息 button, never sorted, searched by whole value only, and left out of report
   * SQL (docs/decisions/136). Text fields only.
   */
  sensitive?: SensitiveKind;
  /** Display order; the grid's row order when absent. */
  order?: number;
}

/** A form's definition as the generated pages need it (what the database holds after 同步). */
export interface OnlineFormDefinition {
  code: string;
  title: string;
  tableType: string;
  theme: Theme;
  isTree: boolean;
  mainTable?: string;
  relationType?: string;
  fields: OnlineField[];
  /** A main table's sub-tables, in order. */
  subTables?: OnlineFormDefinition[];
}

/** The generated table of a form: its own prefix, never a name an administrator types alone (decision 055). */
export const TABLE_PREFIX = "onlform_";
/** A field name: snake_case words each starting with a letter (so that camelCase maps back). */
export const FIELD_NAME_PATTERN = /^[a-z][a-z0-9]*(_[a-z][a-z0-9]*)*$/;
export const TABLE_CODE_PATTERN = /^[a-z][a-z0-9_]{1,39}$/;
/** Columns every generated table has; a field may not take their names. */
export const SYSTEM_COLUMNS = ["id", "tenant_id", "create_by", "create_time", "update_by", "update_time"] as const;
/** The parent column of a tree form. */
export const TREE_PARENT_COLUMN = "pid";
/** The column of a sub-table naming its main row. */
export const MAIN_ID_COLUMN = "main_id";
export const MAX_VARCHAR = 4000;

export const OnlineFormMessages = {
  noFields: "请至少添加一个字段",
  badFieldName: (name: string) => `字段名“${name}”须以小写字母开头，只含小写字母、数字和单个下划线`,
  reservedField: (name: string) => `字段名“${name}”是系统字段`,
  duplicateField: (name: string) => `字段名“${name}”重复`,
  noLabel: (name: string) => `请输入字段“${name}”的备注`,
  badType: (name: string) => `字段“${name}”的类型不正确`,
  badLength: (name: string) => `字段“${name}”的长度须为1到${MAX_VARCHAR}`,
  badPrecision: (name: string) => `字段“${name}”的长度须为1到38，小数位须不大于长度`,
  badPattern: (name: string) => `字段“${name}”的校验规则不是有效的正则表达式`,
  badDict: (name: string) => `字段“${name}”的字典编码不正确`,
  badSensitive: (name: string) => `字段“${name}”的敏感类型不正确`,
  sensitiveNotText: (name: string) => `敏感字段“${name}”须为字符串或长文本，且不能使用字典`,
  hashNameTaken: (name: string) => `字段名“${name}”留给敏感字段的检索列，请换一个`,
  notSynced: "该表单尚未同步数据库",
  unknownForm: "表单不存在",
  mainMissing: "附表须填写主表",
  oneToOneTaken: "一对一附表只能有一条记录",
  mainRequired: "请先选择主表记录",
} as const;

/** camelCase property of a column (`book_name` → `bookName`). */
export function propertyOf(column: string): string {
  return column.replace(/_([a-z])/g, (_, letter: string) => letter.toUpperCase());
}

/** The fields of field_json (malformed text gives none). */
export function parseOnlineFields(json: string | null | undefined): OnlineField[] {
  if (!json) return [];
  try {
    const parsed: unknown = JSON.parse(json);
    if (!Array.isArray(parsed)) return [];
    return parsed.filter((item): item is Record<string, unknown> => !!item && typeof item === "object").map(normaliseField);
  } catch {
    return [];
  }
}

const flag = (value: unknown, fallback: boolean) => (value === undefined || value === null || value === "" ? fallback : value === true || value === "1" || value === "Y" || value === "true");
const numberOf = (value: unknown) => (value === undefined || value === null || value === "" ? undefined : Number(value));
const textOf = (value: unknown) => (value === undefined || value === null ? "" : String(value).trim());

export function normaliseField(item: Record<string, unknown>): OnlineField {
  const dbType = textOf(item.dbType) as DbType;
  const field: OnlineField = { name: textOf(item.name), label: textOf(item.label), dbType };
  const length = numberOf(item.length);
  const scale = numberOf(item.scale);
  if (length !== undefined) field.length = length;
  if (scale !== undefined) field.scale = scale;
  field.required = flag(item.required, false);
  if (textOf(item.dict)) field.dict = textOf(item.dict);
  if (textOf(item.pattern)) field.pattern = textOf(item.pattern);
  field.showList = flag(item.showList, true);
  field.showForm = flag(item.showForm, true);
  field.showSearch = flag(item.showSearch, false);
  if (textOf(item.defaultValue)) field.defaultValue = textOf(item.defaultValue);
  // An unknown kind is kept as typed, so that the field's check names it (never silently dropped).
  if (textOf(item.sensitive)) field.sensitive = textOf(item.sensitive) as SensitiveKind;
  const order = numberOf(item.order);
  if (order !== undefined && Number.isFinite(order)) field.order = order;
  return field;
}

/** The size a field gets in the database when none is given. */
export function lengthOf(field: OnlineField): number | undefined {
  if (field.dbType === "string") return field.length ?? 255;
  if (field.dbType === "decimal") return field.length ?? 12;
  return undefined;
}

export function scaleOf(field: OnlineField): number | undefined {
  return field.dbType === "decimal" ? (field.scale ?? 2) : undefined;
}

/** Every problem of a field list, in order (the form, the backend's save and its 同步 check the same). */
export function onlineFieldProblems(fields: readonly OnlineField[], reserved: readonly string[] = []): string[] {
  const problems: string[] = [];
  if (fields.length === 0) problems.push(OnlineFormMessages.noFields);
  const seen = new Set<string>();
  for (const field of fields) {
    const name = field.name;
    if (!FIELD_NAME_PATTERN.test(name) || name.length > 40) {
      problems.push(OnlineFormMessages.badFieldName(name));
      continue;
    }
    if ((SYSTEM_COLUMNS as readonly string[]).includes(name) || reserved.includes(name)) problems.push(OnlineFormMessages.reservedField(name));
    if (seen.has(name)) problems.push(OnlineFormMessages.duplicateField(name));
    seen.add(name);
    if (!field.label) problems.push(OnlineFormMessages.noLabel(name));
    if (!(DB_TYPES as readonly string[]).includes(field.dbType)) problems.push(OnlineFormMessages.badType(name));
    if (field.dbType === "string" && (!Number.isInteger(lengthOf(field)) || lengthOf(field)! < 1 || lengthOf(field)! > MAX_VARCHAR))
      problems.push(OnlineFormMessages.badLength(name));
    if (field.dbType === "decimal") {
      const precision = lengthOf(field)!;
      const scale = scaleOf(field)!;
      if (!Number.isInteger(precision) || !Number.isInteger(scale) || precision < 1 || precision > 38 || scale < 0 || scale > precision)
        problems.push(OnlineFormMessages.badPrecision(name));
    }
    if (field.pattern && !(field.pattern in NAMED_PATTERNS)) {
      try {
        new RegExp(`^(?:${field.pattern})$`, "u");
      } catch {
        problems.push(OnlineFormMessages.badPattern(name));
      }
    }
    if (field.dict && !/^[A-Za-z0-9_]+(,[A-Za-z0-9_]+,[A-Za-z0-9_]+)?$/.test(field.dict)) problems.push(OnlineFormMessages.badDict(name));
    if (field.sensitive !== undefined) {
      if (!isSensitiveKind(field.sensitive)) problems.push(OnlineFormMessages.badSensitive(name));
      else if ((field.dbType !== "string" && field.dbType !== "text") || field.dict) problems.push(OnlineFormMessages.sensitiveNotText(name));
    }
  }
  // A sensitive field's search hash lives in `<name>_hash` beside it (docs/decisions/145).
  const hashColumns = new Set(fields.filter((field) => field.sensitive !== undefined).map((field) => `${field.name}_hash`));
  for (const field of fields) if (hashColumns.has(field.name)) problems.push(OnlineFormMessages.hashNameTaken(field.name));
  return problems;
}

function sortedFields(fields: readonly OnlineField[]): OnlineField[] {
  return fields.map((field, index) => ({ field, index })).sort((a, b) => (a.field.order ?? a.index) - (b.field.order ?? b.index) || a.index - b.index).map(({ field }) => field);
}

/** The list/form page of a form: `/online/cgformList/<code>` (the menu entry 加入菜单 makes). */
export function onlineFormPagePath(code: string): string {
  return `/online/cgformList/${code}`;
}

/** Button codes of a form: `online:<code>:add|edit|delete|batch_delete|export|import`. */
export function onlineFormPermissionPrefix(code: string): OnlineFormPermissionPrefix {
  return `online:${code}`;
}

/** The columns of a form that report SQL never sees (its personal data, docs/decisions/136). */
export function reportHiddenColumns(fields: readonly OnlineField[]): string[] {
  return fields.filter((field) => field.sensitive !== undefined).map((field) => field.name);
}

/** The generic endpoints of a form (spec api-contract §9 style, the closed jar's paths). */
export function onlineFormUrls(code: string) {
  return {
    list: `/online/cgform/api/getData/${code}`,
    add: `/online/cgform/api/form/${code}`,
    edit: `/online/cgform/api/form/${code}`,
    delete: `/online/cgform/api/form/${code}`,
    deleteBatch: `/online/cgform/api/form/${code}`,
    queryById: `/online/cgform/api/form/${code}`,
    // The engine's shape (…/exportXls, …/importExcel): the web's file routes accept only those.
    exportXls: `/online/cgform/api/${code}/exportXls`,
    importExcel: `/online/cgform/api/${code}/importExcel`,
  };
}

/** The menu component of a form's page for its 页面风格 (spec app-shell §2). */
export function onlineFormComponent(definition: Pick<OnlineFormDefinition, "isTree" | "theme" | "tableType">): string {
  if (definition.isTree) return "modules/online/cgform/auto/OnlCgformTreeList";
  if (definition.tableType === TableType.main) {
    if (definition.theme === "tab") return "modules/online/cgform/auto/tab/OnlCgformTabList";
    if (definition.theme === "innerTable") return "modules/online/cgform/auto/innerTable/OnlCgformInnerTableList";
    return "modules/online/cgform/auto/erp/OnlCgformErpList";
  }
  return "modules/online/cgform/auto/OnlCgformAutoList";
}

/**
 * The module definition of a synchronised form: the same declaration 职务管理 writes in code, from
 * the fields the database has. A sub-table's page and buttons are its main table's.
 */
export function onlineFormModule(definition: OnlineFormDefinition, owner: string = definition.mainTable ?? definition.code): ModuleDefinition<Record<string, ModuleField>, OnlineFormPermissionPrefix> {
  const fields: Record<string, ModuleField> = {};
  if (definition.tableType === TableType.sub) fields[propertyOf(MAIN_ID_COLUMN)] = { label: "主表ID", show: { list: false, form: false, excel: false, query: false } };
  if (definition.isTree) fields[propertyOf(TREE_PARENT_COLUMN)] = { label: "父级节点", show: { list: false, form: false, excel: false, query: false } };
  for (const field of sortedFields(definition.fields)) {
    const pattern: ModuleField["pattern"] | undefined = field.pattern
      ? field.pattern in NAMED_PATTERNS
        ? (field.pattern as PatternName)
        : { regex: new RegExp(`^(?:${field.pattern})$`, "u"), message: `${field.label}格式不正确` }
      : undefined;
    fields[propertyOf(field.name)] = {
      label: field.label,
      type: field.dbType,
      ...(field.dict ? { dict: field.dict } : {}),
      ...(field.required ? { required: `请输入${field.label}!` } : {}),
      ...(pattern ? { pattern } : {}),
      ...(field.dbType === "string" ? { maxLength: lengthOf(field)! } : {}),
      ...(field.sensitive ? { sensitive: field.sensitive } : {}),
      show: { list: field.showList !== false, form: field.showForm !== false, search: field.showSearch === true },
    };
  }
  fields.createTime = { label: "创建时间", type: "datetime", readOnly: true, show: { excel: false, list: false } };
  fields.updateTime = { label: "更新时间", type: "datetime", readOnly: true, show: { excel: false, list: false, query: false } };
  return {
    title: definition.title,
    table: `${TABLE_PREFIX}${definition.code}`,
    api: `/online/cgform/api/${definition.code}`,
    page: onlineFormPagePath(owner),
    permissionPrefix: onlineFormPermissionPrefix(owner),
    fields,
  };
}

/** Form defaults of a definition's fields (默认值). */
export function onlineFormDefaults(definition: OnlineFormDefinition): Record<string, string> {
  return Object.fromEntries(definition.fields.filter((field) => field.defaultValue).map((field) => [propertyOf(field.name), field.defaultValue!]));
}
