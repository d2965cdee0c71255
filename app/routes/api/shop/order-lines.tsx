// The lines of an order for its edit and detail form (detailUrl of the order page): `?id=` →
// `{ ok, values }` with the lines as the JSON text the lines grid keeps.
import { z } from "zod";
import type { Route } from "./+types/order-lines";
import { orderModule } from "#contract/modules/shop";
import { requireMenuPage } from "~/services/menu-access.server";
import { failureData } from "~/services/route-errors.server";

const linesSchema = z.array(z.object({ commodityId: z.string(), quantity: z.coerce.string() }).passthrough());

export async function loader(route: Route.LoaderArgs) {
  const access = await requireMenuPage(route, orderModule.page);
  try {
    const { result } = await access.signedIn.api.get(`${orderModule.api}/lines`, linesSchema, { orderId: route.url.searchParams.get("id") ?? "" });
    return { ok: true as const, values: { lines: JSON.stringify(result.map(({ commodityId, quantity }) => ({ commodityId, quantity }))) } };
  } catch (error) {
    return failureData(error);
  }
}
