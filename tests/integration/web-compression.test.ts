// React Router's answers as the web server writes them (server/react-router-handler.ts,
// server/compression.ts): an answer complete at once goes whole, with its length, compressed in one
// call as the compression middleware would (brotli, else gzip; none under 1 KB, for a client that
// takes none, or for a type not worth it); an answer still arriving streams, each part as it comes.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import express from "express";
import { request, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { sendFetchResponse } from "../../server/react-router-handler";
import { compressAnswers, WHOLE_ANSWER_LIMIT } from "../../server/compression";

const DATA_TYPE = "text/x-script";
const big = (bytes: number) => Array.from({ length: bytes }, (_, index) => "学生名单数据"[index % 6]).join("").slice(0, bytes);
const LIST_DATA = big(6000);

/** A body whose parts arrive `gapMs` apart. */
function slowBody(parts: string[], gapMs: number): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream({
    async start(controller) {
      for (const [index, part] of parts.entries()) {
        if (index > 0) await new Promise((resolve) => setTimeout(resolve, gapMs));
        controller.enqueue(encoder.encode(part));
      }
      controller.close();
    },
  });
}

interface Answer {
  headers: IncomingHttpHeaders;
  body: Buffer;
  /** When each chunk of the raw (still encoded) body arrived, in ms after the headers. */
  arrivals: number[];
}

describe("React Router's answers on the wire", () => {
  let server: Server;
  let port: number;

  beforeAll(async () => {
    const app = express();
    app.use(compressAnswers());
    const answers: Record<string, () => Response> = {
      "/list.data": () => new Response(LIST_DATA, { headers: { "Content-Type": DATA_TYPE } }),
      "/small.data": () => new Response("[1,2,3]", { headers: { "Content-Type": DATA_TYPE } }),
      "/picture": () => new Response(big(5000), { headers: { "Content-Type": "image/png" } }),
      "/no-transform.data": () => new Response(LIST_DATA, { headers: { "Content-Type": DATA_TYPE, "Cache-Control": "no-transform" } }),
      "/deferred": () => new Response(slowBody(["<html>first part", big(3000), "</html>"], 150), { headers: { "Content-Type": "text/html" } }),
      "/huge.data": () => new Response(big(WHOLE_ANSWER_LIMIT * 2), { headers: { "Content-Type": DATA_TYPE } }),
      "/events": () => new Response(slowBody(["event: a\ndata: 1\n\n", "event: b\ndata: 2\n\n"], 150), { headers: { "Content-Type": "text/event-stream" } }),
    };
    app.get(Object.keys(answers), (req, res, next) => void sendFetchResponse(req, res, answers[req.path]!()).catch(next));
    server = await new Promise<Server>((resolve) => {
      const listening = app.listen(0, "127.0.0.1", () => resolve(listening));
    });
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  function get(path: string, acceptEncoding?: string): Promise<Answer> {
    return new Promise((resolve, reject) => {
      const headers: Record<string, string> = acceptEncoding === undefined ? {} : { "Accept-Encoding": acceptEncoding };
      request({ host: "127.0.0.1", port, path, headers }, (response) => {
        const started = performance.now();
        const chunks: Buffer[] = [];
        const arrivals: number[] = [];
        response.on("data", (chunk: Buffer) => {
          chunks.push(chunk);
          arrivals.push(performance.now() - started);
        });
        response.on("end", () => resolve({ headers: response.headers, body: Buffer.concat(chunks), arrivals }));
        response.on("error", reject);
      })
        .on("error", reject)
        .end();
    });
  }

  it("sends a complete answer whole and gzipped, with its length", async () => {
    const answer = await get("/list.data", "gzip, deflate");
    expect(answer.headers["content-encoding"]).toBe("gzip");
    expect(answer.headers["transfer-encoding"]).toBeUndefined();
    expect(Number(answer.headers["content-length"])).toBe(answer.body.length);
    expect(answer.headers.vary).toMatch(/Accept-Encoding/i);
    expect(gunzipSync(answer.body).toString()).toBe(LIST_DATA);
  });

  it("prefers brotli when the client takes it, as the compression middleware does", async () => {
    const answer = await get("/list.data", "gzip, deflate, br, zstd");
    expect(answer.headers["content-encoding"]).toBe("br");
    expect(brotliDecompressSync(answer.body).toString()).toBe(LIST_DATA);
    expect((await get("/list.data", "br;q=0.5, gzip")).headers["content-encoding"]).toBe("gzip");
  });

  it("leaves uncompressed a small answer, a client that takes no encoding, a picture and no-transform", async () => {
    for (const [path, acceptEncoding] of [["/small.data", "gzip"], ["/list.data", undefined], ["/list.data", "identity"], ["/picture", "gzip"], ["/no-transform.data", "gzip"]] as const) {
      const answer = await get(path, acceptEncoding);
      expect(answer.headers["content-encoding"], path).toBeUndefined();
      expect(Number(answer.headers["content-length"]), path).toBe(answer.body.length);
    }
    expect((await get("/list.data")).body.toString()).toBe(LIST_DATA);
  });

  it("streams an answer still arriving: its first part comes before the rest exists", async () => {
    const answer = await get("/deferred", "gzip");
    expect(answer.headers["content-encoding"]).toBe("gzip");
    expect(answer.headers["transfer-encoding"]).toBe("chunked");
    expect(gunzipSync(answer.body).toString()).toBe(`<html>first part${big(3000)}</html>`);
    // Without the middleware's flush, the first part would wait for the end; two parts 150 ms apart.
    const plain = await get("/deferred", "identity");
    expect(plain.arrivals.length).toBeGreaterThan(1);
    expect(plain.arrivals.at(-1)! - plain.arrivals[0]!).toBeGreaterThan(200);
    expect(plain.body.toString().startsWith("<html>first part")).toBe(true);
  });

  it("streams an answer larger than the whole-answer limit, and never compresses events", async () => {
    const huge = await get("/huge.data", "gzip");
    expect(huge.headers["transfer-encoding"]).toBe("chunked");
    expect(gunzipSync(huge.body).toString()).toBe(big(WHOLE_ANSWER_LIMIT * 2));
    const events = await get("/events", "gzip");
    expect(events.headers["content-encoding"]).toBeUndefined();
    expect(events.body.toString()).toBe("event: a\ndata: 1\n\nevent: b\ndata: 2\n\n");
    expect(events.arrivals.length).toBe(2);
  });
});
