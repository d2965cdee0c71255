// GET /api/widgets/positions — the position picker's data (spec/widgets.md §7 GET /sys/position/list):
//   ?pageNo&pageSize&name          one page, the name matched anywhere
//   ?valueField=code|id&values      the positions of stored values
import type { Route } from "./+types/positions";
import { requireSignedIn } from "~/services/auth.server";
import { pickFields, PICKER_FIELDS, type PickerRow } from "~/components/pickers/picker-logic";
import { answerWidget, containsFilter, inList, pageQuery, pickerPageSchema, refuseWidget } from "./widget-answer.server";
import { pickerRecordSchema } from "./widget-schemas.server";

const VALUE_FIELDS = ["code", "id"];

export async function loader(route: Route.LoaderArgs) {
  const signedIn = await requireSignedIn(route);
  const { url } = route;
  const values = url.searchParams.get("values");
  let query: Record<string, string | number | undefined>;
  if (values !== null) {
    const valueField = url.searchParams.get("valueField") ?? "code";
    if (!VALUE_FIELDS.includes(valueField)) return refuseWidget(`unknown valueField ${valueField}`);
    const list = inList(values);
    if (list === "") return { ok: true as const, items: [] as PickerRow[] };
    query = { [valueField]: list, pageNo: 1, pageSize: list.split(",").length - 1 };
  } else {
    query = { name: containsFilter(url.searchParams.get("name")), column: "createTime", order: "desc", ...pageQuery(url) };
  }
  return answerWidget(async () => {
    const { result } = await signedIn.api.get("/sys/position/list", pickerPageSchema(pickerRecordSchema), query);
    return { items: result.records.map((row) => pickFields(row, PICKER_FIELDS.position)), total: result.total };
  });
}
