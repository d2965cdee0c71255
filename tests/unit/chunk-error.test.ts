// Chunk load failures (docs/spec/app-shell.md §8 "chunk load failure").
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  CHUNK_LOAD_TIMEOUT_MS,
  CSS_CHUNK_LOAD_FAILED,
  ChunkLoadError,
  isChunkLoadError,
  toChunkLoadError,
  withChunkTimeout,
} from "~/components/shell/chunk-reload/chunk-error";

describe("isChunkLoadError", () => {
  it("recognises our named ChunkLoadError", () => {
    const error = new ChunkLoadError();
    expect(error.name).toBe("ChunkLoadError");
    expect(error).toBeInstanceOf(Error);
    expect(isChunkLoadError(error)).toBe(true);
  });
  it("recognises any error named ChunkLoadError (e.g. from another bundle)", () => {
    expect(isChunkLoadError(Object.assign(new Error("Loading chunk 7 failed."), { name: "ChunkLoadError" }))).toBe(true);
  });
  it("recognises a stylesheet failure by its code CSS_CHUNK_LOAD_FAILED", () => {
    expect(isChunkLoadError(Object.assign(new Error("Loading CSS chunk 3 failed."), { code: CSS_CHUNK_LOAD_FAILED }))).toBe(true);
  });
  it("recognises the browsers' failed dynamic import messages", () => {
    for (const message of [
      "Failed to fetch dynamically imported module: https://school.example/assets/user-list-abc.js",
      "error loading dynamically imported module: https://school.example/assets/user-list-abc.js",
      "Importing a module script failed.",
      "Unable to preload CSS for /assets/user-list-abc.css",
      "'text/html' is not a valid JavaScript MIME type.",
    ])
      expect(isChunkLoadError(new TypeError(message)), message).toBe(true);
  });
  it("recognises a chunk failure wrapped as a cause", () => {
    const inner = new TypeError("Failed to fetch dynamically imported module: /assets/x.js");
    expect(isChunkLoadError(new Error("route failed", { cause: inner }))).toBe(true);
  });
  it("does not take other errors for chunk failures", () => {
    for (const error of [new Error("Network Error"), new TypeError("Cannot read properties of undefined"), "ChunkLoadError", null, undefined, 42, {}])
      expect(isChunkLoadError(error)).toBe(false);
  });
  it("does not loop on a cause cycle", () => {
    const a = new Error("a");
    const b = new Error("b", { cause: a });
    Object.assign(a, { cause: b });
    expect(isChunkLoadError(a)).toBe(false);
  });
});

describe("toChunkLoadError", () => {
  it("names a script failure ChunkLoadError and keeps the original as cause", () => {
    const original = new TypeError("Failed to fetch dynamically imported module: /assets/x.js");
    const named = toChunkLoadError(original);
    expect(named).toBeInstanceOf(ChunkLoadError);
    expect((named as ChunkLoadError).cause).toBe(original);
    expect((named as ChunkLoadError).code).toBeUndefined();
  });
  it("gives a stylesheet failure the code CSS_CHUNK_LOAD_FAILED", () => {
    const named = toChunkLoadError(new Error("Unable to preload CSS for /assets/x.css"));
    expect(named).toBeInstanceOf(ChunkLoadError);
    expect((named as ChunkLoadError).code).toBe(CSS_CHUNK_LOAD_FAILED);
  });
  it("returns other errors unchanged", () => {
    const other = new Error("boom");
    expect(toChunkLoadError(other)).toBe(other);
  });
});

describe("withChunkTimeout", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("waits 120 s by default", () => {
    expect(CHUNK_LOAD_TIMEOUT_MS).toBe(120_000);
  });
  it("rejects with a timeout ChunkLoadError after 120 s", async () => {
    const outcome = withChunkTimeout(new Promise<never>(() => {})).catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(CHUNK_LOAD_TIMEOUT_MS - 1);
    let settled = false;
    void outcome.then(() => {
      settled = true;
    });
    await Promise.resolve();
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const error = await outcome;
    expect(error).toBeInstanceOf(ChunkLoadError);
    expect((error as ChunkLoadError).type).toBe("timeout");
    expect(isChunkLoadError(error)).toBe(true);
  });
  it("honours a custom timeout", async () => {
    const outcome = withChunkTimeout(new Promise<never>(() => {}), 5_000).catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(await outcome).toBeInstanceOf(ChunkLoadError);
  });
  it("resolves with the module when it loads in time and clears its timer", async () => {
    const module = { default: "page" };
    await expect(withChunkTimeout(Promise.resolve(module))).resolves.toBe(module);
    expect(vi.getTimerCount()).toBe(0);
  });
  it("names a browser load failure and clears its timer", async () => {
    const failure = new TypeError("Failed to fetch dynamically imported module: /assets/x.js");
    const error = await withChunkTimeout(Promise.reject(failure)).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ChunkLoadError);
    expect((error as ChunkLoadError).type).toBe("missing");
    expect((error as ChunkLoadError).cause).toBe(failure);
    expect(vi.getTimerCount()).toBe(0);
  });
  it("passes other rejections through unchanged", async () => {
    const failure = new Error("boom");
    await expect(withChunkTimeout(Promise.reject(failure))).rejects.toBe(failure);
  });
});
