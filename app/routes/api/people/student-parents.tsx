// A student's parents for the edit and detail form (the list rows do not carry them).
import { z } from "zod";
import { studentModule } from "#contract/modules/people";
import type { Route } from "./+types/student-parents";
import { requireMenuPage } from "~/services/menu-access.server";
import { failureData } from "~/services/route-errors.server";

const rowsSchema = z.array(z.object({ parentId: z.string(), relation: z.string(), isPayer: z.boolean() }).passthrough());

export async function loader(route: Route.LoaderArgs) {
  const access = await requireMenuPage(route, studentModule.page);
  try {
    const { result } = await access.signedIn.api.get(`${studentModule.api}/queryParentsByStudentId`, rowsSchema, { id: route.url.searchParams.get("id") ?? "" });
    const parents = result.map(({ parentId, relation, isPayer }) => ({ parentId, relation, isPayer }));
    return { ok: true as const, values: { parents: JSON.stringify(parents) } };
  } catch (error) {
    return failureData(error);
  }
}
