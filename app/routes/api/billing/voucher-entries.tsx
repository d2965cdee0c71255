// A voucher's entries for its edit form (detailUrl of the voucher page): `?id=` → `{ ok, values }`
// (app/services/form-details.server.ts).
import { detailLoader, voucherEntries } from "~/services/form-details.server";

export const loader = detailLoader(voucherEntries);
