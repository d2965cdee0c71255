// How grids take part in their form (docs/spec/widgets.md §5 "Saving the whole form checks every table
// and jumps to the first tab with an error"): each mounted grid registers with its <form>; the
// first submit is held, every grid of the form is collected (validated), and only a clean form is
// submitted again (its rows join the post as named fields). Without JavaScript nothing is held: the hidden fields
// rendered by the server post as they are. Touches the DOM only when called (server-safe import).
import { GridValidationError } from "./validation";
import type { GridValue } from "./types";

export interface GridController {
  /** The grid's outer element (to find its tab). */
  element: HTMLElement;
  /** Validates every cell and shows the errors; resolves the value and the error count. */
  collect(): Promise<{ value: GridValue; errorCount: number }>;
}

const gridsByForm = new WeakMap<HTMLFormElement, Set<GridController>>();
const wiredForms = new WeakSet<HTMLFormElement>();
const releasedForms = new WeakSet<HTMLFormElement>();

/** Registers a grid with its form; answers the unregistering function. */
export function registerGrid(form: HTMLFormElement, controller: GridController): () => void {
  let grids = gridsByForm.get(form);
  if (!grids) gridsByForm.set(form, (grids = new Set()));
  grids.add(controller);
  if (!wiredForms.has(form)) {
    wiredForms.add(form);
    form.addEventListener("submit", holdSubmit);
  }
  return () => grids!.delete(controller);
}

/**
 * Collects every grid of a form: their values, or a GridValidationError carrying the total error
 * count after switching to the tab of the first grid with errors.
 */
export async function collectGrids(form: HTMLFormElement): Promise<GridValue[]> {
  const grids = [...(gridsByForm.get(form) ?? [])].sort((a, b) =>
    a.element.compareDocumentPosition(b.element) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1,
  );
  const results = await Promise.all(grids.map((grid) => grid.collect()));
  const total = results.reduce((sum, result) => sum + result.errorCount, 0);
  if (total > 0) {
    const first = grids[results.findIndex((result) => result.errorCount > 0)];
    showTabOf(first.element);
    throw new GridValidationError(total, new Map());
  }
  return results.map((result) => result.value);
}

/** Activates the antd tab that holds the element, if it sits in an inactive tab pane. */
export function showTabOf(element: HTMLElement): void {
  const pane = element.closest<HTMLElement>(".ant-tabs-tabpane");
  const tabId = pane?.getAttribute("aria-labelledby");
  if (!pane || !tabId || pane.classList.contains("ant-tabs-tabpane-active")) return;
  document.getElementById(tabId)?.click();
}

/** Set while the keydown of an Enter in a grid's input is being handled (implicit submission). */
let enterInCell = false;

/** The grid's keydown listener: marks an Enter in one of its inputs for the submit that follows. */
export function noteEnterInCell(event: { key: string; target: EventTarget | null }): void {
  if (event.key !== "Enter" || !(event.target instanceof HTMLInputElement)) return;
  enterInCell = true;
  setTimeout(() => (enterInCell = false), 0);
}

function holdSubmit(event: SubmitEvent): void {
  const form = event.currentTarget as HTMLFormElement;
  if (releasedForms.has(form)) {
    releasedForms.delete(form);
    return;
  }
  // Keep React Router's <Form> (listening at the root) from seeing the first submit.
  event.preventDefault();
  event.stopPropagation();
  // Enter in a cell's editor confirms the editor (a date, a select); it does not save the form.
  if (enterInCell) return;
  const submitter = event.submitter;
  collectGrids(form).then(
    () => resubmit(form, submitter),
    (error: unknown) => {
      if (!(error instanceof GridValidationError)) throw error;
    },
  );
}

/**
 * Submits the collected form again: a new submit event for React Router's <Form> (which answers
 * it with a fetch); a plain form that nobody handles is submitted natively.
 */
function resubmit(form: HTMLFormElement, submitter: HTMLElement | null): void {
  releasedForms.add(form);
  const event = new SubmitEvent("submit", { bubbles: true, cancelable: true, submitter: submitter && form.contains(submitter) ? submitter : null });
  const handled = !form.dispatchEvent(event);
  releasedForms.delete(form);
  if (!handled) form.submit();
}
