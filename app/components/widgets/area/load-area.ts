// Loads the division data (33 KB gzip) on first use only, once per page.
import { toAreaTable, type AreaTable } from "./area-data";

let loading: Promise<AreaTable> | null = null;

export function loadAreaTable(): Promise<AreaTable> {
  loading ??= import("@vant/area-data").then((module) => toAreaTable(module.areaList));
  return loading;
}
