// The React keys of the grid's rendered rows. A scroll that jumps past every rendered row (a drag of
// the scrollbar, a jump to a row, 2,000 px in a frame) would otherwise unmount all of them and mount
// as many new ones, their inputs and their styles created again; with these keys the new rows take
// the old rows' elements in the same order, and React only updates what differs (no node moves).
// A scroll that keeps some rows gives its new rows new keys, as keys by row id would: reusing the
// leaving rows' keys there would make React move their elements to the other end.

/** The rows rendered last, with their keys (same order). */
export interface RenderedRowKeys {
  ids: readonly string[];
  keys: readonly string[];
}

/**
 * The keys of `ids` (the rows to render, in order) after `previous`: a row rendered before keeps its
 * key; when none is, the new rows take the old keys in order, except the key of `keep` (the row
 * holding the focus, whose elements must not show another row); the rest get `fresh()` keys.
 */
export function recycledRowKeys(previous: RenderedRowKeys, ids: readonly string[], keep: string | null, fresh: () => string): string[] {
  const previousKey = new Map<string, string>();
  previous.ids.forEach((id, index) => previousKey.set(id, previous.keys[index]!));
  if (ids.some((id) => previousKey.has(id))) return ids.map((id) => previousKey.get(id) ?? fresh());
  const free = previous.keys.filter((_, index) => previous.ids[index] !== keep);
  return ids.map((_, index) => free[index] ?? fresh());
}
