// Area selector: province / city / district codes under root 86 from @vant/area-data, loaded on first use (docs/spec/widgets.md §2, §3).
import { lazyWidget } from "../lazy";
import type { AreaSelectProps } from "./area-select";

export const AreaSelect = lazyWidget<AreaSelectProps>(() => import("./area-select").then((module) => module.AreaSelect));
export type { AreaSelectProps };
export { AREA_ROOT, areaOptions, areaPath, areaText, areaValue, toAreaTable, type AreaTable, type FlatAreaList } from "./area-data";
export { loadAreaTable } from "./load-area";
