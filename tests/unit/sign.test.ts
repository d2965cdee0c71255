import { describe, expect, it } from "vitest";
import { computeSign, formatSignTimestamp, parseSignTimestamp, signaturePayload, signableParams } from "#contract/sign";

// Test vectors of docs/spec/api-contract.md §3.
describe("request signature", () => {
  it("signs a table dictionary path variable", () => {
    expect(computeSign("/sys/dict/getDictItems/sys_user,realname,id")).toBe("77C52056EF6109F4874CBD8532C8F530");
  });

  it("signs query parameters with the path variable, numbers as strings", () => {
    expect(computeSign("/sys/dict/loadDict/sys_user,realname,id", { keyword: "ad", pageSize: 10 })).toBe(
      "B25CB7AD21BD08E88589E85BBB1BB9BF",
    );
  });

  it("signs empty parameters", () => {
    expect(computeSign("/sys/permission/getUserPermissionByToken", {})).toBe("E19D6243CB1945AB4F7202A1B00F77D5");
  });

  it("reads the query written into the URL without decoding it, and never signs _t", () => {
    expect(signaturePayload("/a/b?x=1%2C2&_t=99", { y: "2" })).toEqual({ x: "1%2C2", y: "2" });
  });

  it("sorts keys in UTF-16 order and lets parameters override the URL's query", () => {
    const payload = signaturePayload("/list?b=url&a=1", { b: "param", A: "upper" });
    expect(Object.keys(payload)).toEqual(["A", "a", "b"]);
    expect(payload.b).toBe("param");
  });

  it("signs only the scalar fields of a JSON body", () => {
    expect(signableParams({ q: "1" }, { name: "x", count: 2, nested: { a: 1 }, list: [1], none: null })).toEqual({
      q: "1",
      name: "x",
      count: 2,
    });
  });
});

describe("X-TIMESTAMP", () => {
  it("formats yyyyMMddHHmmss in GMT+8", () => {
    expect(formatSignTimestamp(new Date("2026-11-22T16:30:05Z"))).toBe("20261123003005");
  });

  it("reads both the 14-digit form and epoch milliseconds back to the same instant", () => {
    const at = new Date("2026-03-01T23:59:59Z");
    expect(parseSignTimestamp(formatSignTimestamp(at))).toBe(at.getTime());
    expect(parseSignTimestamp(String(at.getTime()))).toBe(at.getTime());
  });

  it("refuses malformed values", () => {
    expect(parseSignTimestamp("2026-11-22")).toBeNull();
    expect(parseSignTimestamp("20261399000000")).toBeNull();
    expect(parseSignTimestamp("")).toBeNull();
  });
});
