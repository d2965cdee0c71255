// The notice WebSocket, `ws(s)://<host>/jeecg-boot/websocket/{userId}` (api-contract.md §8), on the
// HTTP server that serves the backend. Hardened as §10 asks:
// - the token is checked before the socket is admitted and the path's user must be its owner
//   (./socket-auth.ts); a refused socket is closed with 4401/4403 before any message;
// - a socket receives only deliveries addressed to its user (USER) or to a tenant the user belongs
//   to (ALL); nothing a client sends is ever forwarded: `HeartBeat` and `ping` are answered, the
//   rest is ignored (the original re-broadcast every text to all sessions);
// - each delivery re-checks the recipients' sessions (./session-liveness.ts), so a logged-out or
//   locked user receives nothing more and the socket is closed; a periodic sweep closes the
//   sockets of sessions that ended while nothing was delivered;
// - 访问控制 (docs/decisions/134): the address is checked when the socket opens and again before
//   each delivery and at each sweep, so a socket whose address a new rule blocks is closed (4403);
// - server pings find dead peers (no pong within one interval) and drop them.
import type { IncomingMessage, Server } from "node:http";
import type { Duplex } from "node:stream";
import { WebSocket, WebSocketServer, type RawData } from "ws";
import { Messages } from "#contract/messages";
import { AccessRuleMessages } from "#contract/modules/access-rule";
import type { BackendServices } from "../services";
import { noticeBusOf } from "./bus-registry";
import { ConnectionHub, type NoticeConnection } from "./connection-hub";
import { HEARTBEAT_ANSWER, HEARTBEAT_TEXT, PING_TEXT, frameText, type NoticeDelivery } from "./notice-frames";
import { liveSessions } from "./session-liveness";
import { admitSocket, firstProtocol, SocketCloseCode, type SocketAddress, type SocketClient } from "./socket-auth";

export interface NoticeSocketOptions {
  /** Path prefix of the socket, e.g. `/jeecg-boot/websocket`; the user id follows it. */
  path: string;
  /** Server ping interval; a socket that has not answered the previous ping is dropped. */
  heartbeatIntervalMs?: number;
  /** How often every open socket's session is re-checked between deliveries. */
  sessionCheckIntervalMs?: number;
  /** Open sockets per user on this instance (tabs, devices, web servers). */
  maxConnectionsPerUser?: number;
  /**
   * The client's address as the HTTP endpoints see it (through `trust proxy`: upgradeClientIp and
   * fromTrustedProxy); default the peer's own address, checked.
   */
  clientAddress?: (req: IncomingMessage) => SocketAddress;
}

export interface NoticeSocketServer {
  /** Open notice sockets on this instance. */
  readonly connectionCount: number;
  /** Stops accepting, leaves the bus and closes every socket (1001). */
  close(): Promise<void>;
}

/** Clients only send `HeartBeat` and `ping`; anything large is abuse. */
const MAX_CLIENT_FRAME_BYTES = 4 * 1024;
const CLOSE_GRACE_MS = 1_000;
const SHUTDOWN_REASON = "服务器关闭";
const REPLACED_REASON = "连接过多";

export function attachNoticeSocket(
  server: Server,
  backend: { services: BackendServices },
  options: NoticeSocketOptions,
): NoticeSocketServer {
  const { services } = backend;
  const base = options.path.replace(/\/+$/, "");
  const heartbeatMs = options.heartbeatIntervalMs ?? 30_000;
  const sessionCheckMs = options.sessionCheckIntervalMs ?? 60_000;
  const maxPerUser = options.maxConnectionsPerUser ?? 20;
  const hub = new ConnectionHub();
  const wss = new WebSocketServer({
    noServer: true,
    clientTracking: false,
    perMessageDeflate: false,
    maxPayload: MAX_CLIENT_FRAME_BYTES,
    // Browsers pass the token as the sub-protocol and fail the handshake unless it is echoed.
    handleProtocols: (_protocols, request) => firstProtocol(request) ?? false,
  });
  let closing = false;

  const onUpgrade = (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    const url = requestUrl(req);
    // Other paths belong to other upgrade listeners (e.g. the dev server's hot reload).
    if (!url || !(url.pathname === base || url.pathname.startsWith(`${base}/`))) return;
    if (closing) {
      socket.destroy();
      return;
    }
    // Until ws owns the socket, a reset by the peer must not become an unhandled 'error'.
    const ignore = () => undefined;
    socket.on("error", ignore);
    const pathUserId = safeDecode(url.pathname.slice(base.length + 1));
    admitSocket(services, req, url, pathUserId, options.clientAddress?.(req))
      .then((admission) => {
        socket.off("error", ignore);
        if (closing) {
          socket.destroy();
          return;
        }
        wss.handleUpgrade(req, socket, head, (ws) => {
          if (admission.ok) accept(ws, admission.client);
          else ws.close(admission.code, admission.reason);
        });
      })
      .catch((error: unknown) => {
        services.logger.error("[notices] socket admission failed", error);
        socket.destroy();
      });
  };

  const accept = (ws: WebSocket, client: SocketClient) => {
    const connection: NoticeConnection = { ...client, socket: ws, alive: true };
    const evicted = hub.add(connection, maxPerUser);
    evicted?.socket.close(SocketCloseCode.replaced, REPLACED_REASON);
    ws.on("pong", () => {
      connection.alive = true;
    });
    ws.on("message", (data: RawData, isBinary: boolean) => {
      connection.alive = true;
      if (isBinary) return;
      const text = rawText(data);
      if (text === HEARTBEAT_TEXT) ws.send(HEARTBEAT_ANSWER);
      else if (text === PING_TEXT) ws.send(PING_TEXT);
      // Anything else is ignored: never forwarded to other sockets (contract §10).
    });
    ws.on("close", () => hub.remove(connection));
    ws.on("error", () => ws.terminate());
  };

  const closeEnded = (connection: NoticeConnection) => {
    hub.remove(connection);
    connection.socket.close(SocketCloseCode.unauthenticated, Messages.tokenInvalid);
  };

  const tokenExpired = (connection: NoticeConnection, now: number) =>
    connection.tokenExpiresAt !== null && connection.tokenExpiresAt <= now;

  /** Closes the sockets whose address 访问控制 refuses now (the rules are in memory: no query). */
  const closeRefused = async (connections: readonly NoticeConnection[]): Promise<Set<NoticeConnection>> => {
    const refused = new Set<NoticeConnection>();
    for (const connection of connections) {
      if (!connection.addressChecked || (await services.addressRules.admits(connection.address, connection.tenantId))) continue;
      refused.add(connection);
      hub.remove(connection);
      connection.socket.close(SocketCloseCode.forbidden, AccessRuleMessages.refused);
    }
    return refused;
  };

  const deliver = async (delivery: NoticeDelivery) => {
    const { audience } = delivery;
    const addressed = audience.kind === "users" ? hub.forUsers(audience.userIds) : hub.all();
    if (addressed.length === 0) return;
    const refused = await closeRefused(addressed);
    const candidates = refused.size > 0 ? addressed.filter((connection) => !refused.has(connection)) : addressed;
    if (candidates.length === 0) return;
    const live = await liveSessions(services.db, candidates.map((connection) => connection.sessionId));
    // Encoded once for every recipient (a string would be converted again on each send).
    const data = delivery.frame ? Buffer.from(frameText(delivery.frame)) : null;
    const now = Date.now();
    for (const connection of candidates) {
      const session = live.get(connection.sessionId);
      if (!session || tokenExpired(connection, now)) {
        closeEnded(connection);
        continue;
      }
      // ALL reaches the users of the notice's tenant, by their membership now (not at connect).
      if (audience.kind === "tenant" && !session.tenantIds.includes(audience.tenantId)) continue;
      if (data && connection.socket.readyState === WebSocket.OPEN) connection.socket.send(data, { binary: false });
    }
  };

  // Deliveries run one after another, so two quick pushes arrive in the order they were made.
  let deliveries: Promise<void> = Promise.resolve();
  const unsubscribe = noticeBusOf(services).subscribe((delivery) => {
    deliveries = deliveries
      .then(() => deliver(delivery))
      .catch((error: unknown) => services.logger.error("[notices] delivery failed", error));
  });

  let sweeping = false;
  const sweep = async () => {
    if (sweeping || hub.size === 0) return;
    sweeping = true;
    try {
      await closeRefused(hub.all());
      const connections = hub.all();
      const live = await liveSessions(services.db, connections.map((connection) => connection.sessionId));
      const now = Date.now();
      for (const connection of connections) {
        if (!live.has(connection.sessionId) || tokenExpired(connection, now)) closeEnded(connection);
      }
    } catch (error) {
      services.logger.error("[notices] session sweep failed", error);
    } finally {
      sweeping = false;
    }
  };

  const heartbeat = setInterval(() => {
    for (const connection of hub.all()) {
      if (!connection.alive) {
        hub.remove(connection);
        connection.socket.terminate();
        continue;
      }
      connection.alive = false;
      connection.socket.ping();
    }
  }, heartbeatMs);
  heartbeat.unref();
  const sessionCheck = setInterval(() => void sweep(), sessionCheckMs);
  sessionCheck.unref();

  server.on("upgrade", onUpgrade);

  return {
    get connectionCount() {
      return hub.size;
    },
    async close() {
      if (closing) return;
      closing = true;
      server.off("upgrade", onUpgrade);
      clearInterval(heartbeat);
      clearInterval(sessionCheck);
      unsubscribe();
      const open = hub.all();
      for (const connection of open) {
        hub.remove(connection);
        connection.socket.close(SocketCloseCode.goingAway, SHUTDOWN_REASON);
      }
      await Promise.all(open.map((connection) => closedWithin(connection.socket, CLOSE_GRACE_MS)));
      await deliveries;
      await new Promise<void>((resolve) => wss.close(() => resolve()));
    },
  };
}

function requestUrl(req: IncomingMessage): URL | null {
  try {
    return new URL(req.url ?? "/", "http://localhost");
  } catch {
    return null;
  }
}

/** A malformed escape cannot name a user; it stays as it is and fails the owner check. */
function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

function rawText(data: RawData): string {
  if (Buffer.isBuffer(data)) return data.toString("utf8");
  if (Array.isArray(data)) return Buffer.concat(data).toString("utf8");
  return Buffer.from(data).toString("utf8");
}

/** Waits for the peer's close handshake, then cuts a peer that does not answer. */
function closedWithin(socket: WebSocket, ms: number): Promise<void> {
  if (socket.readyState === WebSocket.CLOSED) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      socket.terminate();
      resolve();
    }, ms);
    socket.once("close", () => {
      clearTimeout(timer);
      resolve();
    });
  });
}
