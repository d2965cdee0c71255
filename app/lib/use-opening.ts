// A dialog's fresh start on each opening, in the render that opens it. Reset in an effect instead,
// the state is cleared a moment after the dialog shows: whatever a person (or a test) typed at once
// is wiped, and the first search runs with it and then again without (docs/decisions/195).
import { useState } from "react";

/**
 * Calls `reset` (which sets this component's own state only) when `open` turns true, including a
 * first render that is already open. React renders the component again at once with the reset
 * state, before anything is shown.
 */
export function useOpening(open: boolean, reset: () => void): void {
  const [wasOpen, setWasOpen] = useState(false);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) reset();
  }
}
