// Pure rules of the search select (docs/spec/widgets.md §2 "search select (sync and async)", §5
// "Dictionary" search texts, §7 loadDict/loadDictItem, §9 debounce and page size).
// Unit-tested in tests/unit/widget-search-select.test.ts.
import { textMatches, type DictOption } from "../dict-select/dict-options";

/** docs/spec/widgets.md §5 "Dictionary: Search". */
export const SEARCH_SELECT_TEXTS = {
  noData: "没有查询到任何数据",
  prompt: "请输入搜索内容",
  loading: "加载中…",
} as const;

/** docs/spec/widgets.md §9: dictionary search debounce 300 ms, async search page size 10. */
export const SEARCH_DEBOUNCE_MS = 300;
export const SEARCH_PAGE_SIZE = 10;

/** The text of an empty dropdown: loading, nothing typed yet, or nothing found. */
export function notFoundText(state: { loading: boolean; keyword: string }): string {
  if (state.loading) return SEARCH_SELECT_TEXTS.loading;
  if (state.keyword.trim() === "") return SEARCH_SELECT_TEXTS.prompt;
  return SEARCH_SELECT_TEXTS.noData;
}

/** Local (sync) filtering: case-insensitive "contains" on the option text. */
export function filterOptions(options: readonly DictOption[], keyword: string): DictOption[] {
  return options.filter((option) => textMatches(option.text, keyword));
}

/** A table dictionary `table,text,code[,condition]` (contract §7); the async mode needs one. */
export function isTableDict(dict: string | null | undefined): boolean {
  return (dict ?? "").split(",").length >= 3;
}

/**
 * The options with the selected one kept visible: an async page may not contain the current
 * value, whose text came from loadDictItem.
 */
export function withSelectedOption(options: readonly DictOption[], selected: DictOption | null): DictOption[] {
  if (!selected || selected.value === "" || options.some((option) => option.value === selected.value)) return [...options];
  return [selected, ...options];
}

/** Tickets for requests in flight: only the answer to the latest one is used. */
export function createLatestGuard(): { next(): number; isLatest(ticket: number): boolean } {
  let last = 0;
  return {
    next: () => ++last,
    isLatest: (ticket) => ticket === last,
  };
}

export interface Debounced<Args extends unknown[]> {
  (...args: Args): void;
  cancel(): void;
}

/** Calls `run` once `wait` ms have passed without a new call (search as you type). */
export function debounce<Args extends unknown[]>(run: (...args: Args) => void, wait: number): Debounced<Args> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const debounced = (...args: Args) => {
    if (timer !== undefined) clearTimeout(timer);
    timer = setTimeout(() => {
      timer = undefined;
      run(...args);
    }, wait);
  };
  debounced.cancel = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
  };
  return debounced;
}
