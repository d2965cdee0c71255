// 接口文档 in Chinese (issue #30 item 5): every endpoint of the backend (its one list, allEndpoints)
// gives a Chinese summary that says what it does: never missing, without English words (the ASCII
// walk's finder, tests/e2e/support/english-words.ts), never the method and path again,
// never the same words as another endpoint's (a bare 「添加」 or 「作废」 would not say of what). The
// CRUD engine's operations name their module (学生-分页列表查询, 学生-导出Excel).
import { describe, expect, it } from "vitest";
import { allEndpoints } from "../../backend/endpoints";
import { buildOpenApiDocument } from "../../backend/modules/monitor/api-doc/openapi";
import { studentModule } from "#contract/modules/people";
import type { Endpoint } from "../../backend/http/endpoint";
import { englishWords } from "../e2e/support/english-words";

const document = buildOpenApiDocument(allEndpoints, { version: "1.0.0", serverUrl: "/jeecg-boot" });
const operations = Object.entries(document.paths).flatMap(([path, methods]) =>
  Object.entries(methods).map(([method, operation]) => ({ path, method, summary: operation!.summary })),
);
const methodsOf = (definition: Endpoint) => (definition.methods === "ALL" ? "ALL" : definition.methods.join(","));

describe("接口文档's summaries", () => {
  it("are given in Chinese by every endpoint, never the method and path again", () => {
    expect(allEndpoints.length).toBeGreaterThan(600);
    const bad = allEndpoints.filter(({ path, doc }) => {
      const summary = doc?.summary ?? "";
      const words = path.split(/[/:*]+/).filter(Boolean);
      return !/[\u4e00-\u9fff]/.test(summary) || englishWords(summary).length > 0 || summary.includes(path) || /^(GET|POST|PUT|DELETE)\b/i.test(summary) || words.some((word) => summary === word);
    });
    expect(bad.map((definition) => `${methodsOf(definition)} ${definition.path}: ${definition.doc?.summary ?? "(none)"}`)).toEqual([]);
  });

  it("differ from endpoint to endpoint: each says what it does and to what", () => {
    // An endpoint served at a second path (servedAt, the same handler) is the same endpoint.
    const byHandler = new Map<Endpoint["handle"], Endpoint>();
    for (const definition of allEndpoints) if (!byHandler.has(definition.handle)) byHandler.set(definition.handle, definition);
    const bySummary = new Map<string, string[]>();
    for (const definition of byHandler.values()) {
      const summary = definition.doc?.summary ?? "";
      bySummary.set(summary, [...(bySummary.get(summary) ?? []), `${methodsOf(definition)} ${definition.path}`]);
    }
    const shared = [...bySummary].filter(([, endpoints]) => endpoints.length > 1).map(([summary, endpoints]) => `${summary}: ${endpoints.join(", ")}`);
    expect(shared).toEqual([]);
  });

  it("name the module of every CRUD operation", () => {
    const title = studentModule.title;
    const summary = (method: string, path: string) => operations.find((operation) => operation.method === method && operation.path === path)?.summary;
    expect(summary("get", "/school/student/list")).toBe(`${title}-分页列表查询`);
    expect(summary("post", "/school/student/add")).toBe(`${title}-添加`);
    expect(summary("delete", "/school/student/deleteBatch")).toBe(`${title}-批量删除`);
    expect(summary("get", "/school/student/history")).toBe(`${title}-修改记录`);
    expect(summary("get", "/school/student/exportXls")).toBe(`${title}-导出Excel`);
    expect(summary("post", "/billing/payment/reverse")).toBe("冲销付款");
    expect(summary("post", "/shop/order/refund")).toBe("订单-退款");
  });
});
