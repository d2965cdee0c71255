// 网关路由 (docs/decisions/061): no gateway route may take a first path segment of the app's own
// routes; RESERVED_SEGMENTS must name every one of app/routes.ts (the menu's are checked on save).
import { describe, expect, it } from "vitest";
import routes from "../../app/routes";
import { RESERVED_SEGMENTS } from "#contract/modules/gateway-route";
import { fromJeecgRoute, JeecgRouteMessages, toJeecgRoute } from "../../backend/modules/system/gateway-route/jeecg-route-shape";

type Entry = { path?: string; children?: Entry[] };

function firstSegments(entries: readonly Entry[], into = new Set<string>()): Set<string> {
  for (const entry of entries) {
    const first = (entry.path ?? "").split("/")[0] ?? "";
    if (first && !first.startsWith(":") && first !== "*") into.add(first);
    // Children of a layout share its (empty) path: their own first segments count.
    if (!entry.path && entry.children) firstSegments(entry.children, into);
  }
  return into;
}

describe("gateway route reserved paths", () => {
  it("reserves every first segment of the app's routes", () => {
    const segments = firstSegments(routes as Entry[]);
    expect([...segments]).toEqual(expect.arrayContaining(["api", "user", "isystem", "school"]));
    const missing = [...segments].filter((segment) => !RESERVED_SEGMENTS.includes(segment));
    expect(missing).toEqual([]);
  });
});

// The JeecgBoot clients' route shape (docs/decisions/153).
describe("a route in the JeecgBoot clients' terms", () => {
  const stored = { id: "r1", routerId: "demo", name: "示例", uri: "http://127.0.0.1:9", predicates: "/a/b/**", stripPrefix: 1, stripPrefix_dictText: "是", status: 1, updateTime: "2026-11-29 10:00:00" };

  it("comes back unchanged from the list to the form", () => {
    const listed = toJeecgRoute(stored);
    expect(listed).toEqual({ id: "r1", routerId: "demo", name: "示例", uri: "http://127.0.0.1:9", status: 1, updateTime: "2026-11-29 10:00:00", predicates: [{ name: "Path", args: ["/a/b/**"] }], filters: [{ name: "StripPrefix", args: [{ key: "parts", value: "2" }] }] });
    const sent = { ...listed, predicates: JSON.stringify(listed.predicates), filters: JSON.stringify(listed.filters) };
    expect(fromJeecgRoute(sent)).toEqual({ id: "r1", routerId: "demo", name: "示例", uri: "http://127.0.0.1:9", predicates: "/a/b/**", stripPrefix: 1, status: 1, updateTime: "2026-11-29 10:00:00" });
  });

  it("reads Vue 2's Boolean status, a shortcut's _genkey_0, and several Path predicates as JeecgBoot merges them", () => {
    const base = { routerId: "x", name: "x", uri: "http://h", filters: "[]", predicates: JSON.stringify([{ name: "Path", args: ["/x/**"] }]) };
    expect(fromJeecgRoute({ ...base, status: false })).toMatchObject({ status: 0, stripPrefix: 0 });
    expect(fromJeecgRoute({ ...base, status: true }).id).toBeUndefined();
    expect(fromJeecgRoute({ ...base, filters: [{ name: "StripPrefix", args: [{ key: "_genkey_0", value: 1 }] }] })).toMatchObject({ stripPrefix: 1, status: 1 });
    const twice = JSON.stringify([{ name: "Path", args: ["/x/**"] }, { name: "Path", args: ["/y/**"] }]);
    expect(() => fromJeecgRoute({ ...base, predicates: twice })).toThrow(JeecgRouteMessages.onePath);
    expect(() => fromJeecgRoute({ ...base, filters: JSON.stringify([{ name: "StripPrefix", args: [] }]) })).toThrow(JeecgRouteMessages.stripParts(1));
  });
});
