// The web server's services, built once by server.ts when it starts and handed to every loader and
// action through React Router's context (docs/decisions/183): the way to the backend, the notice
// bridge, the backends' web events and the settings. A loader reads them with `appOf(context)`;
// tests build one with tests/support/app-context.ts. server.ts is bundled apart from the app build
// (and Vite reloads the app's modules in development), so it takes the context key from the build
// it serves (`appContext`, exported by app/entry.server.tsx): the values stay the ones it built.
import { createContext, RouterContextProvider, type RouterContext, type ServerBuild } from "react-router";
import type { WebConfig } from "./env.server";
import { overHttp, type BackendTransport } from "./in-process-backend.server";
import { NoticeBridge } from "./notice-bridge.server";
import { WebEventHub } from "./web-events.server";

export interface AppContext {
  /** How the backend client reaches the backend: in process when it is embedded, else over HTTP. */
  backend: BackendTransport;
  noticeBridge: NoticeBridge;
  webEvents: WebEventHub;
  config: WebConfig;
}

export const appContext = createContext<AppContext>();

/** The context a loader or action gets (future.v8_middleware). */
export type RouteContext = Readonly<RouterContextProvider>;

/** What a service needs of a loader's or action's arguments. */
export interface RouteArgs {
  request: Request;
  context: RouteContext;
}

export function appOf(context: RouteContext): AppContext {
  return context.get(appContext);
}

/** The services around `config`: a notice bridge to its backend and an empty event hub. */
export function createAppContext(config: WebConfig, backend: BackendTransport = overHttp): AppContext {
  return { backend, noticeBridge: new NoticeBridge({ backendUrl: () => config.backendUrl }), webEvents: new WebEventHub(), config };
}

/**
 * One request's router context holding `app`. Under the key of the build that answers the request
 * (app/entry.server.tsx exports it): server.ts's own copy of this module has a key of its own.
 */
export function routerContextOf(app: AppContext, build?: ServerBuild): RouterContextProvider {
  const key = build ? (build.entry.module as { appContext?: RouterContext<AppContext> }).appContext : appContext;
  if (!key) throw new Error("the server build exports no appContext (app/entry.server.tsx)");
  return new RouterContextProvider(new Map([[key, app]]));
}
