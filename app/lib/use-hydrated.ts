// false while the server renders and during hydration, true after: what a page shows before its
// JavaScript runs (links, plain forms) is the server's HTML, enhanced once hydrated.
import { useSyncExternalStore } from "react";

const subscribe = () => () => {};

export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}

/**
 * For a link whose click the page handles itself once hydrated: a plain click is the page's (the
 * browser does not follow the link); a click with a modifier or another button opens the address
 * as the browser does (a new tab…), and the page does nothing.
 */
export function isPlainClick(event: { button: number; metaKey: boolean; ctrlKey: boolean; shiftKey: boolean; altKey: boolean }): boolean {
  return event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
}
