// The grid's row keys (app/components/widgets/grid/row-keys.ts): a long scroll reuses the rendered
// rows' elements in order, a short one keeps each row's own key, the focused row's key is never
// handed to another row, and keys stay unique.
import { describe, expect, it } from "vitest";
import { recycledRowKeys, type RenderedRowKeys } from "~/components/widgets/grid/row-keys";

const ids = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, offset) => `r${from + offset}`);

/** New keys count up per grid (the grid's counter lives as long as the grid). */
function keysAfter(previous: RenderedRowKeys, next: string[], keep: string | null = null, counter = { value: 0 }) {
  return recycledRowKeys(previous, next, keep, () => `new${(counter.value += 1)}`);
}

describe("grid row keys", () => {
  const first = { ids: ids(0, 5), keys: ["a", "b", "c", "d", "e", "f"] };

  it("hands a jump's new rows the old keys, in order", () => {
    expect(keysAfter(first, ids(100, 105))).toEqual(["a", "b", "c", "d", "e", "f"]);
  });

  it("gives new keys to the rows beyond the old ones", () => {
    expect(keysAfter(first, ids(100, 107))).toEqual(["a", "b", "c", "d", "e", "f", "new1", "new2"]);
    expect(keysAfter(first, ids(100, 102))).toEqual(["a", "b", "c"]);
  });

  it("keeps each row's key on a short scroll, and new rows get new keys", () => {
    expect(keysAfter(first, ids(2, 7))).toEqual(["c", "d", "e", "f", "new1", "new2"]);
    expect(keysAfter(first, ids(-1, 4))).toEqual(["new1", "a", "b", "c", "d", "e"]);
  });

  it("never hands the focused row's key to another row", () => {
    const keys = keysAfter(first, ids(100, 105), "r2");
    expect(keys).not.toContain("c");
    expect(keys).toEqual(["a", "b", "d", "e", "f", "new1"]);
  });

  it("answers unique keys", () => {
    let rendered: RenderedRowKeys = first;
    const counter = { value: 0 };
    for (const start of [3, 50, 51, 400, 399, 0, 9000]) {
      const next = ids(start, start + 5);
      const keys = keysAfter(rendered, next, next[1]!, counter);
      expect(new Set(keys).size).toBe(keys.length);
      rendered = { ids: next, keys };
    }
  });
});
