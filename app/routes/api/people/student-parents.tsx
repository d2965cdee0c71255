// A student's parents for the edit and detail form: `?id=` → `{ ok, values }`
// (app/services/form-details.server.ts).
import { detailLoader, studentParents } from "~/services/form-details.server";

export const loader = detailLoader(studentParents);
