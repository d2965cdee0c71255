// The wire between the selection widgets (app/components/*) and their resource routes
// (app/routes/api/widgets/*): browsers never call the backend; they ask these routes, which answer
// `{ ok: true, items, total? }` or `{ ok: false, message, kind }` (kind: spec/app-shell.md §8).
// Browser-safe: no server imports here (the server half is widget-answer.server.ts).
import { Messages } from "#contract/messages";
import type { Failure, FailureKind } from "~/services/api-errors";

export interface WidgetItems<T> {
  ok: true;
  items: T[];
  /** Paged lists (pickers) also carry the total row count. */
  total?: number;
}

export interface WidgetFailure {
  ok: false;
  message: string;
  kind: FailureKind;
}

export type WidgetAnswer<T> = WidgetItems<T> | WidgetFailure;

export type WidgetQuery = Record<string, string | number | boolean | null | undefined>;

/** A widget route URL: empty and missing parameters are left out so URLs stay short. */
export function widgetUrl(path: string, query: WidgetQuery = {}): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === "") continue;
    search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `${path}?${text}` : path;
}

/** The failure in the shape the shell's feedback (components/feedback) shows. */
export function failureOf(answer: WidgetFailure): Failure {
  return { kind: answer.kind, message: answer.message, status: 0 };
}

/** A signed-out browser is redirected to the login page by the route guard; fetch sees that redirect. */
const SESSION_ENDED: WidgetFailure = { ok: false, kind: "unauthorized", message: Messages.sessionExpired };

/**
 * Asks a widget route. Never throws for a failed answer (only for an aborted request): the caller
 * decides whether a failure is shown (search select, pickers) or silently means "no options"
 * (dictionaries: spec/widgets.md §7 "on failure options are empty").
 */
export async function requestWidget<T>(url: string, signal?: AbortSignal): Promise<WidgetAnswer<T>> {
  let response: Response;
  try {
    response = await fetch(url, { headers: { Accept: "application/json" }, redirect: "manual", signal });
  } catch (error) {
    if ((error as Error).name === "AbortError") throw error;
    return { ok: false, kind: "timeout", message: Messages.networkTimeout };
  }
  if (response.type === "opaqueredirect" || (response.status >= 300 && response.status < 400)) return SESSION_ENDED;
  try {
    const body = (await response.json()) as unknown;
    if (isWidgetAnswer<T>(body)) return body;
  } catch {
    // Not JSON: fall through to the HTTP status.
  }
  return { ok: false, kind: "server", message: `HTTP ${response.status}` };
}

function isWidgetAnswer<T>(body: unknown): body is WidgetAnswer<T> {
  if (typeof body !== "object" || body === null) return false;
  const answer = body as { ok?: unknown; items?: unknown; message?: unknown };
  if (answer.ok === true) return Array.isArray(answer.items);
  return answer.ok === false && typeof answer.message === "string";
}
