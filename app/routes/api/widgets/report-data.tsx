// GET /api/widgets/report-data/:id — one page of an online report for its popup picker
// (docs/spec/widgets.md §7 getData): `?pageNo&pageSize&<query field>…&self_<param>…&key=<field>`.
// Each row gets an `id` (its `key` field, else its row number) for the picker's selection.
import { z } from "zod";
import { reportApi } from "#contract/modules/online-report";
import type { Route } from "./+types/report-data";
import { requireSignedIn } from "~/services/auth.server";
import { answerWidget, identifierSchema, pageQuery, pickerPageSchema } from "./widget-answer.server";

export async function loader(route: Route.LoaderArgs) {
  const signedIn = await requireSignedIn(route);
  const { url } = route;
  const page = pageQuery(url);
  const key = identifierSchema.safeParse(url.searchParams.get("key") ?? "");
  const query: Record<string, string | number> = { ...page };
  for (const [name, value] of url.searchParams) {
    if (name === "pageNo" || name === "pageSize" || name === "key" || name === "_t") continue;
    if (identifierSchema.safeParse(name).success && value.trim() !== "") query[name] = value.trim();
  }
  return answerWidget(async () => {
    const { result } = await signedIn.api.get(reportApi.data(route.params.id), pickerPageSchema(z.record(z.string(), z.unknown())), query);
    const offset = (page.pageNo - 1) * page.pageSize;
    const items = result.records.map((row, index) => ({
      ...row,
      id: String((key.success ? row[key.data] : undefined) ?? row.id ?? `row_${offset + index + 1}`),
    }));
    return { items, total: result.total };
  });
}
