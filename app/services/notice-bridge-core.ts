// The pure half of the notice bridge (notice-bridge.server.ts): the per-user ring buffer, resuming
// after a Last-Event-ID, reading upstream frames, the upstream address, and the connection
// life cycle as a reducer. No sockets and no timers here, so every rule is unit-tested.

/** docs/spec/app-shell.md §4, §9: heartbeat text `HeartBeat` every 20 000 ms. */
export const NOTICE_HEARTBEAT_MS = 20_000;
export const NOTICE_HEARTBEAT_TEXT = "HeartBeat";
/** docs/spec/app-shell.md §8, §9: reconnect 5 000 ms after the channel closes or fails. */
export const NOTICE_RECONNECT_MS = 5_000;
/** A keep-alive on every event stream, so proxies and browsers do not drop an idle stream. */
export const NOTICE_KEEPALIVE_MS = 15_000;
/** How many recent events a user's channel keeps for pages that come back with Last-Event-ID. */
export const NOTICE_RING_SIZE = 100;

/** The upstream commands that mean "the notice list changed" (docs/spec/app-shell.md §4, §7). */
export type NoticeCommand = "topic" | "user";
export type StreamStatus = "up" | "down";

export interface UpstreamNotice {
  cmd: NoticeCommand;
  msgId: string;
  msgTxt: string;
}

/** One event of a user's stream; `id` increases within the stream (and across restarts, see below). */
export interface NoticeEvent extends UpstreamNotice {
  id: number;
}

/** A fixed-size buffer that keeps the newest `capacity` items in arrival order. */
export class RingBuffer<T> {
  private readonly items: T[] = [];

  constructor(readonly capacity: number) {
    if (!Number.isInteger(capacity) || capacity < 1) throw new Error(`ring buffer capacity must be a positive integer, got ${capacity}`);
  }

  push(item: T): void {
    this.items.push(item);
    if (this.items.length > this.capacity) this.items.shift();
  }

  get size(): number {
    return this.items.length;
  }

  toArray(): T[] {
    return [...this.items];
  }
}

/**
 * The events a page missed: those after `lastEventId`. Without an id (a fresh page) nothing is
 * replayed, because a fresh page loads the whole list anyway. An id newer than everything kept
 * (the page saw more than this process knows) replays nothing either.
 */
export function eventsAfter(events: readonly NoticeEvent[], lastEventId: number | null): NoticeEvent[] {
  if (lastEventId === null) return [];
  return events.filter((event) => event.id > lastEventId);
}

/** `Last-Event-ID` (header or query): a non-negative safe integer, else null. */
export function parseLastEventId(value: string | null | undefined): number | null {
  if (typeof value !== "string") return null;
  const text = value.trim();
  if (!/^\d{1,16}$/.test(text)) return null;
  const id = Number(text);
  return Number.isSafeInteger(id) ? id : null;
}

/**
 * A sequence of event ids: each id is the clock in milliseconds, or one more than the previous id
 * when the clock has not moved on. So ids never repeat within a process (even after a user's
 * channel is dropped and made again), stay ahead of ids a page kept from before a server restart,
 * and stay in time order across the web servers behind one proxy; a Last-Event-ID that a page
 * carries from one server to another can then not hide newer events.
 */
export function createIdSequence(clock: () => number = Date.now): () => number {
  let last = 0;
  return () => {
    last = Math.max(last + 1, Math.floor(clock()));
    return last;
  };
}

/**
 * An upstream text frame → a notice, or null for anything else: heartbeat answers
 * (`{"cmd":"heartcheck"}`), the other commands (email, sign, publish) and text that is not JSON.
 * docs/spec/api-contract.md §8: `{"cmd":"topic"|"user","msgId":"<annt id>","msgTxt":"<title>"}`.
 */
export function parseUpstreamMessage(text: string): UpstreamNotice | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof value !== "object" || value === null) return null;
  const frame = value as { cmd?: unknown; msgId?: unknown; msgTxt?: unknown };
  if (frame.cmd !== "topic" && frame.cmd !== "user") return null;
  return { cmd: frame.cmd, msgId: scalarText(frame.msgId), msgTxt: scalarText(frame.msgTxt) };
}

function scalarText(value: unknown): string {
  return typeof value === "string" || typeof value === "number" ? String(value) : "";
}

/** RFC 6455 / RFC 7230 `token`: what a Sec-WebSocket-Protocol value may hold (JWTs do). */
const SUBPROTOCOL_TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;

/**
 * Where a user's upstream channel connects: BACKEND_URL with http→ws, path `/websocket/{userId}`
 * (docs/spec/api-contract.md §8). The token travels as `Sec-WebSocket-Protocol` (3.x clients); a token
 * that is not a valid protocol token goes in `?token=` instead, which the backend also accepts.
 */
export function upstreamTarget(backendUrl: string, userId: string, token: string): { url: string; protocols: string[] } {
  const base = new URL(backendUrl.replace(/\/+$/, ""));
  if (base.protocol === "https:") base.protocol = "wss:";
  else if (base.protocol === "http:") base.protocol = "ws:";
  else if (base.protocol !== "ws:" && base.protocol !== "wss:") throw new Error(`BACKEND_URL must be http(s) or ws(s), got ${base.protocol}`);
  base.pathname = `${base.pathname.replace(/\/+$/, "")}/websocket/${encodeURIComponent(userId)}`;
  base.search = "";
  base.hash = "";
  if (SUBPROTOCOL_TOKEN.test(token)) return { url: base.toString(), protocols: [token] };
  base.searchParams.set("token", token);
  return { url: base.toString(), protocols: [] };
}

// ---- the upstream connection's life cycle ------------------------------------------------------

/**
 * idle: no socket (no subscribers). connecting: a socket is opening. open: connected, heartbeat
 * running. waiting: the socket closed or failed while subscribers remain; a reconnect is due.
 */
export type UpstreamPhase = "idle" | "connecting" | "open" | "waiting";

export type UpstreamInput =
  | { type: "subscribed" }
  | { type: "unsubscribed"; remaining: number }
  | { type: "opened" }
  | { type: "closed" }
  | { type: "retry" }
  | { type: "shutdown" };

export type UpstreamAction =
  | "connect"
  | "disconnect"
  | "start-heartbeat"
  | "stop-heartbeat"
  | "schedule-reconnect"
  | "cancel-reconnect"
  | "announce-up"
  | "announce-down";

export interface UpstreamStep {
  phase: UpstreamPhase;
  actions: UpstreamAction[];
}

/**
 * One step of a user's upstream channel. The bridge runs the actions in order. Rules:
 * the first subscriber connects; an open socket sends the heartbeat and tells pages the stream is
 * up; a close or error while subscribers remain tells pages it is down and reconnects after the
 * delay (spec §8); the last subscriber leaving closes everything and no reconnect follows.
 */
export function stepUpstream(phase: UpstreamPhase, input: UpstreamInput): UpstreamStep {
  switch (input.type) {
    case "subscribed":
      return phase === "idle" ? { phase: "connecting", actions: ["connect"] } : { phase, actions: [] };
    case "opened":
      // An open from a socket we no longer want (after idle) is ignored by the bridge itself.
      return phase === "connecting" ? { phase: "open", actions: ["start-heartbeat", "announce-up"] } : { phase, actions: [] };
    case "closed":
      if (phase === "open") return { phase: "waiting", actions: ["stop-heartbeat", "announce-down", "schedule-reconnect"] };
      // Pages already see "down" while connecting: no second announcement.
      if (phase === "connecting") return { phase: "waiting", actions: ["schedule-reconnect"] };
      return { phase, actions: [] };
    case "retry":
      return phase === "waiting" ? { phase: "connecting", actions: ["connect"] } : { phase, actions: [] };
    case "unsubscribed":
      if (input.remaining > 0) return { phase, actions: [] };
      return { phase: "idle", actions: teardown(phase) };
    case "shutdown":
      return { phase: "idle", actions: phase === "idle" ? [] : [...teardown(phase), "announce-down"] };
  }
}

function teardown(phase: UpstreamPhase): UpstreamAction[] {
  if (phase === "connecting") return ["disconnect"];
  if (phase === "open") return ["stop-heartbeat", "disconnect"];
  if (phase === "waiting") return ["cancel-reconnect"];
  return [];
}
