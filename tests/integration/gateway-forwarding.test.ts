// What the web server's gateway (server/gateway.ts) sends to a route's target (issue #27 item 5):
// never the product's token header, Authorization or session cookie; nothing at all for a request
// path with a dot segment, plain or percent-encoded; a stored route with one is not applied. What
// it sends back: never a Set-Cookie, which could overwrite the product's session cookie.
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
  return rawGetWithHeaders(port, path, headers).then(({ status, body }) => ({ status, body }));
}

function rawGetWithHeaders(port: number, path: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; body: string; headers: http.IncomingHttpHeaders }>((resolve, reject) => {
    const request = http.request({ host: "127.0.0.1", port, path, method: "GET", headers }, (answer) => {
      let body = "";
      answer.setEncoding("utf8");
      answer.on("data", (chunk) => (body += chunk));
      answer.on("end", () => resolve({ status: answer.statusCode ?? 0, body, headers: answer.headers }));
    });
    request.on("error", reject);
    request.end();
  });
}

describe("the gateway's forwarding", () => {
  const seen: Seen[] = [];
  const upstream = http.createServer((req, res) => {
    seen.push({ url: req.url ?? "", headers: req.headers });
    if (req.url?.includes("/cookies")) {
      res.setHeader("Set-Cookie", ["school_session=forged; Path=/; HttpOnly", "theme=upstream; Path=/"]);
      res.setHeader("X-Upstream", "kept");
    }
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
        { routerId: "slash", prefix: "/slash", uri: `http://127.0.0.1:${target}/base%2f..%2fsecret`, stripPrefix: true },
        { routerId: "twice", prefix: "/twice", uri: `http://127.0.0.1:${target}/base/%252e%252e/secret`, stripPrefix: true },
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
    const paths = [
      "/svc/../jeecg-boot/sys/user/list", "/svc/%2e%2e/jeecg-boot", "/svc/%2E%2e/x", "/svc/.%2e/x", "/svc/./x", "/svc/a/..", "/svc/a%2f..%2fb",
      // Encoded twice (a target that decodes again), a backslash as separator, a path parameter.
      "/svc/%252e%252e/secret", "/svc/%25252E%25252E/secret", "/svc/a%5c%2e%2e%5cb", "/svc/.%5cx", "/svc/..;/x", "/svc/%2e;/x",
    ];
    for (const path of paths) {
      const answer = await rawGet(port, path);
      expect(answer.status, path).not.toBe(200);
      expect(answer.body, path).not.toBe("upstream");
    }
    for (const prefix of ["/climb", "/slash", "/twice"]) expect((await rawGet(port, `${prefix}/x`)).body, prefix).toBe("app");
    expect(seen.length).toBe(before);
  });

  it("forwards dots that are no segment of their own, and encoded names", async () => {
    for (const path of ["/svc/v1.2/file.tar.gz", "/svc/.well-known/x", "/svc/%E4%B8%AD%E6%96%87", "/svc/a%20b"]) {
      expect(await rawGet(port, path), path).toEqual({ status: 200, body: "upstream" });
      expect(seen.at(-1)!.url, path).toBe(`/base${path.slice("/svc".length)}`);
    }
  });

  it("drops every Set-Cookie of a target's answer, so it cannot overwrite the session cookie", async () => {
    const answer = await rawGetWithHeaders(port, "/svc/cookies");
    expect(answer.status).toBe(200);
    expect(answer.body).toBe("upstream");
    expect(answer.headers["x-upstream"]).toBe("kept");
    expect(answer.headers["set-cookie"]).toBeUndefined();
  });
});
