// The search select's rules (docs/spec/widgets.md §2 "search select (sync and async)", §5 search
// texts, §7 loadDict, §9 300 ms debounce and page size 10).
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  createLatestGuard,
  debounce,
  filterOptions,
  isTableDict,
  notFoundText,
  SEARCH_DEBOUNCE_MS,
  SEARCH_PAGE_SIZE,
  SEARCH_SELECT_TEXTS,
  withSelectedOption,
} from "~/components/widgets/search-select/search-select-logic";

afterEach(() => {
  vi.useRealTimers();
});

describe("search select texts", () => {
  it("shows 加载中… while loading, 请输入搜索内容 before typing, 没有查询到任何数据 when nothing matched", () => {
    expect(SEARCH_SELECT_TEXTS).toEqual({ noData: "没有查询到任何数据", prompt: "请输入搜索内容", loading: "加载中…" });
    expect(notFoundText({ loading: true, keyword: "li" })).toBe("加载中…");
    expect(notFoundText({ loading: true, keyword: "" })).toBe("加载中…");
    expect(notFoundText({ loading: false, keyword: "" })).toBe("请输入搜索内容");
    expect(notFoundText({ loading: false, keyword: "   " })).toBe("请输入搜索内容");
    expect(notFoundText({ loading: false, keyword: "zz" })).toBe("没有查询到任何数据");
  });
});

describe("sync search", () => {
  const options = [
    { value: "admin", text: "Administrator" },
    { value: "li", text: "Teacher Li" },
    { value: "wang", text: "王老师" },
  ];

  it("filters the given options locally, case-insensitively, on their text", () => {
    expect(filterOptions(options, "ADMIN").map((option) => option.value)).toEqual(["admin"]);
    expect(filterOptions(options, "teacher").map((option) => option.value)).toEqual(["li"]);
    expect(filterOptions(options, "王").map((option) => option.value)).toEqual(["wang"]);
    expect(filterOptions(options, "")).toHaveLength(3);
    expect(filterOptions(options, "nobody")).toEqual([]);
  });
});

describe("async search", () => {
  it("asks for pages of 10 after 300 ms without typing", () => {
    expect(SEARCH_PAGE_SIZE).toBe(10);
    expect(SEARCH_DEBOUNCE_MS).toBe(300);
  });

  it("needs a table dictionary table,text,code", () => {
    expect(isTableDict("sys_user,realname,username")).toBe(true);
    expect(isTableDict("sys_user,realname,username,status=1")).toBe(true);
    expect(isTableDict("sex")).toBe(false);
    expect(isTableDict("sys_user,realname")).toBe(false);
    expect(isTableDict(undefined)).toBe(false);
  });

  it("keeps the current value visible when the page does not hold it", () => {
    const page = [{ value: "li", text: "Teacher Li" }];
    const selected = { value: "admin", text: "管理员" };
    expect(withSelectedOption(page, selected)).toEqual([selected, ...page]);
    expect(withSelectedOption(page, { value: "li", text: "Teacher Li" })).toEqual(page);
    expect(withSelectedOption(page, null)).toEqual(page);
    expect(withSelectedOption([], { value: "", text: "" })).toEqual([]);
  });

  it("uses only the answer to the latest request", () => {
    const guard = createLatestGuard();
    const first = guard.next();
    const second = guard.next();
    expect(guard.isLatest(first)).toBe(false);
    expect(guard.isLatest(second)).toBe(true);
  });

  it("searches once, 300 ms after the last keystroke, with the last text", () => {
    vi.useFakeTimers();
    const searches: string[] = [];
    const search = debounce((text: string) => searches.push(text), SEARCH_DEBOUNCE_MS);
    search("l");
    vi.advanceTimersByTime(200);
    search("li");
    vi.advanceTimersByTime(299);
    expect(searches).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(searches).toEqual(["li"]);
    search("wang");
    search.cancel();
    vi.advanceTimersByTime(1000);
    expect(searches).toEqual(["li"]);
  });
});
