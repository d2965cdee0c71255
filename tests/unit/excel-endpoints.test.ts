import { describe, expect, it } from "vitest";
import { exportHref, importHref, isExcelEndpoint } from "~/lib/excel-endpoints";

describe("excel endpoints of a list", () => {
  it("accepts a list's own export and import paths only", () => {
    expect(isExcelEndpoint("/sys/user/exportXls", "exportXls")).toBe(true);
    expect(isExcelEndpoint("/school/student-info/importExcel", "importExcel")).toBe(true);
    for (const bad of ["/sys/user/list", "/sys/user/importExcel", "sys/user/exportXls", "//evil.test/exportXls", "/sys/../user/exportXls", "/sys/user/exportXls?x=1", "", null]) {
      expect(isExcelEndpoint(bad, "exportXls")).toBe(false);
    }
    expect(isExcelEndpoint(`/${"a".repeat(300)}/exportXls`, "exportXls")).toBe(false);
  });

  it("exports the list's query without paging, plus the chosen rows", () => {
    const href = new URL(exportHref("/sys/user/exportXls", { username: "*li*", column: "createTime", order: "desc", pageNo: "3", pageSize: "10" }, ["a", "b"]), "http://web.test");
    expect(href.pathname).toBe("/api/export");
    expect(Object.fromEntries(href.searchParams)).toEqual({ url: "/sys/user/exportXls", username: "*li*", column: "createTime", order: "desc", selections: "a,b" });
    expect(new URL(exportHref("/sys/user/exportXls", {}), "http://web.test").searchParams.has("selections")).toBe(false);
    expect(importHref("/sys/user/importExcel")).toBe("/api/import?url=%2Fsys%2Fuser%2FimportExcel");
  });
});
