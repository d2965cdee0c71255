// The items of a bill for its edit form (detailUrl of the bill page): `?id=` → `{ ok, values }`
// (app/services/form-details.server.ts).
import { detailLoader, billItems } from "~/services/form-details.server";

export const loader = detailLoader(billItems);
