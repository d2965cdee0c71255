// What the web server's gateway (server/gateway.ts) sends to a route's target (issue #27 item 5):
// never the product's token header, Authorization or session cookie; nothing at all for a request
// path with a dot segment, plain or percent-encoded; a stored route with one is not applied.
import http from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createGateway } from "../../server/gateway";

interface Seen {
  url: string;
  headers: http.IncomingHttpHeaders;
}

const listen = async (server: http.Server) => {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return (server.address() as AddressInfo).port;
};
const close = (server: http.Server) => new Promise<void>((resolve) => server.close(() => resolve()));

/** A raw request (no URL normalisation, as an attacker's client sends it). */
function rawGet(port: number, path: string, headers: Record<string, string> = {}): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const request = http.request({ host: "127.0.0.1", port, path, method: "GET", headers }, (answer) => {
      let body = "";
      answer.setEncoding("utf8");
      answer.on("data", (chunk) => (body += chunk));
      answer.on("end", () => resolve({ status: answer.statusCode ?? 0, body }));
    });
    request.on("error", reject);
    request.end();
  });
}

describe("the gateway's forwarding", () => {
  const seen: Seen[] = [];
  const upstream = http.createServer((req, res) => {
    seen.push({ url: req.url ?? "", headers: req.headers });
    res.end("upstream");
  });
  let web: http.Server;
  let port: number;

  beforeAll(async () => {
    const target = await listen(upstream);
    const gateway = createGateway({
      load: async () => [
        { routerId: "svc", prefix: "/svc", uri: `http://127.0.0.1:${target}/base`, stripPrefix: true },
        { routerId: "climb", prefix: "/climb", uri: `http://127.0.0.1:${target}/base/../secret`, stripPrefix: true },
      ],
      logger: { info: () => undefined, error: () => undefined },
    });
    await gateway.reload();
    const app = express();
    app.use((req, res, next) => gateway.middleware(req, res, next));
    app.use((_req, res) => res.status(404).send("app"));
    web = http.createServer(app);
    port = await listen(web);
  });
  afterAll(async () => {
    await close(web);
    await close(upstream);
  });

  it("forwards without the product's token header, Authorization or session cookie", async () => {
    const answer = await rawGet(port, "/svc/data?x=1", {
      "X-Access-Token": "token-of-the-user",
      Authorization: "Bearer token-of-the-user",
      Cookie: "school_session=session-of-the-user; theme=dark",
      "X-Custom": "kept",
    });
    expect(answer).toEqual({ status: 200, body: "upstream" });
    const last = seen.at(-1)!;
    expect(last.url).toBe("/base/data?x=1");
    expect(last.headers["x-access-token"]).toBeUndefined();
    expect(last.headers.authorization).toBeUndefined();
    expect(last.headers.cookie).toBe("theme=dark");
    expect(last.headers["x-custom"]).toBe("kept");
    expect(JSON.stringify(last.headers)).not.toContain("of-the-user");
  });

  it("refuses request paths with dot segments, plain or encoded, and never applies a route whose target has one", async () => {
    const before = seen.length;
    for (const path of ["/svc/../jeecg-boot/sys/user/list", "/svc/%2e%2e/jeecg-boot", "/svc/%2E%2e/x", "/svc/.%2e/x", "/svc/./x", "/svc/a/..", "/svc/a%2f..%2fb"]) {
      const answer = await rawGet(port, path);
      expect(answer.status, path).not.toBe(200);
      expect(answer.body, path).not.toBe("upstream");
    }
    const climbed = await rawGet(port, "/climb/x");
    expect(climbed.body).toBe("app");
    expect(seen.length).toBe(before);
  });
});
