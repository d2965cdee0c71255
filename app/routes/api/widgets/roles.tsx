// GET /api/widgets/roles — the role picker's data (docs/spec/widgets.md §7 GET /sys/role/list):
//   ?pageNo&pageSize&roleName      one page, the name matched anywhere
//   ?valueField=roleCode|id&values  the roles of stored values
import type { Route } from "./+types/roles";
import { PICKER_FIELDS } from "~/components/widgets/pickers/picker-logic";
import { tableRowsLoader } from "./widget-answer.server";

const load = tableRowsLoader({ listPath: "/sys/role/list", valueFields: ["roleCode", "id"], searchParam: "roleName", fields: PICKER_FIELDS.role });

export function loader(route: Route.LoaderArgs) {
  return load(route);
}
