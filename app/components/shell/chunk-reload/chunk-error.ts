// Chunk load failures (docs/spec/app-shell.md §8, "chunk load failure": "after 120 s or a script/stylesheet
// load error a named error is raised (ChunkLoadError, or code CSS_CHUNK_LOAD_FAILED)"). With Vite and
// React Router the failures show up as browser errors from a dynamic import() or as Vite's CSS
// preload error; this module names them so an error boundary can offer a reload instead of a blank
// page (ChunkReloadNotice).

/** §8: a chunk that has not loaded after 120 s counts as failed. */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

/** §8: the code carried by a failed stylesheet chunk. */
export const CSS_CHUNK_LOAD_FAILED = "CSS_CHUNK_LOAD_FAILED";

/** Why the chunk failed, as webpack's ChunkLoadError reports it. */
export type ChunkFailureType = "timeout" | "missing";

export interface ChunkLoadErrorOptions {
  type?: ChunkFailureType;
  /** Set for a stylesheet chunk (§8). */
  code?: typeof CSS_CHUNK_LOAD_FAILED;
  cause?: unknown;
}

/** §8's named error for a script (or, with `code`, stylesheet) chunk that did not load. */
export class ChunkLoadError extends Error {
  override name = "ChunkLoadError";
  readonly type: ChunkFailureType;
  readonly code?: typeof CSS_CHUNK_LOAD_FAILED;

  constructor(message = "Loading chunk failed.", options: ChunkLoadErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.type = options.type ?? "missing";
    if (options.code) this.code = options.code;
  }
}

// What browsers and Vite say when a lazily imported module or its stylesheet cannot be fetched:
// Chrome, Firefox, Safari, Vite's preload helper, and Safari when a deploy removed the file and the
// server answered with the HTML page instead.
const SCRIPT_FAILURES = [
  /failed to fetch dynamically imported module/i,
  /error loading dynamically imported module/i,
  /importing a module script failed/i,
  /'text\/html' is not a valid javascript mime type/i,
];
const CSS_FAILURES = [/unable to preload css/i];

// Wrapped errors (e.g. via `cause`) are followed a few levels, never endlessly.
const MAX_CAUSE_DEPTH = 3;

function field(error: unknown, key: "name" | "code" | "message" | "cause"): unknown {
  return typeof error === "object" && error !== null ? (error as Record<string, unknown>)[key] : undefined;
}

function messageOf(error: unknown): string {
  const message = field(error, "message");
  return typeof message === "string" ? message : "";
}

function isCssFailure(error: unknown): boolean {
  return field(error, "code") === CSS_CHUNK_LOAD_FAILED || CSS_FAILURES.some((pattern) => pattern.test(messageOf(error)));
}

/**
 * Whether an error means a code-split chunk could not be loaded (§8): our ChunkLoadError (or any
 * error named "ChunkLoadError"), an error with code CSS_CHUNK_LOAD_FAILED, or the browsers' messages
 * for a failed dynamic import or CSS preload. Causes are followed a few levels.
 */
export function isChunkLoadError(error: unknown): boolean {
  let current = error;
  for (let depth = 0; depth <= MAX_CAUSE_DEPTH && typeof current === "object" && current !== null; depth += 1) {
    if (current instanceof ChunkLoadError || field(current, "name") === "ChunkLoadError") return true;
    if (isCssFailure(current)) return true;
    if (SCRIPT_FAILURES.some((pattern) => pattern.test(messageOf(current)))) return true;
    current = field(current, "cause");
  }
  return false;
}

/**
 * Names a chunk failure (§8 "a named error is raised"): a browser's script failure becomes a
 * ChunkLoadError, a stylesheet failure one with code CSS_CHUNK_LOAD_FAILED, the original kept as
 * `cause`. Errors already named, and errors that are not chunk failures, are returned unchanged.
 */
export function toChunkLoadError(error: unknown): unknown {
  if (error instanceof ChunkLoadError || !isChunkLoadError(error)) return error;
  if (field(error, "name") === "ChunkLoadError" || field(error, "code") === CSS_CHUNK_LOAD_FAILED) return error;
  const message = messageOf(error) || "Loading chunk failed.";
  return isCssFailure(error)
    ? new ChunkLoadError(message, { code: CSS_CHUNK_LOAD_FAILED, cause: error })
    : new ChunkLoadError(message, { cause: error });
}

/**
 * Gives a chunk load (e.g. `import("./page")`) §8's 120 s limit: rejects with a ChunkLoadError of
 * type "timeout" when it has not settled in time, and names a browser load failure with
 * `toChunkLoadError`. The timer is cleared as soon as the load settles.
 */
export function withChunkTimeout<T>(promise: Promise<T>, ms: number = CHUNK_LOAD_TIMEOUT_MS): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => {
      reject(new ChunkLoadError(`Loading chunk timed out after ${ms} ms.`, { type: "timeout" }));
    }, ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(toChunkLoadError(error));
      },
    );
  });
}
