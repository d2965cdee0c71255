// A fee project's grade prices for its edit form (detailUrl of the project page): `?id=` →
// `{ ok, values }` (app/services/form-details.server.ts).
import { detailLoader, projectPrices } from "~/services/form-details.server";

export const loader = detailLoader(projectPrices);
