// Department trees of the contract (§7 "Department tree"): SysDepartTreeModel (`isLeaf` is the
// JSON key here) and DepartIdModel. Pure: records in, nodes out.
import type { ListRecord } from "../../../crud/page";

export interface DepartTreeNode extends ListRecord {
  key: string;
  value: string;
  title: string;
  isLeaf: boolean;
  children: DepartTreeNode[] | null;
}

export interface DepartIdNode {
  key: string;
  value: string;
  title: string;
  children: DepartIdNode[] | null;
}

/**
 * Nests records (already in display order) by parentId; a record whose parent is not among them
 * is a root. Leaves carry `children: null`, as the original's setEmptyChildrenAsNull.
 */
export function departTree(records: readonly ListRecord[]): DepartTreeNode[] {
  const nodes = new Map<string, DepartTreeNode>();
  for (const record of records) {
    const id = String(record.id);
    nodes.set(id, { ...record, key: id, value: id, title: String(record.departName ?? ""), isLeaf: true, children: null });
  }
  const roots: DepartTreeNode[] = [];
  for (const record of records) {
    const node = nodes.get(String(record.id))!;
    const parent = record.parentId ? nodes.get(String(record.parentId)) : undefined;
    if (parent && parent !== node) {
      (parent.children ??= []).push(node);
      parent.isLeaf = false;
    } else roots.push(node);
  }
  return roots;
}

export function departIdTree(nodes: readonly DepartTreeNode[]): DepartIdNode[] {
  return nodes.map((node) => ({
    key: node.key,
    value: node.value,
    title: node.title,
    children: node.children ? departIdTree(node.children) : null,
  }));
}
