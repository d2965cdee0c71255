// GET /api/widgets/users — the user picker's data (docs/spec/widgets.md §7):
//   ?pageNo&pageSize&username&realname&sex&departId → GET /sys/user/queryUserComponentData
//   ?valueField=username|id&values=a,b                       → GET /sys/user/getMultiUser (the
//     users of stored values, to show their names; a bare JSON array, contract §7)
import { z } from "zod";
import type { Route } from "./+types/users";
import { requireSignedIn } from "~/services/auth.server";
import { pickFields, PICKER_FIELDS, type PickerRow } from "~/components/widgets/pickers/picker-logic";
import { answerWidget, inList, pageQuery, pickerPageSchema, pickQuery, refuseWidget } from "./widget-answer.server";
import { pickerRecordSchema } from "./widget-schemas.server";

const VALUE_FIELDS = ["username", "id"];
const FILTERS = ["username", "realname", "sex", "departId"] as const;

/** getMultiUser answers a bare array; an enveloped answer is accepted too. */
const multiUserSchema = z.union([
  z.array(pickerRecordSchema),
  z.object({ result: z.array(pickerRecordSchema).nullish() }).transform((envelope) => envelope.result ?? []),
]);

const publicUser = (row: PickerRow) => pickFields(row, PICKER_FIELDS.user);

export async function loader(route: Route.LoaderArgs) {
  const signedIn = await requireSignedIn(route);
  const { url } = route;
  const values = url.searchParams.get("values");
  if (values !== null) {
    const valueField = url.searchParams.get("valueField") ?? "username";
    if (!VALUE_FIELDS.includes(valueField)) return refuseWidget(`unknown valueField ${valueField}`);
    const list = inList(values);
    if (list === "") return { ok: true as const, items: [] as PickerRow[] };
    return answerWidget(async () => {
      const response = await signedIn.api.send("GET", "/sys/user/getMultiUser", { query: { [valueField]: list } });
      const users = multiUserSchema.parse(await response.json());
      return { items: users.map(publicUser) };
    });
  }
  const { pageNo, pageSize } = pageQuery(url);
  return answerWidget(async () => {
    const { result } = await signedIn.api.get("/sys/user/queryUserComponentData", pickerPageSchema(pickerRecordSchema), {
      ...pickQuery(url, FILTERS),
      // docs/spec/widgets.md §9: default sort createTime descending.
      column: "createTime",
      order: "desc",
      pageNo,
      pageSize,
    });
    return { items: result.records.map(publicUser), total: result.total };
  });
}
