// 接口文档: the backend's OpenAPI 3.1 document (GET /v3/api-docs) turned into what the page shows:
// operations grouped by tag, their parameters and the fields of their JSON body. Pure, so the
// server loader shapes it once and tests check it without a browser.
import { z } from "zod";

const jsonSchema = z.record(z.string(), z.unknown());

const operationSchema = z.object({
  operationId: z.string(),
  tags: z.array(z.string()).default([]),
  summary: z.string().default(""),
  description: z.string().default(""),
  parameters: z
    .array(z.object({ name: z.string(), in: z.string(), required: z.boolean().default(false), description: z.string().optional(), schema: jsonSchema.default({}) }))
    .default([]),
  requestBody: z.object({ required: z.boolean().default(false), content: z.record(z.string(), z.object({ schema: jsonSchema.default({}) })) }).optional(),
});

export const openApiDocumentSchema = z.object({
  openapi: z.string(),
  info: z.object({ title: z.string(), version: z.string(), description: z.string().default("") }),
  paths: z.record(z.string(), z.record(z.string(), z.unknown())),
});

export interface SchemaRow {
  name: string;
  type: string;
  required: boolean;
  /** Limits and notes: length, pattern, range, allowed values, title. */
  rules: string;
}

export interface DocOperation {
  id: string;
  method: string;
  path: string;
  summary: string;
  access: string;
  parameters: SchemaRow[];
  body: { required: boolean; fields: SchemaRow[]; schema: string } | null;
}

export interface DocGroup {
  tag: string;
  operations: DocOperation[];
}

export interface ApiDoc {
  title: string;
  version: string;
  description: string;
  openapi: string;
  operationCount: number;
  groups: DocGroup[];
}

const METHOD_ORDER = ["get", "post", "put", "delete", "patch"];

/** `string | null`, `integer`, `枚举` …: the JSON Schema's type as a short text. */
export function typeText(schema: Record<string, unknown>): string {
  if (Array.isArray(schema.enum)) return "枚举";
  const type = schema.type;
  if (Array.isArray(type)) return type.join(" | ");
  if (typeof type === "string") return type === "array" && schema.items ? `${typeText(schema.items as Record<string, unknown>)}[]` : type;
  if (Array.isArray(schema.anyOf)) return (schema.anyOf as Array<Record<string, unknown>>).map(typeText).join(" | ");
  return "any";
}

export function rulesText(schema: Record<string, unknown>): string {
  const parts: string[] = [];
  if (typeof schema.title === "string") parts.push(schema.title);
  if (typeof schema.description === "string") parts.push(schema.description);
  if (typeof schema.maxLength === "number") parts.push(`最长 ${schema.maxLength}`);
  if (typeof schema.minLength === "number" && schema.minLength > 0) parts.push(`最短 ${schema.minLength}`);
  if (typeof schema.minimum === "number" || typeof schema.maximum === "number") parts.push(`范围 ${schema.minimum ?? "-∞"} ~ ${schema.maximum ?? "∞"}`);
  if (typeof schema.pattern === "string") parts.push(`格式 ${schema.pattern}`);
  if (Array.isArray(schema.enum)) parts.push(`取值 ${schema.enum.map((value) => JSON.stringify(value)).join(", ")}`);
  return parts.join("；");
}

/** The fields of an object schema, in their order. */
export function schemaRows(schema: Record<string, unknown>): SchemaRow[] {
  const properties = (schema.properties ?? {}) as Record<string, Record<string, unknown>>;
  const required = new Set(Array.isArray(schema.required) ? (schema.required as string[]) : []);
  return Object.entries(properties).map(([name, property]) => ({ name, type: typeText(property), required: required.has(name), rules: rulesText(property) }));
}

export function toApiDoc(raw: unknown): ApiDoc {
  const document = openApiDocumentSchema.parse(raw);
  const groups = new Map<string, DocOperation[]>();
  let operationCount = 0;
  for (const [path, methods] of Object.entries(document.paths)) {
    for (const [method, value] of Object.entries(methods)) {
      const parsed = operationSchema.safeParse(value);
      if (!parsed.success) continue;
      const operation = parsed.data;
      const bodySchema = operation.requestBody?.content["application/json"]?.schema;
      const entry: DocOperation = {
        id: operation.operationId,
        method: method.toUpperCase(),
        path,
        summary: operation.summary,
        access: operation.description,
        parameters: operation.parameters.map((parameter) => ({
          name: parameter.name,
          type: `${parameter.in === "path" ? "路径" : "查询"} · ${typeText(parameter.schema)}`,
          required: parameter.required,
          rules: [parameter.description, rulesText(parameter.schema)].filter(Boolean).join("；"),
        })),
        body: bodySchema ? { required: operation.requestBody!.required, fields: schemaRows(bodySchema), schema: JSON.stringify(bodySchema, null, 2) } : null,
      };
      operationCount += 1;
      const tag = operation.tags[0] ?? "其他";
      groups.set(tag, [...(groups.get(tag) ?? []), entry]);
    }
  }
  return {
    title: document.info.title,
    version: document.info.version,
    description: document.info.description,
    openapi: document.openapi,
    operationCount,
    groups: [...groups.entries()]
      .sort(([left], [right]) => left.localeCompare(right))
      .map(([tag, operations]) => ({
        tag,
        operations: operations.sort((left, right) => left.path.localeCompare(right.path) || METHOD_ORDER.indexOf(left.method.toLowerCase()) - METHOD_ORDER.indexOf(right.method.toLowerCase())),
      })),
  };
}

/** The groups whose tag, path or summary contains `search` (case-insensitive), narrowed to those operations. */
export function filterApiDoc(groups: readonly DocGroup[], search: string): DocGroup[] {
  const needle = search.trim().toLowerCase();
  if (!needle) return [...groups];
  return groups
    .map((group) =>
      group.tag.toLowerCase().includes(needle)
        ? group
        : { ...group, operations: group.operations.filter((operation) => `${operation.path} ${operation.summary}`.toLowerCase().includes(needle)) },
    )
    .filter((group) => group.operations.length > 0);
}
