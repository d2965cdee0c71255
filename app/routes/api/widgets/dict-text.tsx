// GET /api/widgets/dict-text/:code?key=v1,v2 — the texts of stored values, for showing an initial
// value of the search and tree selects (docs/spec/widgets.md §7: GET /sys/dict/loadDictItem/{dict}).
import type { Route } from "./+types/dict-text";
import { requireSignedIn } from "~/services/auth.server";
import { DICT_CODE_EMPTY } from "~/components/widgets/dict-select/dict-options";
import { answerWidget, pathVariable, refuseWidget } from "./widget-answer.server";
import { dictTextsSchema } from "./widget-schemas.server";

export async function loader(route: Route.LoaderArgs) {
  const signedIn = await requireSignedIn(route);
  const code = (route.params.code ?? "").trim();
  if (code === "") return refuseWidget(DICT_CODE_EMPTY);
  const key = (route.url.searchParams.get("key") ?? "").trim();
  if (key === "") return { ok: true as const, items: [] as string[] };
  return answerWidget(async () => {
    const { result } = await signedIn.api.get(`/sys/dict/loadDictItem/${pathVariable(code)}`, dictTextsSchema, { key });
    return { items: result };
  });
}
