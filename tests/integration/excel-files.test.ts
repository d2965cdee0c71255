// Upload and static files (backend/modules/system/files; contract §7 "Upload", "Static file URL", §10
// "Uploads") over real HTTP: stored names, the biz folder, the type allow-list with its content
// check, attachments for svg, and a static route that never leaves the upload root.
import { mkdirSync, readFileSync, symlinkSync, writeFileSync, existsSync } from "node:fs";
import { request as httpRequest } from "node:http";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BACKEND_BASE_PATH } from "../../backend/index";
import { authEndpoints } from "../../backend/modules/system/auth/endpoints";
import { fileEndpoints } from "../../backend/modules/system/files/endpoints";
import { loginToken, serveEndpoints, startTestBackend, type ServedEndpoints, temporaryUploadDir, type TestBackend } from "../support/backend";

const PNG = Buffer.from(
  "89504e470d0a1a0a0000000d4948445200000001000000010806000000" + "1f15c4890000000d49444154789c6300010000050001" + "0d0a2db40000000049454e44ae426082",
  "hex",
);

describe("upload and static files", () => {
  let backend: TestBackend;
  let served: ServedEndpoints;
  let base: string;
  let port: number;
  let token: string;
  const uploads = temporaryUploadDir("excel-files");
  let uploadDir: string;
  let workDir: string;

  beforeAll(async () => {
    uploadDir = uploads();
    workDir = path.dirname(uploadDir);
    backend = await startTestBackend();
    served = await serveEndpoints([...authEndpoints, ...fileEndpoints], backend.backend.services);
    ({ port, base } = served);
    token = await loginToken(base);
  });
  afterAll(async () => {
    await served?.close();
    await backend?.close();
  });

  async function upload(bytes: Buffer, fileName: string, fields: Record<string, string> = {}, options: { token?: string | null; field?: string } = {}) {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    form.append(options.field ?? "file", new Blob([new Uint8Array(bytes)]), fileName);
    const headers: Record<string, string> = {};
    const sent = options.token === undefined ? token : options.token;
    if (sent) headers["X-Access-Token"] = sent;
    const response = await fetch(`${base}/sys/common/upload`, { method: "POST", headers, body: form });
    return { status: response.status, json: (await response.json()) as { success: boolean; code: number; message: string; result: unknown } };
  }

  /** A raw GET, so `..` and odd encodings reach the server exactly as written (fetch would normalise them). */
  function rawGet(rawPath: string): Promise<{ status: number; body: string }> {
    return new Promise((resolve, reject) => {
      const request = httpRequest({ host: "127.0.0.1", port, path: `${BACKEND_BASE_PATH}${rawPath}`, method: "GET" }, (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () => resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString() }));
      });
      request.on("error", reject);
      request.end();
    });
  }

  it("stores an image as <biz>/<name>_<millis>.<ext> and answers the path in message with code 0", async () => {
    const before = Date.now();
    const { json } = await upload(PNG, "头像 photo.png", { biz: "avatar/2024" });
    expect(json).toMatchObject({ success: true, code: 0, result: null });
    const match = /^avatar\/2024\/头像_photo_(\d+)\.png$/.exec(json.message);
    expect(match).not.toBeNull();
    expect(Number(match![1])).toBeGreaterThanOrEqual(before);
    expect(readFileSync(path.join(uploadDir, json.message))).toEqual(PNG);

    const served = await fetch(`${base}/sys/common/static/${json.message.split("/").map(encodeURIComponent).join("/")}`);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/png");
    expect(served.headers.get("content-disposition")).toMatch(/^inline; filename\*=UTF-8''/);
    expect(served.headers.get("x-content-type-options")).toBe("nosniff");
    expect(Buffer.from(await served.arrayBuffer())).toEqual(PNG);
  });

  it("puts uploads without biz into temp and never reuses a name", async () => {
    const first = await upload(PNG, "a.png");
    const second = await upload(PNG, "a.png");
    expect(first.json.message).toMatch(/^temp\/a_\d+\.png$/);
    expect(second.json.message).toMatch(/^temp\/a_\d+\.png$/);
    expect(second.json.message).not.toBe(first.json.message);
  });

  it("refuses a biz that climbs out or is absolute", async () => {
    for (const biz of ["..", "../etc", "a/../../b", "/etc", "C:/Windows", "a\\..\\b", "./x", "a/./b"]) {
      const { json } = await upload(PNG, "x.png", { biz });
      expect(json, biz).toMatchObject({ success: false, code: 500, message: "上传失败！" });
    }
    expect(existsSync(path.join(workDir, "etc"))).toBe(false);
  });

  it("refuses types outside the allow-list and content that does not match its extension", async () => {
    const cases: Array<[Buffer, string]> = [
      [Buffer.from("<html><script>alert(1)</script></html>"), "page.html"],
      [Buffer.from("<script>alert(1)</script>"), "fake.png"],
      [Buffer.from("#!/bin/sh\necho hi\n"), "run.sh"],
      [Buffer.from("MZ\u0090\u0000"), "tool.exe"],
      [PNG, "noextension"],
      [Buffer.from("not a pdf"), "doc.pdf"],
      [Buffer.from([0x00, 0x01, 0x02]), "notes.txt"],
    ];
    for (const [bytes, name] of cases) {
      const { json } = await upload(bytes, name);
      expect(json, name).toMatchObject({ success: false, message: "上传失败！" });
    }
    expect((await upload(Buffer.from("备注\n"), "notes.txt")).json.success).toBe(true);
  });

  it("serves svg as an attachment under a sandboxing policy", async () => {
    const svg = Buffer.from('<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    const { json } = await upload(svg, "logo.svg");
    expect(json.success).toBe(true);
    const served = await fetch(`${base}/sys/common/static/${json.message}`);
    expect(served.headers.get("content-disposition")).toMatch(/^attachment;/);
    expect(served.headers.get("content-security-policy")).toContain("sandbox");
  });

  it("refuses an upload over 10 MB with the contract's message, and one without a session", async () => {
    const big = Buffer.alloc(10 * 1024 * 1024 + 10, 0x20);
    PNG.copy(big);
    expect((await upload(big, "big.png")).json).toMatchObject({ success: false, message: "文件大小超出10MB限制, 请压缩或降低文件质量! " });
    const anonymous = await upload(PNG, "a.png", {}, { token: null });
    expect(anonymous.status).toBe(401);
  });

  it("never serves anything outside the upload root, however the path is written", async () => {
    writeFileSync(path.join(workDir, "secret.txt"), "secret");
    symlinkSync(path.join(workDir, "secret.txt"), path.join(uploadDir, "link.txt"));
    mkdirSync(path.join(uploadDir, "temp"), { recursive: true });
    const attempts = [
      "/sys/common/static/../secret.txt",
      "/sys/common/static/temp/../../secret.txt",
      "/sys/common/static/..%2Fsecret.txt",
      "/sys/common/static/%2e%2e/secret.txt",
      "/sys/common/static/temp/%2e%2e%2f%2e%2e%2fsecret.txt",
      "/sys/common/static/..%5Csecret.txt",
      "/sys/common/static/%252e%252e/secret.txt",
      "/sys/common/static/link.txt",
      "/sys/common/static/temp",
      "/sys/common/static/missing.png",
    ];
    for (const attempt of attempts) {
      const answer = await rawGet(attempt);
      expect(answer.status, attempt).toBe(404);
      expect(answer.body, attempt).not.toContain("secret");
    }
    // Malformed percent-encoding is refused by Express's router before the route runs.
    const malformed = await rawGet("/sys/common/static/%E0%A4%A");
    expect(JSON.parse(malformed.body)).toMatchObject({ success: false });
  });

  it("cuts a trailing comma of a multi-file value, as the original", async () => {
    const { json } = await upload(PNG, "c.png");
    const served = await fetch(`${base}/sys/common/static/${json.message},`);
    expect(served.status).toBe(200);
  });
});
