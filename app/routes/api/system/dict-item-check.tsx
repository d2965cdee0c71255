// GET /api/system/dict-item-check?dictId=&itemValue=&id= — whether a value is free within its
// dictionary (backend GET /sys/dictItem/dictItemCheck), for the item form of 数据字典.
import { z } from "zod";
import type { Route } from "./+types/dict-item-check";
import { BackendError } from "~/services/api.server";
import { requireMenuPage } from "~/services/menu-access.server";

export async function loader(route: Route.LoaderArgs) {
  const access = await requireMenuPage(route, "/isystem/dict");
  const query = route.url.searchParams;
  const dictId = query.get("dictId") ?? "";
  const itemValue = query.get("itemValue") ?? "";
  if (!dictId || !itemValue) return { ok: true as const };
  try {
    await access.signedIn.api.get("/sys/dictItem/dictItemCheck", z.unknown(), { dictId, itemValue, id: query.get("id") || undefined });
    return { ok: true as const };
  } catch (error) {
    if (error instanceof BackendError) return { ok: false as const, message: error.message };
    throw error;
  }
}
