// One notice stream per browser, shared by its tabs (app/components/shell/notices/notice-hub.ts): several
// hubs in one process stand for the tabs of one browser. Node's BroadcastChannel is the real one;
// the EventSource and the Web Locks manager are small fakes that behave like the browser's.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { NoticeHub, type NoticeHubListener } from "~/components/shell/notices/notice-hub";
import type { NoticeEvent, StreamStatus } from "~/components/shell/notices/notice-types";

class FakeEventSource {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  static opened: FakeEventSource[] = [];
  readyState = FakeEventSource.CONNECTING;
  private readonly listeners = new Map<string, Array<(event: { data: string }) => void>>();

  constructor(readonly url: string) {
    FakeEventSource.opened.push(this);
  }
  addEventListener(type: string, listener: (event: { data: string }) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  close() {
    this.readyState = FakeEventSource.CLOSED;
  }
  /** The server refused the stream for good: the browser closes it and reports an error. */
  fail() {
    this.readyState = FakeEventSource.CLOSED;
    for (const listener of this.listeners.get("error") ?? []) listener({ data: "" });
  }
  emit(type: string, data = "") {
    if (this.readyState === FakeEventSource.CLOSED) return;
    if (type === "open") this.readyState = FakeEventSource.OPEN;
    for (const listener of this.listeners.get(type) ?? []) listener({ data });
  }
  notice(event: NoticeEvent) {
    this.emit("notice", JSON.stringify(event));
  }
  static live(): FakeEventSource[] {
    return FakeEventSource.opened.filter((source) => source.readyState !== FakeEventSource.CLOSED);
  }
}

/** Exclusive locks granted in request order, released when the holder's promise settles. */
class FakeLockManager {
  private held = false;
  private readonly queue: Array<{ grant: () => void; signal?: AbortSignal }> = [];

  request(_name: string, options: { signal?: AbortSignal }, callback: () => Promise<void> | undefined): Promise<void> {
    return new Promise((resolve, reject) => {
      const grant = () => {
        this.held = true;
        Promise.resolve(callback())
          .then(resolve, reject)
          .finally(() => {
            this.held = false;
            this.next();
          });
      };
      options.signal?.addEventListener("abort", () => {
        const index = this.queue.findIndex((entry) => entry.grant === grant);
        if (index >= 0) {
          this.queue.splice(index, 1);
          reject(new DOMException("aborted", "AbortError"));
        }
      });
      this.queue.push({ grant, signal: options.signal });
      this.next();
    });
  }
  private next() {
    if (this.held) return;
    const entry = this.queue.shift();
    entry?.grant();
  }
}

class Tab implements NoticeHubListener {
  readonly hub = new NoticeHub();
  notices: NoticeEvent[] = [];
  reads: Array<string | null> = [];
  statuses: StreamStatus[] = [];
  constructor() {
    this.hub.subscribe(this);
  }
  notice(event: NoticeEvent) {
    this.notices.push(event);
  }
  read(anntId: string | null) {
    this.reads.push(anntId);
  }
  status(status: StreamStatus) {
    this.statuses.push(status);
  }
}

async function waitFor(check: () => boolean, what: string, timeoutMs = 4_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
const settle = () => new Promise((resolve) => setTimeout(resolve, 50));
const event = (id: number, msgId = `a${id}`): NoticeEvent => ({ id, cmd: "user", msgId, msgTxt: `通知 ${id}` });

let tabs: Tab[] = [];
beforeEach(() => {
  FakeEventSource.opened = [];
  vi.stubGlobal("window", { addEventListener: () => undefined, removeEventListener: () => undefined });
  vi.stubGlobal("EventSource", FakeEventSource);
});
afterEach(() => {
  for (const tab of tabs) tab.hub.stop();
  tabs = [];
  vi.unstubAllGlobals();
});

function openTabs(count: number): Tab[] {
  const opened = Array.from({ length: count }, () => new Tab());
  tabs.push(...opened);
  return opened;
}

for (const election of ["Web Locks", "BroadcastChannel heartbeats"] as const) {
  describe(`tabs sharing one stream (${election})`, () => {
    beforeEach(() => {
      if (election === "Web Locks") vi.stubGlobal("navigator", { locks: new FakeLockManager() });
    });

    it("opens one EventSource for all tabs and relays its status and notices to every tab once", async () => {
      const [first, second, third] = openTabs(3);
      await waitFor(() => FakeEventSource.live().length === 1, "one stream");
      await settle();
      expect(FakeEventSource.opened).toHaveLength(1);
      const [source] = FakeEventSource.live();
      expect(source!.url).toBe("/api/notices/stream");

      source!.emit("open");
      source!.emit("status", "up");
      await waitFor(() => [first, second, third].every((tab) => tab!.hub.getStatus() === "up"), "up everywhere");

      source!.notice(event(100));
      source!.notice(event(101));
      // A replay overlap (the same id again) is delivered once only.
      source!.notice(event(101));
      await waitFor(() => [first, second, third].every((tab) => tab!.notices.length === 2), "two notices in every tab");
      await settle();
      for (const tab of [first, second, third]) expect(tab!.notices.map((notice) => notice.id)).toEqual([100, 101]);

      source!.emit("status", "down");
      await waitFor(() => [first, second, third].every((tab) => tab!.hub.getStatus() === "down"), "down everywhere");
    });

    it("tells every tab, including its own, about a read mark", async () => {
      const [first, second] = openTabs(2);
      await waitFor(() => FakeEventSource.live().length === 1, "one stream");
      second!.hub.announceRead("annt-1");
      first!.hub.announceRead(null);
      await waitFor(() => first!.reads.length === 2 && second!.reads.length === 2, "both reads in both tabs");
      expect(first!.reads.sort()).toEqual(["annt-1", null].sort());
      expect(second!.reads.sort()).toEqual(["annt-1", null].sort());
    });

    it("hands the stream to another tab when the leader goes, resuming after the last event seen", async () => {
      const opened = openTabs(2);
      await waitFor(() => FakeEventSource.live().length === 1, "one stream");
      const [source] = FakeEventSource.live();
      source!.emit("open");
      source!.emit("status", "up");
      source!.notice(event(500));
      await waitFor(() => opened.every((tab) => tab.notices.length === 1), "the notice in both tabs");

      // Which tab leads depends on timing: that one goes away.
      const leaving = opened.find((tab) => tab.hub.leading)!;
      const survivor = opened.find((tab) => tab !== leaving)!;
      expect(survivor.hub.leading).toBe(false);
      const leader = FakeEventSource.live()[0]!;
      leaving.hub.stop();
      expect(leader.readyState).toBe(FakeEventSource.CLOSED);

      await waitFor(() => FakeEventSource.live().length === 1, "the stream taken over", 6_000);
      const takenOver = FakeEventSource.live()[0]!;
      expect(takenOver).not.toBe(leader);
      expect(takenOver.url).toBe("/api/notices/stream?lastEventId=500");
      // Down until the new stream says it is up.
      expect(survivor.hub.getStatus()).toBe("down");
      takenOver.emit("status", "up");
      takenOver.notice(event(501));
      await waitFor(() => survivor.notices.length === 2, "a notice on the new stream");
      expect(survivor.hub.getStatus()).toBe("up");
    });

    it("a tab that opens later learns the stream's state from the leader at once", async () => {
      const [first] = openTabs(1);
      await waitFor(() => FakeEventSource.live().length === 1, "one stream");
      FakeEventSource.live()[0]!.emit("status", "up");
      await waitFor(() => first!.hub.getStatus() === "up", "the first tab up");
      const [late] = openTabs(1);
      await waitFor(() => late!.hub.getStatus() === "up", "the late tab up");
      expect(FakeEventSource.opened).toHaveLength(1);
    });
  });
}

describe("a stream the server refuses", () => {
  it("goes down and is opened again after 5 s", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    try {
      vi.stubGlobal("BroadcastChannel", undefined);
      const [tab] = openTabs(1);
      expect(FakeEventSource.opened).toHaveLength(1);
      const refused = FakeEventSource.opened[0]!;
      refused.emit("status", "up");
      refused.fail();
      expect(tab!.hub.getStatus()).toBe("down");
      vi.advanceTimersByTime(4_999);
      expect(FakeEventSource.opened).toHaveLength(1);
      vi.advanceTimersByTime(1);
      expect(FakeEventSource.opened).toHaveLength(2);
    } finally {
      vi.useRealTimers();
    }
  });
});
