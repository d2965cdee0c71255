// 接口文档 (issue #15 Deliver 6): the OpenAPI 3.1 document of the embedded backend, generated from
// its endpoint definitions (backend/http/endpoint.ts) and their zod schemas, never written by hand.
// Every method of every registered endpoint is one operation; what an endpoint does not describe
// (no `doc`) still appears with its path parameters, its access and a generic JSON body.
import { z } from "zod";
import { MENU_ACCESS_PREFIX, type Endpoint, type HttpMethod } from "../../../http/endpoint";
import { NO_SUMMARY } from "./summaries";

export type JsonSchema = Record<string, unknown>;

export interface OpenApiOperation {
  operationId: string;
  tags: string[];
  summary: string;
  description: string;
  security: Array<Record<string, string[]>>;
  parameters: Array<{ name: string; in: "path" | "query"; required: boolean; description?: string; schema: JsonSchema }>;
  requestBody?: { required: boolean; content: { "application/json": { schema: JsonSchema } } };
  responses: Record<string, unknown>;
  "x-access": string;
  "x-signed"?: boolean;
}

export interface OpenApiDocument {
  openapi: "3.1.0";
  info: { title: string; version: string; description: string };
  servers: Array<{ url: string }>;
  tags: Array<{ name: string }>;
  paths: Record<string, Partial<Record<Lowercase<HttpMethod>, OpenApiOperation>>>;
  components: { securitySchemes: Record<string, unknown>; schemas: Record<string, JsonSchema> };
}

/** The methods an `ALL` endpoint is documented with. */
const ALL_METHODS: readonly HttpMethod[] = ["GET", "POST", "PUT", "DELETE"];
const WITH_BODY = new Set<HttpMethod>(["POST", "PUT"]);

/** The methods of a definition, as documented. */
export function documentedMethods(definition: Endpoint): readonly HttpMethod[] {
  return definition.methods === "ALL" ? ALL_METHODS : definition.methods;
}

/** Express `/a/:id` → OpenAPI `/a/{id}`. */
export function openApiPath(path: string): string {
  return path.replace(/:([A-Za-z_]\w*)/g, "{$1}");
}

function pathParameters(path: string): string[] {
  return [...path.matchAll(/:([A-Za-z_]\w*)/g)].map((match) => match[1]!);
}

/** `/sys/position/list` and `/sys/position/:id` → `sys/position`; `/sys/login` → `sys`. */
export function tagOf(path: string): string {
  const segments = path.split("/").filter(Boolean);
  const named = segments.filter((segment) => !segment.startsWith(":"));
  return segments.length > 2 ? named.slice(0, 2).join("/") : (named[0] ?? "/");
}

/** A zod schema as JSON Schema 2020-12 (what OpenAPI 3.1 uses), describing what clients send. */
export function jsonSchemaOf(schema: z.ZodType): JsonSchema {
  try {
    const converted = z.toJSONSchema(schema, { target: "draft-2020-12", io: "input", unrepresentable: "any" }) as JsonSchema;
    const { $schema: _dialect, ...rest } = converted;
    return rest;
  } catch {
    // A schema zod cannot express (a custom refinement of an unusual type): any JSON object.
    return { type: "object" };
  }
}

function accessText(access: string): string {
  if (access === "public") return "公开，无需登录";
  if (access === "user") return "登录用户";
  if (access.startsWith(MENU_ACCESS_PREFIX)) return `需要菜单 ${access.slice(MENU_ACCESS_PREFIX.length)}`;
  return `需要按钮权限 ${access}`;
}

function queryParameters(schema: z.ZodType | undefined): OpenApiOperation["parameters"] {
  if (!schema) return [];
  const converted = jsonSchemaOf(schema);
  const properties = (converted.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((converted.required as string[] | undefined) ?? []);
  return Object.entries(properties).map(([name, property]) => {
    const { description, ...rest } = property;
    return {
      name,
      in: "query" as const,
      required: required.has(name),
      ...(typeof description === "string" ? { description } : {}),
      schema: rest,
    };
  });
}

const ENVELOPE: JsonSchema = {
  type: "object",
  description: "JeecgBoot 统一返回结构",
  properties: {
    success: { type: "boolean" },
    message: { type: "string" },
    code: { type: "integer" },
    result: {},
    timestamp: { type: "integer" },
  },
  required: ["success", "message", "code", "timestamp"],
};

export function buildOpenApiDocument(endpoints: readonly Endpoint[], options: { version: string; serverUrl: string }): OpenApiDocument {
  const paths: OpenApiDocument["paths"] = {};
  const tags = new Set<string>();
  const usedIds = new Set<string>();
  for (const definition of endpoints) {
    const path = openApiPath(definition.path);
    const tag = tagOf(definition.path);
    tags.add(tag);
    const body = definition.doc?.body ? jsonSchemaOf(definition.doc.body) : { type: "object", additionalProperties: true };
    for (const method of documentedMethods(definition)) {
      const lower = method.toLowerCase() as Lowercase<HttpMethod>;
      let operationId = `${lower}${path.replace(/[^A-Za-z0-9]+(.)?/g, (_, next: string | undefined) => (next ?? "").toUpperCase())}`;
      while (usedIds.has(operationId)) operationId += "_";
      usedIds.add(operationId);
      const operation: OpenApiOperation = {
        operationId,
        tags: [tag],
        summary: definition.doc?.summary ?? NO_SUMMARY,
        description: accessText(definition.access) + (definition.signed ? "；需要签名（X-Sign、X-TIMESTAMP）" : ""),
        security: definition.access === "public" ? [] : [{ token: [] }],
        parameters: [
          ...pathParameters(definition.path).map((name) => ({ name, in: "path" as const, required: true, schema: { type: "string" } })),
          ...queryParameters(definition.doc?.query),
        ],
        responses: {
          "200": { description: "统一返回结构", content: { "application/json": { schema: { $ref: "#/components/schemas/Result" } } } },
          ...(definition.access === "public" ? {} : { "401": { description: "未登录或登录已过期" } }),
        },
        "x-access": definition.access,
        ...(definition.signed ? { "x-signed": true } : {}),
      };
      if (WITH_BODY.has(method)) operation.requestBody = { required: Boolean(definition.doc?.body), content: { "application/json": { schema: body } } };
      paths[path] = { ...paths[path], [lower]: operation };
    }
  }
  return {
    openapi: "3.1.0",
    info: {
      title: "国际学校综合管理平台 接口文档",
      version: options.version,
      description: "由后端的接口定义及其校验规则生成（JeecgBoot 兼容接口）。",
    },
    servers: [{ url: options.serverUrl }],
    tags: [...tags].sort().map((name) => ({ name })),
    paths,
    components: {
      securitySchemes: { token: { type: "apiKey", in: "header", name: "X-Access-Token" } },
      schemas: { Result: ENVELOPE },
    },
  };
}
