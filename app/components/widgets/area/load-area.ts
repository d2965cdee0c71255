// Loads the division data (33 KB gzip) on first use only, once per page.
import { toAreaTable, type AreaTable } from "./area-data";

let loading: Promise<AreaTable> | null = null;
let loaded: AreaTable | null = null;

export function loadAreaTable(): Promise<AreaTable> {
  loading ??= import("@vant/area-data").then((module) => (loaded = toAreaTable(module.areaList)));
  return loading;
}

/** The table once loaded: a selector mounted later starts with its options (no empty, loading flash). */
export function loadedAreaTable(): AreaTable | null {
  return loaded;
}
