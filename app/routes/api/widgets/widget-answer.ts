// The wire between the selection widgets (app/components/*) and their resource routes
// (app/routes/api/widgets/*): browsers never call the backend; they ask these routes, which answer
// `{ ok: true, items, total? }` or `{ ok: false, message, kind }` (kind: docs/spec/app-shell.md §8).
// Browser-safe: no server imports here (the server half is widget-answer.server.ts).
import { callRoute, type RouteFailure } from "~/lib/route-call";
import type { Failure } from "~/services/api-errors";

export interface WidgetItems<T> {
  ok: true;
  items: T[];
  /** Paged lists (pickers) also carry the total row count. */
  total?: number;
}

export type WidgetFailure = RouteFailure;

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

/**
 * Asks a widget route. Never throws for a failed answer (only for an aborted request): the caller
 * decides whether a failure is shown (search select, pickers) or silently means "no options"
 * (dictionaries: docs/spec/widgets.md §7 "on failure options are empty").
 */
export function requestWidget<T>(url: string, signal?: AbortSignal): Promise<WidgetAnswer<T>> {
  return callRoute<WidgetAnswer<T>>(url, { signal }, isWidgetAnswer);
}

function isWidgetAnswer<T>(body: unknown): body is WidgetAnswer<T> {
  if (typeof body !== "object" || body === null) return false;
  const answer = body as { ok?: unknown; items?: unknown; message?: unknown };
  if (answer.ok === true) return Array.isArray(answer.items);
  return answer.ok === false && typeof answer.message === "string";
}
