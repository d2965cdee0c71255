// 接口文档 in Chinese (issue #30 item 5): every operation of the backend's OpenAPI document has a
// Chinese summary that does not repeat its method and path; the CRUD engine's operations name their
// module (学生-分页列表查询, 学生-导出Excel), the others say what they do.
import { describe, expect, it } from "vitest";
import { allEndpoints } from "../../backend/endpoints";
import { buildOpenApiDocument } from "../../backend/modules/monitor/api-doc/openapi";
import { studentModule } from "#contract/modules/people";
import { NO_SUMMARY } from "../../backend/modules/monitor/api-doc/summaries";

const document = buildOpenApiDocument(allEndpoints, { version: "1.0.0", serverUrl: "/jeecg-boot" });
const operations = Object.entries(document.paths).flatMap(([path, methods]) =>
  Object.entries(methods).map(([method, operation]) => ({ path, method, summary: operation!.summary })),
);

describe("接口文档's summaries", () => {
  it("are Chinese for every operation, never the method and path again", () => {
    expect(operations.length).toBeGreaterThan(500);
    const bad = operations.filter(
      ({ path, method, summary }) =>
        !/[\u4e00-\u9fff]/.test(summary) || summary === NO_SUMMARY || summary.includes(path) || summary.toUpperCase().startsWith(method.toUpperCase()),
    );
    expect(bad.map(({ method, path, summary }) => `${method} ${path}: ${summary}`)).toEqual([]);
  });

  it("name the module of every CRUD operation", () => {
    const title = studentModule.title;
    const summary = (method: string, path: string) => operations.find((operation) => operation.method === method && operation.path === path)?.summary;
    expect(summary("get", "/school/student/list")).toBe(`${title}-分页列表查询`);
    expect(summary("post", "/school/student/add")).toBe(`${title}-添加`);
    expect(summary("delete", "/school/student/deleteBatch")).toBe(`${title}-批量删除`);
    expect(summary("get", "/school/student/history")).toBe(`${title}-修改记录`);
    expect(summary("get", "/school/student/exportXls")).toBe(`${title}-导出Excel`);
    expect(summary("post", "/billing/payment/reverse")).toBe("冲销");
  });
});
