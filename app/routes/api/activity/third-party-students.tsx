// The students of a third-party activity for its edit and detail form: `?id=` → `{ ok, values }`
// (app/services/form-details.server.ts).
import { detailLoader, thirdPartyStudents } from "~/services/form-details.server";

export const loader = detailLoader(thirdPartyStudents);
