// The lazy tree of the 分类字典 table: the roots come with the page, a row's children when it is
// first expanded (JeecgBoot SysCategoryList). Pure functions, unit-tested.
import type { ListRecord } from "~/services/list.server";

export type CategoryRow = ListRecord & { children?: CategoryRow[]; parentName?: string };

/** Children loaded so far, by parent id. */
export type LoadedChildren = Readonly<Record<string, readonly ListRecord[]>>;

export const hasChildren = (row: ListRecord) => String(row.hasChild ?? "") === "1";

/**
 * The table's rows: a row with children gets its loaded children, or an empty list until they
 * arrive (so the table shows its expand icon); a leaf gets none. Each child knows its parent's
 * name (the form's 父级节点).
 */
export function treeRows(records: readonly ListRecord[], loaded: LoadedChildren, parentName?: string, depth = 0): CategoryRow[] {
  return records.map((record) => {
    const row: CategoryRow = { ...record, ...(parentName !== undefined ? { parentName } : {}) };
    const children = loaded[record.id];
    // A loaded answer wins over a stale has_child: the last child may just have been deleted.
    if (children) {
      if (children.length > 0 && depth < 32) row.children = treeRows(children, loaded, String(record.name ?? ""), depth + 1);
      else delete row.children;
    } else if (hasChildren(record)) row.children = [];
    else delete row.children;
    return row;
  });
}
