// Menu search of the header (docs/spec/app-shell.md §2): every non-hidden menu entry except pure
// route-view containers, filtered by title with a case-insensitive "contains".
import type { MenuNode } from "#contract/permission";

export interface SearchEntry {
  path: string;
  title: string;
  external: boolean;
  url?: string;
}

export function searchableEntries(nodes: MenuNode[]): SearchEntry[] {
  const entries: SearchEntry[] = [];
  const walk = (list: MenuNode[]) => {
    for (const node of list) {
      if (node.hidden) continue;
      const container = (node.component ?? "").includes("RouteView") || (node.children?.length ?? 0) > 0;
      if (!container)
        entries.push({ path: node.path, title: node.meta.title ?? node.name, external: !!node.meta.url, url: node.meta.url });
      if (node.children) walk(node.children);
    }
  };
  walk(nodes);
  return entries;
}

export function filterEntries(entries: SearchEntry[], text: string): SearchEntry[] {
  const needle = text.trim().toLowerCase();
  if (!needle) return entries;
  return entries.filter((entry) => entry.title.toLowerCase().includes(needle));
}

/** The trail of menu nodes from the top to `path` (breadcrumb, tab titles), or []. */
export function menuTrail(nodes: MenuNode[], path: string): MenuNode[] {
  for (const node of nodes) {
    if (node.path === path) return [node];
    if (node.children) {
      const inner = menuTrail(node.children, path);
      if (inner.length > 0) return [node, ...inner];
    }
  }
  return [];
}
