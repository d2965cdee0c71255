// GET /api/people/parent-options?keyword=&pageSize= — the student form's parent picker: parents by a
// part of the name or a whole phone, each shown with his phone (masked without 查看敏感信息) and
// children, so that two parents of the same name can be told apart (backend /school/parent/options).
import type { Route } from "./+types/parent-options";
import { requireSignedIn } from "~/services/auth.server";
import { normalizeDictOptions } from "~/components/widgets/dict-select/dict-options";
import { SEARCH_PAGE_SIZE } from "~/components/widgets/search-select/search-select-logic";
import { answerWidget } from "../widgets/widget-answer.server";
import { dictItemsSchema } from "../widgets/widget-schemas.server";

export async function loader(route: Route.LoaderArgs) {
  const signedIn = await requireSignedIn(route);
  const keyword = route.url.searchParams.get("keyword") ?? "";
  const pageSize = route.url.searchParams.get("pageSize") ?? String(SEARCH_PAGE_SIZE);
  return answerWidget(async () => {
    const { result } = await signedIn.api.get("/school/parent/options", dictItemsSchema, { keyword, pageSize });
    return { items: normalizeDictOptions(result) };
  });
}
