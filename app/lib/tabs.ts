// The multi-tab strip's rules (docs/spec/app-shell.md §2 "Tabs"), pure so every rule is unit-tested.
// A tab is a page (by pathname) that remembers its full URL, so returning to it restores its
// list filters, sort and page (docs/architecture.md: the URL replaces keep-alive).
import { HOME_PATH } from "~/config";

export interface Tab {
  /** The page: the pathname. */
  key: string;
  /** The full URL last seen in this tab (pathname + search). */
  url: string;
  title: string;
}

export const TAB_MESSAGES = {
  homeFixed: "首页不能关闭!",
  lastTab: "这是最后一页，不能再关闭了啦",
} as const;

export type TabOutcome = { tabs: Tab[]; navigateTo?: string; warning?: string };

export function homeTab(title = "首页"): Tab {
  return { key: HOME_PATH, url: HOME_PATH, title };
}

/**
 * Home is always first; visiting a page adds its tab or updates the URL it remembers. A page
 * without a title (403, 404 and other pages outside the menu) opens no tab: it would stay as an
 * untitled tab that leads nowhere useful.
 */
export function visitTab(tabs: Tab[], visited: Tab): Tab[] {
  const withHome = tabs.some((tab) => tab.key === HOME_PATH) ? tabs : [homeTab(), ...tabs];
  if (!visited.title && !withHome.some((tab) => tab.key === visited.key)) return withHome;
  const index = withHome.findIndex((tab) => tab.key === visited.key);
  if (index < 0) return [...withHome, visited];
  const current = withHome[index]!;
  if (current.url === visited.url && current.title === visited.title) return withHome;
  const next = withHome.slice();
  next[index] = { ...current, url: visited.url, title: visited.title || current.title };
  return next;
}

/** Home shows no close button (it never closes). */
export function isClosable(tab: Tab): boolean {
  return tab.key !== HOME_PATH;
}

/** Closing a tab: home never closes, the last tab never closes, the active one moves to a neighbour. */
export function closeTab(tabs: Tab[], key: string, activeKey: string): TabOutcome {
  if (key === HOME_PATH) return { tabs, warning: TAB_MESSAGES.homeFixed };
  if (tabs.length <= 1) return { tabs, warning: TAB_MESSAGES.lastTab };
  const index = tabs.findIndex((tab) => tab.key === key);
  if (index < 0) return { tabs };
  const next = tabs.filter((tab) => tab.key !== key);
  if (key !== activeKey) return { tabs: next };
  const neighbour = next[Math.min(index, next.length - 1)] ?? next[next.length - 1]!;
  return { tabs: next, navigateTo: neighbour.url };
}

/** Context menu: close the tabs left of, right of, or other than `key` (home always stays). */
export function closeOthers(tabs: Tab[], key: string, side: "left" | "right" | "others", activeKey: string): TabOutcome {
  const index = tabs.findIndex((tab) => tab.key === key);
  if (index < 0) return { tabs };
  const next = tabs.filter((tab, position) => {
    if (tab.key === HOME_PATH || tab.key === key) return true;
    if (side === "left") return position > index;
    if (side === "right") return position < index;
    return false;
  });
  const activeStays = next.some((tab) => tab.key === activeKey);
  return activeStays ? { tabs: next } : { tabs: next, navigateTo: tabs[index]!.url };
}

/** Tabs as stored in localStorage survive a reload; anything malformed is dropped. */
export function parseStoredTabs(text: string | null): Tab[] {
  if (!text) return [];
  try {
    const value: unknown = JSON.parse(text);
    if (!Array.isArray(value)) return [];
    return value.filter(
      (tab): tab is Tab =>
        !!tab && typeof tab.key === "string" && typeof tab.url === "string" && typeof tab.title === "string" && tab.url.startsWith("/") && !tab.url.startsWith("//"),
    );
  } catch {
    return [];
  }
}
