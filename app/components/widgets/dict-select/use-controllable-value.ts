// A widget's string value: controlled (`value` + `onChange`) inside antd forms and pages, or
// uncontrolled (`defaultValue`) inside a plain <form> where a hidden input carries it. As antd's
// own controls do, a `value` that changes (also back to undefined, e.g. a form reset) replaces
// the inner value; numbers from form initial values are read as text.
import { useState } from "react";

export function useControllableValue<Extra extends unknown[] = []>(
  value: string | undefined,
  defaultValue: string | undefined,
  onChange: ((value: string, ...extra: Extra) => void) | undefined,
): [string, (next: string, ...extra: Extra) => void] {
  const given = value == null ? undefined : String(value);
  const [inner, setInner] = useState(given ?? defaultValue ?? "");
  const [previous, setPrevious] = useState(given);
  if (given !== previous) {
    // Adjusting state while rendering: the new value shows in this very render.
    setPrevious(given);
    setInner(given ?? "");
  }
  const set = (next: string, ...extra: Extra) => {
    setInner(next);
    onChange?.(next, ...extra);
  };
  return [given ?? inner, set];
}
