// GET /api/system/menu-check?url=&alwaysShow=&id= | ?perms=&id= — whether a menu path or a
// button's permission codes are free (backend GET /sys/permission/checkPermDuplication), for the
// live check of 菜单管理's form. Needs the menu page, like the backend.
import { z } from "zod";
import type { Route } from "./+types/menu-check";
import { BackendError } from "~/services/api.server";
import { requireMenuPage } from "~/services/menu-access.server";

export async function loader(route: Route.LoaderArgs) {
  const access = await requireMenuPage(route, "/isystem/permission");
  const query = route.url.searchParams;
  const url = query.get("url")?.trim() ?? "";
  const perms = query.get("perms")?.trim() ?? "";
  if (!url && !perms) return { ok: true as const };
  try {
    await access.signedIn.api.get("/sys/permission/checkPermDuplication", z.unknown(), {
      ...(url ? { url, alwaysShow: query.get("alwaysShow") === "true" ? "true" : "false" } : { perms }),
      id: query.get("id") || undefined,
    });
    return { ok: true as const };
  } catch (error) {
    if (error instanceof BackendError) return { ok: false as const, message: error.message };
    throw error;
  }
}
