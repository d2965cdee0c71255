// Clear cache (docs/spec/app-shell.md §2 header, §8): refresh the backend's dictionary cache, then
// reload all dictionary items.
import { z } from "zod";
import type { Route } from "./+types/dict-refresh";
import { requireSignedIn } from "~/services/auth.server";
import { clearDictOptions } from "~/services/options.server";

export async function action(route: Route.ActionArgs) {
  const signedIn = await requireSignedIn(route);
  try {
    await signedIn.api.get("/sys/dict/refleshCache", z.unknown());
    clearDictOptions(signedIn.api);
    const { result } = await signedIn.api.get("/sys/dict/queryAllDictItems", z.record(z.string(), z.array(z.unknown())));
    return { ok: true as const, dictionaries: Object.keys(result).length };
  } catch {
    return { ok: false as const };
  }
}
