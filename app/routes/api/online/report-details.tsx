// A report's columns and parameters for its edit form (detailUrl of 报表配置): `?id=` →
// `{ ok, values: { items, params } }`, each as the JSON text its grid keeps.
import { z } from "zod";
import type { Route } from "./+types/report-details";
import { requireMenuPage } from "~/services/menu-access.server";
import { failureData } from "~/services/route-errors.server";

const detailsSchema = z.object({ items: z.array(z.record(z.string(), z.unknown())), params: z.array(z.record(z.string(), z.unknown())) });

export async function loader(route: Route.LoaderArgs) {
  const access = await requireMenuPage(route, "/online/cgreport");
  try {
    const { result } = await access.signedIn.api.get("/online/cgreport/head/details", detailsSchema, { id: route.url.searchParams.get("id") ?? "" });
    return { ok: true as const, values: { items: JSON.stringify(result.items), params: JSON.stringify(result.params) } };
  } catch (error) {
    return failureData(error);
  }
}
