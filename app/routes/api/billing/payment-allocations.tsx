// A payment's allocations for its edit form (detailUrl of the payment page): `?id=` → `{ ok, values }`
// with the rows as the JSON text the allocation grid keeps (app/components/billing/payment-rows.ts).
import { z } from "zod";
import type { Route } from "./+types/payment-allocations";
import { requireMenuPage } from "~/services/menu-access.server";
import { failureData } from "~/services/route-errors.server";

const rowsSchema = z.array(z.object({ billId: z.string(), amount: z.string() }).passthrough());

export async function loader(route: Route.LoaderArgs) {
  const access = await requireMenuPage(route, "/billing/payment");
  try {
    const { result } = await access.signedIn.api.get("/billing/payment/allocations", rowsSchema, { paymentId: route.url.searchParams.get("id") ?? "" });
    return { ok: true as const, values: { allocations: JSON.stringify(result.map(({ billId, amount }) => ({ billId, amount }))) } };
  } catch (error) {
    return failureData(error);
  }
}
