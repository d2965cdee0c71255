// A user's roles and departments for the edit form (the list rows do not carry them).
import { z } from "zod";
import type { Route } from "./+types/user-relations";
import { requireMenuPage } from "~/services/menu-access.server";
import { failureData } from "~/services/route-errors.server";

const idsSchema = z.array(z.union([z.string(), z.object({ key: z.string().optional(), value: z.string().optional(), id: z.string().optional() }).passthrough()]));
const toIds = (items: z.infer<typeof idsSchema>) =>
  items.map((item) => (typeof item === "string" ? item : (item.key ?? item.value ?? item.id ?? ""))).filter(Boolean).join(",");

export async function loader(route: Route.LoaderArgs) {
  const access = await requireMenuPage(route, "/isystem/user");
  const id = route.url.searchParams.get("id") ?? "";
  try {
    const api = access.signedIn.api;
    const [roles, departs] = await Promise.all([
      api.get("/sys/user/queryUserRole", idsSchema, { userid: id }),
      api.get("/sys/user/userDepartList", idsSchema, { userId: id }),
    ]);
    return { ok: true as const, values: { selectedroles: toIds(roles.result), selecteddeparts: toIds(departs.result) } };
  } catch (error) {
    return failureData(error);
  }
}
