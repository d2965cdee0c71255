// The embedded backend answered in process (app/services/in-process-backend.server.ts, docs/decisions/064):
// the same answers as over HTTP, the browser's address and the request journal as before, and the
// web server's own requests untouched (light-my-request's Express support would re-parent the
// prototypes every Express application shares).
import type { AddressInfo } from "node:net";
import type { Server } from "node:http";
import { gzipSync } from "node:zlib";
import express from "express";
import { desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BACKEND_BASE_PATH } from "../../backend/index";
import { sysLog } from "../../backend/db/schema";
import { answerInProcess, overHttp, type BackendTransport } from "~/services/in-process-backend.server";
import { startTestBackend, type TestBackend } from "../support/backend";
import { TEST_ADMIN_PASSWORD } from "../support/constants";

let server: TestBackend;
let web: Server;
let webUrl = "";
let backend: BackendTransport;

beforeAll(async () => {
  server = await startTestBackend();
  // As server.ts: the web application serves the backend's router too, and has routes of its own.
  const app = express();
  app.set("trust proxy", "loopback");
  app.use(BACKEND_BASE_PATH, server.backend.router);
  app.post("/echo", express.urlencoded({ extended: false }), (req, res) => {
    res.json({ body: req.body as unknown, ip: req.ip, header: req.get("x-probe") });
  });
  // A backend that compresses whatever it is asked, and one that answers late.
  app.get("/gzipped", (_req, res) => {
    res.set({ "Content-Type": "application/json", "Content-Encoding": "gzip" }).end(gzipSync(JSON.stringify({ text: "压缩的答复" })));
  });
  app.get("/late", (_req, res) => {
    const timer = setTimeout(() => res.json({ late: true }), 2_000);
    res.on("close", () => clearTimeout(timer));
  });
  web = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => web.once("listening", resolve));
  webUrl = `http://127.0.0.1:${(web.address() as AddressInfo).port}`;
  const inProcess = express();
  inProcess.set("trust proxy", "loopback");
  inProcess.use(BACKEND_BASE_PATH, server.backend.router);
  backend = await answerInProcess(server.url, inProcess);
});

afterAll(async () => {
  await new Promise((resolve) => web?.close(resolve));
  await server?.close();
});

function call(method: string, path: string, headers: Record<string, string> = {}, body?: unknown) {
  const all = new Headers(headers);
  if (body !== undefined) all.set("Content-Type", "application/json");
  return backend.fetch(`${server.url}${path}`, { method, headers: all, body: body === undefined ? undefined : JSON.stringify(body), signal: AbortSignal.timeout(10_000) });
}

describe("the embedded backend answered in process", () => {
  it("answers as over HTTP, with the caller's address and a journal entry", async () => {
    const address = "203.0.113.77";
    const login = await call("POST", "/sys/login", { "X-Forwarded-For": address, "User-Agent": "in-process-test" }, { username: "admin", password: TEST_ADMIN_PASSWORD });
    expect(login.status).toBe(200);
    const signedIn = (await login.json()) as { success: boolean; result: { token: string } };
    expect(signedIn.success).toBe(true);

    const inProcess = await call("GET", "/sys/position/list?pageNo=1&pageSize=5", { "X-Access-Token": signedIn.result.token });
    const overHttp = await fetch(`${server.url}/sys/position/list?pageNo=1&pageSize=5`, { headers: { "X-Access-Token": signedIn.result.token } });
    expect(inProcess.status).toBe(overHttp.status);
    expect(inProcess.headers.get("content-type")).toBe(overHttp.headers.get("content-type"));
    const [mine, theirs] = (await Promise.all([inProcess.json(), overHttp.json()])) as Array<{ result: { records: Array<{ id: string }> } }>;
    expect(mine.result.records.length).toBeGreaterThan(0);
    expect(mine.result.records.map((record) => record.id)).toEqual(theirs.result.records.map((record) => record.id));

    // The sign-in log holds the browser's address, as the backend's guard counts by it.
    await server.backend.services.logs.flush();
    const [logged] = await server.backend.services.db.orm.select({ ip: sysLog.ip, browser: sysLog.browser }).from(sysLog).where(eq(sysLog.userid, "admin")).orderBy(desc(sysLog.createTime)).limit(1);
    expect(logged).toEqual({ ip: address, browser: "in-process-test" });
    // Answered in full: the journal records 200, not 499 (a caller that left).
    const recent = server.backend.services.requests.recent();
    const entry = recent.find((request) => request.path.startsWith(`${BACKEND_BASE_PATH}/sys/position/list`));
    expect(entry?.status).toBe(200);
  });

  it("refuses what HTTP refuses, and stops waiting at the caller's timeout", async () => {
    const refused = await call("GET", "/sys/position/list");
    expect(refused.status).toBe(401);
    const gone = await call("GET", "/sys/no-such-endpoint", {});
    expect(gone.status).toBe(404);
    const aborted = backend.fetch(`${server.url}/sys/position/list`, { method: "GET", headers: new Headers(), signal: AbortSignal.abort(new DOMException("timeout", "TimeoutError")) });
    await expect(aborted).rejects.toMatchObject({ name: "TimeoutError" });
  });

  it("leaves the web server's own requests and its HTTP backend untouched", async () => {
    const echoed = await fetch(`${webUrl}/echo`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", "X-Probe": "yes" },
      body: new URLSearchParams({ name: "张三" }),
    });
    expect(echoed.status).toBe(200);
    expect(await echoed.json()).toEqual({ body: { name: "张三" }, ip: "127.0.0.1", header: "yes" });
    const overHttp = await fetch(`${webUrl}${BACKEND_BASE_PATH}/sys/login`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ username: "admin", password: TEST_ADMIN_PASSWORD }),
    });
    expect(((await overHttp.json()) as { success: boolean }).success).toBe(true);
  });

  it("leaves addresses other than the embedded backend's to fetch", async () => {
    const answer = await backend.fetch(`${webUrl}/echo`, { method: "POST", headers: new Headers({ "Content-Type": "application/x-www-form-urlencoded" }), body: "a=1", signal: AbortSignal.timeout(10_000) });
    expect(((await answer.json()) as { body: unknown }).body).toEqual({ a: "1" });
  });
});

describe("a backend over HTTP (BACKEND_URL) through node:http's keep-alive client", () => {
  const send = (url: string, init: { method?: string; headers?: Record<string, string>; body?: string; signal?: AbortSignal } = {}) =>
    overHttp.fetch(url, { method: init.method ?? "GET", headers: new Headers(init.headers), body: init.body, signal: init.signal ?? AbortSignal.timeout(10_000) });

  it("gives the answer fetch gives, call after call on the same connections", async () => {
    const login = await send(`${server.url}/sys/login`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ username: "admin", password: TEST_ADMIN_PASSWORD }) });
    expect(login.status).toBe(200);
    const token = ((await login.json()) as { result: { token: string } }).result.token;
    for (let round = 0; round < 3; round++) {
      const [mine, theirs] = await Promise.all([
        send(`${server.url}/sys/position/list?pageNo=1&pageSize=5`, { headers: { "X-Access-Token": token } }),
        fetch(`${server.url}/sys/position/list?pageNo=1&pageSize=5`, { headers: { "X-Access-Token": token } }),
      ]);
      expect(mine.status).toBe(theirs.status);
      expect(mine.headers.get("content-type")).toBe(theirs.headers.get("content-type"));
      const [a, b] = (await Promise.all([mine.json(), theirs.json()])) as Array<{ result: { records: Array<{ id: string }> } }>;
      expect(a.result.records.length).toBeGreaterThan(0);
      expect(a.result.records.map((record) => record.id)).toEqual(b.result.records.map((record) => record.id));
    }
    const refused = await send(`${server.url}/sys/position/list`);
    expect(refused.status).toBe(401);
  });

  it("decodes a compressed answer and stops waiting at the caller's timeout", async () => {
    const gzipped = await send(`${webUrl}/gzipped`);
    expect(gzipped.headers.get("content-encoding")).toBeNull();
    expect(await gzipped.json()).toEqual({ text: "压缩的答复" });
    const late = send(`${webUrl}/late`, { signal: AbortSignal.timeout(200) });
    await expect(late).rejects.toMatchObject({ name: "TimeoutError" });
  });
});
