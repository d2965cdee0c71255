// The department tree of 部门管理 as the page uses it: the nodes of /sys/sysDepart/queryTreeList
// (contract §7 "Department tree") reduced to what the page shows, and the lookups the page needs.
// Pure, so every rule is unit-tested.

export interface DepartNode {
  /** The department id (tree key). */
  key: string;
  title: string;
  parentId: string | null;
  orgCode: string;
  orgCategory: string;
  departOrder: number | null;
  mobile: string;
  fax: string;
  address: string;
  memo: string;
  children: DepartNode[] | null;
}

const text = (value: unknown) => (value === null || value === undefined ? "" : String(value));

/** Backend tree nodes (any extra fields) → page nodes. */
export function toDepartNodes(raw: readonly Record<string, unknown>[]): DepartNode[] {
  return raw.map((node) => {
    const children = Array.isArray(node.children) ? toDepartNodes(node.children as Record<string, unknown>[]) : null;
    const order = node.departOrder === null || node.departOrder === undefined || node.departOrder === "" ? null : Number(node.departOrder);
    return {
      key: text(node.key ?? node.id),
      title: text(node.title ?? node.departName),
      parentId: node.parentId ? text(node.parentId) : null,
      orgCode: text(node.orgCode),
      orgCategory: text(node.orgCategory),
      departOrder: Number.isFinite(order) ? order : null,
      mobile: text(node.mobile),
      fax: text(node.fax),
      address: text(node.address),
      memo: text(node.memo),
      children: children && children.length > 0 ? children : null,
    };
  });
}

export function findDepart(nodes: readonly DepartNode[] | null, key: string): DepartNode | undefined {
  for (const node of nodes ?? []) {
    if (node.key === key) return node;
    const found = findDepart(node.children, key);
    if (found) return found;
  }
  return undefined;
}

/** The keys from a root down to `key`'s parent (what must be expanded to show it); [] if unknown. */
export function ancestorKeys(nodes: readonly DepartNode[] | null, key: string): string[] {
  return pathTo(nodes, key) ?? [];
}

function pathTo(nodes: readonly DepartNode[] | null, key: string): string[] | null {
  for (const node of nodes ?? []) {
    if (node.key === key) return [];
    const below = pathTo(node.children, key);
    if (below) return [node.key, ...below];
  }
  return null;
}

/** The URL's department if it is in the tree, else the first root (JeecgBoot selects it), else none. */
export function selectedDepart(nodes: readonly DepartNode[], wanted: string | null): DepartNode | undefined {
  return (wanted ? findDepart(nodes, wanted) : undefined) ?? nodes[0];
}

/** Every key of the tree that has children (展开全部). */
export function parentKeys(nodes: readonly DepartNode[] | null): string[] {
  const keys: string[] = [];
  for (const node of nodes ?? []) {
    if (node.children) keys.push(node.key, ...parentKeys(node.children));
  }
  return keys;
}

/** 机构类型 choices (JeecgBoot's orgCategoryOptions): a top-level department is a company. */
export const ORG_CATEGORY_OPTIONS = {
  root: [{ value: "1", label: "公司" }],
  child: [
    { value: "2", label: "部门" },
    { value: "3", label: "岗位" },
  ],
} as const;

/** A 岗位 (position) has no departments below it. */
export const POST_CATEGORY = "3";
