// The pure rules behind 系统日志 and 性能监控's trace (backend/modules/monitor).
import { describe, expect, it } from "vitest";
import { MASK, PARAM_TEXT_LIMIT, maskSecrets, maskedUrl, requestParamText } from "../../backend/modules/monitor/log/request-params";
import { describeBrowser } from "../../backend/modules/monitor/log/browser";
import { operateTypeOf } from "../../backend/modules/monitor/log/request-journal";
import { dayStart } from "../../backend/modules/monitor/log/log-endpoints";
import { RequestTrace, quantile } from "../../backend/modules/monitor/server/request-trace";

describe("operation log parameters", () => {
  it("masks passwords, tokens, captchas and secrets at any depth, and keeps the rest", () => {
    const masked = maskSecrets({
      username: "li",
      password: "p1",
      confirmpassword: "p1",
      oldpassword: "p0",
      nested: { token: "t", list: [{ captcha: "1234", checkKey: "k", name: "x" }], clientSecret: "s" },
      empty: { password: "" },
    });
    expect(masked).toEqual({
      username: "li",
      password: MASK,
      confirmpassword: MASK,
      oldpassword: MASK,
      nested: { token: MASK, list: [{ captcha: MASK, checkKey: MASK, name: "x" }], clientSecret: MASK },
      empty: { password: "" },
    });
  });

  it("merges query and body into one capped JSON text", () => {
    expect(requestParamText({ id: "1" }, { name: "a", password: "secret-1" })).toBe(`{"id":"1","name":"a","password":"${MASK}"}`);
    expect(requestParamText({}, undefined)).toBeNull();
    const long = requestParamText({}, { text: "x".repeat(10_000) })!;
    expect(long.length).toBe(PARAM_TEXT_LIMIT);
    expect(long.endsWith("…")).toBe(true);
  });

  it("masks secret query values and token-shaped path segments in a traced URL", () => {
    expect(maskedUrl("/jeecg-boot/sys/list?token=abc.def&pageNo=2")).toBe(`/jeecg-boot/sys/list?token=${MASK}&pageNo=2`);
    expect(maskedUrl("/jeecg-boot/sys/thirdLogin/getLoginUser/eyJhbGciOi.eyJleHAiOjE3.sig-part/github")).toBe(
      `/jeecg-boot/sys/thirdLogin/getLoginUser/${MASK}/github`,
    );
    expect(maskedUrl("/jeecg-boot/sys/user/list")).toBe("/jeecg-boot/sys/user/list");
  });
});

describe("browser of a sign-in", () => {
  it.each([
    ["Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36", "Chrome 120 / Windows"],
    ["Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36 Edg/120.0.2210.91", "Edge 120 / Windows"],
    ["Mozilla/5.0 (Macintosh; Intel Mac OS X 14_1) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Safari/605.1.15", "Safari 17 / macOS"],
    ["Mozilla/5.0 (X11; Linux x86_64; rv:121.0) Gecko/20100101 Firefox/121.0", "Firefox 121 / Linux"],
    ["Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.44", "微信 8 / iOS"],
    ["Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/156.0.0.0 Safari/537.36", "Chrome 156 / Linux"],
    ["node", "node"],
    ["", null],
    [undefined, null],
  ])("%s → %s", (agent, expected) => {
    expect(describeBrowser(agent)).toBe(expected);
  });
});

describe("operate_type of a call", () => {
  it.each([
    ["POST", "/sys/user/add", 2],
    ["PUT", "/sys/user/edit", 3],
    ["POST", "/sys/user/edit", 3],
    ["DELETE", "/sys/user/delete", 4],
    ["DELETE", "/sys/user/deleteBatch", 4],
    ["POST", "/sys/user/importExcel", 5],
    ["GET", "/sys/user/exportXls", 6],
    ["GET", "/sys/annountCement/doReleaseData", 3],
    ["GET", "/sys/user/list", null],
    ["POST", "/sys/online/forceLogout", 3],
  ] as const)("%s %s → %s", (method, path, expected) => {
    expect(operateTypeOf(method, path)).toBe(expected);
  });
});

describe("request trace", () => {
  it("keeps the newest requests up to its capacity, newest first", () => {
    const trace = new RequestTrace(3);
    for (let index = 1; index <= 5; index += 1) trace.add({ at: index, method: "GET", path: `/p${index}`, status: 200, ms: index, username: null });
    expect(trace.recent().map((request) => request.path)).toEqual(["/p5", "/p4", "/p3"]);
    expect(trace.recent(2)).toHaveLength(2);
    expect(trace.total).toBe(5);
    expect(new RequestTrace(3).recent()).toEqual([]);
  });

  it("answers nearest-rank quantiles", () => {
    expect(quantile([], 0.5)).toBeNull();
    expect(quantile([5, 1, 3, 2, 4], 0.5)).toBe(3);
    expect(quantile([1, 2, 3, 4, 5, 6, 7, 8, 9, 100], 0.95)).toBe(100);
  });
});

describe("the school's day", () => {
  it("starts at midnight GMT+8", () => {
    // 2026-11-24 17:30 UTC is 2026-11-25 01:30 in Shanghai: its day began 2026-11-24 16:00 UTC.
    expect(dayStart(new Date("2026-11-24T17:30:00Z")).toISOString()).toBe("2026-11-24T16:00:00.000Z");
    expect(dayStart(new Date("2026-11-24T15:59:59Z")).toISOString()).toBe("2026-11-23T16:00:00.000Z");
    expect(dayStart(new Date("2026-11-24T17:30:00Z"), 6).toISOString()).toBe("2026-11-18T16:00:00.000Z");
  });
});
