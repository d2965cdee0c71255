// A class's roster for its detail and edit form: `?id=` → `{ ok, roster }` (the backend's
// GET /school/class/roster: students with their paying parent), or the failure.
import { z } from "zod";
import type { Route } from "./+types/class-roster";
import { classModule } from "#contract/modules/classes";
import { requireMenuPage } from "~/services/menu-access.server";
import { failureData } from "~/services/route-errors.server";
import { rosterSchema } from "~/components/people/class-roster";

export async function loader(route: Route.LoaderArgs) {
  const access = await requireMenuPage(route, classModule.page);
  try {
    const { result } = await access.signedIn.api.get("/school/class/roster", rosterSchema, { id: route.url.searchParams.get("id") ?? "" });
    return { ok: true as const, roster: result };
  } catch (error) {
    return failureData(error);
  }
}

export type RosterAnswer = { ok: true; roster: z.infer<typeof rosterSchema> } | { ok: false; failure: { message: string } };
