// Backend failures met while loading a page become route errors with the catalogue's meaning
// (docs/spec/app-shell.md §8), which the error boundaries render in the product's look.
import { data } from "react-router";
import { BackendError } from "./api.server";
import type { Failure, FailureKind } from "./api-errors";

const STATUS: Record<FailureKind, number> = {
  "session-expired": 401,
  unauthorized: 401,
  forbidden: 403,
  "no-permission": 403,
  "not-found": 404,
  timeout: 504,
  business: 500,
  server: 500,
};

export interface RouteFailure {
  failure: Failure;
}

/** Rethrows a BackendError as a route error response; anything else is rethrown as is. */
export function throwRouteFailure(error: unknown): never {
  if (error instanceof BackendError) throw data<RouteFailure>({ failure: error.failure }, { status: STATUS[error.failure.kind] });
  throw error;
}

/** Runs a loader's backend work, turning failures into route errors. */
export async function withRouteFailures<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    return throwRouteFailure(error);
  }
}

/** For actions: the failure as data next to the form, so the page shows it (§8) and stays. */
export function failureData(error: unknown): { ok: false; failure: Failure } {
  if (error instanceof BackendError) return { ok: false, failure: error.failure };
  throw error;
}
