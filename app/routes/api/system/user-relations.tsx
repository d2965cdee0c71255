// A user's roles and departments for the edit form (the list rows do not carry them).
import type { Route } from "./+types/user-relations";
import { requireMenuPage } from "~/services/menu-access.server";
import { failureData } from "~/services/route-errors.server";
import { loadUserRelations } from "~/services/user-relations.server";

export async function loader(route: Route.LoaderArgs) {
  const access = await requireMenuPage(route, "/isystem/user");
  const id = route.url.searchParams.get("id") ?? "";
  try {
    return { ok: true as const, values: await loadUserRelations(access.signedIn.api, id) };
  } catch (error) {
    return failureData(error);
  }
}
