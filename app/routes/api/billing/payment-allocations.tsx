// A payment's allocations for its edit form (detailUrl of the payment page): `?id=` → `{ ok, values }`
// (app/services/form-details.server.ts).
import { detailLoader, paymentAllocations } from "~/services/form-details.server";

export const loader = detailLoader(paymentAllocations);
