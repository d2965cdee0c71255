// The generic modal's fullscreen state (docs/spec/app-shell.md §2 "Dialogs": "Generic modal with
// optional fullscreen toggle; fullscreen resets to its prop on each opening"), pure so the rule is
// unit-tested without rendering.

export interface FullscreenState {
  /** The `open` prop last seen, to notice each opening. */
  open: boolean;
  /** Whether the modal is currently shown fullscreen. */
  fullscreen: boolean;
}

/** The state on first render: the `fullscreen` prop as given. */
export function initialFullscreenState(open: boolean, fullscreenProp: boolean): FullscreenState {
  return { open, fullscreen: fullscreenProp };
}

/**
 * Follows the `open` prop. Each opening (closed → open) re-applies the `fullscreen` prop (§2), so a
 * toggle made during the last opening is forgotten. Closing keeps the current value so the dialog
 * does not jump size while its closing animation plays. Returns the same object when nothing
 * changed, so calling it during every render is cheap and does not loop.
 */
export function syncOpen(state: FullscreenState, open: boolean, fullscreenProp: boolean): FullscreenState {
  if (open === state.open) return state;
  return open ? { open: true, fullscreen: fullscreenProp } : { open: false, fullscreen: state.fullscreen };
}

/** The title-bar toggle: switches between fullscreen and normal size. */
export function toggleFullscreen(state: FullscreenState): FullscreenState {
  return { ...state, fullscreen: !state.fullscreen };
}
