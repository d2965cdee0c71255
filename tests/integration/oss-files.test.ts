// 文件存储 (/sys/oss/file, issue #16 part 1): every upload is recorded (name, type, size, uploader,
// time) for its tenant; the page's own upload goes to `oss`; deleting a record deletes its file.
import { existsSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, loginToken, startTestBackend, temporaryUploadDir, type TestBackend } from "../support/backend";

const PNG = Uint8Array.from(
  Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==", "base64"),
);

describe("文件存储", () => {
  let server: TestBackend;
  let base: string;
  let admin: string;
  const uploadDir = temporaryUploadDir("oss-files");

  const upload = async (url: string, name: string, headers: Record<string, string> = {}, biz?: string) => {
    const form = new FormData();
    form.append("file", new Blob([PNG], { type: "image/png" }), name);
    if (biz) form.append("biz", biz);
    const response = await fetch(`${base}${url}`, { method: "POST", headers: { "X-Access-Token": admin, ...headers }, body: form });
    return response.json();
  };
  const list = async (query = "", headers: Record<string, string> = {}) =>
    (await call(base, "GET", `/sys/oss/file/list?pageSize=50${query}`, { token: admin, headers })).json.result.records as Array<Record<string, any>>;

  beforeAll(async () => {
    server = await startTestBackend("pglite");
    base = server.url;
    admin = await loginToken(base);
  });
  afterAll(async () => {
    await server?.close();
  });

  it("records every upload with its name, type, size, uploader and time, in the uploader's tenant", async () => {
    const answer = await upload("/sys/common/upload", "校徽.png", {}, "jeditor");
    expect(answer).toMatchObject({ success: true, message: expect.stringMatching(/^jeditor\/.+\.png$/) });
    const [record] = await list("&fileName=*校徽*");
    expect(record).toMatchObject({ fileName: "校徽.png", fileType: "png", fileSize: PNG.length, url: answer.message, createBy: "admin" });
    expect(record!.createTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    // Another tenant's list does not show it.
    expect((await list("", { "tenant-id": "2" })).map((row) => row.fileName)).not.toContain("校徽.png");
  });

  it("stores the page's own upload under oss, and deletes record and file together", async () => {
    const answer = await upload("/sys/oss/file/upload", "课程表.png");
    expect(answer).toMatchObject({ success: true, message: "上传成功！" });
    const [record] = await list("&fileName=课程表.png");
    expect(record!.url).toMatch(/^oss\//);
    const file = path.join(uploadDir(), record!.url);
    expect(existsSync(file)).toBe(true);
    const removed = await call(base, "DELETE", `/sys/oss/file/delete?id=${record!.id}`, { token: admin });
    expect(removed.json.success).toBe(true);
    expect(await list("&fileName=课程表.png")).toEqual([]);
    expect(existsSync(file)).toBe(false);
  });

  it("stores the Vue 2 client's MINIO文件上传 (/sys/upload/uploadMinio) as its OSS文件上传", async () => {
    const answer = await upload("/sys/upload/uploadMinio", "作息表.png");
    expect(answer).toMatchObject({ success: true, message: "上传成功！" });
    const [record] = await list("&fileName=作息表.png");
    expect(record!.url).toMatch(/^oss\//);
    expect(existsSync(path.join(uploadDir(), record!.url))).toBe(true);
  });

  it("refuses a delete of another tenant's file as an unknown one, keeping the file", async () => {
    await upload("/sys/common/upload", "保留.png");
    const [record] = await list("&fileName=保留.png");
    const refused = await call(base, "DELETE", `/sys/oss/file/delete?id=${record!.id}`, { token: admin, headers: { "tenant-id": "2" } });
    expect(refused.json.success).toBe(false);
    expect(existsSync(path.join(uploadDir(), record!.url))).toBe(true);
  });
});
