// A commodity's 规格 for its edit form (detailUrl of the commodity page): `?id=` → `{ ok, values }`
// (app/services/form-details.server.ts).
import { commodityVariants, detailLoader } from "~/services/form-details.server";

export const loader = detailLoader(commodityVariants);
