// Server menu → antd Menu items (docs/spec/app-shell.md §2 "Side menu"): hidden items are left out,
// external links open as plain links, `alwaysShow` parents stay submenus. Before JavaScript a closed
// submenu cannot open, so its title is a link to its first page, where the menu shows it open
// (issue #30 item 8).
import type { MenuProps } from "antd";
import { Link } from "react-router";
import type { MenuNode } from "#contract/permission";
import { MenuIcon } from "./menu-icon";

type Item = Required<MenuProps>["items"][number];

export function isExternal(node: MenuNode): boolean {
  return !!node.meta.url && /^https?:\/\//.test(node.meta.url);
}

/** The first page of a section that the menu shows (a link of its own, not an external one). */
export function firstPageOf(node: MenuNode): string | null {
  for (const child of (node.children ?? []).filter((candidate) => !candidate.hidden)) {
    const inner = child.children?.some((grandchild) => !grandchild.hidden) ? firstPageOf(child) : isExternal(child) ? null : child.path;
    if (inner) return inner;
  }
  return null;
}

/** `sectionLinks`: a submenu's title links to its first page (the menu before JavaScript). */
export function toMenuItems(nodes: MenuNode[], sectionLinks = false): Item[] {
  return nodes
    .filter((node) => !node.hidden)
    .map((node): Item => {
      const visibleChildren = (node.children ?? []).filter((child) => !child.hidden);
      const icon = node.meta.icon ? <MenuIcon name={node.meta.icon} /> : undefined;
      const title = node.meta.title ?? node.name;
      if (visibleChildren.length > 0 || node.alwaysShow) {
        const first = sectionLinks ? firstPageOf(node) : null;
        const label = first ? (
          <a href={first} className="menu-section-link">
            {title}
          </a>
        ) : (
          title
        );
        return { key: node.path, icon, label, children: toMenuItems(visibleChildren, sectionLinks) };
      }
      const label = isExternal(node) ? (
        <a href={node.meta.url} target="_blank" rel="noopener noreferrer">
          {title}
        </a>
      ) : (
        <Link to={node.path} prefetch="intent">
          {title}
        </Link>
      );
      return { key: node.path, icon, label };
    });
}

/** Every node of the tree, depth first. */
export function flattenMenu(nodes: MenuNode[]): MenuNode[] {
  return nodes.flatMap((node) => [node, ...flattenMenu(node.children ?? [])]);
}

/** The keys of the submenus that contain `path` (to open them on first render). */
export function openKeysFor(nodes: MenuNode[], path: string): string[] {
  for (const node of nodes) {
    if (node.path === path) return [];
    if (node.children) {
      const inner = openKeysFor(node.children, path);
      if (inner.length > 0 || node.children.some((child) => child.path === path)) return [node.path, ...inner];
    }
  }
  return [];
}
