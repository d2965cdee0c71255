// The bills the payment's allocation grid offers: the payer's open bills and those the payment
// already holds (`?payerType=&payerId=&paymentId=` → `{ ok, bills }`).
import { z } from "zod";
import type { Route } from "./+types/payment-bills";
import { requireMenuPage } from "~/services/menu-access.server";
import { failureData } from "~/services/route-errors.server";

const billsSchema = z.array(z.object({ id: z.string(), billNo: z.string(), studentName: z.string().nullable(), payable: z.string(), paidAmount: z.string() }).passthrough());

export async function loader(route: Route.LoaderArgs) {
  const access = await requireMenuPage(route, "/billing/payment");
  const query = route.url.searchParams;
  try {
    const { result } = await access.signedIn.api.get("/billing/payment/openBills", billsSchema, {
      payerType: query.get("payerType") ?? "",
      payerId: query.get("payerId") ?? "",
      paymentId: query.get("paymentId") ?? "",
    });
    return { ok: true as const, bills: result };
  } catch (error) {
    return failureData(error);
  }
}
