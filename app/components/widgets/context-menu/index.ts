// Context menu: items opened at the pointer on right-click, kept inside the window (docs/spec/widgets.md §2).
export { ContextMenu, type ContextMenuProps } from "./context-menu";
export { menuPosition } from "./context-menu-logic";
