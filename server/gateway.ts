// 网关路由 applied (docs/decisions/061): the web server forwards requests whose path falls under an
// enabled route's prefix to the route's target, streaming both ways. The routes are loaded at
// start and again on every `gatewayRoutes` web event, so a change applies without a restart on
// every web server. Our own session cookie, token header and Authorization never leave for a
// target, a target's Set-Cookie never reaches the browser, and a route or a request path with a
// dot segment (plain or encoded) is not forwarded.
import http from "node:http";
import https from "node:https";
import type { NextFunction, Request, Response } from "express";
import { gatewayTarget, hasDotSegment, matchGatewayRoute, RESERVED_SEGMENTS, unsafeRoutePart, type GatewayRoute } from "#contract/modules/gateway-route";

const HOP_BY_HOP = new Set([
  "connection", "keep-alive", "proxy-authenticate", "proxy-authorization", "proxy-connection", "te", "trailer", "transfer-encoding", "upgrade",
]);
/** The product's own credentials: never sent to a route's target (issue #27 item 5). */
const OWN_CREDENTIALS = new Set(["x-access-token", "authorization"]);
const SESSION_COOKIE = "school_session";
const UPSTREAM_TIMEOUT_MS = 60_000;

export interface GatewayOptions {
  /** The enabled routes, from the database or from Redis. */
  load: () => Promise<GatewayRoute[]>;
  /** First path segments of the app's own routes (besides RESERVED_SEGMENTS): never proxied. */
  ownSegments?: readonly string[];
  logger: { info(message: string): void; error(message: string, error?: unknown): void };
}

export interface Gateway {
  middleware(req: Request, res: Response, next: NextFunction): void;
  reload(): Promise<void>;
  routes(): readonly GatewayRoute[];
}

export function createGateway(options: GatewayOptions): Gateway {
  const own = new Set([...RESERVED_SEGMENTS, ...(options.ownSegments ?? [])].map((segment) => segment.toLowerCase()));
  let routes: GatewayRoute[] = [];
  let loading: Promise<void> | null = null;
  let again = false;

  async function loadOnce(): Promise<void> {
    const loaded = await options.load();
    routes = loaded.filter(
      (route) => !own.has((route.prefix.split("/")[1] ?? "").toLowerCase()) && !unsafeRoutePart(route.prefix) && !unsafeRoutePart(route.uri),
    );
  }

  /** One load at a time; an event during a load loads once more after it. */
  function reload(): Promise<void> {
    if (loading) {
      again = true;
      return loading;
    }
    loading = (async () => {
      do {
        again = false;
        try {
          await loadOnce();
        } catch (error) {
          options.logger.error("[gateway] loading the routes failed (the previous ones stay)", error);
        }
      } while (again);
      loading = null;
    })();
    return loading;
  }

  function middleware(req: Request, res: Response, next: NextFunction): void {
    if (routes.length === 0) return next();
    const route = matchGatewayRoute(routes, req.path);
    if (!route) return next();
    const [received] = req.originalUrl.split("?");
    if (hasDotSegment(received ?? "")) {
      res.status(400).type("text/plain; charset=utf-8").send("路径无效");
      return;
    }
    forward(route, req, res, options.logger);
  }

  return { middleware, reload, routes: () => routes };
}

function forward(route: GatewayRoute, req: Request, res: Response, logger: GatewayOptions["logger"]): void {
  const target = new URL(gatewayTarget(route, req.originalUrl));
  const headers: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined || HOP_BY_HOP.has(name) || OWN_CREDENTIALS.has(name) || name === "host") continue;
    headers[name] = value;
  }
  const cookie = withoutSessionCookie(req.headers.cookie);
  if (cookie) headers.cookie = cookie;
  else delete headers.cookie;
  headers.host = target.host;
  headers["x-forwarded-for"] = [req.headers["x-forwarded-for"], req.socket.remoteAddress].filter(Boolean).join(", ");
  headers["x-forwarded-proto"] = req.protocol;
  headers["x-forwarded-host"] = req.get("host") ?? "";
  headers["x-forwarded-prefix"] = route.stripPrefix ? route.prefix : "";

  const client = target.protocol === "https:" ? https : http;
  const upstream = client.request(target, { method: req.method, headers }, (answer) => {
    const out: Record<string, string | string[]> = {};
    for (const [name, value] of Object.entries(answer.headers)) {
      // A target answers on our origin: its Set-Cookie could overwrite the session cookie (or any
      // cookie of the product), so none passes; routes have no option to allow them (issue #27).
      if (value !== undefined && !HOP_BY_HOP.has(name) && name !== "set-cookie") out[name] = value;
    }
    res.writeHead(answer.statusCode ?? 502, out);
    // Event streams and long answers go through as they come.
    res.flushHeaders();
    answer.pipe(res);
    answer.on("error", () => res.destroy());
  });
  upstream.setTimeout(UPSTREAM_TIMEOUT_MS, () => upstream.destroy(new Error("timeout")));
  upstream.on("error", (error) => {
    if (res.headersSent) {
      res.destroy();
      return;
    }
    const timedOut = error.message === "timeout";
    logger.error(`[gateway] ${route.routerId}: ${req.method} ${target.origin} failed: ${error.message}`);
    res.status(timedOut ? 504 : 502).type("text/plain; charset=utf-8").send(timedOut ? "网关路由目标响应超时" : "网关路由目标不可用");
  });
  req.on("aborted", () => upstream.destroy());
  res.on("close", () => {
    if (!res.writableFinished) upstream.destroy();
  });
  req.pipe(upstream);
}

function withoutSessionCookie(header: string | undefined): string {
  if (!header) return "";
  return header
    .split(";")
    .map((part) => part.trim())
    .filter((part) => part && !part.startsWith(`${SESSION_COOKIE}=`))
    .join("; ");
}

/** The static first segments of the app's route paths (a built React Router server's `routes`). */
export function ownSegmentsOf(build: { routes?: Record<string, { path?: string }> } | null): string[] {
  const segments = new Set<string>();
  for (const route of Object.values(build?.routes ?? {})) {
    const first = (route.path ?? "").replace(/^\//, "").split("/")[0] ?? "";
    if (first && !first.startsWith(":") && first !== "*") segments.add(first);
  }
  return [...segments];
}
