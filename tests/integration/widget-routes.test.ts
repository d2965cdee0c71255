// The widgets' resource routes and their wire (app/routes/api/widgets): helpers, the browser's
// request function against a real HTTP server, and the dictionary route against the embedded
// backend (docs/spec/widgets.md §5 "Dictionary", §7; api-contract.md §3, §7).
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signaturePayload } from "#contract/sign";
import { requestWidget, widgetUrl } from "~/routes/api/widgets/widget-answer";
import { containsFilter, inList, pageQuery, pathVariable } from "~/routes/api/widgets/widget-answer.server";
import type { TestBackend } from "../support/backend";
import { TEST_ADMIN_PASSWORD } from "../support/constants";
import { routeArgs, testApp } from "../support/app-context";
import type { AppContext } from "~/services/app-context.server";

describe("widget route helpers", () => {
  it("builds widget URLs without empty parameters", () => {
    expect(widgetUrl("/api/widgets/tree", { pid: "", tableName: "sys_depart", condition: undefined, pageSize: 10, flag: false })).toBe(
      "/api/widgets/tree?tableName=sys_depart&pageSize=10&flag=false",
    );
    expect(widgetUrl("/api/widgets/departs")).toBe("/api/widgets/departs");
    expect(widgetUrl("/x", { keyword: "李 & 王" })).toBe("/x?keyword=%E6%9D%8E+%26+%E7%8E%8B");
  });

  it("keeps the commas of a table dictionary path variable so the signature reads it", () => {
    expect(pathVariable("sys_user,realname,id")).toBe("sys_user,realname,id");
    expect(pathVariable("sys_user,realname,username,status='1'")).toBe("sys_user,realname,username,status%3D'1'");
    // api-contract.md §3 test vector: the signed object of GET /sys/dict/getDictItems/sys_user,realname,id.
    expect(signaturePayload(`/sys/dict/getDictItems/${pathVariable("sys_user,realname,id")}`)).toEqual({ "x-path-variable": "sys_user,realname,id" });
    expect(signaturePayload(`/sys/dict/loadDict/${pathVariable("t,a b,c")}`)).toEqual({ "x-path-variable": "t,a b,c" });
  });

  it("sends stored values so the backend matches them exactly (IN), and keywords as contains", () => {
    expect(inList("a,b")).toBe("a,b,");
    expect(inList(" a ,,b, ")).toBe("a,b,");
    expect(inList("")).toBe("");
    expect(containsFilter(" 李 ")).toBe("*李*");
    expect(containsFilter("  ")).toBeUndefined();
    expect(containsFilter(null)).toBeUndefined();
  });

  it("reads pageNo and pageSize with defaults and a cap", () => {
    expect(pageQuery(new URL("http://x/?pageNo=3&pageSize=20"))).toEqual({ pageNo: 3, pageSize: 20 });
    expect(pageQuery(new URL("http://x/"))).toEqual({ pageNo: 1, pageSize: 10 });
    expect(pageQuery(new URL("http://x/?pageNo=-2&pageSize=5000"))).toEqual({ pageNo: 1, pageSize: 100 });
  });
});

describe("requestWidget", () => {
  let server: Server;
  let base: string;
  beforeAll(async () => {
    server = createServer((request, response) => {
      if (request.url === "/ok") {
        response.setHeader("Content-Type", "application/json");
        response.end(JSON.stringify({ ok: true, items: [{ value: "1", text: "男" }] }));
      } else if (request.url === "/refused") {
        response.statusCode = 400;
        response.setHeader("Content-Type", "application/json");
        response.end(JSON.stringify({ ok: false, kind: "business", message: "Dictionary Code cannot be empty!" }));
      } else if (request.url === "/signed-out") {
        response.statusCode = 302;
        response.setHeader("Location", "/user/login?redirect=%2Fapi%2Fwidgets%2Fdict%2Fsex");
        response.end();
      } else {
        response.statusCode = 500;
        response.end("<html>Unexpected Server Error</html>");
      }
    });
    server.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it("returns the route's answer, successful or not", async () => {
    expect(await requestWidget(`${base}/ok`)).toEqual({ ok: true, items: [{ value: "1", text: "男" }] });
    expect(await requestWidget(`${base}/refused`)).toEqual({ ok: false, kind: "business", message: "Dictionary Code cannot be empty!" });
  });

  it("turns the guard's redirect to the login page into an ended session", async () => {
    expect(await requestWidget(`${base}/signed-out`)).toEqual({ ok: false, kind: "unauthorized", message: "很抱歉，登录已过期，请重新登录" });
  });

  it("turns a non-JSON answer or an unreachable server into a failure, never a throw", async () => {
    expect(await requestWidget(`${base}/broken`)).toEqual({ ok: false, kind: "server", message: "HTTP 500" });
    expect(await requestWidget("http://127.0.0.1:9/nothing")).toEqual({ ok: false, kind: "timeout", message: "网络超时" });
  });
});

describe("widget routes against the embedded backend", () => {
  let backend: TestBackend;
  const origin = "http://school.test";
  let cookie = "";
  let app: AppContext;

  beforeAll(async () => {
    // Imported here so that the helper tests above do not depend on the backend's modules.
    const { startTestBackend } = await import("../support/backend");
    backend = await startTestBackend();
    app = testApp(backend.url);
    const login = await import("~/routes/user/login");
    const request = new Request(`${origin}/user/login`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ username: "admin", password: TEST_ADMIN_PASSWORD }),
    });
    const response = (await login.action(routeArgs(app, request) as never)) as Response;
    cookie = response.headers.get("Set-Cookie")!.split(";")[0]!;
  });
  afterAll(async () => backend?.close());

  const call = async (module: { loader: (args: never) => Promise<unknown> }, path: string, params: Record<string, string> = {}, withCookie = true) => {
    const request = new Request(`${origin}${path}`, { headers: withCookie ? { Cookie: cookie } : {} });
    try {
      return await module.loader(routeArgs(app, request, params) as never);
    } catch (error) {
      if (error instanceof Response) return error;
      throw error;
    }
  };

  it("sends a signed-out browser to the login page", async () => {
    const dict = await import("~/routes/api/widgets/dict");
    const answer = (await call(dict, "/api/widgets/dict/sex", { code: "sex" }, false)) as Response;
    expect(answer.status).toBe(302);
    expect(answer.headers.get("Location")).toBe("/user/login?redirect=%2Fapi%2Fwidgets%2Fdict%2Fsex");
  });

  it("answers a dictionary's options as value and text", async () => {
    const dict = await import("~/routes/api/widgets/dict");
    const answer = (await call(dict, "/api/widgets/dict/sex", { code: "sex" })) as { ok: boolean; items: { value: string; text: string }[] };
    expect(answer.ok).toBe(true);
    expect(answer.items).toEqual(expect.arrayContaining([expect.objectContaining({ value: "1", text: "男" }), expect.objectContaining({ value: "2", text: "女" })]));
  });

  it("answers the backend's message when it refuses, and refuses an empty code itself", async () => {
    const dict = await import("~/routes/api/widgets/dict");
    expect(await call(dict, "/api/widgets/dict/a%2Cb", { code: "a,b" })).toEqual({ ok: false, kind: "business", message: "字典Code格式不正确！" });
    const empty = (await call(dict, "/api/widgets/dict/%20", { code: " " })) as { data: unknown; init: { status: number } };
    expect(empty.init.status).toBe(400);
    expect(empty.data).toEqual({ ok: false, kind: "business", message: "Dictionary Code cannot be empty!" });
  });

  it("refuses a tree condition that is not a JSON object, and unknown table names, before asking the backend", async () => {
    const tree = await import("~/routes/api/widgets/tree");
    const bad = (await call(tree, "/api/widgets/tree?tableName=sys_depart&text=depart_name&code=id&condition=status%3D1")) as { data: unknown };
    expect(bad.data).toEqual({ ok: false, kind: "business", message: "JTreeSelect-condition value wrong, needs a json string" });
    const injected = (await call(tree, "/api/widgets/tree?tableName=sys_depart%20where%201%3D1&text=depart_name&code=id")) as { data: unknown };
    expect(injected.data).toEqual({ ok: false, kind: "business", message: "字典Code格式不正确！" });
    const category = await import("~/routes/api/widgets/category");
    const badCategory = (await call(category, "/api/widgets/category?pcode=0&condition=%5B1%5D")) as { data: unknown };
    expect(badCategory.data).toEqual({ ok: false, kind: "business", message: "组件JTreeSelect-condition传值有误，需要一个json字符串!" });
  });

  it("looks stored users up only by username or id", async () => {
    const users = await import("~/routes/api/widgets/users");
    const refused = (await call(users, "/api/widgets/users?valueField=password&values=x")) as { data: { ok: boolean }; init: { status: number } };
    expect(refused.init.status).toBe(400);
    expect(refused.data.ok).toBe(false);
    expect(await call(users, "/api/widgets/users?valueField=username&values=%20")).toEqual({ ok: true, items: [] });
  });
});
