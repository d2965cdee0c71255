// The items of a bill for its edit form (detailUrl of the bill page): `?id=` → `{ ok, values }`
// with the items as the JSON text the items grid keeps (app/components/billing/bill-items.ts).
import { z } from "zod";
import type { Route } from "./+types/bill-items";
import { requireMenuPage } from "~/services/menu-access.server";
import { failureData } from "~/services/route-errors.server";

const itemsSchema = z.array(z.object({ projectId: z.string().nullish(), name: z.string(), quantity: z.string(), unitPrice: z.string(), allowance: z.string() }));

export async function loader(route: Route.LoaderArgs) {
  const access = await requireMenuPage(route, "/billing/bill");
  const id = route.url.searchParams.get("id") ?? "";
  try {
    const { result } = await access.signedIn.api.get("/billing/bill/items", itemsSchema, { billId: id });
    const items = result.map(({ projectId, ...item }) => ({ ...item, ...(projectId ? { projectId } : {}) }));
    return { ok: true as const, values: { items: JSON.stringify(items) } };
  } catch (error) {
    return failureData(error);
  }
}
