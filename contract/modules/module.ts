// One definition per business module (docs/style.md "One column list drives table, search and form";
// issue #12 Deliver 1): its fields with label, type, dictionary, required message, pattern, maximum
// length, uniqueness and where each shows, plus the module's URLs and permission prefix. The
// backend derives its CRUD from it (backend/crud/module.ts) and the web page its columns, search,
// form, zod schema and advanced query (app/components/widgets/list/module-page.ts). What is only visual
// (widths, custom renderers) stays beside the page.
import { NAMED_PATTERNS, type PatternName, type ValuePattern } from "./patterns";
import type { SensitiveKind } from "./sensitive";

/**
 * The value's kind: `string` (one line), `text` (several lines), `int`, `decimal` (kept as exact
 * text on the wire, `numeric` in the database), `date` (yyyy-MM-dd), `datetime`.
 */
export type ModuleFieldType = "string" | "text" | "int" | "decimal" | "date" | "datetime";

/** Where a field shows. Defaults: everywhere but the search bar. */
export interface FieldPlaces {
  /** A column of the list. */
  list?: boolean;
  /** A field of the search bar above the list. */
  search?: boolean;
  /** A field of the add / edit form. */
  form?: boolean;
  /**
   * A line of the read-only 详情. Default: where the form shows it, and every read-only field (what
   * the server computes: numbers, totals, states, times). An id never shows as such: give it
   * `shownBy`, or `detail: false` when a name field beside it shows.
   */
  detail?: boolean;
  /** A column of the Excel export and import. */
  excel?: boolean;
  /** A field of 高级查询. */
  query?: boolean;
}

export interface ModuleField {
  /** The user's name of the field, e.g. 职务编码. */
  label: string;
  type?: ModuleFieldType;
  /** A dictionary code (`position_rank`) or a table dictionary (`school_corporation,name,id`). */
  dict?: string;
  /** Required; the message when missing, e.g. 请输入职务编码!. */
  required?: string;
  /**
   * Required when adding only (a secret kept when an edit leaves it blank, e.g. 数据源管理's
   * password); the message when missing. The form marks it on 新增, the backend refuses the add.
   */
  requiredOnAdd?: string;
  /** A named pattern of docs/spec/app-shell.md §5 (contract/modules/patterns.ts) or one of the module's own. */
  pattern?: PatternName | ValuePattern;
  /** Longest value in characters (the column's size may be larger, never smaller). */
  maxLength?: number;
  /** Unique within the tenant: the form asks the duplicate check, the import refuses repeats. */
  unique?: boolean;
  /** A 校验规则 code (sys_check_rule) the value must pass, in the form and in the backend. */
  checkRule?: string;
  /** Set once on add, never changed afterwards (a code other rows refer to). */
  fixed?: boolean;
  /** Set by the server only (a generated number, audit times): never taken from a body. */
  readOnly?: boolean;
  /**
   * Personal data (./sensitive.ts): masked in every answer to a caller without the module's
   * `<prefix>:viewSensitive` button; a masked value posted back never overwrites the stored one.
   */
  sensitive?: SensitiveKind;
  /**
   * A decimal that is an amount of money: lists, details and exports show it as
   * contract/money.ts formatMoney does (thousands separators, two decimals; issue #32 item 2).
   */
  money?: boolean;
  /** Where it shows; unset places take the defaults of FieldPlaces. */
  show?: FieldPlaces;
  /**
   * An id whose name (or number) the backend adds to the record as this property (a bill's
   * `payerName`, a sign-up's `billNo`): the 详情 shows that, never the id (issue #32 item 7).
   */
  shownBy?: string;
}

export interface ModuleDefinition<Fields extends Record<string, ModuleField> = Record<string, ModuleField>, Prefix extends string = string> {
  /** The module's name: the Excel sheet and file title, e.g. 职务信息. */
  title: string;
  /** The database table (the duplicate check names it). */
  table: string;
  /** The backend's base path, e.g. `/sys/position`. */
  api: string;
  /** The page's menu path, e.g. `/isystem/position`. */
  page: string;
  /**
   * Button codes are `<prefix>:add|edit|delete|batch_delete|export|import` (contract/permission-codes.ts
   * derives them, by type, from the prefixes of the modules it lists).
   */
  permissionPrefix: Prefix;
  /** The fields, by property (camelCase), in the order they show. */
  fields: Fields;
  /**
   * The record operations the backend offers (default all): a page offers only these (no 新增 on
   * 收据, issued from a payment, or on 微信交易, imported from a statement: issue #30).
   */
  operations?: readonly ModuleOperation[];
}

/** A module's record operations (the CRUD engine's endpoints, Excel aside). */
export type ModuleOperation = "list" | "add" | "edit" | "delete" | "deleteBatch" | "queryById";

export interface ModuleUrls {
  list: string;
  add: string;
  edit: string;
  delete: string;
  deleteBatch: string;
  queryById: string;
  exportXls: string;
  importExcel: string;
}

export type FieldPlace = keyof FieldPlaces;

const DEFAULT_PLACES: Required<FieldPlaces> = { list: true, search: false, form: true, detail: true, excel: true, query: true };

/** Declares a module; the identity function, typed so that field names and the permission prefix stay literal. */
export function defineModule<const Fields extends Record<string, ModuleField>, const Prefix extends string>(module: ModuleDefinition<Fields, Prefix>): ModuleDefinition<Fields, Prefix> {
  for (const [property, field] of Object.entries(module.fields)) {
    if (!/^[a-z][A-Za-z0-9]*$/.test(property)) throw new Error(`module ${module.table}: property ${property} is not camelCase`);
    if (field.readOnly && field.required) throw new Error(`module ${module.table}: ${property} is read-only and required`);
    if (field.sensitive && field.dict) throw new Error(`module ${module.table}: sensitive ${property} cannot be a dictionary`);
  }
  return module;
}

const RECORD_OPERATIONS: Record<ModuleOperation, true> = { list: true, add: true, edit: true, delete: true, deleteBatch: true, queryById: true };

/** The addresses of the operations the module offers (moduleUrls without the others). */
export function offeredUrls(module: Pick<ModuleDefinition, "api" | "operations">): Partial<ModuleUrls> {
  const urls = moduleUrls(module);
  if (!module.operations) return urls;
  const offered = new Set<string>(module.operations);
  return Object.fromEntries(Object.entries(urls).filter(([operation]) => !(operation in RECORD_OPERATIONS) || offered.has(operation)));
}

export function moduleUrls(module: Pick<ModuleDefinition, "api">): ModuleUrls {
  const base = module.api;
  return {
    list: `${base}/list`,
    add: `${base}/add`,
    edit: `${base}/edit`,
    delete: `${base}/delete`,
    deleteBatch: `${base}/deleteBatch`,
    queryById: `${base}/queryById`,
    exportXls: `${base}/exportXls`,
    importExcel: `${base}/importExcel`,
  };
}

export function showsIn(field: ModuleField, place: FieldPlace): boolean {
  if (place === "form" && field.readOnly) return field.show?.form === true;
  if (place === "detail") return field.show?.detail ?? (field.readOnly === true || showsIn(field, "form"));
  return field.show?.[place] ?? DEFAULT_PLACES[place];
}

/** The module's fields that show in a place, in declaration order. */
export function fieldsIn(module: ModuleDefinition, place: FieldPlace): Array<[property: string, field: ModuleField]> {
  return Object.entries(module.fields).filter(([, field]) => showsIn(field, place));
}

export function patternOf(field: ModuleField): ValuePattern | undefined {
  if (field.pattern === undefined) return undefined;
  return typeof field.pattern === "string" ? NAMED_PATTERNS[field.pattern] : field.pattern;
}

/** The database column of a property (`postRank` → `post_rank`), as the duplicate check names it. */
export function columnName(property: string): string {
  return property.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
}

/** The message of a value longer than `maxLength` (as the original's forms word it). */
export function maxLengthMessage(maxLength: number): string {
  return `最大长度${maxLength}位字符`;
}
