// GET /api/widgets/dict-search/:code?keyword=&pageSize= — one page of a table dictionary for the
// async search select (docs/spec/widgets.md §7: GET /sys/dict/loadDict/{dict}, page size default 10).
import type { Route } from "./+types/dict-search";
import { requireSignedIn } from "~/services/auth.server";
import { DICT_CODE_EMPTY, normalizeDictOptions } from "~/components/widgets/dict-select/dict-options";
import { SEARCH_PAGE_SIZE } from "~/components/widgets/search-select/search-select-logic";
import { answerWidget, pathVariable, refuseWidget } from "./widget-answer.server";
import { dictItemsSchema } from "./widget-schemas.server";

const MAX_PAGE_SIZE = 50;

export async function loader(route: Route.LoaderArgs) {
  const signedIn = await requireSignedIn(route);
  const code = (route.params.code ?? "").trim();
  if (code === "") return refuseWidget(DICT_CODE_EMPTY);
  const keyword = route.url.searchParams.get("keyword") ?? "";
  const asked = Math.trunc(Number(route.url.searchParams.get("pageSize")));
  const pageSize = asked >= 1 ? Math.min(asked, MAX_PAGE_SIZE) : SEARCH_PAGE_SIZE;
  return answerWidget(async () => {
    const { result } = await signedIn.api.get(`/sys/dict/loadDict/${pathVariable(code)}`, dictItemsSchema, { keyword, pageSize });
    return { items: normalizeDictOptions(result) };
  });
}
