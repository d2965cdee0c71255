import { describe, expect, it } from "vitest";
import { pageAfterDelete, parseListState, toBackendQuery, toSearchParams, withPage, withSearch, withSort } from "~/lib/list-query";
import { parseOverlay, queryString, sortToggle, withOverlay } from "~/lib/list-query";
import { toQueryParams } from "~/components/widgets/super-query/super-query";

const parse = (query: string) => parseListState(new URLSearchParams(query));

// docs/spec/app-shell.md §3, §4, §9; api-contract.md §6.
describe("list state in the URL", () => {
  it("defaults to page 1 of 10, sorted by createTime descending", () => {
    expect(parse("")).toEqual({ pageNo: 1, pageSize: 10, column: "createTime", order: "desc", filters: {} });
  });

  it("reads paging, sort, filters and the advanced query back from the URL", () => {
    const state = parse("pageNo=3&pageSize=20&column=username&order=asc&realname=*张*&sex=1&superQueryParams=%5B%5D&superQueryMatchType=or");
    expect(state).toEqual({
      pageNo: 3,
      pageSize: 20,
      column: "username",
      order: "asc",
      filters: { realname: "*张*", sex: "1" },
      superQueryParams: "[]",
      superQueryMatchType: "or",
    });
  });

  it("ignores page sizes outside 10/20/30, bad pages, bad sort columns and orders, blank and non-identifier filters", () => {
    const state = parse("pageNo=-2&pageSize=500&column=x;drop&order=sideways&name=%20&a-b=1");
    expect(state).toEqual({ pageNo: 1, pageSize: 10, column: "createTime", order: "desc", filters: {} });
  });

  it("gives the backend the contract's list parameters", () => {
    expect(toBackendQuery(parse("pageNo=2&username=admin"))).toEqual({ username: "admin", column: "createTime", order: "desc", pageNo: "2", pageSize: "10" });
  });

  it("writes short URLs that parse back to the same state", () => {
    const state = parse("pageNo=2&pageSize=30&column=username&order=asc&sex=1");
    const params = toSearchParams(state);
    expect(params.toString()).toBe("sex=1&column=username&order=asc&pageNo=2&pageSize=30");
    expect(parseListState(params)).toEqual(state);
    expect(toSearchParams(parse("")).toString()).toBe("");
  });

  it("turns the plain 高级查询 form's rows into the builder's superQueryParams (issue #30 item 8)", () => {
    const state = parse("sqField=username&sqRule=right_like&sqVal=+nojs_+&sqField=sex&sqRule=bogus&sqVal=1&sqField=&sqRule=eq&sqVal=x&sqField=phone&sqRule=eq&sqVal=&superQueryMatchType=or&superQuery=open");
    expect(state.filters).toEqual({});
    expect(state.superQueryMatchType).toBe("or");
    expect(state.superQueryParams).toBe(
      toQueryParams(
        [
          { field: "username", rule: "right_like", val: "nojs_" },
          { field: "sex", rule: "eq", val: "1" },
        ],
        "or",
      )!.superQueryParams,
    );
    // The rows win over an older query; no complete row: no query.
    expect(parse("superQueryParams=x&sqField=username&sqRule=eq&sqVal=").superQueryParams).toBeUndefined();
  });

  it("starts a new search at page 1 and can clear the advanced query", () => {
    const state = parse("pageNo=4&superQueryParams=x&superQueryMatchType=or");
    const searched = withSearch(state, { username: " ad ", empty: "" });
    expect(searched.pageNo).toBe(1);
    expect(searched.filters).toEqual({ username: "ad" });
    expect(searched.superQueryParams).toBe("x");
    expect(withSearch(state, {}, null).superQueryParams).toBeUndefined();
  });

  it("maps table sorting, stripping _dictText, and goes back to the default when cleared", () => {
    const state = parse("");
    expect(withSort(state, "sex_dictText", "ascend")).toMatchObject({ column: "sex", order: "asc" });
    expect(withSort(withSort(state, "sex", "ascend"), undefined, null)).toMatchObject({ column: "createTime", order: "desc" });
  });

  it("keeps the page when paging and restarts at 1 when the page size changes", () => {
    const state = parse("pageNo=3");
    expect(withPage(state, 4, 10).pageNo).toBe(4);
    expect(withPage(state, 3, 20)).toMatchObject({ pageNo: 1, pageSize: 20 });
  });

  it("steps back a page after a delete empties it, never below page 1", () => {
    expect(pageAfterDelete(21, 1, 3, 10)).toBe(2);
    expect(pageAfterDelete(22, 1, 3, 10)).toBe(3);
    expect(pageAfterDelete(30, 10, 3, 10)).toBe(2);
    expect(pageAfterDelete(1, 1, 1, 10)).toBe(1);
  });
});

describe("list addresses without JavaScript (issue #19)", () => {
  it("reads a plain search: the `_like` fields match anywhere, the form's params are no filters", () => {
    const state = parseListState(new URLSearchParams("_like=realname,username&realname=张&username=&sex=1&form=edit&id=7&confirm=delete&ids=1,2"));
    expect(state.filters).toEqual({ realname: "*张*", sex: "1" });
  });

  it("keeps a contains-filter the enhanced bar already wrote", () => {
    expect(parseListState(new URLSearchParams("_like=realname&realname=*张*")).filters).toEqual({ realname: "*张*" });
  });

  it("parses the form and confirmation addresses, and ignores incomplete ones", () => {
    expect(parseOverlay(new URLSearchParams("form=add"))).toEqual({ form: "add" });
    expect(parseOverlay(new URLSearchParams("form=edit&id=u1"))).toEqual({ form: "edit", id: "u1" });
    expect(parseOverlay(new URLSearchParams("form=detail&id=u1"))).toEqual({ form: "detail", id: "u1" });
    expect(parseOverlay(new URLSearchParams("form=edit"))).toBeNull();
    expect(parseOverlay(new URLSearchParams("form=other&id=1"))).toBeNull();
    expect(parseOverlay(new URLSearchParams("confirm=delete&id=u1"))).toEqual({ confirm: "delete", ids: ["u1"] });
    expect(parseOverlay(new URLSearchParams("confirm=deleteBatch&ids=a&ids=b,c"))).toEqual({ confirm: "deleteBatch", ids: ["a", "b", "c"] });
    expect(parseOverlay(new URLSearchParams("confirm=deleteBatch"))).toBeNull();
  });

  it("opens and closes an address over the list's state", () => {
    const list = new URLSearchParams("realname=*张*&pageNo=2");
    expect(withOverlay(list, { form: "edit", id: "u1" }).toString()).toBe("realname=*%E5%BC%A0*&pageNo=2&form=edit&id=u1");
    expect(withOverlay(new URLSearchParams("pageNo=2&form=edit&id=u1"), null).toString()).toBe("pageNo=2");
    expect(withOverlay(list, { confirm: "deleteBatch", ids: ["a", "b"] }).get("ids")).toBe("a,b");
    expect(queryString(new URLSearchParams())).toBe("");
  });

  it("links a sortable header to ascending, then descending, then the default sort", () => {
    const base = parseListState(new URLSearchParams("pageNo=3"));
    const ascending = sortToggle(base, "username");
    expect([ascending.column, ascending.order, ascending.pageNo]).toEqual(["username", "asc", 1]);
    const descending = sortToggle(ascending, "username");
    expect([descending.column, descending.order]).toEqual(["username", "desc"]);
    const cleared = sortToggle(descending, "username");
    expect([cleared.column, cleared.order]).toEqual(["createTime", "desc"]);
    // The default column sorted by default: clearing would change nothing, so ascending.
    const createTime = sortToggle(base, "createTime");
    expect([createTime.column, createTime.order]).toEqual(["createTime", "asc"]);
  });
});
