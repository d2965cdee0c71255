// The side (or top) menu: selected item follows the route, one root submenu open at a time,
// collapsing remembers and clears the opened submenus (docs/spec/app-shell.md §2 "Side menu").
import { useEffect, useMemo, useRef, useState } from "react";
import { useLocation } from "react-router";
import { Menu } from "antd";
import type { MenuNode } from "#contract/permission";
import { useHydrated } from "~/lib/use-hydrated";
import { openKeysFor, toMenuItems } from "./menu-items";

export function SideMenu({
  menu,
  mode,
  theme,
  collapsed,
  onNavigate,
}: {
  menu: MenuNode[];
  mode: "inline" | "horizontal";
  theme: "dark" | "light";
  collapsed: boolean;
  onNavigate?: () => void;
}) {
  const location = useLocation();
  // Before JavaScript the sections' titles are links to their first pages (menu-items.tsx).
  const hydrated = useHydrated();
  const items = useMemo(() => toMenuItems(menu, !hydrated), [menu, hydrated]);
  const rootKeys = useMemo(() => new Set(menu.map((node) => node.path)), [menu]);
  const [openKeys, setOpenKeys] = useState<string[]>(() => openKeysFor(menu, location.pathname));
  const remembered = useRef<string[]>([]);

  useEffect(() => {
    if (collapsed) {
      remembered.current = openKeys;
      setOpenKeys([]);
    } else if (remembered.current.length > 0) {
      setOpenKeys(remembered.current);
      remembered.current = [];
    }
    // Only the collapse flag drives this; openKeys is read at that moment.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [collapsed]);

  const onOpenChange = (keys: string[]) => {
    const opened = keys.find((key) => !openKeys.includes(key));
    if (opened && rootKeys.has(opened)) setOpenKeys([opened]);
    else setOpenKeys(keys);
  };

  return (
    <Menu
      mode={mode}
      theme={theme}
      items={items}
      selectedKeys={[location.pathname]}
      {...(mode === "inline" ? { openKeys, onOpenChange, inlineCollapsed: collapsed } : {})}
      onClick={() => onNavigate?.()}
      style={mode === "horizontal" ? { flex: 1, minWidth: 0, borderBottom: "none" } : { borderInlineEnd: "none" }}
      aria-label="主菜单"
    />
  );
}
