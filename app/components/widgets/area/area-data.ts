// The China division data of the area selector (docs/spec/widgets.md §2 "Selects and editors", §3 "Area
// data": province / city / district codes under the root 86), adapted from @vant/area-data's flat
// lists (6-digit codes, current to the Dec-2024 changes) to JeecgBoot's `china-area-data` shape
// `{ "86": { province: name }, province: { city: name }, city: { district: name } }`.
// Pure: unit-tested in tests/unit/widget-area.test.ts.

export const AREA_ROOT = "86";

/** @vant/area-data's `areaList`. */
export interface FlatAreaList {
  province_list: Record<string, string>;
  city_list: Record<string, string>;
  county_list: Record<string, string>;
}

/** parent code → { child code → name }, with the provinces under `86`. */
export type AreaTable = Record<string, Record<string, string>>;

export interface AreaOption {
  value: string;
  label: string;
  children?: AreaOption[];
}

/** The parent of a 6-digit code among the known codes: the city (4 digits) or the province (2). */
function parentOf(code: string, known: Record<string, string>): string | undefined {
  const city = `${code.slice(0, 4)}00`;
  if (city !== code && known[city] !== undefined) return city;
  const province = `${code.slice(0, 2)}0000`;
  return province !== code && known[province] !== undefined ? province : undefined;
}

export function toAreaTable(list: FlatAreaList): AreaTable {
  const table: AreaTable = { [AREA_ROOT]: { ...list.province_list } };
  const add = (parent: string, code: string, name: string) => {
    (table[parent] ??= {})[code] = name;
  };
  for (const [code, name] of Object.entries(list.city_list)) {
    const province = `${code.slice(0, 2)}0000`;
    if (list.province_list[province] === undefined) throw new Error(`area data: city ${code} has no province`);
    add(province, code, name);
  }
  const upper = { ...list.province_list, ...list.city_list };
  for (const [code, name] of Object.entries(list.county_list)) {
    const parent = parentOf(code, upper);
    if (!parent) throw new Error(`area data: district ${code} has no city or province`);
    add(parent, code, name);
  }
  return table;
}

const optionsCache = new WeakMap<AreaTable, AreaOption[]>();

/** The cascader's options: provinces, their cities, the cities' districts (built once per table). */
export function areaOptions(table: AreaTable, parent = AREA_ROOT): AreaOption[] {
  if (parent === AREA_ROOT && optionsCache.has(table)) return optionsCache.get(table)!;
  const options = Object.entries(table[parent] ?? {}).map(([value, label]): AreaOption => {
    const children = table[value] ? areaOptions(table, value) : undefined;
    return children ? { value, label, children } : { value, label };
  });
  if (parent === AREA_ROOT) optionsCache.set(table, options);
  return options;
}

/** code → its parent code, for every code of the table. */
function parents(table: AreaTable): Map<string, string> {
  const map = new Map<string, string>();
  for (const [parent, children] of Object.entries(table)) for (const code of Object.keys(children)) map.set(code, parent);
  return map;
}

const parentCache = new WeakMap<AreaTable, Map<string, string>>();

/** The codes from the province down to `code` (empty for an unknown code). */
export function areaPath(table: AreaTable, code: string): string[] {
  let map = parentCache.get(table);
  if (!map) parentCache.set(table, (map = parents(table)));
  const path: string[] = [];
  let current: string | undefined = code;
  while (current && current !== AREA_ROOT) {
    const parent = map.get(current);
    if (parent === undefined) return [];
    path.unshift(current);
    current = parent;
  }
  return path;
}

/** The names along the path of `code`, joined by `/` (JeecgBoot's getAreaTextByCode); "" if unknown. */
export function areaText(table: AreaTable, code: string, separator = "/"): string {
  const path = areaPath(table, code);
  let parent = AREA_ROOT;
  const names: string[] = [];
  for (const step of path) {
    names.push(table[parent]?.[step] ?? step);
    parent = step;
  }
  return names.join(separator);
}

/** The stored value of a chosen path: its last code (JAreaLinkage stores the deepest level). */
export function areaValue(path: readonly string[] | null | undefined): string {
  return path && path.length > 0 ? path[path.length - 1]! : "";
}
