// What 性能监控 and 接口文档 show, without a browser (app/components/monitor).
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { filterApiDoc, formatDuration, percentOf, statusColor, toApiDoc } from "../../app/components/monitor";
import { buildOpenApiDocument } from "../../backend/modules/monitor/api-doc/openapi";
import { endpoint } from "../../backend/http/endpoint";

describe("figures", () => {
  it("writes durations in days, hours and minutes", () => {
    expect(formatDuration(42)).toBe("42秒");
    expect(formatDuration(3_660)).toBe("1小时1分");
    expect(formatDuration(2 * 86_400 + 5 * 60)).toBe("2天5分");
  });

  it("computes shares and status colours", () => {
    expect(percentOf(1, 3)).toBe(33.3);
    expect(percentOf(1, 0)).toBe(0);
    expect([200, 401, 499, 500].map(statusColor)).toEqual(["success", "warning", "error", "error"]);
  });
});

describe("the API document's browse model", () => {
  const noop = async () => null;
  const document = buildOpenApiDocument(
    [
      endpoint("POST", "/sys/login", "public", noop),
      endpoint("GET", "/sys/position/list", "menu:/isystem/position", noop, { doc: { summary: "分页列表查询", query: z.object({ pageNo: z.string().optional() }) } }),
      endpoint("POST", "/sys/position/add", "position:add", noop, {
        doc: { summary: "添加", body: z.object({ code: z.string().max(10).describe("职务编码"), rank: z.number().int().min(1).optional() }) },
      }),
      endpoint("DELETE", "/sys/position/:id", "position:delete", noop),
      endpoint("ALL", "/sys/logout", "public", noop),
    ],
    { version: "1.0.0", serverUrl: "/jeecg-boot" },
  );

  it("groups operations by tag with their access, parameters and body fields", () => {
    const doc = toApiDoc(JSON.parse(JSON.stringify(document)));
    expect(doc.operationCount).toBe(1 + 1 + 1 + 1 + 4);
    expect(doc.groups.map((group) => group.tag)).toEqual(["sys", "sys/position"]);
    const position = doc.groups[1]!.operations;
    expect(position.map((operation) => `${operation.method} ${operation.path}`)).toEqual(["DELETE /sys/position/{id}", "POST /sys/position/add", "GET /sys/position/list"]);
    const add = position[1]!;
    expect(add.access).toBe("需要按钮权限 position:add");
    expect(add.body?.required).toBe(true);
    expect(add.body?.fields).toEqual([
      { name: "code", type: "string", required: true, rules: "职务编码；最长 10" },
      { name: "rank", type: "integer", required: false, rules: expect.stringContaining("范围 1 ~") },
    ]);
    expect(position[0]!.parameters).toEqual([{ name: "id", type: "路径 · string", required: true, rules: "" }]);
    expect(doc.groups[0]!.operations.find((operation) => operation.path === "/sys/login")?.access).toBe("公开，无需登录");
  });

  it("narrows the groups to a search", () => {
    const doc = toApiDoc(document);
    expect(filterApiDoc(doc.groups, "LIST").flatMap((group) => group.operations.map((operation) => operation.path))).toEqual(["/sys/position/list"]);
    expect(filterApiDoc(doc.groups, "sys/position")[0]!.operations).toHaveLength(3);
    expect(filterApiDoc(doc.groups, "nothing-like-this")).toEqual([]);
    expect(filterApiDoc(doc.groups, " ")).toHaveLength(2);
  });
});
