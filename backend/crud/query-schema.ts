// The query string of an engine list as a zod schema (contract §6 "List query params"): paging,
// sort, the advanced query and one filter per searchable field (dates and numbers also as
// `_begin` / `_end` ranges). Only documents the list (接口文档, backend/modules/monitor/api-doc):
// the list itself parses its query with the query generator.
import { z } from "zod";
import { isSearchable, type EntityDefinition } from "./entity";
import { RESERVED_PARAMS } from "./query-generator";

export function listQuerySchema(entity: EntityDefinition): z.ZodType {
  const shape: Record<string, z.ZodType> = {
    pageNo: z.string().regex(/^\d+$/).optional().describe("页码，从 1 开始"),
    pageSize: z.string().regex(/^\d+$/).optional().describe("每页条数，默认 10"),
    column: z.string().optional().describe("排序字段"),
    order: z.enum(["asc", "desc"]).optional().describe("排序方向"),
    superQueryParams: z.string().optional().describe("高级查询条件（URL 编码的 JSON 数组）"),
    superQueryMatchType: z.enum(["and", "or"]).optional().describe("高级查询匹配方式"),
  };
  for (const field of entity.fields) {
    if (RESERVED_PARAMS.has(field.property) || !isSearchable(field)) continue;
    shape[field.property] = z.string().optional().describe(field.type === "string" ? "文本条件（* 为通配）" : `${field.type} 条件`);
    if (field.type !== "string" && field.type !== "boolean") {
      shape[`${field.property}_begin`] = z.string().optional();
      shape[`${field.property}_end`] = z.string().optional();
    }
  }
  return z.object(shape);
}
