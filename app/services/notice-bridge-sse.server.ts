// Server-sent events for the notice stream (/api/notices/stream), a drop-in for remix-utils'
// `eventStream` (same arguments, same wire format) that writes each message as ONE chunk.
//
// Why: remix-utils enqueues every message as three or more chunks (`id:`, `event:`, each `data:`
// line), and each chunk is a separate read, write and flush on the way to the socket. With 1000
// open streams a release fans out to 1000 writes at once; three chunks per write made the fan-out
// cost about half again as much CPU (bench/README.md "notices"). Here a message is formatted and
// encoded once and enqueued once.
//
// Also: a stream the client cancelled (the browser went away) runs the cleanup at once, and
// sending on a closed or cancelled stream is a no-op rather than a throw.

export interface ServerSentMessage {
  /** `message` unless told. */
  event?: string;
  id?: string;
  data: string;
}

export type SendServerSentEvent = (message: ServerSentMessage) => void;

/** What the stream's owner runs once the stream ends (unsubscribe, timers). */
export type StreamCleanup = () => void;

const encoder = new TextEncoder();

/** One message in the event-stream format (WHATWG HTML §9.2), ending with the blank line. */
export function formatServerSentEvent({ event = "message", id, data }: ServerSentMessage): string {
  let text = id ? `id: ${id}\n` : "";
  text += `event: ${event}\n`;
  for (const line of data.split("\n")) text += `data: ${line}\n`;
  return `${text}\n`;
}

/**
 * A `text/event-stream` Response. `init` gets `send` and `close` and answers the cleanup, which
 * runs exactly once: on `close()`, when `signal` aborts (the request ended), or when the body is
 * cancelled.
 */
export function eventStream(
  signal: AbortSignal,
  init: (send: SendServerSentEvent, close: () => void) => StreamCleanup,
  options: { headers?: HeadersInit } = {},
): Response {
  let finish: () => void = () => undefined;
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      let closed = false;
      let cleanup: StreamCleanup | null = null;
      const end = (closeController: boolean) => {
        if (closed) return;
        closed = true;
        signal.removeEventListener("abort", close);
        try {
          cleanup?.();
        } finally {
          if (closeController) {
            try {
              controller.close();
            } catch {
              // Already closed or errored.
            }
          }
        }
      };
      const close = () => end(true);
      finish = () => end(false);
      const send: SendServerSentEvent = (message) => {
        if (closed) return;
        try {
          controller.enqueue(encoder.encode(formatServerSentEvent(message)));
        } catch {
          // The consumer is gone: end quietly.
          end(false);
        }
      };
      cleanup = init(send, close);
      if (closed) {
        // init() closed the stream itself: run the cleanup it just handed over.
        const late = cleanup;
        cleanup = null;
        late?.();
        return;
      }
      signal.addEventListener("abort", close);
      if (signal.aborted) close();
    },
    cancel() {
      finish();
    },
  });
  const headers = new Headers(options.headers);
  headers.set("Content-Type", "text/event-stream");
  headers.set("Cache-Control", "no-cache");
  headers.set("Connection", "keep-alive");
  return new Response(stream, { headers });
}
