// The browser's calls to the web app's own resource routes (widgets, notices, role drawers…):
// JSON answers `{ ok: true, … }` or `{ ok: false, message, kind }` (kind: docs/spec/app-shell.md §8).
// Never throws for a failed answer, only for an aborted request. A signed-out browser is
// redirected by the route guard, which fetch (redirect: manual) sees as a redirect.
import { Messages } from "#contract/messages";
import type { FailureKind } from "~/services/api-errors";

export interface RouteFailure {
  ok: false;
  message: string;
  kind: FailureKind;
}

export type RouteAnswer<T> = ({ ok: true } & T) | RouteFailure;

const SESSION_ENDED: RouteFailure = { ok: false, kind: "unauthorized", message: Messages.sessionExpired };

/** Calls `url`; `accept` tells a well-formed answer (default: any object with `ok`). */
export async function callRoute<Answer>(
  url: string,
  init: RequestInit = {},
  accept: (body: unknown) => boolean = (body) => typeof body === "object" && body !== null && "ok" in body,
): Promise<Answer | RouteFailure> {
  let response: Response;
  try {
    response = await fetch(url, { ...init, headers: { Accept: "application/json", ...init.headers }, redirect: "manual" });
  } catch (error) {
    if ((error as Error).name === "AbortError") throw error;
    return { ok: false, kind: "timeout", message: Messages.networkTimeout };
  }
  if (response.type === "opaqueredirect" || (response.status >= 300 && response.status < 400)) return SESSION_ENDED;
  try {
    const body = (await response.json()) as unknown;
    if (accept(body)) return body as Answer;
  } catch {
    // Not JSON: fall through to the HTTP status.
  }
  return { ok: false, kind: "server", message: `HTTP ${response.status}` };
}

/** A form POST (urlencoded fields) to a route action. */
export function postRoute<Answer>(url: string, fields: Record<string, string> = {}): Promise<Answer | RouteFailure> {
  return callRoute<Answer>(url, { method: "POST", body: new URLSearchParams(fields) });
}
