// Reacts once to each answer a fetcher brings back (a toast, closing a dialog, stepping a page
// back): the effect runs when the fetcher is idle again with new data, never on re-renders.
import { useEffect, useRef } from "react";

export function useFetcherAnswer<Answer>(fetcher: { state: string; data: Answer | undefined }, onAnswer: (answer: Answer) => void): void {
  const latest = useRef(onAnswer);
  useEffect(() => {
    latest.current = onAnswer;
  });
  useEffect(() => {
    if (fetcher.state !== "idle" || fetcher.data === undefined || fetcher.data === null) return;
    latest.current(fetcher.data);
  }, [fetcher.data, fetcher.state]);
}
