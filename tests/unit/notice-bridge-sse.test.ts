// The notice stream's server-sent events (app/services/notice-bridge-sse.server.ts): the wire
// format of remix-utils' eventStream, one chunk per message, and a cleanup that runs exactly once
// however the stream ends. Bodies are read through the Response's own reader; the format is also
// read back by a small parser of the rules browsers follow (WHATWG HTML §9.2).
import { describe, expect, it } from "vitest";
import { eventStream, formatServerSentEvent, type SendServerSentEvent } from "~/services/notice-bridge-sse.server";

const decoder = new TextDecoder();

async function readChunks(response: Response, count: number): Promise<string[]> {
  const reader = response.body!.getReader();
  const chunks: string[] = [];
  while (chunks.length < count) {
    const { value, done } = await reader.read();
    if (done) break;
    chunks.push(decoder.decode(value));
  }
  reader.releaseLock();
  return chunks;
}

/** The events a conforming parser sees in a text (fields id, event, data; blank line dispatches). */
function parse(text: string): Array<{ id?: string; event: string; data: string }> {
  const events: Array<{ id?: string; event: string; data: string }> = [];
  let current: { id?: string; event?: string; data: string[] } = { data: [] };
  for (const line of text.split("\n")) {
    if (line === "") {
      if (current.data.length > 0) events.push({ id: current.id, event: current.event ?? "message", data: current.data.join("\n") });
      current = { data: [] };
      continue;
    }
    const colon = line.indexOf(":");
    const field = line.slice(0, colon);
    const value = line.slice(colon + 1).replace(/^ /, "");
    if (field === "data") current.data.push(value);
    else if (field === "event") current.event = value;
    else if (field === "id") current.id = value;
  }
  return events;
}

describe("formatServerSentEvent", () => {
  it("writes id, event and one data line per line of the data, then the blank line", () => {
    expect(formatServerSentEvent({ id: "17", event: "notice", data: '{"a":1}' })).toBe('id: 17\nevent: notice\ndata: {"a":1}\n\n');
    expect(formatServerSentEvent({ data: "x\ny" })).toBe("event: message\ndata: x\ndata: y\n\n");
    expect(parse(formatServerSentEvent({ id: "3", event: "status", data: "two\nlines" }))).toEqual([{ id: "3", event: "status", data: "two\nlines" }]);
  });
});

describe("eventStream", () => {
  it("answers text/event-stream without caching, with the caller's headers, one chunk per message", async () => {
    let send: SendServerSentEvent = () => undefined;
    const response = eventStream(
      new AbortController().signal,
      (given) => {
        send = given;
        return () => undefined;
      },
      { headers: { "X-Accel-Buffering": "no" } },
    );
    expect(response.headers.get("Content-Type")).toBe("text/event-stream");
    expect(response.headers.get("Cache-Control")).toBe("no-cache");
    expect(response.headers.get("X-Accel-Buffering")).toBe("no");
    send({ event: "status", data: "up" });
    send({ id: "5", event: "notice", data: '{"msgId":"a"}' });
    const chunks = await readChunks(response, 2);
    expect(chunks).toEqual(["event: status\ndata: up\n\n", 'id: 5\nevent: notice\ndata: {"msgId":"a"}\n\n']);
  });

  it("runs the cleanup once when the request aborts, and ignores sends afterwards", async () => {
    const abort = new AbortController();
    let cleanups = 0;
    let send: SendServerSentEvent = () => undefined;
    const response = eventStream(abort.signal, (given) => {
      send = given;
      return () => {
        cleanups += 1;
      };
    });
    abort.abort();
    abort.abort();
    expect(cleanups).toBe(1);
    expect(() => send({ data: "late" })).not.toThrow();
    const reader = response.body!.getReader();
    expect((await reader.read()).done).toBe(true);
  });

  it("runs the cleanup once when the client cancels the body, and on close()", async () => {
    let cleanups = 0;
    const cancelled = eventStream(new AbortController().signal, () => () => {
      cleanups += 1;
    });
    await cancelled.body!.cancel();
    expect(cleanups).toBe(1);

    let close: () => void = () => undefined;
    const closing = eventStream(new AbortController().signal, (_send, given) => {
      close = given;
      return () => {
        cleanups += 1;
      };
    });
    close();
    close();
    expect(cleanups).toBe(2);
    expect((await closing.body!.getReader().read()).done).toBe(true);
  });

  it("runs the cleanup of an init that closes the stream at once", async () => {
    let cleanups = 0;
    const response = eventStream(new AbortController().signal, (_send, close) => {
      close();
      return () => {
        cleanups += 1;
      };
    });
    expect(cleanups).toBe(1);
    expect((await response.body!.getReader().read()).done).toBe(true);
  });

  it("starts closed when the request has already ended", () => {
    const abort = new AbortController();
    abort.abort();
    let cleanups = 0;
    eventStream(abort.signal, () => () => {
      cleanups += 1;
    });
    expect(cleanups).toBe(1);
  });
});
