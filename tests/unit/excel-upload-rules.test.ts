// Upload rules of the files module (backend/modules/system/files; contract §7 "Upload", §10 "Uploads"):
// the biz folder, relative static paths, stored names and the type allow-list with content check.
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { checkUpload, extensionOf, servedType } from "../../backend/modules/system/files/file-types";
import { normaliseBiz, resolveStoredFile, safeRelativePath, storedStem, storeFile, uploadRoot } from "../../backend/files/storage";

describe("upload rules", () => {
  const root = mkdtempSync(path.join(tmpdir(), "upload-rules-"));
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it("normalises biz and refuses climbing or absolute folders", () => {
    expect(normaliseBiz(undefined)).toBe("temp");
    expect(normaliseBiz("  ")).toBe("temp");
    expect(normaliseBiz("jeditor")).toBe("jeditor");
    expect(normaliseBiz("user//avatar/")).toBe("user/avatar");
    expect(normaliseBiz("学生/照片")).toBe("学生/照片");
    for (const bad of ["..", "a/..", "../a", "/abs", "C:/x", "c:", "a\\b", ".", "a/./b", "a b", "x.", "a/b/c/d/e/f", "a\u0000"]) {
      expect(normaliseBiz(bad), bad).toBeNull();
    }
  });

  it("accepts relative static paths segment by segment", () => {
    expect(safeRelativePath(["temp", "a_1.png"])).toBe("temp/a_1.png");
    expect(safeRelativePath(["temp", "a_1.png,"])).toBe("temp/a_1.png");
    for (const bad of [[], [""], [".."], ["a", ".."], ["a/b"], ["a\\b"], ["C:"], ["a", ""], ["x\u0000"]]) {
      expect(safeRelativePath(bad), JSON.stringify(bad)).toBeNull();
    }
  });

  it("resolves stored files only inside the root, symbolic links included", async () => {
    mkdirSync(path.join(root, "temp"));
    writeFileSync(path.join(root, "temp", "ok.txt"), "ok");
    writeFileSync(path.join(root, "..", `outside-${path.basename(root)}.txt`), "no");
    symlinkSync(path.join(root, "..", `outside-${path.basename(root)}.txt`), path.join(root, "temp", "link.txt"));
    expect(await resolveStoredFile("temp/ok.txt", root)).toBe(path.join(await import("node:fs/promises").then((fs) => fs.realpath(root)), "temp", "ok.txt"));
    expect(await resolveStoredFile("temp/link.txt", root)).toBeNull();
    expect(await resolveStoredFile(`../outside-${path.basename(root)}.txt`, root)).toBeNull();
    expect(await resolveStoredFile("temp", root)).toBeNull();
    expect(await resolveStoredFile("temp/missing.txt", root)).toBeNull();
    rmSync(path.join(root, "..", `outside-${path.basename(root)}.txt`));
  });

  it("makes stored names <stem>_<millis>.<ext> without path characters", async () => {
    expect(storedStem("我的 照片(1).PNG")).toBe("我的_照片_1");
    expect(storedStem("report.v2.final.xlsx")).toBe("report_v2_final");
    expect(storedStem("<script>.png")).toBe("script");
    expect(storedStem(".png")).toBe("file");
    const saved = await storeFile("temp", "a", "png", Buffer.from("x"), root);
    expect(saved).toMatch(/^temp\/a_\d{13}\.png$/);
    await expect(storeFile("../x", "a", "png", Buffer.from("x"), root)).rejects.toThrow(/leaves the upload root/);
  });

  it("reads the upload root from UPLOAD_DIR, else DATA_DIR/upload, else ./data/upload", () => {
    expect(uploadRoot({ UPLOAD_DIR: "/srv/files" })).toBe("/srv/files");
    expect(uploadRoot({ DATA_DIR: "/srv/data" })).toBe("/srv/data/upload");
    expect(uploadRoot({})).toBe(path.resolve("data/upload"));
  });

  it("allows listed types whose content matches, and serves only images and pdf inline", () => {
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0]);
    expect(checkUpload("a.PNG", png)?.extension).toBe("png");
    expect(checkUpload("a.jpg", png)).toBeUndefined();
    expect(checkUpload("a.html", Buffer.from("<html>"))).toBeUndefined();
    expect(checkUpload("a.svg", Buffer.from("<!-- x --><svg></svg>"))?.type.inline).toBe(false);
    expect(checkUpload("a.svg", Buffer.from("<html><svg></svg></html>"))).toBeUndefined();
    expect(checkUpload("a.xlsx", Buffer.from("PK\u0003\u0004"))?.extension).toBe("xlsx");
    expect(checkUpload("a.csv", Buffer.from("编码,名称\n"))?.extension).toBe("csv");
    expect(checkUpload("a.png", Buffer.alloc(0))).toBeUndefined();
    expect(extensionOf("archive.tar.gz")).toBe("gz");
    expect(extensionOf("noext")).toBe("");
    expect(extensionOf("a.p?g")).toBe("");
    expect(servedType("x.png").inline).toBe(true);
    expect(servedType("x.pdf").inline).toBe(true);
    expect(servedType("x.svg").inline).toBe(false);
    expect(servedType("x.html")).toMatchObject({ mime: "application/octet-stream", inline: false });
  });
});
