// The notice bridge against a real WebSocket server started here (standing in for the backend's
// /jeecg-boot/websocket/{userId}, api-contract.md §8), and the event-stream route on top of it.
// docs/spec/app-shell.md §4, §8, §9; docs/architecture.md "Notices".
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { WebSocketServer, type WebSocket } from "ws";
import { NoticeBridge, type NoticeEvent, type NoticeListener, type StreamStatus } from "~/services/notice-bridge.server";
import type { AppContext } from "~/services/app-context.server";
import { routeArgs, testApp } from "../support/app-context";
import { noticeAddressCheck } from "~/services/notice-address.server";
import { AccessRuleMessages } from "#contract/modules/access-rule";
import { login, startNoticeBackend, userIdOf, type NoticeTestBackend } from "./announcement-harness";

// ---- a tiny upstream -------------------------------------------------------------------------

interface UpstreamConnection {
  userId: string;
  protocol: string;
  token: string | null;
  socket: WebSocket;
  received: string[];
  closed: boolean;
}

let upstream: WebSocketServer;
let backendUrl = "";
const connections: UpstreamConnection[] = [];

beforeAll(async () => {
  upstream = new WebSocketServer({ host: "127.0.0.1", port: 0 });
  upstream.on("connection", (socket, request) => {
    const url = new URL(request.url ?? "/", "http://upstream");
    const match = /^\/jeecg-boot\/websocket\/([^/]+)$/.exec(url.pathname);
    if (!match) {
      socket.close(1008, "unknown path");
      return;
    }
    // A token whose session has ended is refused the way the embedded backend does (4401).
    if (socket.protocol === "ended.session") {
      socket.close(4401, "Token失效，请重新登录!");
      return;
    }
    const connection: UpstreamConnection = {
      userId: decodeURIComponent(match[1]!),
      protocol: socket.protocol,
      token: url.searchParams.get("token"),
      socket,
      received: [],
      closed: false,
    };
    connections.push(connection);
    socket.on("message", (data) => {
      const text = data.toString();
      connection.received.push(text);
      // The contract's heartbeat answer (api-contract.md §8), which the bridge must ignore.
      if (text === "HeartBeat") socket.send(JSON.stringify({ cmd: "heartcheck", msgTxt: "心跳响应" }));
    });
    socket.on("close", () => {
      connection.closed = true;
    });
  });
  await new Promise((resolve) => upstream.once("listening", resolve));
  backendUrl = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}/jeecg-boot`;
});

afterAll(async () => {
  for (const client of upstream.clients) client.terminate();
  await new Promise((resolve) => upstream.close(resolve));
});

let bridge: NoticeBridge | null = null;
afterEach(async () => {
  await bridge?.close();
  bridge = null;
  for (const client of upstream.clients) client.terminate();
  connections.length = 0;
});

function makeBridge(options: { heartbeatMs?: number; reconnectMs?: number } = {}): NoticeBridge {
  bridge = new NoticeBridge({ backendUrl: () => backendUrl, heartbeatMs: 60_000, reconnectMs: 150, logger: { warn: () => undefined }, ...options });
  return bridge;
}

// ---- helpers ------------------------------------------------------------------------------

class Page implements NoticeListener {
  events: NoticeEvent[] = [];
  statuses: StreamStatus[] = [];
  ended = false;
  event(event: NoticeEvent) {
    this.events.push(event);
  }
  status(status: StreamStatus) {
    this.statuses.push(status);
  }
  end() {
    this.ended = true;
  }
  get lastStatus(): StreamStatus | undefined {
    return this.statuses[this.statuses.length - 1];
  }
}

async function waitFor(check: () => boolean, what: string, timeoutMs = 3_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const openConnections = (userId: string) => connections.filter((connection) => connection.userId === userId && !connection.closed);
const push = (userId: string, frame: object) => {
  const [connection] = openConnections(userId);
  if (!connection) throw new Error(`no open upstream connection of ${userId}`);
  connection.socket.send(JSON.stringify(frame));
};

// ---- the bridge -----------------------------------------------------------------------------

describe("notice bridge", () => {
  it("opens one upstream socket per user with the token as subprotocol, and fans messages out to that user's pages only", async () => {
    const bridge = makeBridge();
    const [first, second, other] = [new Page(), new Page(), new Page()];
    const subscriptions = [
      bridge.subscribe({ id: "u1", token: "token.one" }, first),
      bridge.subscribe({ id: "u1", token: "token.one" }, second),
      bridge.subscribe({ id: "u2", token: "token.two" }, other),
    ];
    expect(subscriptions.map((subscription) => subscription.status)).toEqual(["down", "down", "down"]);
    await waitFor(() => first.lastStatus === "up" && second.lastStatus === "up" && other.lastStatus === "up", "all streams up");

    expect(connections.map((connection) => [connection.userId, connection.protocol, connection.token]).sort()).toEqual([
      ["u1", "token.one", null],
      ["u2", "token.two", null],
    ]);
    expect(bridge.snapshot()).toEqual({ users: 2, subscribers: 3, open: 2 });

    push("u1", { cmd: "heartcheck", msgTxt: "心跳响应" });
    push("u1", { cmd: "email", msgId: "x", msgTxt: "ignored" });
    push("u1", { cmd: "user", msgId: "a1", msgTxt: "给李老师的通知" });
    push("u1", { cmd: "topic", msgId: "a2", msgTxt: "全校通知" });
    await waitFor(() => first.events.length === 2 && second.events.length === 2, "two events on both pages of u1");

    expect(first.events.map(({ cmd, msgId, msgTxt }) => ({ cmd, msgId, msgTxt }))).toEqual([
      { cmd: "user", msgId: "a1", msgTxt: "给李老师的通知" },
      { cmd: "topic", msgId: "a2", msgTxt: "全校通知" },
    ]);
    expect(second.events).toEqual(first.events);
    expect(first.events[1]!.id).toBeGreaterThan(first.events[0]!.id);
    await sleep(50);
    expect(other.events).toEqual([]);
  });

  it("sends the heartbeat text on the open socket at the configured interval", async () => {
    const bridge = makeBridge({ heartbeatMs: 80 });
    const page = new Page();
    bridge.subscribe({ id: "u1", token: "t" }, page);
    await waitFor(() => (openConnections("u1")[0]?.received.filter((text) => text === "HeartBeat").length ?? 0) >= 2, "two heartbeats");
    // The answers (heartcheck) are not events.
    expect(page.events).toEqual([]);
  });

  it("tells pages the stream is down when the upstream closes, reconnects after the delay, and is up again", async () => {
    const bridge = makeBridge({ reconnectMs: 200 });
    const page = new Page();
    bridge.subscribe({ id: "u1", token: "t" }, page);
    await waitFor(() => page.lastStatus === "up", "first connection");
    const closedAt = Date.now();
    openConnections("u1")[0]!.socket.close(1011, "backend restarting");

    await waitFor(() => page.lastStatus === "down", "down after the close");
    await waitFor(() => openConnections("u1").length === 1 && page.lastStatus === "up", "reconnected");
    expect(Date.now() - closedAt).toBeGreaterThanOrEqual(190);
    expect(connections.filter((connection) => connection.userId === "u1")).toHaveLength(2);
    expect(page.statuses).toEqual(["up", "down", "up"]);

    push("u1", { cmd: "user", msgId: "after", msgTxt: "重连后的消息" });
    await waitFor(() => page.events.length === 1, "an event after the reconnect");
  });

  it("keeps retrying every reconnect delay while the backend refuses the handshake", async () => {
    // A backend that answers every upgrade with 401 (an expired token, a restart in progress).
    let attempts = 0;
    const refusing = createServer((_request, response) => response.writeHead(404).end());
    refusing.on("upgrade", (_request, socket) => {
      attempts += 1;
      // The client hangs up as soon as it reads the refusal.
      socket.on("error", () => undefined);
      socket.end("HTTP/1.1 401 Unauthorized\r\nContent-Length: 0\r\n\r\n");
    });
    await new Promise<void>((resolve) => refusing.listen(0, "127.0.0.1", resolve));
    const address = `http://127.0.0.1:${(refusing.address() as AddressInfo).port}/jeecg-boot`;
    const retrying = new NoticeBridge({ backendUrl: () => address, reconnectMs: 50, logger: { warn: () => undefined } });
    try {
      const page = new Page();
      const subscription = retrying.subscribe({ id: "u1", token: "t" }, page);
      await waitFor(() => attempts >= 4, "four attempts");
      expect(subscription.status).toBe("down");
      // It never was up, so the page hears no status change.
      expect(page.statuses).toEqual([]);
      expect(retrying.snapshot()).toEqual({ users: 1, subscribers: 1, open: 0 });
      subscription.unsubscribe();
      const settled = attempts;
      await sleep(200);
      expect(attempts).toBe(settled);
    } finally {
      await retrying.close();
      await new Promise((resolve) => refusing.close(resolve));
    }
  });

  it("does not offer a token the backend refused again, and connects with another page's token", async () => {
    const bridge = makeBridge({ reconnectMs: 50 });
    const stillSignedIn = new Page();
    const signedOutElsewhere = new Page();
    bridge.subscribe({ id: "u1", token: "live.session" }, stillSignedIn);
    // The newest page's token is tried first; the backend refuses it, so the older page's is used.
    bridge.subscribe({ id: "u1", token: "ended.session" }, signedOutElsewhere);
    await waitFor(() => openConnections("u1").length === 1 && stillSignedIn.lastStatus === "up", "the stream up with the live token");
    expect(connections.map((connection) => connection.protocol)).toEqual(["live.session"]);
    push("u1", { cmd: "user", msgId: "m", msgTxt: "still delivered" });
    await waitFor(() => stillSignedIn.events.length === 1 && signedOutElsewhere.events.length === 1, "the event on both pages");
  });

  it("gives a page that comes back with Last-Event-ID the events it missed", async () => {
    const bridge = makeBridge();
    const staying = new Page();
    bridge.subscribe({ id: "u1", token: "t" }, staying);
    await waitFor(() => staying.lastStatus === "up", "stream up");
    for (const msgId of ["m1", "m2", "m3"]) push("u1", { cmd: "user", msgId, msgTxt: msgId });
    await waitFor(() => staying.events.length === 3, "three events");
    const [seen] = staying.events;

    const returning = bridge.subscribe({ id: "u1", token: "t" }, new Page(), seen!.id);
    expect(returning.missed.map((event) => event.msgId)).toEqual(["m2", "m3"]);
    expect(returning.status).toBe("up");
    expect(bridge.subscribe({ id: "u1", token: "t" }, new Page()).missed).toEqual([]);
    expect(bridge.subscribe({ id: "u1", token: "t" }, new Page(), staying.events[2]!.id).missed).toEqual([]);
  });

  it("closes the upstream socket when the user's last page leaves, and does not reconnect", async () => {
    const bridge = makeBridge({ reconnectMs: 100 });
    const pages = [new Page(), new Page()];
    const subscriptions = pages.map((page) => bridge.subscribe({ id: "u1", token: "t" }, page));
    await waitFor(() => pages.every((page) => page.lastStatus === "up"), "stream up");

    subscriptions[0]!.unsubscribe();
    await sleep(50);
    expect(openConnections("u1")).toHaveLength(1);

    subscriptions[1]!.unsubscribe();
    subscriptions[1]!.unsubscribe();
    await waitFor(() => openConnections("u1").length === 0, "the upstream closed");
    await sleep(300);
    expect(connections).toHaveLength(1);
    expect(bridge.snapshot()).toEqual({ users: 0, subscribers: 0, open: 0 });
  });

  it("ends every stream and closes every socket on shutdown", async () => {
    const bridge = makeBridge();
    const page = new Page();
    bridge.subscribe({ id: "u1", token: "t" }, page);
    await waitFor(() => page.lastStatus === "up", "stream up");
    await bridge.close();
    expect(page.ended).toBe(true);
    await waitFor(() => openConnections("u1").length === 0, "the upstream closed");
    expect(() => bridge.subscribe({ id: "u1", token: "t" }, new Page())).toThrow();
  });
});

// ---- the event-stream route -------------------------------------------------------------------

describe("GET /api/notices/stream", () => {
  const origin = "http://school.test";

  // Each test's web server: its own bridge, to the upstream above (or the real backend below).
  let app: AppContext;
  let appBackend = "";
  beforeAll(() => {
    appBackend = backendUrl;
  });
  beforeEach(() => {
    app = testApp(appBackend);
  });
  afterEach(async () => app.noticeBridge.close());

  async function sessionCookie(values: { token: string; userId: string }): Promise<string> {
    const { getSession, commitSession } = await import("~/services/session.server");
    const route = routeArgs(app, new Request(origin));
    const session = await getSession(route);
    session.set("token", values.token);
    session.set("userId", values.userId);
    session.set("username", "teacher_li");
    session.set("realname", "李明");
    session.set("tenantId", 1);
    return (await commitSession(route, session)).split(";")[0]!;
  }

  interface StreamMessage {
    event: string;
    id?: string;
    data: string;
  }

  /** Reads server-sent events from a response body as they arrive. */
  function readEvents(response: Response) {
    const messages: StreamMessage[] = [];
    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    let buffer = "";
    let done = false;
    const pump = (async () => {
      for (;;) {
        const chunk = await reader.read();
        if (chunk.done) break;
        buffer += decoder.decode(chunk.value, { stream: true });
        let end: number;
        while ((end = buffer.indexOf("\n\n")) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const message: StreamMessage = { event: "message", data: "" };
          const data: string[] = [];
          for (const line of block.split("\n")) {
            const colon = line.indexOf(":");
            const field = colon < 0 ? line : line.slice(0, colon);
            const value = colon < 0 ? "" : line.slice(colon + 1).replace(/^ /, "");
            if (field === "event") message.event = value;
            else if (field === "id") message.id = value;
            else if (field === "data") data.push(value);
          }
          message.data = data.join("\n");
          messages.push(message);
        }
      }
      done = true;
    })().catch(() => {
      done = true;
    });
    return { messages, pump, isDone: () => done };
  }

  async function openStream(cookie: string, headers: Record<string, string> = {}, query = "") {
    const stream = await import("~/routes/api/notices/stream");
    const abort = new AbortController();
    const request = new Request(`${origin}/api/notices/stream${query}`, { headers: { Cookie: cookie, ...headers }, signal: abort.signal });
    type Args = Parameters<typeof stream.loader>[0];
    const response = await stream.loader(routeArgs(app, request) as unknown as Args);
    return { response, abort };
  }

  it("streams the status and the user's notices, resumes after Last-Event-ID, and unsubscribes when the page goes", async () => {
    const cookie = await sessionCookie({ token: "token.li", userId: "u-li" });
    // Another page of the same user keeps the channel (and its kept events) alive.
    const other = new Page();
    const keeper = app.noticeBridge.subscribe({ id: "u-li", token: "token.li" }, other);
    await waitFor(() => other.lastStatus === "up", "the user's channel up");
    expect(openConnections("u-li")[0]!.protocol).toBe("token.li");
    push("u-li", { cmd: "user", msgId: "n1", msgTxt: "第一条" });
    push("u-li", { cmd: "user", msgId: "n2", msgTxt: "第二条" });
    await waitFor(() => other.events.length === 2, "two events kept");

    const { response, abort } = await openStream(cookie, { "Last-Event-ID": String(other.events[0]!.id) });
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("text/event-stream");
    expect(response.headers.get("X-Accel-Buffering")).toBe("no");
    const reading = readEvents(response);
    await waitFor(() => reading.messages.length >= 2, "the replay and the status");
    expect(reading.messages[0]).toEqual({ event: "notice", id: String(other.events[1]!.id), data: JSON.stringify(other.events[1]) });
    expect(reading.messages[1]).toEqual({ event: "status", data: "up" });
    expect(app.noticeBridge.snapshot()).toMatchObject({ users: 1, subscribers: 2 });

    push("u-li", { cmd: "topic", msgId: "n3", msgTxt: "第三条" });
    await waitFor(() => reading.messages.length >= 3, "a live event");
    const live = JSON.parse(reading.messages[2]!.data) as NoticeEvent;
    expect(live).toMatchObject({ cmd: "topic", msgId: "n3", msgTxt: "第三条" });
    expect(reading.messages[2]!.id).toBe(String(live.id));

    abort.abort();
    await waitFor(() => reading.isDone(), "the stream to end");
    expect(app.noticeBridge.snapshot()).toMatchObject({ users: 1, subscribers: 1 });
    keeper.unsubscribe();
    await waitFor(() => openConnections("u-li").length === 0, "the upstream closed after the last page");
  });

  it("accepts the resume point as ?lastEventId= for a tab that takes the stream over", async () => {
    const cookie = await sessionCookie({ token: "token.li", userId: "u-li" });
    const other = new Page();
    app.noticeBridge.subscribe({ id: "u-li", token: "token.li" }, other);
    await waitFor(() => other.lastStatus === "up", "the user's channel up");
    push("u-li", { cmd: "user", msgId: "q1", msgTxt: "q1" });
    push("u-li", { cmd: "user", msgId: "q2", msgTxt: "q2" });
    await waitFor(() => other.events.length === 2, "two events kept");

    const { response, abort } = await openStream(cookie, {}, `?lastEventId=${other.events[0]!.id}`);
    const reading = readEvents(response);
    await waitFor(() => reading.messages.length >= 2, "the replay and the status");
    expect(reading.messages.map((message) => message.event)).toEqual(["notice", "status"]);
    expect(JSON.parse(reading.messages[0]!.data)).toMatchObject({ msgId: "q2" });
    abort.abort();
  });

  it("refuses a signed-out browser with 401, never a redirect into a sign-in, in a work-chat app too", async () => {
    const stream = await import("~/routes/api/notices/stream");
    type Args = Parameters<typeof stream.loader>[0];
    for (const userAgent of ["Mozilla/5.0 Chrome/120", "Mozilla/5.0 Chrome/120 wxwork/4.1.0"]) {
      const request = new Request(`${origin}/api/notices/stream`, { headers: { "User-Agent": userAgent } });
      let thrown: unknown;
      try {
        await stream.loader(routeArgs(app, request) as unknown as Args);
      } catch (error) {
        thrown = error;
      }
      expect(thrown).toBeInstanceOf(Response);
      expect((thrown as Response).status).toBe(401);
      expect((thrown as Response).headers.get("Location")).toBeNull();
    }
  });

  it("ends open streams when the bridge shuts down", async () => {
    const cookie = await sessionCookie({ token: "token.li", userId: "u-li" });
    const { response } = await openStream(cookie);
    const reading = readEvents(response);
    await waitFor(() => reading.messages.some((message) => message.event === "status"), "the first status");
    await app.noticeBridge.close();
    await waitFor(() => reading.isDone(), "the stream to end");
  });

  // 访问控制 on the stream (issue #34 item 4, docs/decisions/146), against a real backend: the
  // upstream socket is the web server's (not judged), so the stream asks for its page's address
  // when it opens, before each delivery and at each sweep.
  describe("address rules", () => {
    let real: NoticeTestBackend;
    let userId = "";
    let token = "";
    const BLOCKED = "203.0.113.20";
    const rules = () => real.backend.services.addressRules;
    const block = async () => {
      await real.backend.db.exec(`INSERT INTO sys_access_rule (id, tenant_id, rule_type, address, status) VALUES ('sse-block', 1, 'block', '203.0.113.0/24', 1)`);
      await rules().reload();
    };
    const unblock = async () => {
      await real.backend.db.exec(`DELETE FROM sys_access_rule WHERE id = 'sse-block'`);
      await rules().reload();
    };
    const notify = (msgId: string) => real.bus.publish({ audience: { kind: "users", userIds: [userId] }, frame: { cmd: "user", msgId, msgTxt: msgId } });

    beforeAll(async () => {
      real = await startNoticeBackend({ trustLoopbackProxy: true });
      appBackend = real.url;
      token = await login(real.url, "teacher_li");
      userId = await userIdOf(real.backend, "teacher_li");
    });
    afterEach(async () => {
      noticeAddressCheck.sweepMs = 60_000;
      await unblock();
    });
    afterAll(async () => {
      appBackend = backendUrl;
      await real?.close();
    });

    const streamFrom = async (address: string) => {
      const cookie = await sessionCookie({ token, userId });
      const { response, abort } = await openStream(cookie, { "x-client-address": address });
      return { response, abort, reading: response.status === 200 ? readEvents(response) : null };
    };

    it("delivers while the address is admitted, and ends the stream at the first delivery after a rule blocks it", async () => {
      const { response, abort, reading } = await streamFrom(BLOCKED);
      expect(response.status).toBe(200);
      await waitFor(() => reading!.messages.some((message) => message.event === "status" && message.data === "up"), "the stream up", 10_000);
      await notify("before");
      await waitFor(() => reading!.messages.some((message) => message.event === "notice"), "the first notice", 10_000);
      await block();
      await notify("after");
      await waitFor(() => reading!.isDone(), "the stream to end", 10_000);
      const events = reading!.messages.filter((message) => message.event !== "keepalive").map((message) => message.event === "notice" ? JSON.parse(message.data).msgId : `${message.event}:${message.data}`);
      expect(events.filter((event) => !event.startsWith("status:"))).toEqual(["before", `address-refused:${AccessRuleMessages.refused}`]);
      abort.abort();
      // Opened again from there: 403 with the rule's words, which ends an EventSource for good.
      const again = await streamFrom(BLOCKED);
      expect(again.response.status).toBe(403);
      expect(await again.response.text()).toBe(AccessRuleMessages.refused);
    });

    it("ends an idle stream at the next sweep once its address is blocked, and keeps another address's", async () => {
      noticeAddressCheck.sweepMs = 200;
      const refused = await streamFrom(BLOCKED);
      const other = await streamFrom("198.51.100.30");
      await waitFor(() => [refused, other].every(({ reading }) => reading!.messages.some((message) => message.event === "status")), "both streams open", 10_000);
      await sleep(500);
      expect(refused.reading!.isDone()).toBe(false);
      await block();
      await waitFor(() => refused.reading!.isDone(), "the blocked stream to end", 10_000);
      expect(refused.reading!.messages.map((message) => message.event)).toContain("address-refused");
      await sleep(500);
      expect(other.reading!.isDone()).toBe(false);
      await notify("still");
      await waitFor(() => other.reading!.messages.some((message) => message.event === "notice"), "the other stream's notice", 10_000);
      other.abort.abort();
      refused.abort.abort();
    });
  });
});
