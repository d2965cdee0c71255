import { describe, expect, it } from "vitest";
import { describeBusinessFailure, describeHttpFailure, endsSession } from "~/services/api-errors";

// docs/spec/app-shell.md §8.
describe("error catalogue", () => {
  it("maps 403 to 拒绝访问", () => {
    expect(describeHttpFailure(403, "whatever")).toMatchObject({ kind: "forbidden", message: "拒绝访问" });
  });
  it("maps a 500 with a token-expired message to the expiry modal", () => {
    const failure = describeHttpFailure(500, "Token失效，请重新登录");
    expect(failure).toMatchObject({ kind: "session-expired", message: "很抱歉，登录已过期，请重新登录" });
    expect(endsSession(failure)).toBe(true);
  });
  it("maps 401 to the expiry message, ending the session", () => {
    const failure = describeHttpFailure(401, "Token失效，请重新登录!");
    expect(failure).toMatchObject({ kind: "unauthorized", message: "很抱歉，登录已过期，请重新登录" });
    expect(endsSession(failure)).toBe(true);
  });
  it("maps 404 and 504", () => {
    expect(describeHttpFailure(404, undefined).message).toBe("很抱歉，资源未找到!");
    expect(describeHttpFailure(504, undefined).message).toBe("网络超时");
  });
  it("shows the server's message for other statuses and plain 500s", () => {
    expect(describeHttpFailure(500, "数据库忙")).toMatchObject({ kind: "server", message: "数据库忙" });
    expect(describeHttpFailure(502, undefined).message).toBe("HTTP 502");
    expect(endsSession(describeHttpFailure(500, "数据库忙"))).toBe(false);
  });
  it("tells a missing permission (code 510) from other business failures", () => {
    expect(describeBusinessFailure(510, "没有权限，请联系管理员授权").kind).toBe("no-permission");
    expect(describeBusinessFailure(500, "用户名或密码错误")).toMatchObject({ kind: "business", message: "用户名或密码错误" });
  });
});
