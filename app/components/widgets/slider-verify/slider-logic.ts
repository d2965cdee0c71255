// The drag-to-verify slider (docs/spec/widgets.md §2, §4 "Slider verify"): dragging the handle to the
// end verifies; letting go anywhere before snaps it back to the start.

export const SLIDER_TEXT = { idle: "拖动滑块验证", verified: "验证通过" } as const;
/** How close to the end (px) still counts as the end. */
export const SLIDER_END_TOLERANCE = 2;

/** The handle's furthest offset on a track. */
export function maxOffset(trackWidth: number, handleWidth: number): number {
  return Math.max(0, trackWidth - handleWidth);
}

/** The handle's offset while dragging, kept on the track. */
export function dragOffset(start: number, pointerDelta: number, max: number): number {
  return Math.min(max, Math.max(0, start + pointerDelta));
}

/** Letting go: verified at the end (the handle stays there), otherwise back to 0. */
export function release(offset: number, max: number): { verified: boolean; offset: number } {
  return max > 0 && offset >= max - SLIDER_END_TOLERANCE ? { verified: true, offset: max } : { verified: false, offset: 0 };
}
