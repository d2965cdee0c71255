// A report's columns and parameters for its edit form (detailUrl of 报表配置): `?id=` → `{ ok, values }`
// (app/services/form-details.server.ts).
import { detailLoader, reportDetails } from "~/services/form-details.server";

export const loader = detailLoader(reportDetails);
