// The pure half of useOwnedList (app/components/widgets/list/use-owned-list.ts): what a drawer's list
// loads and where it posts, and the page it steps back to when its rows are gone.
import { describe, expect, it } from "vitest";
import { parseListState, withSearch } from "~/lib/list-query";
import { ownedActionUrl, ownedLoadUrl, pageToShow } from "~/components/widgets/list/use-owned-list";

const query = (url: string) => Object.fromEntries(new URL(url, "http://x").searchParams);

describe("useOwnedList's addresses", () => {
  it("posts to the route with the owner's params", () => {
    expect(ownedActionUrl("/api/system/role-users", { roleId: "r1" })).toBe("/api/system/role-users?roleId=r1");
    expect(ownedActionUrl("/api/system/x", {})).toBe("/api/system/x");
  });

  it("loads the state as the backend query, the owner's params winning over a filter of that name", () => {
    const state = withSearch(parseListState(new URLSearchParams(), { column: "sortOrder", order: "asc" }), { itemText: "*红*", dictId: "other" });
    const url = ownedLoadUrl("/api/system/dict-items", { ...state, pageNo: 2 }, { dictId: "d1" });
    expect(url.startsWith("/api/system/dict-items?")).toBe(true);
    expect(query(url)).toEqual({ itemText: "*红*", dictId: "d1", column: "sortOrder", order: "asc", pageNo: "2", pageSize: "10" });
    // What the route's loader reads back (loadList's parseListState) is the same view.
    expect(parseListState(new URL(url, "http://x").searchParams)).toMatchObject({ pageNo: 2, column: "sortOrder", order: "asc", filters: { itemText: "*红*" } });
  });
});

describe("pageToShow", () => {
  const at = (pageNo: number) => ({ ...parseListState(new URLSearchParams()), pageNo });
  it("stays while the page has rows, or on page 1", () => {
    expect(pageToShow(at(3), { records: [{}], total: 21 })).toBeNull();
    expect(pageToShow(at(1), { records: [], total: 0 })).toBeNull();
  });

  it("steps back to the last page with rows, or to page 1 when none are left", () => {
    expect(pageToShow(at(3), { records: [], total: 20 })).toBe(2);
    expect(pageToShow(at(5), { records: [], total: 11 })).toBe(2);
    expect(pageToShow(at(2), { records: [], total: 0 })).toBe(1);
  });
});
