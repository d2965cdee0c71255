// The pure rules of the notice bridge (app/services/notice-bridge-core.ts).
// docs/spec/app-shell.md §4, §8, §9; api-contract.md §8; docs/architecture.md "Notices".
import { describe, expect, it } from "vitest";
import {
  NOTICE_HEARTBEAT_MS,
  NOTICE_HEARTBEAT_TEXT,
  NOTICE_RECONNECT_MS,
  RingBuffer,
  createIdSequence,
  eventsAfter,
  parseLastEventId,
  parseUpstreamMessage,
  stepUpstream,
  upstreamTarget,
  type NoticeEvent,
  type UpstreamInput,
  type UpstreamPhase,
} from "~/services/notice-bridge-core";

const event = (id: number): NoticeEvent => ({ id, cmd: "user", msgId: `a${id}`, msgTxt: `t${id}` });

describe("the spec's channel constants", () => {
  it("beats with the text HeartBeat every 20 s and reconnects after 5 s", () => {
    expect(NOTICE_HEARTBEAT_TEXT).toBe("HeartBeat");
    expect(NOTICE_HEARTBEAT_MS).toBe(20_000);
    expect(NOTICE_RECONNECT_MS).toBe(5_000);
  });
});

describe("ring buffer", () => {
  it("keeps the newest items in arrival order and drops the oldest beyond its capacity", () => {
    const ring = new RingBuffer<number>(3);
    for (const n of [1, 2, 3, 4, 5]) ring.push(n);
    expect(ring.toArray()).toEqual([3, 4, 5]);
    expect(ring.size).toBe(3);
  });

  it("hands out a copy, so callers cannot change what is kept", () => {
    const ring = new RingBuffer<number>(2);
    ring.push(1);
    ring.toArray().push(99);
    expect(ring.toArray()).toEqual([1]);
  });

  it("refuses a capacity that is not a positive integer", () => {
    expect(() => new RingBuffer(0)).toThrow();
    expect(() => new RingBuffer(1.5)).toThrow();
  });
});

describe("resuming after Last-Event-ID", () => {
  const kept = [event(10), event(11), event(12)];

  it("replays only the events after the page's last one, oldest first", () => {
    expect(eventsAfter(kept, 10).map((e) => e.id)).toEqual([11, 12]);
    expect(eventsAfter(kept, 9).map((e) => e.id)).toEqual([10, 11, 12]);
  });

  it("replays nothing to a fresh page, or to a page that has seen everything", () => {
    expect(eventsAfter(kept, null)).toEqual([]);
    expect(eventsAfter(kept, 12)).toEqual([]);
    expect(eventsAfter(kept, 500)).toEqual([]);
  });

  it("reads the id from the header or query only when it is a plain non-negative integer", () => {
    expect(parseLastEventId("42")).toBe(42);
    expect(parseLastEventId(" 1732000000001 ")).toBe(1732000000001);
    expect(parseLastEventId("0")).toBe(0);
    for (const bad of [null, undefined, "", "-1", "1e3", "12abc", "99999999999999999", "1.5"]) expect(parseLastEventId(bad)).toBeNull();
  });

  it("numbers events by the clock, upward and never twice, even when the clock stands still or goes back", () => {
    let now = 1_000;
    const next = createIdSequence(() => now);
    expect([next(), next(), next()]).toEqual([1_000, 1_001, 1_002]);
    now = 5_000;
    expect(next()).toBe(5_000);
    now = 4_000;
    expect(next()).toBe(5_001);
    // A process started later (a restart, another web server) numbers above the earlier one.
    expect(createIdSequence()()).toBeGreaterThan(5_001);
  });
});

describe("upstream frames", () => {
  it("turns topic and user commands into notices", () => {
    expect(parseUpstreamMessage('{"cmd":"topic","msgId":"1","msgTxt":"全校通知"}')).toEqual({ cmd: "topic", msgId: "1", msgTxt: "全校通知" });
    expect(parseUpstreamMessage('{"cmd":"user","msgId":1260928341675982849,"msgTxt":"个人消息"}')?.cmd).toBe("user");
    expect(parseUpstreamMessage('{"cmd":"user","msgId":"9"}')).toEqual({ cmd: "user", msgId: "9", msgTxt: "" });
  });

  it("ignores heartbeat answers, other commands and text that is not JSON", () => {
    expect(parseUpstreamMessage('{"cmd":"heartcheck","msgTxt":"心跳响应"}')).toBeNull();
    for (const cmd of ["email", "sign", "publish"]) expect(parseUpstreamMessage(JSON.stringify({ cmd, msgId: "1" }))).toBeNull();
    expect(parseUpstreamMessage("HeartBeat")).toBeNull();
    expect(parseUpstreamMessage("null")).toBeNull();
    expect(parseUpstreamMessage("[1]")).toBeNull();
  });
});

describe("the upstream address", () => {
  it("turns BACKEND_URL into a ws URL for /websocket/{userId} and sends the token as the subprotocol", () => {
    expect(upstreamTarget("http://127.0.0.1:3000/jeecg-boot/", "e9ca23d68d884d4ebb19d07889727dae", "eyJ.a-b_c.d")).toEqual({
      url: "ws://127.0.0.1:3000/jeecg-boot/websocket/e9ca23d68d884d4ebb19d07889727dae",
      protocols: ["eyJ.a-b_c.d"],
    });
    expect(upstreamTarget("https://api.school.example/jeecg-boot", "1", "t").url).toBe("wss://api.school.example/jeecg-boot/websocket/1");
  });

  it("puts a token that cannot be a subprotocol into ?token= instead, and encodes the user id", () => {
    const target = upstreamTarget("http://h/jeecg-boot", "a b", "tok en=");
    expect(target.protocols).toEqual([]);
    expect(target.url).toBe("ws://h/jeecg-boot/websocket/a%20b?token=tok+en%3D");
  });

  it("refuses a backend address that is not http(s) or ws(s)", () => {
    expect(() => upstreamTarget("ftp://h/x", "1", "t")).toThrow();
  });
});

describe("the upstream life cycle", () => {
  const run = (inputs: UpstreamInput[], from: UpstreamPhase = "idle") => {
    let phase = from;
    const actions: string[] = [];
    for (const input of inputs) {
      const step = stepUpstream(phase, input);
      phase = step.phase;
      actions.push(...step.actions);
    }
    return { phase, actions };
  };

  it("connects for the first page only, and announces up with the heartbeat once open", () => {
    expect(run([{ type: "subscribed" }, { type: "subscribed" }, { type: "opened" }])).toEqual({
      phase: "open",
      actions: ["connect", "start-heartbeat", "announce-up"],
    });
  });

  it("after a close or error while pages remain: heartbeat off, down, reconnect after the delay, then up again", () => {
    expect(run([{ type: "closed" }, { type: "retry" }, { type: "opened" }], "open")).toEqual({
      phase: "open",
      actions: ["stop-heartbeat", "announce-down", "schedule-reconnect", "connect", "start-heartbeat", "announce-up"],
    });
  });

  it("keeps retrying while the backend refuses, without announcing down again", () => {
    expect(run([{ type: "closed" }, { type: "retry" }, { type: "closed" }], "connecting")).toEqual({
      phase: "waiting",
      actions: ["schedule-reconnect", "connect", "schedule-reconnect"],
    });
  });

  it("closes the socket when the last page leaves, and does not reconnect afterwards", () => {
    expect(run([{ type: "unsubscribed", remaining: 1 }], "open")).toEqual({ phase: "open", actions: [] });
    expect(run([{ type: "unsubscribed", remaining: 0 }, { type: "closed" }], "open")).toEqual({
      phase: "idle",
      actions: ["stop-heartbeat", "disconnect"],
    });
    expect(run([{ type: "unsubscribed", remaining: 0 }], "connecting")).toEqual({ phase: "idle", actions: ["disconnect"] });
    expect(run([{ type: "unsubscribed", remaining: 0 }, { type: "retry" }], "waiting")).toEqual({ phase: "idle", actions: ["cancel-reconnect"] });
  });

  it("ignores an open from a socket it no longer wants", () => {
    expect(run([{ type: "opened" }], "idle")).toEqual({ phase: "idle", actions: [] });
  });

  it("shuts down from any phase and tells the pages", () => {
    expect(run([{ type: "shutdown" }], "open")).toEqual({ phase: "idle", actions: ["stop-heartbeat", "disconnect", "announce-down"] });
    expect(run([{ type: "shutdown" }], "waiting")).toEqual({ phase: "idle", actions: ["cancel-reconnect", "announce-down"] });
    expect(run([{ type: "shutdown" }], "idle")).toEqual({ phase: "idle", actions: [] });
  });
});
