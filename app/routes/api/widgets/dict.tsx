// GET /api/widgets/dict/:code — a dictionary's options for the dictionary selects
// (docs/spec/widgets.md §7: GET /sys/dict/getDictItems/{dictCode}).
import type { Route } from "./+types/dict";
import { requireSignedIn } from "~/services/auth.server";
import { DICT_CODE_EMPTY, normalizeDictOptions } from "~/components/widgets/dict-select/dict-options";
import { answerWidget, pathVariable, refuseWidget } from "./widget-answer.server";
import { dictItemsSchema } from "./widget-schemas.server";

export async function loader(route: Route.LoaderArgs) {
  const signedIn = await requireSignedIn(route);
  const code = (route.params.code ?? "").trim();
  if (code === "") return refuseWidget(DICT_CODE_EMPTY);
  return answerWidget(async () => {
    const { result } = await signedIn.api.get(`/sys/dict/getDictItems/${pathVariable(code)}`, dictItemsSchema);
    return { items: normalizeDictOptions(result) };
  });
}
