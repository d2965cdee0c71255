// Motion for those who want it: a browser set to reduce motion (the operating system's setting,
// `prefers-reduced-motion: reduce`; WCAG 2.3.3) gets antd's dialogs, popovers, menus and messages
// without their opening and closing animations, as the best admin products do. The end-to-end
// tests browse that way (tests/e2e/support/browser.ts): a click lands where the button is, not
// where it is being moved to by an opening motion (docs/decisions/185).
import { useSyncExternalStore, type ReactNode } from "react";
// The context module alone: the package's index also brings CSSMotion and CSSMotionList (7.6 KB
// gzip) into every page's first paint, the sign-in page's included, which draws no antd motion.
import MotionProvider from "@rc-component/motion/es/context";

const QUERY = "(prefers-reduced-motion: reduce)";

function subscribe(changed: () => void): () => void {
  const media = window.matchMedia(QUERY);
  media.addEventListener("change", changed);
  return () => media.removeEventListener("change", changed);
}

/** Whether the browser asks for reduced motion (false on the server and while hydrating). */
export function usePrefersReducedMotion(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(QUERY).matches,
    () => false,
  );
}

/** antd's motion (through rc-motion's context, which every antd popup reads), off when reduced motion is asked for. */
export function MotionPreference({ children }: { children: ReactNode }) {
  const reduced = usePrefersReducedMotion();
  return <MotionProvider motion={!reduced}>{children}</MotionProvider>;
}
