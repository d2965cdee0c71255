// The lines of an order for its edit and detail form (detailUrl of the order page): `?id=` → `{ ok, values }`
// (app/services/form-details.server.ts).
import { detailLoader, orderLines } from "~/services/form-details.server";

export const loader = detailLoader(orderLines);
