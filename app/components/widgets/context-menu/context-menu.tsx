// A context menu: right-click (or the context-menu key) on the children opens the items at the
// pointer, kept inside the window; a choice, a click elsewhere or Escape closes it.
import { useEffect, useRef, useState, type ReactNode } from "react";
import { Menu } from "antd";
import type { MenuProps } from "antd";
import { menuPosition, type Point } from "./context-menu-logic";

export interface ContextMenuProps {
  items: NonNullable<MenuProps["items"]>;
  onSelect: (key: string) => void;
  children: ReactNode;
}

export function ContextMenu({ items, onSelect, children }: ContextMenuProps) {
  const [at, setAt] = useState<Point | null>(null);
  const menu = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!at) return;
    const element = menu.current;
    if (element) {
      const placed = menuPosition(at, element.getBoundingClientRect(), { width: window.innerWidth, height: window.innerHeight });
      if (placed.x !== at.x || placed.y !== at.y) setAt(placed);
    }
    const close = (event: Event) => {
      if (event instanceof KeyboardEvent && event.key !== "Escape") return;
      if (event.target instanceof Node && menu.current?.contains(event.target)) return;
      setAt(null);
    };
    document.addEventListener("mousedown", close);
    document.addEventListener("keydown", close);
    return () => {
      document.removeEventListener("mousedown", close);
      document.removeEventListener("keydown", close);
    };
  }, [at]);

  return (
    <div
      onContextMenu={(event) => {
        event.preventDefault();
        setAt({ x: event.clientX, y: event.clientY });
      }}
    >
      {children}
      {at ? (
        <div
          ref={menu}
          role="presentation"
          style={{ position: "fixed", left: at.x, top: at.y, zIndex: 1050, boxShadow: "0 6px 16px rgba(0,0,0,.12)", borderRadius: 8 }}
        >
          <Menu
            items={items}
            selectable={false}
            style={{ borderRadius: 8 }}
            onClick={({ key }) => {
              setAt(null);
              onSelect(key);
            }}
          />
        </div>
      ) : null}
    </div>
  );
}
