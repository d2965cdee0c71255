// 网关路由 (docs/decisions/061): no gateway route may take a first path segment of the app's own
// routes; RESERVED_SEGMENTS must name every one of app/routes.ts (the menu's are checked on save).
import { describe, expect, it } from "vitest";
import routes from "../../app/routes";
import { RESERVED_SEGMENTS } from "#contract/modules/gateway-route";

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
