// What the Excel import dialog shows for each answer (app/components/widgets/import-excel/import-result.ts;
// widgets.md §4, §5, §8; app-shell.md §8), and the download helpers' pure parts.
import { describe, expect, it } from "vitest";
import {
  ACCEPT,
  afterImport,
  checkBeforeImport,
  describeImportAnswer,
  failureReason,
  isAcceptedFile,
  staticDownloadHref,
  type ImportOutcome,
} from "~/components/widgets/import-excel/import-result";
import { downloadName, forwardedQuery, staticRelativePath } from "~/services/download.server";

const envelope = (fields: Record<string, unknown>) => ({ success: true, message: "", code: 200, result: null, timestamp: 1, ...fields });

describe("import dialog answers", () => {
  it("accepts only .xls and .xlsx, and refuses to confirm without files", () => {
    expect(ACCEPT).toBe(".xls,.xlsx");
    expect(isAcceptedFile("学生.XLSX")).toBe(true);
    expect(isAcceptedFile("old.xls")).toBe(true);
    expect(isAcceptedFile("data.csv")).toBe(false);
    expect(isAcceptedFile("xlsx")).toBe(false);
    expect(checkBeforeImport(0)).toEqual({ ok: false, warning: "未上传任何文件" });
    expect(checkBeforeImport(2)).toEqual({ ok: true });
  });

  it("shows the server's success message, or that the file went up", () => {
    expect(describeImportAnswer("a.xlsx", 200, envelope({ message: "文件导入成功！数据行数：3" }))).toEqual({ kind: "success", text: "文件导入成功！数据行数：3" });
    expect(describeImportAnswer("a.xlsx", 200, envelope({ result: "共3行数据全部导入成功！" }))).toEqual({ kind: "success", text: "共3行数据全部导入成功！" });
    expect(describeImportAnswer("a.xlsx", 200, envelope({}))).toEqual({ kind: "success", text: "a.xlsx 文件上传成功" });
  });

  it("turns code 201 into the warning dialog with a download link through the web app", () => {
    const answer = envelope({
      code: 201,
      message: "文件导入成功，但有错误。",
      result: {
        totalCount: 3,
        errorCount: 1,
        successCount: 0,
        msg: "总上传行数：3，已导入行数：0，错误行数：1",
        fileUrl: "/sys/common/static/import-errors/20240501/errors_1_ab.xlsx",
        fileName: "学生_导入错误信息.xlsx",
      },
    });
    // Nothing went in (our backend imports a file whole or not at all): not headed as a success.
    expect(describeImportAnswer("a.xlsx", 200, answer)).toEqual({
      kind: "partial",
      title: "导入失败，存在错误数据！",
      message: "",
      summary: "总上传行数：3，已导入行数：0，错误行数：1",
      href: "/api/files/static?path=import-errors%2F20240501%2Ferrors_1_ab.xlsx&name=%E5%AD%A6%E7%94%9F_%E5%AF%BC%E5%85%A5%E9%94%99%E8%AF%AF%E4%BF%A1%E6%81%AF.xlsx",
      fileName: "学生_导入错误信息.xlsx",
    });
    const nothing = describeImportAnswer("a.xlsx", 200, answer);
    expect(failureReason(nothing)).toBe("导入失败，存在错误数据！ 总上传行数：3，已导入行数：0，错误行数：1");
    expect(afterImport([nothing])).toEqual({ reload: false, close: false });
    // A real JeecgBoot server imports the good rows: that is a partial success.
    const partial = describeImportAnswer("a.xlsx", 200, { ...answer, result: { ...(answer.result as unknown as Record<string, unknown>), successCount: 2, msg: "总上传行数：3，已导入行数：2，错误行数：1" } });
    expect(partial).toMatchObject({ kind: "partial", title: "导入成功，但存在错误数据！", message: "文件导入成功，但有错误。" });
    expect(failureReason(partial)).toBeNull();
    expect(afterImport([partial])).toEqual({ reload: true, close: true });
    const custom = describeImportAnswer("a.xlsx", 200, answer, (url) => `/x${url}`);
    expect(custom).toMatchObject({ href: "/x/sys/common/static/import-errors/20240501/errors_1_ab.xlsx" });
    expect(failureReason({ kind: "failure", text: "学生.xlsx 文件导入失败:有重复数据！" })).toBe("学生.xlsx 文件导入失败:有重复数据！");
  });

  it("warns with the file name and the server's message when the import failed", () => {
    const answer = envelope({ success: false, code: 500, message: "文件导入失败:有重复数据！" });
    expect(describeImportAnswer("学生.xlsx", 200, answer)).toEqual({ kind: "failure", text: "学生.xlsx 文件导入失败:有重复数据！" });
  });

  it("shows the expiry dialog for an ended session, 文件上传失败 for anything else", () => {
    expect(describeImportAnswer("a.xlsx", 401, { success: false, code: 401, message: "Token失效，请重新登录!" })).toEqual({ kind: "session-expired" });
    expect(describeImportAnswer("a.xlsx", 500, { success: false, code: 500, message: "Token失效，请重新登录" })).toEqual({ kind: "session-expired" });
    expect(describeImportAnswer("a.xlsx", 200, envelope({ success: false, code: 401, message: "Token失效" }))).toEqual({ kind: "session-expired" });
    expect(describeImportAnswer("a.xlsx", 502, { success: false, message: "后端服务不可用" })).toEqual({ kind: "upload-failed", text: "文件上传失败" });
    expect(describeImportAnswer("a.xlsx", 200, null)).toEqual({ kind: "upload-failed", text: "文件上传失败" });
    expect(describeImportAnswer("a.xlsx", 200, "<html>")).toEqual({ kind: "upload-failed", text: "文件上传失败" });
  });

  it("links only relative stored paths", () => {
    expect(staticDownloadHref("/sys/common/static/a/b c.xlsx")).toBe("/api/files/static?path=a%2Fb%20c.xlsx");
    expect(staticDownloadHref("/sys/common/static/../x")).toBeNull();
    expect(staticDownloadHref("https://evil.example/x.xlsx")).toBeNull();
    expect(staticDownloadHref("/sys/common/static/a.xlsx", "用户.xlsx")).toBe("/api/files/static?path=a.xlsx&name=%E7%94%A8%E6%88%B7.xlsx");
  });

  it("reloads the list when anything went in and closes when nothing is left to retry", () => {
    const success: ImportOutcome = { kind: "success", text: "ok" };
    const failed: ImportOutcome = { kind: "failure", text: "x" };
    expect(afterImport([success])).toEqual({ reload: true, close: true });
    expect(afterImport([success, failed])).toEqual({ reload: true, close: false });
    expect(afterImport([failed])).toEqual({ reload: false, close: false });
  });
});

describe("download helpers", () => {
  it("forwards the page's list parameters without the cache buster", () => {
    expect(forwardedQuery(new URL("http://x/api/export/a?name=*张*&column=createTime&_t=1&selections=1,2"))).toEqual({
      name: "*张*",
      column: "createTime",
      selections: "1,2",
    });
  });

  it("takes stored paths with or without the static prefix and refuses climbing", () => {
    expect(staticRelativePath("import-errors/1/a.xlsx")).toBe("import-errors/1/a.xlsx");
    expect(staticRelativePath("/sys/common/static/temp/a.png")).toBe("temp/a.png");
    expect(staticRelativePath("../secret")).toBeNull();
    expect(staticRelativePath("a//b")).toBeNull();
    expect(staticRelativePath("a\\..\\b")).toBeNull();
    expect(staticRelativePath("")).toBeNull();
  });

  it("offers a stored file under the name given only when it is a plain name with the same extension", () => {
    expect(downloadName("用户列表_导入错误信息.xlsx", "import-errors/1/errors_x.xlsx")).toBe("用户列表_导入错误信息.xlsx");
    expect(downloadName("report.exe", "import-errors/1/errors_x.xlsx")).toBeNull();
    expect(downloadName("../a.xlsx", "a/b.xlsx")).toBeNull();
    expect(downloadName("a\r\nSet-Cookie: x.xlsx", "a/b.xlsx")).toBeNull();
    expect(downloadName(null, "a/b.xlsx")).toBeNull();
  });
});
