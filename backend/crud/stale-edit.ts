// No lost updates (issue #10, docs/decisions/009): an edit names the `updateTime` of the copy it
// was made from, and the engine refuses it when the record changed since. The wire carries whole
// seconds (contract §0), so every edit moves update_time forward by at least one second: two
// edits within one second still give two different wire values.
import { ApiError } from "../http/envelope";
import { parseWireDate } from "./values";

export const STALE_EDIT_MESSAGE = "数据已被修改，请刷新后重试";

/** The body property that carries the loaded copy's update time (JeecgBoot clients send it). */
export const LOADED_VERSION_PROPERTY = "updateTime";

/**
 * The update time of the copy the client edited: `undefined` when the body does not say (a client
 * that sends no updateTime is not checked), `null` for a record that was never edited.
 */
export function loadedUpdateTime(body: Record<string, unknown>): Date | null | undefined {
  if (!(LOADED_VERSION_PROPERTY in body)) return undefined;
  const raw = body[LOADED_VERSION_PROPERTY];
  if (raw === null || raw === undefined || raw === "") return null;
  const parsed = typeof raw === "string" ? parseWireDate(raw.trim()) : undefined;
  if (!parsed) throw new ApiError(STALE_EDIT_MESSAGE);
  return parsed.start;
}

/** True when the record's current update time (wire text) is not the loaded one. */
export function isStale(loaded: Date | null, current: unknown): boolean {
  const now = typeof current === "string" && current ? (parseWireDate(current)?.start.getTime() ?? Number.NaN) : null;
  return (loaded?.getTime() ?? null) !== now;
}

/** The update time to write: now in whole seconds, and at least one second after `previous`. */
export function nextUpdateTime(previous: unknown, now = new Date()): Date {
  const seconds = Math.floor(now.getTime() / 1000) * 1000;
  const before = typeof previous === "string" && previous ? parseWireDate(previous)?.start.getTime() : undefined;
  return new Date(before !== undefined && before >= seconds ? before + 1000 : seconds);
}
