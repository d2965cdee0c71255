// The authorise drawer's tree rules, pure (unit-tested without a browser): which keys exist,
// which nodes can expand, what 父子关联 (linked) and 取消关联 (independent) checking mean, and
// what is saved.
import type { PermissionNode } from "./role-api";

/** 父子关联: checking a node checks its subtree; 取消关联: each node on its own. */
export type CheckMode = "linked" | "independent";

export function walk(tree: readonly PermissionNode[], visit: (node: PermissionNode, parent: PermissionNode | null) => void): void {
  const step = (nodes: readonly PermissionNode[], parent: PermissionNode | null) => {
    for (const node of nodes) {
      visit(node, parent);
      if (node.children) step(node.children, node);
    }
  };
  step(tree, null);
}

export function allKeys(tree: readonly PermissionNode[]): string[] {
  const keys: string[] = [];
  walk(tree, (node) => keys.push(node.key));
  return keys;
}

/** Nodes with children: what 展开所有 opens. */
export function branchKeys(tree: readonly PermissionNode[]): string[] {
  const keys: string[] = [];
  walk(tree, (node) => {
    if (node.children?.length) keys.push(node.key);
  });
  return keys;
}

function parents(tree: readonly PermissionNode[]): Map<string, string> {
  const map = new Map<string, string>();
  walk(tree, (node, parent) => {
    if (parent) map.set(node.key, parent.key);
  });
  return map;
}

/**
 * The grants as the linked tree shows them: a node counts as checked only through its leaves, so
 * switching to 父子关联 never grants more than the role has (a checked menu whose buttons are not
 * all granted shows half-checked, and one with none of its buttons shows unchecked).
 */
export function linkedChecked(tree: readonly PermissionNode[], checked: readonly string[]): string[] {
  const granted = new Set(checked);
  const leaves: string[] = [];
  walk(tree, (node) => {
    if (!node.children?.length && granted.has(node.key)) leaves.push(node.key);
  });
  return leaves;
}

/**
 * What is saved. Independent: exactly the checked nodes. Linked: the checked nodes and every
 * ancestor of one (half-checked menus must stay granted, or their pages would vanish from the
 * menu, which hangs children only under granted parents).
 */
export function keysToSave(tree: readonly PermissionNode[], mode: CheckMode, checked: readonly string[]): string[] {
  if (mode === "independent") return [...new Set(checked)];
  const parentOf = parents(tree);
  const keys = new Set<string>();
  for (const key of checked) {
    let current: string | undefined = key;
    while (current !== undefined && !keys.has(current)) {
      keys.add(current);
      current = parentOf.get(current);
    }
  }
  const order = allKeys(tree);
  return order.filter((key) => keys.has(key));
}
