// The event-stream clients of bench/notices.ts, in a process of their own so that reading 1000
// streams does not run on the web server's (or the benchmark's) event loop. Plain JavaScript:
// started with `node`, no compile step. Driven over IPC by the parent:
//   {type:"open", streams:[{url, cookie}], concurrency, timeoutMs}
//        → {type:"opened", up, failed, errors, ms}: every stream answered 200 and sent `status: up`
//   {type:"collect", msgId, timeoutMs}
//        → {type:"collected", msgId, times, missing}: the receipt time of the `notice` event with
//          that msgId on each stream (epoch ms, sub-ms precision: performance.timeOrigin + now()),
//          once every open stream has it or the timeout has passed
//   {type:"close"} → {type:"closed"}
// Loopback only; the parent kills this process when it is done.
import http from "node:http";

const agent = new http.Agent({ keepAlive: false, maxSockets: Infinity });
const now = () => performance.timeOrigin + performance.now();

/** @type {Array<{ request: http.ClientRequest | null, response: http.IncomingMessage | null, up: boolean, closed: boolean, received: Map<string, number> }>} */
let streams = [];
/** Waiters of `collect`, woken on every notice. */
const waiters = new Set();
/** How many streams have received each msgId (kept so that a wake-up costs O(1)). */
const counts = new Map();

function send(message) {
  if (process.send) process.send(message);
}

function openStream(target, onUp, onFail) {
  const url = new URL(target.url);
  if (url.hostname !== "127.0.0.1" && url.hostname !== "localhost") {
    onFail(`refusing non-loopback ${target.url}`);
    return null;
  }
  const stream = { request: null, response: null, up: false, closed: false, received: new Map() };
  const request = http.request(
    {
      host: url.hostname,
      port: url.port,
      path: url.pathname + url.search,
      method: "GET",
      agent,
      headers: { Cookie: target.cookie, Accept: "text/event-stream" },
    },
    (response) => {
      stream.response = response;
      if (response.statusCode !== 200) {
        response.resume();
        stream.closed = true;
        onFail(`status ${response.statusCode}`);
        return;
      }
      response.setEncoding("utf8");
      let buffer = "";
      response.on("data", (chunk) => {
        const at = now();
        buffer += chunk;
        let end;
        while ((end = buffer.indexOf("\n\n")) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          handleEvent(stream, block, at, onUp);
        }
      });
      response.on("close", () => {
        stream.closed = true;
      });
      response.on("error", () => {
        stream.closed = true;
      });
    },
  );
  request.on("error", (error) => {
    stream.closed = true;
    onFail(error.message);
  });
  request.end();
  stream.request = request;
  return stream;
}

function handleEvent(stream, block, at, onUp) {
  let event = "message";
  let data = "";
  for (const line of block.split("\n")) {
    if (line.startsWith("event:")) event = line.slice(6).trim();
    else if (line.startsWith("data:")) data += line.slice(5).trimStart();
  }
  if (event === "status") {
    if (data === "up" && !stream.up) {
      stream.up = true;
      onUp();
    }
    return;
  }
  if (event !== "notice") return;
  let msgId = "";
  try {
    msgId = String(JSON.parse(data).msgId ?? "");
  } catch {
    return;
  }
  if (stream.received.has(msgId)) return;
  stream.received.set(msgId, at);
  counts.set(msgId, (counts.get(msgId) ?? 0) + 1);
  for (const wake of waiters) wake();
}

async function open({ streams: targets, concurrency, timeoutMs }) {
  const started = now();
  const errors = new Map();
  let up = 0;
  let failed = 0;
  let next = 0;
  let inFlight = 0;
  streams = [];
  await new Promise((resolve) => {
    const timer = setTimeout(resolve, timeoutMs);
    const finishIfDone = () => {
      if (up + failed === targets.length) {
        clearTimeout(timer);
        resolve();
      } else launch();
    };
    const launch = () => {
      while (inFlight < concurrency && next < targets.length) {
        const target = targets[next++];
        inFlight += 1;
        let settled = false;
        const settle = (ok, reason) => {
          if (settled) return;
          settled = true;
          inFlight -= 1;
          if (ok) up += 1;
          else {
            failed += 1;
            errors.set(reason, (errors.get(reason) ?? 0) + 1);
          }
          finishIfDone();
        };
        const stream = openStream(target, () => settle(true), (reason) => settle(false, reason));
        if (stream) streams.push(stream);
      }
    };
    if (targets.length === 0) resolve();
    else launch();
  });
  send({ type: "opened", up, failed, errors: Object.fromEntries(errors), ms: now() - started });
}

async function collect({ msgId, timeoutMs }) {
  const expected = streams.filter((stream) => stream.up && !stream.closed).length;
  const complete = () => (counts.get(msgId) ?? 0) >= expected;
  if (!complete()) {
    await new Promise((resolve) => {
      const wake = () => {
        if (complete()) done();
      };
      const done = () => {
        clearTimeout(timer);
        waiters.delete(wake);
        resolve();
      };
      const timer = setTimeout(done, timeoutMs);
      waiters.add(wake);
    });
  }
  const times = [];
  let missing = 0;
  for (const stream of streams.filter((candidate) => candidate.up)) {
    const at = stream.received.get(msgId);
    if (at === undefined) missing += 1;
    else times.push(at);
  }
  send({ type: "collected", msgId, times, missing });
}

function close() {
  for (const stream of streams) {
    stream.request?.destroy();
    stream.response?.destroy();
  }
  streams = [];
  send({ type: "closed" });
}

process.on("message", (message) => {
  switch (message?.type) {
    case "open":
      void open(message);
      break;
    case "collect":
      void collect(message);
      break;
    case "close":
      close();
      break;
  }
});
// The parent went away: nothing left to measure.
process.on("disconnect", () => process.exit(0));
