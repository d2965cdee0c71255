// The build's precompressed assets (scripts/precompress.mjs + server/precompressed.ts), served by a
// real Express app over HTTP from a folder the real build script compressed.
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { request } from "node:http";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { acceptsEncoding, staticFiles } from "../../server/precompressed";

const folder = mkdtempSync(path.join(tmpdir(), "precompressed-"));
const css = `.ant-btn{color:red}\n`.repeat(500);
let server: Server;
let port = 0;

/** A raw GET (node:http does not decode), answering status, headers and the bytes as sent. */
function get(pathname: string, acceptEncoding?: string): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: "127.0.0.1", port, path: pathname, headers: acceptEncoding ? { "Accept-Encoding": acceptEncoding } : {} }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on("error", reject);
    req.end();
  });
}

beforeAll(async () => {
  mkdirSync(path.join(folder, "assets"));
  writeFileSync(path.join(folder, "assets", "antd-abc.css"), css);
  writeFileSync(path.join(folder, "assets", "tiny-abc.js"), "export{};");
  writeFileSync(path.join(folder, "assets", "说明 1.txt"), "说明");
  execFileSync(process.execPath, ["scripts/precompress.mjs", folder]);
  const app = express();
  app.use("/assets", staticFiles(path.join(folder, "assets"), { immutable: true, maxAge: "1y" }));
  server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => {
  server?.close();
  rmSync(folder, { recursive: true, force: true });
});

describe("precompressed assets", () => {
  it("sends the Brotli copy to a browser that takes br, with the file's type and a year of caching", async () => {
    const answer = await get("/assets/antd-abc.css", "gzip, deflate, br");
    expect(answer.status).toBe(200);
    expect(answer.headers["content-encoding"]).toBe("br");
    expect(answer.headers["content-type"]).toMatch(/^text\/css/);
    expect(answer.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(answer.headers.vary).toMatch(/Accept-Encoding/);
    expect(answer.body.length).toBeLessThan(css.length / 10);
    const { brotliDecompressSync } = await import("node:zlib");
    expect(brotliDecompressSync(answer.body).toString()).toBe(css);
  });

  it("falls back to gzip, then to the file itself", async () => {
    const gzip = await get("/assets/antd-abc.css", "gzip");
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    const { gunzipSync } = await import("node:zlib");
    expect(gunzipSync(gzip.body).toString()).toBe(css);
    const plain = await get("/assets/antd-abc.css");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body.toString()).toBe(css);
    // A refused encoding is not sent.
    expect((await get("/assets/antd-abc.css", "br;q=0, gzip")).headers["content-encoding"]).toBe("gzip");
  });

  it("sends files too small to compress as they are, and leaves unknown paths to the next handler", async () => {
    const tiny = await get("/assets/tiny-abc.js", "br");
    expect(tiny.headers["content-encoding"]).toBeUndefined();
    expect(tiny.body.toString()).toBe("export{};");
    // A name that travels percent-encoded is found under its decoded name.
    const named = await get(`/assets/${encodeURIComponent("说明 1.txt")}`, "br");
    expect(named.status).toBe(200);
    expect(named.body.toString()).toBe("说明");
    expect((await get("/assets/missing.css", "br")).status).toBe(404);
    expect((await get("/assets/../precompressed.ts", "br")).status).toBe(404);
  });

  it("reads Accept-Encoding with its weights", () => {
    expect(acceptsEncoding("gzip, deflate, br, zstd", "br")).toBe(true);
    expect(acceptsEncoding("br;q=0", "br")).toBe(false);
    expect(acceptsEncoding("*", "gzip")).toBe(true);
    expect(acceptsEncoding("gzip;q=0.5", "gzip")).toBe(true);
    expect(acceptsEncoding(undefined, "br")).toBe(false);
    expect(acceptsEncoding("identity", "gzip")).toBe(false);
  });
});
