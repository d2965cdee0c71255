// Pure helpers of 菜单管理's tree (unit-tested in tests/unit/menu-admin.test.ts).

export interface MenuTreeRecord {
  id: string;
  name?: unknown;
  menuType?: unknown;
  children?: unknown;
}

export interface ParentOption {
  value: string;
  title: string;
  disabled?: boolean;
  children?: ParentOption[];
}

function childrenOf(record: MenuTreeRecord): MenuTreeRecord[] {
  return Array.isArray(record.children) ? (record.children as MenuTreeRecord[]) : [];
}

/**
 * The 上级菜单 choices: menus and sub-menus (a button cannot hold anything). The row being edited
 * and everything below it are disabled, since a menu cannot move under itself.
 */
export function parentOptions(records: readonly MenuTreeRecord[], editingId?: string): ParentOption[] {
  const walk = (nodes: readonly MenuTreeRecord[], blocked: boolean): ParentOption[] =>
    nodes
      .filter((node) => String(node.menuType) !== "2")
      .map((node) => {
        const inside = blocked || node.id === editingId;
        const children = walk(childrenOf(node), inside);
        return {
          value: node.id,
          title: String(node.name ?? ""),
          ...(inside ? { disabled: true } : {}),
          ...(children.length > 0 ? { children } : {}),
        };
      });
  return walk(records, false);
}

/** Ids of every row that has children (to expand the whole tree). */
export function branchIds(records: readonly MenuTreeRecord[]): string[] {
  const ids: string[] = [];
  const walk = (nodes: readonly MenuTreeRecord[]) => {
    for (const node of nodes) {
      const children = childrenOf(node);
      if (children.length > 0) {
        ids.push(node.id);
        walk(children);
      }
    }
  };
  walk(records);
  return ids;
}

