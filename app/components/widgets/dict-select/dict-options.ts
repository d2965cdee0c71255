// Pure rules of the dictionary selects (docs/spec/widgets.md §2 "Selects and editors", §3 "Dictionary
// option", §5 "Dictionary", §9 "Switch default values", "Multi-select shows at most 1 tag").
// Unit-tested in tests/unit/widget-dict-select.test.ts.

/** One choice of a dictionary: value plus text (spec §3: the wire may say text, label or title). */
export interface DictOption {
  value: string;
  text: string;
  disabled?: boolean;
  /** Shown after the text in a dropdown only (a parent's phone and children), never as the chosen value. */
  description?: string;
}

/** docs/spec/widgets.md §5 "Dictionary": an empty dictionary code. */
export const DICT_CODE_EMPTY = "Dictionary Code cannot be empty!";

/** docs/spec/widgets.md §9: switch values Y (on) and N (off). */
export const SWITCH_DEFAULT_OPTIONS: readonly [on: string, off: string] = ["Y", "N"];

/** docs/spec/widgets.md §9: pickers and multi-selects join values with a comma. */
export const VALUE_SEPARATOR = ",";

/** docs/spec/widgets.md §9: the multi-select shows at most 1 tag (then "+N"). */
export const MULTI_SELECT_MAX_TAGS = 1;

/** An item as the dictionary endpoints send it (contract §7 `DictModel`, or label/title forms). */
export interface RawDictItem {
  value?: unknown;
  text?: unknown;
  label?: unknown;
  title?: unknown;
  disabled?: unknown;
  description?: unknown;
}

/** Turns wire items into options: values as text, the first non-empty of text/label/title. */
export function normalizeDictOptions(items: readonly RawDictItem[] | null | undefined): DictOption[] {
  const options: DictOption[] = [];
  for (const item of items ?? []) {
    if (item.value === undefined || item.value === null) continue;
    const value = String(item.value);
    const text = [item.text, item.label, item.title].find((candidate) => typeof candidate === "string" && candidate !== "");
    const option: DictOption = { value, text: typeof text === "string" ? text : value };
    if (item.disabled === true || item.disabled === 1 || item.disabled === "1") option.disabled = true;
    if (typeof item.description === "string" && item.description !== "") option.description = item.description;
    options.push(option);
  }
  return options;
}

/** What is wrong with the widget's source: only a missing code when no options are given. */
export function dictCodeProblem(dictCode: string | null | undefined, options?: readonly DictOption[]): string | null {
  if (options) return null;
  return (dictCode ?? "").trim() === "" ? DICT_CODE_EMPTY : null;
}

/** `"a,b"` → `["a", "b"]`: blanks dropped, so an empty value is an empty list. */
export function splitValues(value: string | null | undefined, separator = VALUE_SEPARATOR): string[] {
  if (!value) return [];
  return value
    .split(separator)
    .map((part) => part.trim())
    .filter((part) => part !== "");
}

export function joinValues(values: readonly string[], separator = VALUE_SEPARATOR): string {
  return values.filter((value) => value !== "").join(separator);
}

/** The text shown for a (possibly comma-joined) value; unknown values show as themselves. */
export function optionText(options: readonly DictOption[], value: string | null | undefined): string {
  return splitValues(value)
    .map((part) => options.find((option) => option.value === part)?.text ?? part)
    .join(VALUE_SEPARATOR);
}

/** Options in antd's shape. */
export function toSelectOptions(options: readonly DictOption[]): { value: string; label: string; disabled?: boolean; description?: string }[] {
  return options.map((option) => ({
    value: option.value,
    label: option.text,
    ...(option.disabled ? { disabled: true } : {}),
    ...(option.description ? { description: option.description } : {}),
  }));
}

/** Case-insensitive "contains" on the option text (local search of the selects). */
export function textMatches(text: string, keyword: string): boolean {
  const needle = keyword.trim().toLowerCase();
  return needle === "" || text.toLowerCase().includes(needle);
}

export function isSwitchOn(value: string | null | undefined, options: readonly [string, string] = SWITCH_DEFAULT_OPTIONS): boolean {
  return value === options[0];
}

export function switchValue(checked: boolean, options: readonly [string, string] = SWITCH_DEFAULT_OPTIONS): string {
  return checked ? options[0] : options[1];
}

export interface DictCache {
  /** The options of a code: one request per code for the session, shared by every widget. */
  load(code: string): Promise<DictOption[]>;
  /** Already loaded options, for a first render without a loading flash. */
  peek(code: string): DictOption[] | undefined;
  /** Drops one code, or every code (after the header's "clear cache"). */
  forget(code?: string): void;
}

/**
 * Options loaded once per dictionary code and kept in module memory for the session (the brief of
 * the dictionary selects). A failed load is not cached, so the next widget asks again.
 */
export function createDictCache(fetchOptions: (code: string) => Promise<DictOption[]>): DictCache {
  const pending = new Map<string, Promise<DictOption[]>>();
  const loaded = new Map<string, DictOption[]>();
  return {
    load(code) {
      const known = loaded.get(code);
      if (known) return Promise.resolve(known);
      let request = pending.get(code);
      if (!request) {
        request = fetchOptions(code).then(
          (options) => {
            if (pending.get(code) === request) loaded.set(code, options);
            pending.delete(code);
            return options;
          },
          (error: unknown) => {
            pending.delete(code);
            throw error;
          },
        );
        pending.set(code, request);
      }
      return request;
    },
    peek(code) {
      return loaded.get(code);
    },
    forget(code) {
      if (code === undefined) {
        pending.clear();
        loaded.clear();
      } else {
        pending.delete(code);
        loaded.delete(code);
      }
    },
  };
}
