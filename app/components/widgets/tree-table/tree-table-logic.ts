// The tree table (JTreeTable, docs/spec/widgets.md §3 "Tree-table node", §4 "Tree table", §7): a row
// with children shows a placeholder child `loading...` until it is expanded; its children are then
// loaded (by the parent key, default parentId) and replace the placeholder, or, when none come
// back, the row loses its children. An answer that is neither an array nor has a `records` array
// is an error. Pure: unit-tested in tests/unit/widget-small.test.ts.

export const TREE_LOADING_TEXT = "loading...";
export const TREE_UNKNOWN_ANSWER = "returned data type not recognised";
export const TREE_PARENT_KEY = "parentId";
/** The placeholder child's id suffix (the original's `_loadChild`). */
export const PLACEHOLDER_SUFFIX = "_loadChild";

export interface TreeRow {
  id: string;
  hasChildren?: boolean | string | number;
  children?: TreeRow[];
  [field: string]: unknown;
}

export function isPlaceholder(row: TreeRow): boolean {
  return row.id.endsWith(PLACEHOLDER_SUFFIX) && row.placeholder === true;
}

/** Whether a row says it has children (`true`, "1", 1 or "true"). */
export function hasChildren(row: TreeRow): boolean {
  const flag = row.hasChildren;
  return flag === true || flag === 1 || flag === "1" || flag === "true";
}

/** Rows as shown: each row with children gets the placeholder child until loaded. */
export function withPlaceholders(rows: readonly TreeRow[], labelField: string): TreeRow[] {
  return rows.map((row) =>
    hasChildren(row) && !row.children
      ? { ...row, children: [{ id: `${row.id}${PLACEHOLDER_SUFFIX}`, placeholder: true, [labelField]: TREE_LOADING_TEXT }] }
      : row,
  );
}

/** The rows of a tree-table answer: an array, `{ records: [] }` (or our widget routes' `{ items: [] }`). */
export function rowsOfAnswer(answer: unknown): TreeRow[] {
  if (Array.isArray(answer)) return answer as TreeRow[];
  if (answer && typeof answer === "object") {
    const body = answer as { records?: unknown; items?: unknown; result?: unknown };
    if (Array.isArray(body.records)) return body.records as TreeRow[];
    if (Array.isArray(body.items)) return body.items as TreeRow[];
    if (body.result !== undefined && body.result !== answer) return rowsOfAnswer(body.result);
  }
  throw new Error(TREE_UNKNOWN_ANSWER);
}

/** The tree with the children of `parentId` set (placeholders added to them); none → no children. */
export function setChildren(rows: readonly TreeRow[], parentId: string, children: readonly TreeRow[], labelField: string): TreeRow[] {
  return rows.map((row) => {
    if (row.id === parentId) {
      const next: TreeRow = { ...row };
      if (children.length > 0) next.children = withPlaceholders(children, labelField);
      else delete next.children;
      return next;
    }
    return row.children ? { ...row, children: setChildren(row.children, parentId, children, labelField) } : row;
  });
}

/** Whether the row's children are still the placeholder (i.e. they must be loaded on expand). */
export function needsLoading(row: TreeRow): boolean {
  return row.children?.length === 1 && isPlaceholder(row.children[0]!);
}

/** The URL of a level: the parent key (default parentId) and the extra query. */
export function levelUrl(url: string, parentKey: string, parentId: string | null, query: Record<string, string> = {}): string {
  const search = new URLSearchParams(query);
  if (parentId !== null) search.set(parentKey, parentId);
  const text = search.toString();
  return text ? `${url}${url.includes("?") ? "&" : "?"}${text}` : url;
}
