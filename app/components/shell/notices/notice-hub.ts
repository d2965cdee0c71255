// One notice stream per browser, shared by its tabs (docs/architecture.md "Notices"): the tabs elect a
// leader (Web Locks; a heartbeat over BroadcastChannel where locks are missing) that holds the one
// EventSource and relays events and its status to the others; read marks go to every tab. When the
// leader tab closes, another takes the stream over and resumes after the last event id it saw.
// Browser only: started by the first subscriber's effect, never during server rendering.
import {
  LEADER_BEAT_MS,
  electionReceive,
  electionTick,
  isLeader,
  isNoticeEvent,
  isSettledLeader,
  isRelayMessage,
  startElection,
  streamRetryDelay,
  streamUrl,
  type ElectionState,
  type RelayMessage,
} from "./notice-logic";
import { NOTICE_API, type NoticeEvent, type StreamStatus } from "./notice-types";

export interface NoticeHubListener {
  /** A new notice arrived (in any tab's stream). */
  notice?(event: NoticeEvent): void;
  /** The stream went up or down. */
  status?(status: StreamStatus): void;
  /** An announcement was marked read in some tab (null: all of them). */
  read?(anntId: string | null): void;
  /** The backend ended this browser's session (强退, logout elsewhere): sign in again. */
  sessionEnded?(): void;
}

const CHANNEL_NAME = "school-notices";
const LOCK_NAME = "school-notices-leader";

/** One per tab (see noticeHub()); exported so tests can run several "tabs" in one process. */
export class NoticeHub {
  private readonly listeners = new Set<NoticeHubListener>();
  private readonly statusListeners = new Set<() => void>();
  private status: StreamStatus = "down";
  private lastEventId: number | null = null;
  private leader = false;
  private channel: BroadcastChannel | null = null;
  private source: EventSource | null = null;
  private reopenTimer: ReturnType<typeof setTimeout> | null = null;
  private reopenAttempt = 0;
  private stopElection: (() => void) | null = null;
  private stopTimer: ReturnType<typeof setTimeout> | null = null;
  private running = false;

  subscribe(listener: NoticeHubListener): () => void {
    this.listeners.add(listener);
    if (this.stopTimer) clearTimeout(this.stopTimer);
    this.stopTimer = null;
    this.start();
    return () => {
      this.listeners.delete(listener);
      // Deferred: a remount (React StrictMode, a page change) must not drop the stream and the lock.
      if (this.listeners.size === 0) this.stopTimer = setTimeout(() => this.stop(), 1_000);
    };
  }

  getStatus = (): StreamStatus => this.status;

  /** True while this tab holds the browser's one stream. */
  get leading(): boolean {
    return this.leader;
  }

  subscribeStatus = (onChange: () => void): (() => void) => {
    this.statusListeners.add(onChange);
    return () => this.statusListeners.delete(onChange);
  };

  /** Tells this tab and the others that announcements were read, so their lists reload. */
  announceRead(anntId: string | null): void {
    this.dispatch((listener) => listener.read?.(anntId));
    this.post({ type: "read", anntId });
  }

  private start(): void {
    if (this.running || typeof window === "undefined") return;
    this.running = true;
    if (typeof BroadcastChannel !== "undefined") {
      this.channel = new BroadcastChannel(CHANNEL_NAME);
      this.channel.onmessage = (message: MessageEvent<unknown>) => {
        if (isRelayMessage(message.data)) this.receive(message.data);
      };
    }
    this.stopElection = this.elect();
    this.post({ type: "hello" });
  }

  /** Leaves the relay and the stream (the last listener left, or the tab goes away). */
  stop(): void {
    if (this.stopTimer) clearTimeout(this.stopTimer);
    this.stopTimer = null;
    if (!this.running) return;
    this.running = false;
    this.stopElection?.();
    this.stopElection = null;
    this.resign();
    this.channel?.close();
    this.channel = null;
    this.setStatus("down");
  }

  // ---- election -------------------------------------------------------------------------------

  private elect(): () => void {
    if (!this.channel) {
      // No way to relay to other tabs: each tab streams for itself.
      this.lead();
      return () => undefined;
    }
    const locks = typeof navigator !== "undefined" ? navigator.locks : undefined;
    if (locks) {
      // The lock is held for as long as the promise stays pending: until this tab closes or stops.
      const abort = new AbortController();
      let release: () => void = () => undefined;
      locks
        .request(LOCK_NAME, { signal: abort.signal }, () => {
          // Granted just as this tab stopped: give the lock back at once.
          if (abort.signal.aborted || !this.running) return undefined;
          this.lead();
          return new Promise<void>((resolve) => {
            release = resolve;
          });
        })
        .catch(() => undefined);
      return () => {
        abort.abort();
        release();
      };
    }
    return this.electOverChannel();
  }

  private electionState: ElectionState | null = null;

  private electOverChannel(): () => void {
    const self = typeof crypto !== "undefined" && "randomUUID" in crypto ? crypto.randomUUID() : `${Date.now()}-${Math.random()}`;
    this.electionState = startElection(self, Date.now());
    const tick = () => {
      if (!this.electionState) return;
      const { state, beat } = electionTick(this.electionState, Date.now());
      this.electionState = state;
      if (beat) this.post({ type: "beat", tab: state.self });
      this.followElection();
    };
    const timer = setInterval(tick, LEADER_BEAT_MS / 2);
    const leave = () => {
      if (this.electionState && isLeader(this.electionState)) this.post({ type: "resign", tab: this.electionState.self });
    };
    window.addEventListener("pagehide", leave);
    return () => {
      clearInterval(timer);
      window.removeEventListener("pagehide", leave);
      leave();
      this.electionState = null;
    };
  }

  /** Starts the stream once this tab's claim has settled; stops it when another tab leads. */
  private followElection(): void {
    if (!this.electionState) return;
    if (!isLeader(this.electionState)) {
      if (this.leader) this.resign();
    } else if (!this.leader && isSettledLeader(this.electionState, Date.now())) this.lead();
  }

  private lead(): void {
    if (this.leader || !this.running) return;
    this.leader = true;
    // The old leader's "up" no longer holds until this tab's stream says so.
    this.setStatus("down");
    this.post({ type: "status", status: "down" });
    this.open();
  }

  private resign(): void {
    if (!this.leader) return;
    this.leader = false;
    if (this.reopenTimer) clearTimeout(this.reopenTimer);
    this.reopenTimer = null;
    this.source?.close();
    this.source = null;
  }

  // ---- the stream (leader only) ---------------------------------------------------------------

  private open(): void {
    if (!this.leader || typeof EventSource === "undefined") return;
    const source = new EventSource(streamUrl(NOTICE_API.stream, this.lastEventId));
    this.source = source;
    source.addEventListener("open", () => {
      this.reopenAttempt = 0;
    });
    source.addEventListener("notice", (message: MessageEvent<string>) => {
      let event: unknown;
      try {
        event = JSON.parse(message.data);
      } catch {
        return;
      }
      if (!isNoticeEvent(event)) return;
      if (this.deliver(event)) this.post({ type: "notice", event });
    });
    source.addEventListener("session-ended", () => {
      this.post({ type: "session-ended" });
      this.dispatch((listener) => listener.sessionEnded?.());
    });
    source.addEventListener("status", (message: MessageEvent<string>) => {
      const status: StreamStatus = message.data === "up" ? "up" : "down";
      this.setStatus(status);
      this.post({ type: "status", status });
    });
    source.addEventListener("error", () => {
      if (this.source !== source) return;
      this.setStatus("down");
      this.post({ type: "status", status: "down" });
      // CONNECTING: the browser retries by itself (with Last-Event-ID). CLOSED: refused for good
      // (signed out, server gone), so this tab tries again later with a growing delay.
      if (source.readyState === EventSource.CLOSED) {
        this.source = null;
        this.reopenTimer = setTimeout(() => {
          this.reopenTimer = null;
          this.open();
        }, streamRetryDelay(this.reopenAttempt++));
      }
    });
  }

  // ---- delivery -------------------------------------------------------------------------------

  /** Hands an event to this tab's listeners once; false when it was seen already (replay overlap). */
  private deliver(event: NoticeEvent): boolean {
    if (this.lastEventId !== null && event.id <= this.lastEventId) return false;
    this.lastEventId = event.id;
    this.dispatch((listener) => listener.notice?.(event));
    return true;
  }

  private receive(message: RelayMessage): void {
    switch (message.type) {
      case "notice":
        if (!this.leader) this.deliver(message.event);
        return;
      case "status":
        if (!this.leader) this.setStatus(message.status);
        return;
      case "read":
        this.dispatch((listener) => listener.read?.(message.anntId));
        return;
      case "session-ended":
        this.dispatch((listener) => listener.sessionEnded?.());
        return;
      case "hello":
        if (this.leader) this.post({ type: "status", status: this.status });
        // Under the channel election the leader's beat also answers the newcomer at once.
        if (this.leader && this.electionState) this.post({ type: "beat", tab: this.electionState.self });
        return;
      case "beat":
      case "resign":
        if (!this.electionState) return;
        this.electionState = electionReceive(this.electionState, message, Date.now());
        this.followElection();
        return;
    }
  }

  private setStatus(status: StreamStatus): void {
    if (status === this.status) return;
    this.status = status;
    for (const onChange of this.statusListeners) onChange();
    this.dispatch((listener) => listener.status?.(status));
  }

  private dispatch(call: (listener: NoticeHubListener) => void): void {
    for (const listener of [...this.listeners]) {
      try {
        call(listener);
      } catch (error) {
        console.error("[notices] a notice listener failed", error);
      }
    }
  }

  private post(message: RelayMessage): void {
    try {
      this.channel?.postMessage(message);
    } catch {
      // A closed channel (tab going away): nothing to tell.
    }
  }
}

let hub: NoticeHub | null = null;

/** The tab's hub (created on first use in the browser). */
export function noticeHub(): NoticeHub {
  hub ??= new NoticeHub();
  return hub;
}
