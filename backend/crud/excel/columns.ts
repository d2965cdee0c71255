// The column list of an entity's Excel sheet: which properties, in which order, under which
// Chinese header, and how dictionary values become texts and back (contract §1 "Dictionary
// translation": comma-separated values are translated one by one; a value without a match stays
// itself). Export and import read the same list, so an exported file imports back unchanged.
import type { EndpointRequest } from "../../http/endpoint";
import { fieldByProperty, isReadable, type EntityDefinition, type FieldDefinition } from "../entity";
import { parseWireDate } from "../values";
import { ExcelMessages } from "./messages";

export interface ExcelColumn {
  /** Entity property (camelCase). */
  property: string;
  /** Header text, e.g. `用户账号`. */
  title: string;
  /** Column width in characters; default from the title and type. */
  width?: number;
  /** Dictionary of the column; default the field's own `dictCode`. `null` turns it off. */
  dictCode?: string | null;
  /** Fixed items instead of a dictionary lookup (table dictionaries resolved by the engine). */
  options?: readonly DictItem[];
  /** Import: an empty cell is a row error. */
  required?: boolean;
  /** Export: an amount of money, shown with thousands separators and two decimals. */
  money?: boolean;
  /**
   * Not a column of the table (a student's parents): text, filled on export by the resource's
   * `fill` (CrudExcelConfig) and, on import, handed to the add path in the body under `property`.
   */
  virtual?: boolean;
}

export interface DictItem {
  value: string;
  text: string;
}

/** Dictionary items by code; the engine passes one that also knows table dictionaries. */
export type DictionaryLookup = (dictCode: string) => Promise<readonly DictItem[]>;

/** What export and import of one entity share; the engine declares it once per entity. */
export interface ExcelEntityConfig {
  entity: EntityDefinition;
  /** The sheet's columns, in order. */
  columns: readonly ExcelColumn[];
  /** Sheet and download name (`<title>.xlsx`) and the error report's name; default 导出文件. */
  title?: string;
  /** Dictionary items by code; default plainDictionaries. */
  dictionaries?: (request: EndpointRequest) => DictionaryLookup;
}

/** The default lookup: plain dictionary codes; table codes (`table,text,code`) need the engine's. */
export function plainDictionaries(request: EndpointRequest): DictionaryLookup {
  return async (code) => (code.includes(",") ? [] : request.services.dictionaries.items(code));
}

export interface ResolvedColumn {
  field: FieldDefinition;
  title: string;
  width: number;
  required: boolean;
  money?: boolean;
  /** Present for dictionary columns. */
  dict?: { toText: ReadonlyMap<string, string>; toValue: ReadonlyMap<string, string> };
  /** Not the table's (ExcelColumn.virtual): `field` is a text field of that name, never selected. */
  virtual?: boolean;
}

/**
 * Checks the list against the entity (a typo or a secret field is a programming error, thrown at
 * once) and loads the dictionaries it needs.
 */
export async function resolveExcelColumns(
  entity: EntityDefinition,
  columns: readonly ExcelColumn[],
  lookup: DictionaryLookup,
): Promise<ResolvedColumn[]> {
  if (columns.length === 0) throw new Error(`excel columns of ${entity.table}: the list is empty`);
  const seen = new Set<string>();
  const resolved: ResolvedColumn[] = [];
  for (const column of columns) {
    const field = column.virtual ? { property: column.property, column: column.property, type: "string" as const } : fieldByProperty(entity, column.property);
    if (!field || !isReadable(field)) throw new Error(`excel columns of ${entity.table}: ${column.property} is not a readable field`);
    if (seen.has(column.property)) throw new Error(`excel columns of ${entity.table}: ${column.property} is listed twice`);
    seen.add(column.property);
    const dictCode = column.dictCode === null ? undefined : (column.dictCode ?? field.dictCode);
    const items = column.options ?? (dictCode ? await lookup(dictCode) : undefined);
    resolved.push({
      field,
      title: column.title,
      width: column.width ?? defaultWidth(column.title, field),
      required: column.required ?? false,
      ...(column.money ? { money: true } : {}),
      ...(items ? { dict: dictMaps(items) } : {}),
      ...(column.virtual ? { virtual: true } : {}),
    });
  }
  return resolved;
}

function dictMaps(items: readonly DictItem[]): NonNullable<ResolvedColumn["dict"]> {
  const toText = new Map<string, string>();
  const toValue = new Map<string, string>();
  for (const item of items) {
    // The first item wins, as the sort order puts the preferred one first.
    if (!toText.has(item.value)) toText.set(item.value, item.text);
    if (!toValue.has(item.text)) toValue.set(item.text, item.value);
  }
  return { toText, toValue };
}

/** Chinese characters are about two Latin ones wide. */
function defaultWidth(title: string, field: FieldDefinition): number {
  const titleWidth = [...title].reduce((width, character) => width + (character.charCodeAt(0) > 0xff ? 2 : 1), 0) + 2;
  const typeWidth = field.type === "datetime" ? 20 : field.type === "date" ? 12 : 10;
  return Math.min(Math.max(titleWidth, typeWidth, 10), 60);
}

// ---- export: wire value → cell ----------------------------------------------------------------

export type CellValue = string | number | boolean | null;

/** The cell of one formatted record value (formatRecord's wire form) in this column. */
export function exportCell(column: ResolvedColumn, value: unknown): CellValue {
  if (value === null || value === undefined) return null;
  if (column.dict) {
    const text = String(value);
    if (text === "") return null;
    return escapeFormula(
      text
        .split(",")
        .map((part) => column.dict!.toText.get(part) ?? part)
        .join(","),
    );
  }
  if (typeof value === "number") return Number.isFinite(value) ? value : String(value);
  if (typeof value === "string") return escapeFormula(value);
  if (typeof value === "boolean") return value;
  if (typeof value === "bigint") return value.toString();
  if (value instanceof Date) return value.toISOString();
  // json columns and the like: their text, never "[object Object]".
  return JSON.stringify(value);
}

// ---- formula injection (issue #10; docs/decisions/014-excel-formula-text.md) -----------------------

/**
 * Text a spreadsheet (or a CSV made from the sheet) would take as a formula or a command. A line
 * feed is included because the file's XML turns a stored carriage return into one.
 */
const FORMULA_START = /^[=+\-@\t\r\n]/;
/** The same behind our own quote prefix(es): those gain one more, so the import can take one off. */
const QUOTED_FORMULA_START = /^'+[=+\-@\t\r\n]/;

/**
 * Text starting with `=`, `+`, `-`, `@`, a tab or a carriage return gets a leading `'`, so no
 * spreadsheet evaluates it, and `importCell` takes exactly that `'` off again: an export → import
 * round trip gives the text back unchanged, also for text that began with `'` itself.
 */
export function escapeFormula(text: string): string {
  return FORMULA_START.test(text) || QUOTED_FORMULA_START.test(text) ? `'${text}` : text;
}

export function unescapeFormula(text: string): string {
  return QUOTED_FORMULA_START.test(text) ? text.slice(1) : text;
}

// ---- import: cell → wire value ----------------------------------------------------------------

export type ParsedCell = { ok: true; value: unknown } | { ok: false; message: string };

const INTEGER = /^[+-]?\d+$/;
const DECIMAL = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/;
const LOOSE_DATE = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})(?:[ T](\d{1,2}):(\d{1,2})(?::(\d{1,2}))?)?$/;

/**
 * One cell as the value the engine's add path takes (the JSON wire form): text, numbers, dates as
 * `yyyy-MM-dd` / `yyyy-MM-dd HH:mm:ss`, dictionary texts back to their codes. `undefined` for an
 * empty cell (the property is left out, so the database default applies).
 */
export function importCell(column: ResolvedColumn, cell: CellValue): ParsedCell | undefined {
  if (cell === null) return undefined;
  const text = typeof cell === "string" ? unescapeFormula(cell.trim()) : cell;
  if (text === "") return undefined;
  const { field } = column;
  if (column.dict) {
    const parsed = dictValue(column.dict.toValue, column.dict.toText, String(text));
    if (!parsed.ok) return parsed;
    if (parsed.value === undefined) return undefined;
    // Numeric dictionaries (`type: 1`, e.g. sex) keep their codes in int columns.
    if (field.type === "int" || field.type === "number") {
      const number = Number(parsed.value);
      if (field.type === "int" ? !Number.isSafeInteger(number) : !Number.isFinite(number))
        return { ok: false, message: field.type === "int" ? ExcelMessages.notInteger : ExcelMessages.notNumber };
      return { ok: true, value: number };
    }
    return parsed;
  }
  switch (field.type) {
    case "string":
      return { ok: true, value: typeof text === "number" ? numberText(text) : String(text) };
    case "int": {
      const number = typeof text === "number" ? text : typeof text === "string" && INTEGER.test(text) ? Number(text) : Number.NaN;
      return Number.isSafeInteger(number) ? { ok: true, value: number } : { ok: false, message: ExcelMessages.notInteger };
    }
    case "number": {
      const number = typeof text === "number" ? text : typeof text === "string" && DECIMAL.test(text) ? Number(text) : Number.NaN;
      return Number.isFinite(number) ? { ok: true, value: number } : { ok: false, message: ExcelMessages.notNumber };
    }
    case "boolean": {
      const lower = String(text).toLowerCase();
      if (["true", "1", "是", "y", "yes"].includes(lower)) return { ok: true, value: true };
      if (["false", "0", "否", "n", "no"].includes(lower)) return { ok: true, value: false };
      return { ok: false, message: ExcelMessages.notBoolean };
    }
    case "date": {
      const date = typeof text === "string" ? normaliseDate(text) : undefined;
      return date ? { ok: true, value: date.slice(0, 10) } : { ok: false, message: ExcelMessages.notDate };
    }
    case "datetime": {
      const date = typeof text === "string" ? normaliseDate(text) : undefined;
      return date ? { ok: true, value: date.length === 10 ? `${date} 00:00:00` : date } : { ok: false, message: ExcelMessages.notDateTime };
    }
  }
}

function dictValue(toValue: ReadonlyMap<string, string>, toText: ReadonlyMap<string, string>, text: string): ParsedCell {
  const values: string[] = [];
  // Multi-value cells: the export joins with ",", people type "，" as well.
  for (const part of text.split(/[,，]/).map((item) => item.trim())) {
    if (part === "") continue;
    const value = toValue.get(part) ?? (toText.has(part) ? part : undefined);
    if (value === undefined) return { ok: false, message: ExcelMessages.notOption(part) };
    values.push(value);
  }
  return values.length > 0 ? { ok: true, value: values.join(",") } : { ok: true, value: undefined };
}

/** Digits as typed (phone numbers, codes stored as numbers by Excel), not `1e+21`. */
function numberText(value: number): string {
  return Number.isSafeInteger(value) ? value.toFixed(0) : String(value);
}

/**
 * `yyyy-MM-dd`, `yyyy/M/d`, `yyyy-MM-dd HH:mm(:ss)` → `yyyy-MM-dd` or `yyyy-MM-dd HH:mm:ss`,
 * checked as a real calendar date (the worker turns date cells into this text already).
 */
export function normaliseDate(text: string): string | undefined {
  const match = LOOSE_DATE.exec(text);
  if (!match) return undefined;
  const pad = (part: string | undefined) => (part ?? "0").padStart(2, "0");
  const day = `${match[1]}-${pad(match[2])}-${pad(match[3])}`;
  const wire = match[4] === undefined ? day : `${day} ${pad(match[4])}:${pad(match[5])}:${pad(match[6])}`;
  return parseWireDate(wire) ? wire : undefined;
}
