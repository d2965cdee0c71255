// The integration files share their worker process (isolate: false, docs/decisions/152): whatever
// a file starts and leaves running (a server, a socket, a child process, a timer), an environment
// variable it changes, a global it replaces, a listener it hangs on `process`, fake timers it leaves
// on, meets the next file of the same worker. This setup file (the integration project's
// setupFiles) takes stock when the file starts, before the file is imported, and again in the
// file's very last afterAll (registered first, it runs after the file's own: vitest runs after-hooks
// as a stack): what is left beyond the first stock fails the file, with what it is. Handles get a
// short grace to finish closing (a socket's close lands a tick or two after `server.close`).
// Whatever can be undone (env, fake timers, globals, cwd) is, so that one file's leak does not fail
// the next. `--detectAsyncLeaks` on the file shows where a leaked handle was made.
import { afterAll, vi } from "vitest";

/** How long handles may take to close after the file's last hook. */
const GRACE_MS = 3_000;

/**
 * Handle types that come and go with vitest's own work (its IPC, its console, fs reads). Timers are
 * counted apart (vitest's own come and go): those the file made through the global functions.
 */
const IGNORED = new Set(["PipeWrap", "TTYWrap", "FSReqCallback", "FSReqPromise", "FileHandleCloseReq", "CloseReq", "Immediate", "GetAddrInfoReqWrap", "Timeout"]);

// The timers made through globalThis.setTimeout/setInterval since the file started (the functions
// are wrapped once per worker; vitest keeps its own copies of the originals).
interface TrackedTimer {
  timer: NodeJS.Timeout;
  repeats: boolean;
}
const TRACKER = Symbol.for("school.leakCheck.timers");
type Tracker = { timers: Set<TrackedTimer> };
const tracker: Tracker = ((globalThis as Record<symbol, unknown>)[TRACKER] as Tracker | undefined) ?? installTracker();

function installTracker(): Tracker {
  const state: Tracker = { timers: new Set() };
  const track = (timer: NodeJS.Timeout, repeats: boolean) => {
    if (state.timers.size >= 10_000) for (const tracked of state.timers) if (!isLive(tracked)) state.timers.delete(tracked);
    state.timers.add({ timer, repeats });
    return timer;
  };
  const { setTimeout: originalTimeout, setInterval: originalInterval } = globalThis;
  globalThis.setTimeout = Object.assign((...args: Parameters<typeof setTimeout>) => track(originalTimeout(...args), false), originalTimeout);
  globalThis.setInterval = Object.assign((...args: Parameters<typeof setInterval>) => track(originalInterval(...args), true), originalInterval);
  (globalThis as Record<symbol, unknown>)[TRACKER] = state;
  return state;
}

/** A timer still due to run: a referenced one (it keeps the process up), or any interval. */
function isLive({ timer, repeats }: TrackedTimer): boolean {
  if ((timer as unknown as { _destroyed?: boolean })._destroyed) return false;
  return repeats || timer.hasRef();
}

function liveTimers(): string[] {
  let timeouts = 0;
  let intervals = 0;
  for (const tracked of tracker.timers) if (isLive(tracked)) tracked.repeats ? intervals++ : timeouts++;
  return [...(timeouts > 0 ? [`setTimeout ×${timeouts}`] : []), ...(intervals > 0 ? [`setInterval ×${intervals}`] : [])];
}

function handleCounts(): Map<string, number> {
  const counts = new Map<string, number>();
  for (const type of process.getActiveResourcesInfo()) if (!IGNORED.has(type)) counts.set(type, (counts.get(type) ?? 0) + 1);
  return counts;
}

type Listener = (...args: unknown[]) => void;

function listenersNow(): Map<string | symbol, Listener[]> {
  return new Map(process.eventNames().map((name) => [name, process.listeners(name as "exit") as Listener[]]));
}

// Globals whose replacement would change what the next file's code does.
const WATCHED_GLOBALS = ["fetch", "Request", "Response", "Headers", "WebSocket", "Date", "crypto", "performance", "setImmediate", "clearTimeout", "clearInterval", "queueMicrotask", "structuredClone", "URL", "AbortController", "AbortSignal", "TextEncoder", "TextDecoder"] as const;

function watchedGlobals(): Map<string, unknown> {
  return new Map(WATCHED_GLOBALS.map((name) => [name, (globalThis as Record<string, unknown>)[name]]));
}

/**
 * The source of the listeners files left on `process`, in this worker. A module hangs one on
 * `process` when it is first imported (exceljs's `tmp` its exit handler): the first file that imports
 * it is not to blame, nothing repeats. A file that leaves a listener of the same source again does
 * (a listener per backend, per server…).
 */
const LEFT_LISTENERS = Symbol.for("school.leakCheck.listeners");
const leftListeners: Set<string> = ((globalThis as Record<symbol, unknown>)[LEFT_LISTENERS] as Set<string> | undefined) ?? new Set();
(globalThis as Record<symbol, unknown>)[LEFT_LISTENERS] = leftListeners;

tracker.timers.clear();
const startHandles = handleCounts();
const startEnv = { ...process.env };
const startGlobalNames = new Set(Object.getOwnPropertyNames(globalThis));
const startGlobals = watchedGlobals();
const startListeners = listenersNow();
const startCwd = process.cwd();

/** Handles beyond the start's, by type ("TCPServerWrap ×1"), and the file's live timers. */
function extraHandles(): string[] {
  const extra: string[] = liveTimers();
  for (const [type, count] of handleCounts()) {
    const more = count - (startHandles.get(type) ?? 0);
    if (more > 0) extra.push(`${type} ×${more}`);
  }
  return extra;
}

afterAll(async () => {
  const problems: string[] = [];

  if (vi.isFakeTimers()) {
    vi.useRealTimers();
    problems.push("fake timers still on (vi.useRealTimers() in the file's afterAll or finally)");
  }

  const changedEnv: string[] = [];
  for (const key of new Set([...Object.keys(startEnv), ...Object.keys(process.env)])) {
    if (process.env[key] === startEnv[key]) continue;
    changedEnv.push(key);
    if (startEnv[key] === undefined) delete process.env[key];
    else process.env[key] = startEnv[key];
  }
  if (changedEnv.length > 0) problems.push(`environment variables changed and not put back: ${changedEnv.join(", ")}`);

  if (process.cwd() !== startCwd) {
    problems.push(`working directory changed to ${process.cwd()}`);
    process.chdir(startCwd);
  }

  const replaced: string[] = [];
  for (const [name, value] of watchedGlobals()) {
    if (value === startGlobals.get(name)) continue;
    replaced.push(name);
    (globalThis as Record<string, unknown>)[name] = startGlobals.get(name);
  }
  if (replaced.length > 0) problems.push(`globals replaced and not put back: ${replaced.join(", ")}`);
  // A global a module defines when first imported (zod's __zod_globalConfig) is no leak: only told.
  const added = Object.getOwnPropertyNames(globalThis).filter((name) => !startGlobalNames.has(name));
  if (added.length > 0 && process.env.LEAK_CHECK === "print") console.warn(`[leak-check] globals added (a module's first import?): ${added.join(", ")}`);

  const repeated: string[] = [];
  for (const [name, listeners] of listenersNow()) {
    const before = new Set(startListeners.get(name) ?? []);
    for (const listener of listeners) {
      if (before.has(listener)) continue;
      const key = `${String(name)} ${String(listener)}`;
      if (leftListeners.has(key)) repeated.push(`${String(name)}: ${String(listener).replace(/\s+/g, " ").slice(0, 100)}`);
      leftListeners.add(key);
    }
  }
  if (repeated.length > 0) problems.push(`process listeners left again (an earlier file left the same): ${repeated.join("; ")}`);

  let handles = extraHandles();
  for (const until = Date.now() + GRACE_MS; handles.length > 0 && Date.now() < until; handles = extraHandles()) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  if (handles.length > 0) problems.push(`handles still open ${GRACE_MS / 1000} s after the last hook: ${handles.join(", ")} (run the file with --detectAsyncLeaks to see where they were made)`);

  if (problems.length > 0) {
    const message = `the file left running or changed what the next file of its worker would meet (docs/decisions/152):\n- ${problems.join("\n- ")}`;
    if (process.env.LEAK_CHECK === "print") console.warn(`[leak-check] ${message}`);
    else throw new Error(message);
  }
}, GRACE_MS + 10_000);
