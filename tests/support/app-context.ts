// The router context of tests that call loaders, actions and services directly: the same services
// server.ts builds once (app/services/app-context.server.ts, docs/decisions/183), for a backend at
// `backendUrl` reached over HTTP.
import type { RouterContextProvider } from "react-router";
import { createAppContext, routerContextOf, type AppContext, type RouteArgs } from "~/services/app-context.server";
import { readWebConfig, type Environment } from "~/services/env.server";

/** The app's services for a backend at `backendUrl`; `env` adds or overrides settings (CAS_URL, …). */
export function testApp(backendUrl: string, env: Environment = {}): AppContext {
  return createAppContext(readWebConfig({ SESSION_SECRET: "test-session-secret", ...env }, backendUrl));
}

/** A request's router context holding `app`. */
export function testContext(app: AppContext): RouterContextProvider {
  return routerContextOf(app);
}

/** The arguments of a loader or action answering `request` (no route parameters unless given). */
export function routeArgs(app: AppContext, request: Request, params: Record<string, string> = {}): RouteArgs & { url: URL; params: Record<string, string> } {
  return { request, url: new URL(request.url), params, context: testContext(app) };
}
