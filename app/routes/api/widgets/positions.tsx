// GET /api/widgets/positions — the position picker's data (docs/spec/widgets.md §7 GET /sys/position/list):
//   ?pageNo&pageSize&name          one page, the name matched anywhere
//   ?valueField=code|id&values      the positions of stored values
import type { Route } from "./+types/positions";
import { PICKER_FIELDS } from "~/components/widgets/pickers/picker-logic";
import { tableRowsLoader } from "./widget-answer.server";

const load = tableRowsLoader({ listPath: "/sys/position/list", valueFields: ["code", "id"], searchParam: "name", fields: PICKER_FIELDS.position });

export function loader(route: Route.LoaderArgs) {
  return load(route);
}
