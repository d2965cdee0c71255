// The add-row settings popup and the too-fast guard (docs/spec/widgets.md §2, §5 "Add-row settings").
// Pure; unit-tested in tests/unit/widget-grid-rows.test.ts.

/** The one fixed local-storage key of the settings (spec §2). */
export const ADD_ROW_SETTINGS_KEY = "JVxeTable_addRowSettings";
/** spec §5: two inserts within this many milliseconds warn. */
export const TOO_FAST_MS = 1500;
export const TOO_FAST_MESSAGE = "You clicked too fast, please click slower!";
export const SAVED_MESSAGE = "Saved successfully";

export interface AddRowSettings {
  /** How many rows one click adds: at least 1. */
  count: number;
  /** 0 = at the bottom; p in 1..n: the new rows become row p. */
  position: number;
}

export const DEFAULT_ADD_ROW_SETTINGS: AddRowSettings = { count: 1, position: 0 };

/** What is wrong with the settings for a grid of `rowCount` rows, or null. */
export function addRowSettingsProblem(settings: AddRowSettings, rowCount: number): string | null {
  if (!Number.isInteger(settings.count) || settings.count < 1) return "行数最小为1";
  if (!Number.isInteger(settings.position) || settings.position < 0) return "位置最小为0";
  if (settings.position > rowCount) return `位置最大为${rowCount}`;
  return null;
}

/** Settings read back from storage: anything malformed falls back to the defaults. */
export function parseAddRowSettings(stored: string | null): AddRowSettings {
  if (!stored) return { ...DEFAULT_ADD_ROW_SETTINGS };
  try {
    const value = JSON.parse(stored) as Partial<AddRowSettings>;
    const count = Number.isInteger(value.count) && (value.count as number) >= 1 ? (value.count as number) : 1;
    const position = Number.isInteger(value.position) && (value.position as number) >= 0 ? (value.position as number) : 0;
    return { count, position };
  } catch {
    return { ...DEFAULT_ADD_ROW_SETTINGS };
  }
}

/** The position for the current grid: a remembered position beyond the rows means the bottom. */
export function effectivePosition(settings: AddRowSettings, rowCount: number): number {
  return settings.position > rowCount ? 0 : settings.position;
}

/** spec §5: an insert within 1500 ms of the previous one is refused with a warning. */
export function isTooFast(previousInsertAt: number | null, now: number): boolean {
  return previousInsertAt !== null && now - previousInsertAt < TOO_FAST_MS;
}
