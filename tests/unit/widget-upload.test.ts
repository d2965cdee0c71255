// The upload cells' and fields' rules (docs/spec/widgets.md §3 "Upload value", §4 "Upload cell", §5
// "Uploads", §8 "Upload failure", §9 limits).
import { describe, expect, it } from "vitest";
import {
  canAddFile,
  fileNameOf,
  filesOfValue,
  fileUrl,
  isImageFile,
  moveFile,
  readUploadAnswer,
  shortFileName,
  uploadFailedText,
  UPLOAD_DEFAULTS,
  valueOfFiles,
  type UploadFile,
} from "~/components/widgets/upload/upload-logic";

describe("upload answers", () => {
  it("takes the path from message, or from the field named by responseName", () => {
    expect(readUploadAnswer({ success: true, message: "temp/a_1.png" })).toEqual({ ok: true, path: "temp/a_1.png" });
    expect(readUploadAnswer({ success: true, message: "ok", result: { url: "x/b.png" }, url: "x/b.png" }, "url")).toEqual({ ok: true, path: "x/b.png" });
  });

  it("counts success false as failed, with the answer's message or unknown error", () => {
    expect(readUploadAnswer({ success: false, message: "上传失败！" })).toEqual({ ok: false, message: "上传失败！" });
    expect(readUploadAnswer({ success: false })).toEqual({ ok: false, message: "unknown error" });
    expect(readUploadAnswer("<html>")).toEqual({ ok: false, message: "unknown error" });
    expect(readUploadAnswer({ success: true, message: "" })).toEqual({ ok: false, message: "unknown error" });
    expect(uploadFailedText("a.png")).toBe("a.png 上传失败");
  });
});

describe("values", () => {
  const file = (path: string, status: UploadFile["status"]): UploadFile => ({ uid: path, name: path, status, percent: 100, path });
  it("emits only done files, comma-joined", () => {
    expect(valueOfFiles([file("a", "done"), file("b", "error"), file("c", "uploading"), file("d", "removed"), file("e", "done")])).toBe("a,e");
  });

  it("reads a value back as done files named by their path", () => {
    expect(filesOfValue("temp/a_1.pdf, temp/b_2.png,")).toMatchObject([
      { name: "a_1.pdf", status: "done", path: "temp/a_1.pdf" },
      { name: "b_2.png", status: "done", path: "temp/b_2.png" },
    ]);
    expect(filesOfValue("")).toEqual([]);
    expect(fileNameOf("x/y/z.txt")).toBe("z.txt");
  });

  it("links stored paths through the static route and leaves absolute URLs alone", () => {
    expect(fileUrl("temp/报名表_1.pdf")).toBe("/api/files/static?path=temp%2F%E6%8A%A5%E5%90%8D%E8%A1%A8_1.pdf");
    expect(fileUrl("https://cdn.example/a.png")).toBe("https://cdn.example/a.png");
  });
});

describe("display and limits", () => {
  it("cuts names after 5 characters", () => {
    expect(shortFileName("report-card.txt")).toBe("repor…");
    expect(shortFileName("成绩单.pdf")).toBe("成绩单.p…");
    expect(shortFileName("a.png")).toBe("a.png");
  });

  it("accepts images by type or extension only", () => {
    expect(isImageFile("a.PNG")).toBe(true);
    expect(isImageFile("photo", "image/jpeg")).toBe(true);
    expect(isImageFile("a.pdf", "application/pdf")).toBe(false);
  });

  it("has the defaults of spec §9: biz temp, unlimited, multiple", () => {
    expect(UPLOAD_DEFAULTS).toEqual({ biz: "temp", number: 0, multiple: true });
    expect(canAddFile(100)).toBe(true);
    expect(canAddFile(1, 1)).toBe(false);
    expect(canAddFile(0, 1)).toBe(true);
  });

  it("moves images, refusing before the first (未知的操作) and after the last (已到最后~)", () => {
    expect(moveFile(["a", "b", "c"], 1, "up")).toEqual({ ok: true, files: ["b", "a", "c"] });
    expect(moveFile(["a", "b", "c"], 1, "down")).toEqual({ ok: true, files: ["a", "c", "b"] });
    expect(moveFile(["a", "b"], 0, "up")).toEqual({ ok: false, message: "未知的操作" });
    expect(moveFile(["a", "b"], 1, "down")).toEqual({ ok: false, message: "已到最后~" });
    expect(moveFile(["a"], 5, "down")).toEqual({ ok: false, message: "未知的操作" });
  });
});
