// The notice bridge (docs/architecture.md "Notices"): one upstream WebSocket to the backend per
// signed-in user that has at least one open page, fanned out to that user's event streams.
// docs/spec/app-shell.md §4, §8, §9: heartbeat `HeartBeat` every 20 s; reconnect 5 s after a close or an
// error while pages remain; messages with cmd topic/user become events. The rules live in
// notice-bridge-core.ts (pure, unit-tested); this file owns the sockets and the timers.
import WebSocket from "ws";
import {
  NOTICE_HEARTBEAT_MS,
  NOTICE_HEARTBEAT_TEXT,
  NOTICE_RECONNECT_MS,
  NOTICE_RING_SIZE,
  RingBuffer,
  createIdSequence,
  eventsAfter,
  parseUpstreamMessage,
  stepUpstream,
  upstreamTarget,
  type NoticeEvent,
  type StreamStatus,
  type UpstreamAction,
  type UpstreamInput,
  type UpstreamPhase,
} from "./notice-bridge-core";

export type { NoticeEvent, StreamStatus } from "./notice-bridge-core";

/** What one open page (one event stream) receives. */
export interface NoticeListener {
  event(event: NoticeEvent): void;
  status(status: StreamStatus): void;
  /** The bridge is shutting down: end the stream so the web server can stop. */
  end(): void;
  /**
   * The backend refused this page's token (logout elsewhere, 强退, expiry): its session is over,
   * the page must sign in again.
   */
  sessionEnded?(): void;
}

export interface NoticeSubscription {
  /** Events after the page's Last-Event-ID, oldest first, to send before anything else. */
  missed: NoticeEvent[];
  /** The upstream's state now; later changes come through `listener.status`. */
  status: StreamStatus;
  unsubscribe(): void;
}

export interface NoticeBridgeOptions {
  /** The backend's base URL (with /jeecg-boot), read on every connect. */
  backendUrl: () => string;
  heartbeatMs: number;
  reconnectMs: number;
  ringSize: number;
  logger: { warn(message: string): void };
}

interface Subscriber {
  listener: NoticeListener;
  token: string;
}

interface Channel {
  userId: string;
  phase: UpstreamPhase;
  subscribers: Map<number, Subscriber>;
  socket: WebSocket | null;
  heartbeat: ReturnType<typeof setInterval> | null;
  reconnect: ReturnType<typeof setTimeout> | null;
  history: RingBuffer<NoticeEvent>;
  /** Counts connection attempts, so a deferred failure of an old attempt cannot hit a newer one. */
  attempt: number;
  /** Tokens the backend refused (ended sessions): not offered again. */
  refusedTokens: Set<string>;
  /** Failures are logged once until the channel is up again, not every 5 s. */
  warned: boolean;
}

/**
 * Close codes by which a backend refuses the token: the embedded backend's 4401/4403 (the HTTP
 * status in the application range) and the generic policy violation 1008.
 */
const REFUSED_CLOSE_CODES = new Set([4401, 4403, 1008]);

export class NoticeBridge {
  private readonly options: NoticeBridgeOptions;
  private readonly channels = new Map<string, Channel>();
  private readonly nextEventId = createIdSequence();
  private nextSubscriberId = 1;
  private closed = false;

  constructor(options: Partial<NoticeBridgeOptions> & Pick<NoticeBridgeOptions, "backendUrl">) {
    this.options = {
      heartbeatMs: NOTICE_HEARTBEAT_MS,
      reconnectMs: NOTICE_RECONNECT_MS,
      ringSize: NOTICE_RING_SIZE,
      logger: { warn: (message) => console.warn(message) },
      ...options,
    };
  }

  /**
   * Adds one page of `user` to the fan-out. The first page of a user opens the upstream socket
   * with that page's token; later pages share it. `lastEventId` (the page's Last-Event-ID) selects
   * the kept events it missed.
   */
  subscribe(user: { id: string; token: string }, listener: NoticeListener, lastEventId: number | null = null): NoticeSubscription {
    if (this.closed) throw new Error("the notice bridge is closed");
    if (!user.id) throw new Error("a notice subscription needs the user's id");
    let channel = this.channels.get(user.id);
    if (!channel) {
      channel = {
        userId: user.id,
        phase: "idle",
        subscribers: new Map(),
        socket: null,
        heartbeat: null,
        reconnect: null,
        history: new RingBuffer(this.options.ringSize),
        attempt: 0,
        refusedTokens: new Set(),
        warned: false,
      };
      this.channels.set(user.id, channel);
    }
    const subscriberId = this.nextSubscriberId++;
    channel.subscribers.set(subscriberId, { listener, token: user.token });
    const missed = eventsAfter(channel.history.toArray(), lastEventId);
    const status: StreamStatus = channel.phase === "open" ? "up" : "down";
    this.step(channel, { type: "subscribed" });
    const owner = channel;
    let active = true;
    return {
      missed,
      status,
      unsubscribe: () => {
        if (!active) return;
        active = false;
        owner.subscribers.delete(subscriberId);
        this.step(owner, { type: "unsubscribed", remaining: owner.subscribers.size });
        if (owner.subscribers.size === 0 && this.channels.get(owner.userId) === owner) this.channels.delete(owner.userId);
      },
    };
  }

  /** Counts for tests and health checks. */
  snapshot(): { users: number; subscribers: number; open: number } {
    let subscribers = 0;
    let open = 0;
    for (const channel of this.channels.values()) {
      subscribers += channel.subscribers.size;
      if (channel.phase === "open") open += 1;
    }
    return { users: this.channels.size, subscribers, open };
  }

  /** Server shutdown: ends every event stream and closes every upstream socket. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    const closing: Promise<void>[] = [];
    for (const channel of this.channels.values()) {
      const socket = channel.socket;
      if (socket && socket.readyState !== WebSocket.CLOSED)
        closing.push(new Promise((resolve) => socket.once("close", () => resolve())));
      this.step(channel, { type: "shutdown" });
      for (const { listener } of channel.subscribers.values()) safely(() => listener.end());
      channel.subscribers.clear();
    }
    this.channels.clear();
    // A socket that never finishes its closing handshake is cut off after a second.
    await Promise.race([Promise.all(closing), new Promise((resolve) => setTimeout(resolve, 1_000).unref())]);
  }

  private step(channel: Channel, input: UpstreamInput): void {
    const { phase, actions } = stepUpstream(channel.phase, input);
    channel.phase = phase;
    for (const action of actions) this.run(channel, action);
  }

  private run(channel: Channel, action: UpstreamAction): void {
    switch (action) {
      case "connect":
        this.connect(channel);
        return;
      case "disconnect":
        this.disconnect(channel);
        return;
      case "start-heartbeat":
        channel.heartbeat = setInterval(() => {
          if (channel.socket?.readyState === WebSocket.OPEN) channel.socket.send(NOTICE_HEARTBEAT_TEXT);
        }, this.options.heartbeatMs);
        channel.heartbeat.unref();
        return;
      case "stop-heartbeat":
        if (channel.heartbeat) clearInterval(channel.heartbeat);
        channel.heartbeat = null;
        return;
      case "schedule-reconnect":
        channel.reconnect = setTimeout(() => {
          channel.reconnect = null;
          this.step(channel, { type: "retry" });
        }, this.options.reconnectMs);
        channel.reconnect.unref();
        return;
      case "cancel-reconnect":
        if (channel.reconnect) clearTimeout(channel.reconnect);
        channel.reconnect = null;
        return;
      case "announce-up":
        channel.warned = false;
        this.broadcast(channel, (listener) => listener.status("up"));
        return;
      case "announce-down":
        this.broadcast(channel, (listener) => listener.status("down"));
        return;
    }
  }

  private connect(channel: Channel): void {
    this.disconnect(channel);
    const attempt = ++channel.attempt;
    // A connection that cannot even start counts as closed at once: the reducer then waits the
    // reconnect delay (a new page may bring a usable token meanwhile).
    const failNow = () =>
      queueMicrotask(() => {
        if (channel.attempt === attempt && channel.socket === null) this.step(channel, { type: "closed" });
      });
    // The newest page's token that the backend has not refused: the most likely to be valid. A
    // session that ended (logout elsewhere) must not keep the channel of the user's other pages.
    const token = [...channel.subscribers.values()]
      .map((subscriber) => subscriber.token)
      .reverse()
      .find((candidate) => !channel.refusedTokens.has(candidate));
    if (token === undefined) {
      this.warn(channel, `[notices] every session of user ${channel.userId} was refused by the backend; waiting for a new one`);
      failNow();
      return;
    }
    let socket: WebSocket;
    try {
      const target = upstreamTarget(this.options.backendUrl(), channel.userId, token);
      socket = new WebSocket(target.url, target.protocols, { handshakeTimeout: 10_000 });
    } catch (error) {
      this.warn(channel, `[notices] cannot open the notice channel of user ${channel.userId}: ${(error as Error).message}`);
      failNow();
      return;
    }
    channel.socket = socket;
    // Events of a socket that has been replaced or dropped are ignored.
    const current = () => channel.socket === socket;
    socket.on("open", () => {
      if (current()) this.step(channel, { type: "opened" });
    });
    socket.on("message", (data, isBinary) => {
      if (!current() || isBinary) return;
      const notice = parseUpstreamMessage(data.toString());
      if (!notice) return;
      const event: NoticeEvent = { id: this.nextEventId(), ...notice };
      channel.history.push(event);
      this.broadcast(channel, (listener) => listener.event(event));
    });
    // ws always follows an error with a close; the close decides about reconnecting (spec §8).
    socket.on("error", (error) => {
      if (current()) this.warn(channel, `[notices] notice channel of user ${channel.userId} failed: ${error.message}`);
    });
    socket.on("close", (code) => {
      if (!current()) return;
      const refused = REFUSED_CLOSE_CODES.has(code);
      if (refused) channel.refusedTokens.add(token);
      channel.socket = null;
      this.step(channel, { type: "closed" });
      if (refused) this.endSession(channel, token);
    });
  }

  private disconnect(channel: Channel): void {
    const socket = channel.socket;
    channel.socket = null;
    if (!socket) return;
    if (socket.readyState === WebSocket.CONNECTING) socket.terminate();
    else if (socket.readyState === WebSocket.OPEN) socket.close(1000, "no open pages");
  }

  /** Tells the pages of an ended session; their streams then end (and unsubscribe). */
  private endSession(channel: Channel, token: string): void {
    for (const subscriber of [...channel.subscribers.values()])
      if (subscriber.token === token) safely(() => subscriber.listener.sessionEnded?.());
  }

  private broadcast(channel: Channel, deliver: (listener: NoticeListener) => void): void {
    for (const { listener } of [...channel.subscribers.values()]) safely(() => deliver(listener));
  }

  private warn(channel: Channel, message: string): void {
    if (channel.warned) return;
    channel.warned = true;
    this.options.logger.warn(message);
  }
}

/** One listener's failure (a stream closed mid-write) must not stop the fan-out to the others. */
function safely(work: () => void): void {
  try {
    work();
  } catch {
    // The stream's own abort handling unsubscribes it.
  }
}
