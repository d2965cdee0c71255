// Where the context menu opens (docs/spec/widgets.md §2 "A context menu"): at the pointer, moved back
// inside the window when it would overflow on the right or at the bottom.

export interface Point {
  x: number;
  y: number;
}

export function menuPosition(pointer: Point, menu: { width: number; height: number }, viewport: { width: number; height: number }): Point {
  const x = pointer.x + menu.width > viewport.width ? Math.max(0, pointer.x - menu.width) : pointer.x;
  const y = pointer.y + menu.height > viewport.height ? Math.max(0, pointer.y - menu.height) : pointer.y;
  return { x, y };
}
