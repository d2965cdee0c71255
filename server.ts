// The web server (docs/architecture.md): Express 5 serving the React Router app, and — unless
// BACKEND_URL points at a real JeecgBoot server — the embedded backend at /jeecg-boot. It reads the
// settings (app/services/env.server.ts) and builds the app's services once, handed to every loader
// and action through the router context (app/services/app-context.server.ts, docs/decisions/183).
//   development: tsx server.ts (Vite middleware, hot reload)
//   production:  npm run build && node build/server.js
import express from "express";
import type { Server } from "node:http";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { securityHeaders } from "./server/security-headers";
import { staticFiles } from "./server/precompressed";
import { compressAnswers } from "./server/compression";
import { createReactRouterHandler, type GetLoadContext } from "./server/react-router-handler";
import { requireSameOrigin } from "./server/origin-check";
import { admissionOptionsFromEnv, createAdmission } from "./server/admission";
import { createBackend, BACKEND_BASE_PATH } from "./backend/index";
import { backendOptionsFromEnv } from "./backend/options";
import { attachNoticeSocket } from "./backend/realtime";
import { fromTrustedProxy, upgradeClientIp } from "./backend/http/format";
import { keepIdleConnections } from "./backend/http/keep-alive";
import { readServerSettings, readWebConfig } from "./app/services/env.server";
import { createAppContext, routerContextOf } from "./app/services/app-context.server";
import { answerInProcess, overHttp } from "./app/services/in-process-backend.server";
import { createGateway, ownSegmentsOf } from "./server/gateway";
import { GATEWAY_ROUTES_KEY, RedisWebEvents, webEventsOf, type WebEvents } from "./backend/realtime/web-events";
import { enabledGatewayRoutes } from "./backend/modules/system/gateway-route/gateway-route-endpoints";
import type { GatewayRoute } from "./contract/modules/gateway-route";

declare const __PRODUCTION_BUNDLE__: boolean | undefined;
const production = typeof __PRODUCTION_BUNDLE__ !== "undefined" && __PRODUCTION_BUNDLE__;
const here = path.dirname(fileURLToPath(import.meta.url));
const settings = readServerSettings();
const { port, host } = settings;
// The embedded backend (BACKEND_URL unset) answers on this server's own port.
const config = readWebConfig(settings.env, settings.externalBackendUrl ?? `http://127.0.0.1:${port}${BACKEND_BASE_PATH}`);
const startedAt = performance.now();

const app = express();
app.disable("x-powered-by");
// No ETag on JSON answers: hashing every body costs CPU and no client revalidates API answers.
app.set("etag", false);
// Behind nginx: trust the proxy for the client address and the protocol (Secure cookies).
app.set("trust proxy", settings.trustProxy);
app.use(securityHeaders(config));
// The loaders' own calls to the embedded backend (loopback, no proxy in between) go uncompressed:
// gzip here and gunzip in the loader would only burn CPU (a list page makes six such calls).
app.use(compressAnswers(embeddedBackendCall));

function embeddedBackendCall(req: express.Request): boolean {
  const address = req.socket.remoteAddress ?? "";
  const loopback = address === "127.0.0.1" || address === "::1" || address === "::ffff:127.0.0.1";
  return loopback && !req.headers["x-forwarded-for"] && req.originalUrl.startsWith(`${BACKEND_BASE_PATH}/`);
}

// Opening the database and loading the app bundle overlap: together they are most of start-up.
const embedded = !settings.externalBackendUrl;
const [backend, build] = await Promise.all([
  embedded ? createBackend(backendOptionsFromEnv(settings.env)) : Promise.resolve(null),
  production ? import(/* @vite-ignore */ path.join(here, "server", "index.js")) : Promise.resolve(null),
]);

app.get("/healthz", (_req, res) => {
  res.json({ status: "ok", backend: embedded ? "embedded" : "external", uptimeSeconds: Math.round(process.uptime()) });
});

// Served in turn (docs/decisions/096): a bounded number of requests work at a time, the rest wait
// in arrival order, past the queue 503. The notice stream, static files and the loaders' own
// loopback calls to the embedded backend (part of a request already let in) pass.
const STATIC_FILE = /\.(?:js|mjs|css|map|png|jpe?g|gif|svg|ico|webp|woff2?|ttf|txt|webmanifest)$/;
const admission = createAdmission(admissionOptionsFromEnv(settings.env));
app.use((req, res, next) => {
  const path = req.path;
  const exempt =
    path === "/api/notices/stream" || path.startsWith("/assets/") || (STATIC_FILE.test(path) && !path.startsWith(`${BACKEND_BASE_PATH}/`)) || embeddedBackendCall(req);
  if (exempt) next();
  else admission.middleware(req, res, next);
});

let transport = overHttp;
if (backend) {
  app.use(BACKEND_BASE_PATH, backend.router);
  // The loaders' own calls skip the socket and this app's web middleware (docs/decisions/064).
  const inProcess = express();
  inProcess.disable("x-powered-by");
  inProcess.set("etag", false);
  inProcess.set("trust proxy", app.get("trust proxy"));
  inProcess.use(BACKEND_BASE_PATH, backend.router);
  transport = await answerInProcess(config.backendUrl, inProcess);
}
// The app's services, once for the process: every request's router context holds these.
const services = createAppContext(config, transport);
const getLoadContext: GetLoadContext = (current) => routerContextOf(services, current);

// Every mutation of the web app (page actions, /api/* resource routes) passes one origin check.
app.use(requireSameOrigin);

// What the backends tell every web server (docs/decisions/062): with the embedded backend its own
// events (over Redis when REDIS_URL is set); with external backends, Redis or nothing.
const webEvents: WebEvents | null = backend
  ? webEventsOf(backend.services)
  : settings.redisUrl
    ? await RedisWebEvents.open(settings.redisUrl, { prefix: settings.redisKeyPrefix, logger: { info: console.log, error: console.error } })
    : null;
// 网关路由 (docs/decisions/061): from the database when this process has it, else from Redis.
const gateway = createGateway({
  load: async (): Promise<GatewayRoute[]> => {
    if (backend) return enabledGatewayRoutes(backend.db.orm);
    const text = await webEvents?.get(GATEWAY_ROUTES_KEY);
    return text ? (JSON.parse(text) as GatewayRoute[]) : [];
  },
  ownSegments: ownSegmentsOf(build as { routes?: Record<string, { path?: string }> } | null),
  logger: { info: console.log, error: console.error },
});
await gateway.reload();
webEvents?.subscribe((kind) => {
  if (kind === "gatewayRoutes") void gateway.reload();
  else services.webEvents.emit(kind);
});

if (build) {
  const clientDir = path.join(here, "client");
  // Hashed file names never change content: cached for a year, sent precompressed when possible.
  app.use("/assets", staticFiles(path.join(clientDir, "assets"), { immutable: true, maxAge: "1y", debugLogging: config.debugLogging }));
  app.use(staticFiles(clientDir, { maxAge: "1h", debugLogging: config.debugLogging }));
  app.use(gateway.middleware);
  app.all("/{*splat}", createReactRouterHandler(build, "production", getLoadContext));
} else {
  const vite = await import("vite");
  const devServer = await vite.createServer({ server: { middlewareMode: true }, appType: "custom" });
  app.use(devServer.middlewares);
  app.use(gateway.middleware);
  app.all(
    "/{*splat}",
    createReactRouterHandler(
      () => devServer.ssrLoadModule("virtual:react-router/server-build") as never,
      "development",
      getLoadContext,
    ),
  );
}

const server: Server = keepIdleConnections(
  app.listen(port, host, () => {
    const seconds = ((performance.now() - startedAt) / 1000).toFixed(2);
    console.log(`[web] listening on http://localhost:${port} (${production ? "production" : "development"}, ready in ${seconds}s)`);
  }),
);

// The embedded backend's notice WebSocket shares the web server's port (/jeecg-boot/websocket/{userId}).
const notices = backend ? attachNoticeSocket(server, backend, { path: `${BACKEND_BASE_PATH}/websocket`, clientAddress: (req) => ({ address: upgradeClientIp(app, req), checked: !fromTrustedProxy(app, req) }) }) : null;

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  console.log(`[web] ${signal}: finishing open requests, then stopping`);
  const forced = setTimeout(() => process.exit(1), 10_000);
  forced.unref();
  // Event streams never end by themselves: close the notice bridge (and its streams) first.
  await services.noticeBridge.close().catch((error) => console.error("[web] notice bridge close failed", error));
  await notices?.close().catch((error) => console.error("[web] notice socket close failed", error));
  if (!backend) await webEvents?.close().catch(() => undefined);
  server.close(async () => {
    await backend?.close().catch((error) => console.error("[web] backend close failed", error));
    process.exit(0);
  });
  server.closeIdleConnections();
}
process.on("SIGTERM", () => void shutdown("SIGTERM"));
process.on("SIGINT", () => void shutdown("SIGINT"));
