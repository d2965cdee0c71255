// Compression of the web server's answers. The compression middleware (`compressAnswers`) serves
// Express's own answers and streamed ones; never server-sent events, which it would buffer
// (docs/stack.md).
//
// A React Router answer that is complete within one turn of the event loop (a page's data, a
// rendered page without deferred parts) is sent whole: with its length, and compressed in one call
// of zlib's one-shot API. Through the compression middleware, the same answer paid for a zlib
// stream, its thread-pool round trips and chunked encoding: 0.4–1.2 ms of the web process's CPU per
// list request, for 0.05–0.1 ms of actual deflate (docs/decisions/064). Answers still arriving
// after that turn (deferred data, streamed HTML) and larger ones stream as before, through the
// middleware, which also leaves alone what is encoded here.
import type { Request as ExpressRequest, RequestHandler, Response as ExpressResponse } from "express";
import compression from "compression";
import Negotiator from "negotiator";
import { brotliCompressSync, constants, deflateSync, gzipSync } from "node:zlib";

/** Answers up to this size may be sent whole; a larger one streams. */
export const WHOLE_ANSWER_LIMIT = 256 * 1024;
/** As the compression middleware's default threshold: smaller answers go uncompressed. */
const COMPRESS_FROM_BYTES = 1024;
// The compression middleware's choice (compression 1.8): brotli at quality 4 first, then gzip.
const SUPPORTED_ENCODINGS = ["br", "gzip", "deflate", "identity"];
const PREFERRED_ENCODINGS = ["br", "gzip"];
const BROTLI = { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } };

/** The compression middleware, but for event streams and the requests `skip` names. */
export function compressAnswers(skip: (req: ExpressRequest) => boolean = () => false): RequestHandler {
  return compression({
    filter: (req, res) => {
      const type = String(res.getHeader("Content-Type") ?? "");
      if (type.startsWith("text/event-stream")) return false;
      if (skip(req as ExpressRequest)) return false;
      return compression.filter(req, res);
    },
  });
}

export type WithinTurn =
  | { done: true; chunks: Uint8Array[] }
  /** Not complete in this turn (or too large): what was read, and the read still pending, if any. */
  | { done: false; chunks: Uint8Array[]; pending: Promise<IteratorResult<Uint8Array>> | null };

/** Reads the body's chunks until it ends, the event loop's turn ends, or the size limit is passed. */
export async function readWithinTurn(iterator: AsyncIterator<Uint8Array>): Promise<WithinTurn> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  const turnOver = new Promise<null>((resolve) => setImmediate(resolve, null));
  for (;;) {
    const pending = iterator.next();
    const next = await Promise.race([pending, turnOver]);
    if (next === null) return { done: false, chunks, pending };
    if (next.done) return { done: true, chunks };
    chunks.push(next.value);
    size += next.value.byteLength;
    if (size > WHOLE_ANSWER_LIMIT) return { done: false, chunks, pending: null };
  }
}

/** Sends a complete answer (headers already set on `res`) with its length, compressed if it should be. */
export function sendWhole(req: ExpressRequest, res: ExpressResponse, chunks: readonly Uint8Array[]): void {
  const body = chunks.length === 1 ? Buffer.from(chunks[0]!.buffer, chunks[0]!.byteOffset, chunks[0]!.byteLength) : Buffer.concat(chunks);
  const encoding = body.length >= COMPRESS_FROM_BYTES ? encodingFor(req, res) : null;
  const sent = encoding === "br" ? brotliCompressSync(body, BROTLI) : encoding === "gzip" ? gzipSync(body) : encoding === "deflate" ? deflateSync(body) : body;
  if (encoding) res.setHeader("Content-Encoding", encoding);
  res.setHeader("Content-Length", sent.length);
  res.end(sent);
}

/** The encoding the compression middleware would choose for this answer, or null for none. */
function encodingFor(req: ExpressRequest, res: ExpressResponse): string | null {
  if (req.method === "HEAD" || res.getHeader("Content-Encoding")) return null;
  if (/(?:^|,)\s*no-transform\s*(?:,|$)/i.test(String(res.getHeader("Cache-Control") ?? ""))) return null;
  // compressible type (the middleware's own filter)
  if (!compression.filter(req, res)) return null;
  res.vary("Accept-Encoding");
  // negotiator 0.6.4 takes the server's preference as a second list; its typings predate it.
  const negotiator = new Negotiator(req) as unknown as { encoding(available: string[], preferred: string[]): string | undefined };
  const method = negotiator.encoding(SUPPORTED_ENCODINGS, PREFERRED_ENCODINGS);
  return method && method !== "identity" ? method : null;
}
