// The browser's one client of the web app's resource routes (app/lib/route-call.ts), against a
// real HTTP server: a signed-out answer (the guard's redirect) is never followed, so a resource
// call cannot run into a sign-in page or start a third-party sign-in; other failures get the
// catalogue's kinds.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callRoute, postRoute } from "~/lib/route-call";
import { Messages } from "#contract/messages";

let server: Server;
let base: string;
const hits: string[] = [];

beforeAll(async () => {
  server = createServer((request, response) => {
    hits.push(`${request.method} ${request.url}`);
    if (request.url === "/signed-out") {
      response.writeHead(302, { Location: "/oauth2-app/login?redirect=%2Fsigned-out" }).end();
    } else if (request.url === "/ok") {
      response.writeHead(200, { "Content-Type": "application/json" }).end(JSON.stringify({ ok: true, items: [1] }));
    } else if (request.url === "/refused") {
      response.writeHead(200, { "Content-Type": "application/json" }).end(JSON.stringify({ ok: false, message: "该值不可用，系统中已存在！" }));
    } else if (request.url === "/post") {
      let body = "";
      request.on("data", (chunk) => (body += chunk));
      request.on("end", () => response.writeHead(200, { "Content-Type": "application/json" }).end(JSON.stringify({ ok: true, body })));
    } else {
      response.writeHead(500, { "Content-Type": "text/html" }).end("<html>error</html>");
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe("callRoute", () => {
  it("answers a signed-out redirect as the ended session, without following it", async () => {
    hits.length = 0;
    expect(await callRoute(`${base}/signed-out`)).toEqual({ ok: false, kind: "unauthorized", message: Messages.sessionExpired });
    expect(hits).toEqual(["GET /signed-out"]);
  });

  it("passes answers through, refusals included, and names other failures", async () => {
    expect(await callRoute(`${base}/ok`)).toEqual({ ok: true, items: [1] });
    expect(await callRoute(`${base}/refused`)).toEqual({ ok: false, message: "该值不可用，系统中已存在！" });
    expect(await callRoute(`${base}/broken`)).toEqual({ ok: false, kind: "server", message: "HTTP 500" });
    expect(await callRoute("http://127.0.0.1:1/unreachable")).toEqual({ ok: false, kind: "timeout", message: Messages.networkTimeout });
    expect(await postRoute(`${base}/post`, { a: "1", b: "二" })).toEqual({ ok: true, body: "a=1&b=%E4%BA%8C" });
  });
});
