// How long an idle kept-alive connection stays open on our HTTP servers (the web server and a
// stand-alone backend). A proxy in front (the README's nginx) reuses its idle upstream connections
// until its own `keepalive_timeout`; if the server closed such a connection first, a request sent on
// it at that moment fails ("upstream prematurely closed connection"), nginx marks the instance
// failed, and with the other instance down every request is answered 502 for fail_timeout. Node's
// default (5 s) is below nginx's (60 s): the server must always be the one that waits longer.
import type { Server } from "node:http";

/** Above the README's upstream `keepalive_timeout 60s` (tests/unit/keep-alive.test.ts holds them apart). */
export const KEEP_ALIVE_MS = 65_000;

/** Keeps idle connections open longer than any proxy in front of the server keeps them. */
export function keepIdleConnections(server: Server): Server {
  server.keepAliveTimeout = KEEP_ALIVE_MS;
  // A request's headers may arrive on a connection just before it would be closed as idle.
  server.headersTimeout = KEEP_ALIVE_MS + 1_000;
  return server;
}
