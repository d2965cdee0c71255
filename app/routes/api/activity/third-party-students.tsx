// The students of a third-party activity for its edit and detail form (the list rows do not carry them).
import { z } from "zod";
import type { Route } from "./+types/third-party-students";
import { thirdPartyModule } from "#contract/modules/activity";
import { requireMenuPage } from "~/services/menu-access.server";
import { failureData } from "~/services/route-errors.server";

const rowsSchema = z.array(z.object({ studentId: z.string(), remark: z.string() }).passthrough());

export async function loader(route: Route.LoaderArgs) {
  const access = await requireMenuPage(route, thirdPartyModule.page);
  try {
    const { result } = await access.signedIn.api.get(`${thirdPartyModule.api}/students`, rowsSchema, { id: route.url.searchParams.get("id") ?? "" });
    return { ok: true as const, values: { students: JSON.stringify(result.map(({ studentId, remark }) => ({ studentId, remark }))) } };
  } catch (error) {
    return failureData(error);
  }
}
