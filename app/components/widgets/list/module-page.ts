// The page half of a module definition (contract/modules/module.ts): the list engine's columns,
// search fields, form fields, zod schema and advanced-query fields, derived from the module's
// fields, so that a label, dictionary, required message or pattern is written once for the page
// and the backend. What is only visual (widths, renderers, a picker as the control) is passed in
// by the page as `visual`.
import { z } from "zod";
import { isMasked } from "#contract/modules/sensitive";
import { createElement, type ReactNode } from "react";
import { formatMoney, isNegativeAmount } from "#contract/money";
import { columnName, fieldsIn, maxLengthMessage, offeredUrls, patternOf, showsIn, type ModuleDefinition, type ModuleField } from "#contract/modules/module";
import type { ListPageDefinition } from "~/services/list.server";
import type { ListColumn } from "./list-page";
import type { FieldOption, FormField, FormFieldKind, SearchField } from "./types";
import type { SuperQueryField } from "../super-query/super-query";
import { parseJsonRows, type PostedRow } from "../grid/grid-value";

/** Dictionary options by dictionary code, as the page's loader loads them (moduleOptions). */
export type ModuleOptions = Record<string, FieldOption[]>;

/** An amount as every list and detail shows it; a negative one (red figures) in red. */
function moneyText(value: unknown): ReactNode {
  const text = formatMoney(value);
  return isNegativeAmount(value) ? createElement("span", { className: "money-negative" }, text) : text;
}

export interface ModulePageVisual {
  /** Per property: width, renderer… of its list column. */
  columns?: Record<string, Partial<ListColumn>>;
  /** Per property: a custom control, a placeholder… of its form field. */
  form?: Record<string, Partial<FormField>>;
}

/** What the backend is sent of a checked form (the page's `toBody`; `id` on an edit only). */
type ToBody<Values> = (values: Values, id: string | undefined) => Record<string, unknown>;

export interface ModulePage<Form extends z.ZodType, Prefix extends string = string> {
  definition: ModuleDefinition;
  /** The definition's prefix: a PermissionPrefix for a module listed in contract/permission-codes.ts. */
  permissionPrefix: Prefix;
  /** The loader's and action's declaration (list.server.ts); its `form` is the page's one schema. */
  list: ListPageDefinition<Form> & { form: Form; toBody(values: z.infer<Form>, id: string | undefined): Record<string, unknown> };
  /** The dictionaries the form and the search bar choose from (moduleOptions loads them). */
  dictCodes: string[];
  columns: ListColumn[];
  searchFields(options: ModuleOptions): SearchField[];
  formFields(options: ModuleOptions): FormField[];
  superQuery: SuperQueryField[];
  /**
   * The page with form fields of its own (a grid's rows, a link to its parent) checked by `shape`
   * in the same schema; `toBody` sends them (by default as they are, beside what `base`, this
   * page's toBody, sends of the rest).
   */
  extendForm<Shape extends z.ZodRawShape>(
    shape: Shape,
    toBody?: (values: z.infer<Form> & z.infer<z.ZodObject<Shape>>, id: string | undefined, base: ToBody<z.infer<Form>>) => Record<string, unknown>,
  ): ModulePage<z.ZodType<z.infer<Form> & z.infer<z.ZodObject<Shape>>>, Prefix>;
}

/** A page on `list.form`, its one schema (a plain z.object: a refined one cannot be extended). */
function pageOn<Form extends z.ZodType, Prefix extends string>(base: Omit<ModulePage<Form, Prefix>, "list" | "extendForm">, list: ModulePage<Form>["list"]): ModulePage<Form, Prefix> {
  return {
    ...base,
    list,
    extendForm: <Shape extends z.ZodRawShape>(shape: Shape, toBody?: (values: never, id: string | undefined, base: ToBody<z.infer<Form>>) => Record<string, unknown>) => {
      type Extended = z.ZodType<z.infer<Form> & z.infer<z.ZodObject<Shape>>>;
      const form = (list.form as unknown as z.ZodObject).extend(shape) as unknown as Extended;
      const send: ToBody<z.infer<Extended>> = toBody ? (values, id) => toBody(values as never, id, (rest, restId) => list.toBody(rest, restId)) : (values, id) => list.toBody(values, id);
      return pageOn<Extended, Prefix>(base as unknown as Omit<ModulePage<Extended, Prefix>, "list" | "extendForm">, { ...(list as unknown as ModulePage<Extended>["list"]), form, toBody: send });
    },
  };
}

const FORM_KINDS: Record<NonNullable<ModuleField["type"]>, FormFieldKind> = {
  string: "text",
  text: "textarea",
  int: "text",
  decimal: "text",
  date: "date",
  datetime: "text",
};

const QUERY_TYPES: Record<NonNullable<ModuleField["type"]>, string> = {
  string: "string",
  text: "string",
  int: "int",
  decimal: "number",
  date: "date",
  datetime: "datetime",
};

const NUMBER_TEXT: Partial<Record<NonNullable<ModuleField["type"]>, { regex: RegExp; message: string }>> = {
  int: { regex: /^[+-]?\d+$/, message: "必须是整数" },
  decimal: { regex: /^[+-]?\d+(\.\d+)?$/, message: "必须是数字" },
};

/** One form value: the form posts text, so every field is checked as text (empty = no value). */
export function fieldSchema(field: ModuleField): z.ZodType<string | undefined> {
  let text = z.string().trim();
  if (field.required) text = text.min(1, field.required);
  if (field.maxLength) text = text.max(field.maxLength, maxLengthMessage(field.maxLength));
  const checks = [patternOf(field), field.type ? NUMBER_TEXT[field.type] : undefined].filter((check) => check !== undefined);
  const checked = checks.reduce<z.ZodType<string>>(
    // A sensitive value shown masked goes back as it came: the backend keeps the stored one.
    (schema, check) => schema.refine((value) => value === "" || (field.sensitive !== undefined && isMasked(value)) || check.regex.test(value), check === patternOf(field) ? check.message : `${field.label}${check.message}`),
    text,
  );
  return field.required ? checked : checked.optional();
}

/** The page of a module: everything the list engine needs, from one definition. */
export function modulePage<Prefix extends string>(definition: ModuleDefinition<Record<string, ModuleField>, Prefix>, visual: ModulePageVisual = {}) {
  const formEntries = fieldsIn(definition, "form");
  // The form's fields and 详情's lines, in the definition's order (a line of 详情 only is flagged).
  const formOrDetail = Object.entries(definition.fields).filter(([, field]) => showsIn(field, "form") || showsIn(field, "detail"));
  const shape: Record<string, z.ZodType<string | undefined>> = { id: z.string().optional() };
  for (const [property, field] of formEntries) shape[property] = fieldSchema(field);
  // Required on 新增 only: an add has no id (the edit's blank keeps the stored value). A refined
  // schema cannot be extended: only a module with such a field gets the refinement.
  const requiredOnAdd = formEntries.filter(([, field]) => field.requiredOnAdd);
  const plainSchema = z.object(shape);
  const formSchema =
    requiredOnAdd.length === 0
      ? plainSchema
      : plainSchema.superRefine((values, context) => {
          for (const [property, field] of requiredOnAdd) {
            if (!values.id && !values[property]) context.addIssue({ code: "custom", path: [property], message: field.requiredOnAdd! });
          }
        });
  const fixed = formEntries.filter(([, field]) => field.fixed).map(([property]) => property);

  const dictCodes = [...new Set([...formEntries, ...fieldsIn(definition, "search")].map(([, field]) => field.dict).filter((code) => code !== undefined))];
  const optionsOf = (options: ModuleOptions, field: ModuleField) => (field.dict ? (options[field.dict] ?? []) : undefined);

  const page = pageOn<typeof formSchema, Prefix>(
    {
      definition,
      permissionPrefix: definition.permissionPrefix,
      dictCodes,
      columns: fieldsIn(definition, "list").map(([property, field]) => ({
        title: field.label,
        dataIndex: property,
        // Personal data is not sorted: stored encrypted, and an order would tell what the mask hides.
        sorter: field.sensitive === undefined,
        ...(field.dict ? { dict: true } : {}),
        ...(field.money ? { render: moneyText } : {}),
        ...visual.columns?.[property],
      })),
      searchFields: (options) =>
        fieldsIn(definition, "search").map(([property, field]) => {
          if (field.dict) return { name: property, label: field.label, kind: "select", options: optionsOf(options, field) };
          if (field.type === "date" || field.type === "datetime") return { name: property, label: field.label, kind: "date-range" };
          return { name: property, label: field.label, kind: "text" };
        }),
      formFields: (options) =>
        formOrDetail.map(([property, field]) => ({
          name: property,
          ...(showsIn(field, "form") ? {} : { onlyInDetail: true }),
          ...(showsIn(field, "detail") ? {} : { notInDetail: true }),
          label: field.label,
          kind: field.dict ? "select" : FORM_KINDS[field.type ?? "string"],
          ...(field.dict ? { options: optionsOf(options, field) } : {}),
          ...(field.required ? { required: true } : {}),
          ...(field.requiredOnAdd ? { requiredOnAdd: true } : {}),
          ...(field.fixed ? { fixedOnEdit: true } : {}),
          ...(field.checkRule ? { checkRule: field.checkRule } : {}),
          ...(field.unique ? { duplicate: { tableName: definition.table, fieldName: columnName(property) } } : {}),
          ...(field.money ? { detail: (record: Record<string, unknown>) => moneyText(record[property]) } : {}),
          // An id is shown by the name the backend put beside it (issue #32 item 7).
          ...(field.shownBy ? { detail: (record: Record<string, unknown>) => textOf(record[field.shownBy!]) } : {}),
          ...visual.form?.[property],
        })),
      superQuery: fieldsIn(definition, "query").map(([property, field]) => ({
        value: property,
        text: field.label,
        type: field.dict ? "list" : QUERY_TYPES[field.type ?? "string"],
        ...(field.dict ? { dictCode: field.dict } : {}),
      })),
    },
    {
      url: offeredUrls(definition),
      form: formSchema,
      // Fixed fields are sent only when adding (the backend keeps them on edit anyway).
      toBody: (values, id) => (id ? Object.fromEntries(Object.entries(values).filter(([property]) => !fixed.includes(property))) : values),
    },
  );
  return page;
}

const textOf = (value: unknown): string => (value === null || value === undefined ? "" : String(value));

/**
 * A grid field's value as JSON rows of fixed keys, both ways (GridTextField's toRows and toText): each
 * row keeps exactly `keys`, a missing value as "".
 */
export function jsonRowCodec(keys: readonly string[]) {
  const pick = (row: Record<string, unknown>): Record<string, string> => Object.fromEntries(keys.map((key) => [key, (row[key] as string | undefined) ?? ""]));
  return {
    toRows: (text: string | undefined) => parseJsonRows<Record<string, unknown>>(text).map(pick),
    toText: (rows: readonly Record<string, unknown>[]) => JSON.stringify(rows.map(pick)),
  };
}

const postedRowSchema: z.ZodType<PostedRow> = z.lazy(() => z.record(z.string(), z.union([z.string(), postedRowSchema])));

/**
 * A grid field of the page's schema: its rows as the form posts them (named fields, read by
 * recordFields; none posted is no rows). `required`: the message when there are none.
 */
export function postedRows(required?: string): z.ZodType<PostedRow[]> {
  const rows = z
    .array(postedRowSchema)
    .optional()
    .transform((value) => value ?? []);
  return required ? rows.refine((value) => value.length > 0, { message: required }) : rows;
}

/** Posted rows checked by the module's own rule (`problem`: its message, or null for good rows). */
export function checkedRows<Row>(problem: (rows: readonly Row[]) => string | null): z.ZodType<PostedRow[]> {
  return postedRows().superRefine((rows, context) => {
    const message = problem(rows as unknown as Row[]);
    if (message) context.addIssue({ code: "custom", message });
  });
}

/**
 * A module page whose form also carries a grid (allocations, entries, items, lines): the grid's rows
 * travel in the form as named fields under `name` (its form field has `rows: true`), checked by
 * `schema` (any rows by default), and go to the backend turned by `parse` (the rows as they are by
 * default) under the same name; every other field goes as the page sends it.
 */
export function withRowsField<Form extends z.ZodType, Prefix extends string>(
  derived: ModulePage<Form, Prefix>,
  name: string,
  options: { schema?: z.ZodType<PostedRow[]>; parse?: (rows: PostedRow[]) => unknown } = {},
) {
  const parse = options.parse ?? ((rows: PostedRow[]) => rows);
  return derived.extendForm({ [name]: options.schema ?? postedRows() }, (values, id, base) => {
    const { [name]: rows, ...rest } = values as Record<string, unknown>;
    return { ...base(rest as z.infer<Form>, id), [name]: parse((rows as PostedRow[] | undefined) ?? []) };
  });
}
