// The pure rules of the engine's stale-edit check (backend/crud/stale-edit.ts, docs/decisions/009).
import { describe, expect, it } from "vitest";
import { isStale, loadedUpdateTime, nextUpdateTime, STALE_EDIT_MESSAGE } from "../../backend/crud/stale-edit";
import { formatDateTime } from "../../backend/http/format";

describe("stale edits", () => {
  it("reads the loaded update time: absent means unchecked, empty means never edited", () => {
    expect(loadedUpdateTime({ name: "x" })).toBeUndefined();
    expect(loadedUpdateTime({ updateTime: null })).toBeNull();
    expect(loadedUpdateTime({ updateTime: "" })).toBeNull();
    expect(loadedUpdateTime({ updateTime: "2026-11-25 17:30:05" })?.toISOString()).toBe("2026-11-25T09:30:05.000Z");
    expect(() => loadedUpdateTime({ updateTime: "yesterday" })).toThrow(STALE_EDIT_MESSAGE);
  });

  it("calls a copy stale when its update time is not the record's", () => {
    const loaded = loadedUpdateTime({ updateTime: "2026-11-25 17:30:05" })!;
    expect(isStale(loaded, "2026-11-25 17:30:05")).toBe(false);
    expect(isStale(loaded, "2026-11-25 17:30:06")).toBe(true);
    expect(isStale(loaded, null)).toBe(true);
    expect(isStale(null, null)).toBe(false);
    expect(isStale(null, "2026-11-25 17:30:05")).toBe(true);
  });

  it("moves the update time forward by at least one whole second, so the wire value always changes", () => {
    const now = new Date("2026-11-25T09:30:05.700Z");
    expect(nextUpdateTime(null, now).toISOString()).toBe("2026-11-25T09:30:05.000Z");
    expect(nextUpdateTime(formatDateTime(new Date("2026-11-25T09:29:00Z")), now).toISOString()).toBe("2026-11-25T09:30:05.000Z");
    const sameSecond = formatDateTime(new Date("2026-11-25T09:30:05Z"));
    expect(nextUpdateTime(sameSecond, now).toISOString()).toBe("2026-11-25T09:30:06.000Z");
    expect(formatDateTime(nextUpdateTime(sameSecond, now))).not.toBe(sameSecond);
  });
});
