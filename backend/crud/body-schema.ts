// The request-body schema of an entity (api-contract.md §6 add / edit): derived from the entity's
// fields and the table's column sizes, with per-entity rules (required fields, patterns, labels).
// Unknown properties, secrets (password, salt) and server-managed columns (id, audit, tenant,
// logical delete) are dropped, never written. Messages are plain Chinese naming the field.
import { getTableColumns, type Column } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import { z } from "zod";
import { ApiError } from "../http/envelope";
import type { EntityDefinition, FieldDefinition } from "./entity";
import { parseWireDate } from "./values";
import type { RowValues } from "./store";

export type { RowValues };

/** What the table says about a column (from the drizzle schema, which mirrors the SQL). */
export interface ColumnInfo {
  maxLength?: number;
  notNull: boolean;
  hasDefault: boolean;
  /** Inclusive bounds of integer columns. */
  min?: number;
  max?: number;
}

export interface FieldRule {
  /** The field's name in messages, e.g. 用户账号. */
  label?: string;
  /** Required on add (and may not be emptied on edit); a string is the message. */
  required?: boolean | string;
  pattern?: RegExp;
  patternMessage?: string;
  /** Tighter than the column's size. */
  maxLength?: number;
  /** Never taken from a request body (the server or a hook sets it). */
  readOnly?: boolean;
}

export interface BodyRules {
  /** Per-property rules; a property without rules gets the derived ones. */
  fields?: Record<string, FieldRule>;
}

export interface BodySchemas {
  add: z.ZodType<RowValues>;
  edit: z.ZodType<RowValues>;
  /** Each field's own rule, none required: what can still be read from a body that failed `add`. */
  fields: z.ZodType<RowValues>;
  /** Properties a body may write. */
  writable: readonly string[];
}

/** Audit columns are always the server's (contract §5). */
export const AUDIT_PROPERTIES: ReadonlySet<string> = new Set(["createBy", "createTime", "updateBy", "updateTime"]);

const INT_RANGES: Record<string, [number, number]> = {
  PgSmallInt: [-32768, 32767],
  PgInteger: [-2147483648, 2147483647],
};

export function columnInfo(table: PgTable): Record<string, ColumnInfo> {
  const info: Record<string, ColumnInfo> = {};
  for (const [property, column] of Object.entries(getTableColumns(table) as Record<string, Column>)) {
    const length = (column as Column & { length?: unknown }).length;
    const range = INT_RANGES[column.columnType];
    info[property] = {
      notNull: column.notNull,
      hasDefault: column.hasDefault,
      ...(typeof length === "number" && length > 0 ? { maxLength: length } : {}),
      ...(range ? { min: range[0], max: range[1] } : {}),
    };
  }
  return info;
}

/**
 * The add and edit schemas. `managed` are properties the server sets (primary key, tenant,
 * logical-delete flag); audit and secret fields are excluded as well.
 */
export function buildBodySchemas(
  entity: EntityDefinition,
  columns: Record<string, ColumnInfo>,
  rules: BodyRules = {},
  managed: ReadonlySet<string> = new Set(),
): BodySchemas {
  const fieldRules = rules.fields ?? {};
  for (const property of Object.keys(fieldRules)) {
    if (!entity.fields.some((field) => field.property === property))
      throw new Error(`entity ${entity.table}: body rule for unknown property ${property}`);
  }
  const writable = entity.fields.filter(
    (field) =>
      !field.secret &&
      !AUDIT_PROPERTIES.has(field.property) &&
      !managed.has(field.property) &&
      fieldRules[field.property]?.readOnly !== true,
  );
  const shape: Record<string, z.ZodType<unknown>> = {};
  const required: Array<{ property: string; message: string }> = [];
  for (const field of writable) {
    const column = columns[field.property] ?? { notNull: false, hasDefault: false };
    const rule = fieldRules[field.property] ?? {};
    const label = rule.label ?? field.property;
    shape[field.property] = fieldSchema(field, column, rule, label).optional();
    const isRequired = rule.required ?? (column.notNull && !column.hasDefault);
    if (isRequired) required.push({ property: field.property, message: typeof rule.required === "string" ? rule.required : `${label}不能为空` });
  }
  const base = z.object(shape);
  const add = base
    .superRefine((values, context) => {
      for (const { property, message } of required) {
        if (values[property] === undefined || values[property] === null) context.addIssue({ code: "custom", message, path: [property] });
      }
    })
    // For the generated API document (接口文档): the JSON Schema of what clients send.
    .meta({ required: required.map(({ property }) => property) });
  const edit = base.superRefine((values, context) => {
    for (const { property, message } of required) {
      if (property in values && values[property] === null) context.addIssue({ code: "custom", message, path: [property] });
    }
  });
  return {
    add: add as unknown as z.ZodType<RowValues>,
    edit: edit as unknown as z.ZodType<RowValues>,
    fields: base as unknown as z.ZodType<RowValues>,
    writable: writable.map((field) => field.property),
  };
}

/** Parses a body; the first problem becomes the plain answer (HTTP 200, code 500). */
export function parseBody(schema: z.ZodType<RowValues>, body: unknown): RowValues {
  const parsed = schema.safeParse(body && typeof body === "object" && !Array.isArray(body) ? body : {});
  if (!parsed.success) throw new ApiError(parsed.error.issues[0]?.message ?? "提交的数据格式不正确");
  // Absent properties stay absent: an edit only writes what it was sent.
  return definedValues(parsed.data);
}

/** A parsed body without the properties it left out. */
export function definedValues(values: RowValues): RowValues {
  return Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined));
}

/**
 * One field: wire value → stored value. An empty text means "no value" (null): several columns
 * are unique (email, phone, work_no) and two empty texts must not collide.
 */
function fieldSchema(field: FieldDefinition, column: ColumnInfo, rule: FieldRule, label: string): z.ZodType<unknown> {
  const maxLength = Math.min(rule.maxLength ?? Infinity, column.maxLength ?? Infinity);
  const parse = z.unknown().transform((input, context) => {
    if (input === undefined) return undefined;
    if (input === null || input === "") return null;
    const refuse = (message = `${label}格式不正确`) => {
      context.addIssue({ code: "custom", message });
      return z.NEVER;
    };
    switch (field.type) {
      case "string": {
        if (typeof input !== "string" && typeof input !== "number" && typeof input !== "boolean") return refuse();
        const text = String(input);
        if (Number.isFinite(maxLength) && [...text].length > maxLength) return refuse(`${label}长度不能超过${maxLength}个字符`);
        if (rule.pattern && !rule.pattern.test(text)) return refuse(rule.patternMessage);
        return text;
      }
      case "int": {
        const number = typeof input === "number" ? input : typeof input === "string" && /^\s*[+-]?\d+\s*$/.test(input) ? Number(input) : NaN;
        if (!Number.isSafeInteger(number)) return refuse(`${label}必须是整数`);
        if ((column.min !== undefined && number < column.min) || (column.max !== undefined && number > column.max))
          return refuse(`${label}超出允许的范围`);
        return number;
      }
      case "number": {
        const number = typeof input === "number" ? input : typeof input === "string" && input.trim() !== "" ? Number(input) : NaN;
        if (!Number.isFinite(number)) return refuse(`${label}必须是数字`);
        return number;
      }
      case "boolean": {
        if (input === true || input === 1 || input === "1" || input === "true") return true;
        if (input === false || input === 0 || input === "0" || input === "false") return false;
        return refuse();
      }
      case "date": {
        const date = typeof input === "string" ? parseWireDate(input.trim()) : undefined;
        return date ? date.day : refuse(`${label}日期格式不正确，应为yyyy-MM-dd`);
      }
      case "datetime": {
        if (typeof input !== "string") return refuse(`${label}时间格式不正确，应为yyyy-MM-dd HH:mm:ss`);
        const text = input.trim();
        const wire = parseWireDate(text);
        if (wire) return wire.start;
        // ISO 8601 with an explicit zone (what JSON.stringify(new Date()) sends) is unambiguous too.
        if (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/.test(text) && !Number.isNaN(Date.parse(text)))
          return new Date(text);
        return refuse(`${label}时间格式不正确，应为yyyy-MM-dd HH:mm:ss`);
      }
    }
  });
  return parse.meta(wireJsonSchema(field, column, rule, label, maxLength));
}

/**
 * What `fieldSchema` accepts, as JSON Schema (the transform itself has none): the generated API
 * document (接口文档, backend/modules/monitor/api-doc) shows it for every engine body.
 */
function wireJsonSchema(field: FieldDefinition, column: ColumnInfo, rule: FieldRule, label: string, maxLength: number): Record<string, unknown> {
  const title = { title: label };
  switch (field.type) {
    case "string":
      return {
        ...title,
        type: ["string", "number", "boolean", "null"],
        ...(Number.isFinite(maxLength) ? { maxLength } : {}),
        // An empty text is "no value" (null), so it passes too.
        ...(rule.pattern ? { pattern: `(?:${rule.pattern.source})|^$` } : {}),
      };
    case "int":
      return {
        ...title,
        type: ["integer", "string", "null"],
        pattern: "^(\\s*[+-]?\\d+\\s*)?$",
        ...(column.min !== undefined ? { minimum: column.min } : {}),
        ...(column.max !== undefined ? { maximum: column.max } : {}),
      };
    case "number":
      return { ...title, type: ["number", "string", "null"] };
    case "boolean":
      return { ...title, enum: [true, false, 1, 0, "1", "0", "true", "false", "", null] };
    case "date":
      return { ...title, type: ["string", "null"], description: "yyyy-MM-dd" };
    case "datetime":
      return { ...title, type: ["string", "null"], description: "yyyy-MM-dd HH:mm:ss" };
  }
}
