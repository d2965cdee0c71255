// The generic modal's fullscreen rule (docs/spec/app-shell.md §2 "Dialogs").
import { describe, expect, it } from "vitest";
import { initialFullscreenState, syncOpen, toggleFullscreen } from "~/components/shell/modal/fullscreen-state";

describe("generic modal fullscreen state", () => {
  it("starts from the fullscreen prop", () => {
    expect(initialFullscreenState(true, true)).toEqual({ open: true, fullscreen: true });
    expect(initialFullscreenState(false, false)).toEqual({ open: false, fullscreen: false });
  });
  it("toggles between fullscreen and normal size", () => {
    const normal = initialFullscreenState(true, false);
    expect(toggleFullscreen(normal).fullscreen).toBe(true);
    expect(toggleFullscreen(toggleFullscreen(normal)).fullscreen).toBe(false);
  });
  it("resets to the prop on each opening, forgetting the last toggle", () => {
    let state = initialFullscreenState(false, false);
    state = syncOpen(state, true, false);
    state = toggleFullscreen(state);
    expect(state.fullscreen).toBe(true);
    state = syncOpen(state, false, false);
    state = syncOpen(state, true, false);
    expect(state).toEqual({ open: true, fullscreen: false });
  });
  it("re-applies a fullscreen prop that is true on each opening", () => {
    let state = initialFullscreenState(false, true);
    state = syncOpen(state, true, true);
    state = toggleFullscreen(state);
    expect(state.fullscreen).toBe(false);
    state = syncOpen(syncOpen(state, false, true), true, true);
    expect(state.fullscreen).toBe(true);
  });
  it("uses the prop value current at the opening", () => {
    const state = syncOpen(initialFullscreenState(false, false), true, true);
    expect(state.fullscreen).toBe(true);
  });
  it("keeps the size while closing", () => {
    const open = toggleFullscreen(syncOpen(initialFullscreenState(false, false), true, false));
    expect(syncOpen(open, false, false)).toEqual({ open: false, fullscreen: true });
  });
  it("does not reset while staying open, even if the prop changes", () => {
    const open = toggleFullscreen(syncOpen(initialFullscreenState(false, false), true, false));
    expect(syncOpen(open, true, false)).toBe(open);
    expect(syncOpen(open, true, true)).toBe(open);
  });
});
