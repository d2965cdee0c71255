// What the first screen does not need (charts, the code of the pages a person may open next) waits
// until the browser is idle after the page is shown, so that it never competes with the page's own
// code and data for the network or the processor (issue #35 item 3, docs/decisions/173).
import { useEffect, useState } from "react";

/** Runs `work` once the browser is idle (at the latest after `timeoutMs`); returns the cancel. */
export function whenIdle(work: () => void, timeoutMs = 4000): () => void {
  if (typeof window.requestIdleCallback === "function") {
    const handle = window.requestIdleCallback(work, { timeout: timeoutMs });
    return () => window.cancelIdleCallback(handle);
  }
  const timer = window.setTimeout(work, Math.min(timeoutMs, 2000));
  return () => window.clearTimeout(timer);
}

/** false on the server, during hydration and until the browser is first idle after it; then true. */
export function useIdle(timeoutMs?: number): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => whenIdle(() => setIdle(true), timeoutMs), [timeoutMs]);
  return idle;
}
