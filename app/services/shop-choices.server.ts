// The commodities on sale with their 规格 (docs/decisions/161): the choices of order lines and of
// cart rows, one load for both pages.
import { z } from "zod";
import type { CommodityChoice } from "~/components/shop/order-lines";
import type { RouteRequest } from "./auth.server";
import { requireMenuPage } from "./menu-access.server";
import { withRouteFailures } from "./route-errors.server";

const variantSchema = z.object({ id: z.string(), name: z.string(), price: z.coerce.string(), stock: z.coerce.number() });
const choicesSchema = z.array(variantSchema.extend({ variants: z.array(variantSchema) }));

export async function loadCommodityChoices(route: RouteRequest): Promise<CommodityChoice[]> {
  const access = await requireMenuPage(route);
  const answer = await withRouteFailures(() => access.signedIn.api.get("/shop/commodity/choices", choicesSchema));
  return answer.result;
}
