// A voucher's entries for its edit form (detailUrl of the voucher page): `?id=` → `{ ok, values }`
// with the lines as the JSON text the entries grid keeps.
import { z } from "zod";
import type { Route } from "./+types/voucher-entries";
import { requireMenuPage } from "~/services/menu-access.server";
import { failureData } from "~/services/route-errors.server";

const entriesSchema = z.array(z.object({ account: z.string(), debit: z.string(), credit: z.string(), remark: z.string() }));

export async function loader(route: Route.LoaderArgs) {
  const access = await requireMenuPage(route, "/billing/voucher");
  try {
    const { result } = await access.signedIn.api.get("/billing/voucher/entries", entriesSchema, { voucherId: route.url.searchParams.get("id") ?? "" });
    return { ok: true as const, values: { entries: JSON.stringify(result) } };
  } catch (error) {
    return failureData(error);
  }
}
