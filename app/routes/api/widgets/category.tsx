// GET /api/widgets/category — the category tree select's data (docs/spec/widgets.md §7 /sys/category):
//   ?pcode=X  the categories under the one with code X (`0`: the top) → loadTreeRoot
//   ?pid=ID   the children of a category                               → loadTreeChildren
//   ?ids=a,b  the names of stored ids, in order                        → loadDictItem
import type { Route } from "./+types/category";
import { requireSignedIn } from "~/services/auth.server";
import { CATEGORY_CONDITION_ERROR, CATEGORY_ROOT_PCODE, conditionProblem, toTreeOptions } from "~/components/widgets/tree-select/tree-logic";
import { answerWidget, refuseWidget } from "./widget-answer.server";
import { dictTextsSchema, treeNodesSchema } from "./widget-schemas.server";

export async function loader(route: Route.LoaderArgs) {
  const signedIn = await requireSignedIn(route);
  const search = route.url.searchParams;
  const ids = (search.get("ids") ?? "").trim();
  if (ids !== "")
    return answerWidget(async () => {
      const { result } = await signedIn.api.get("/sys/category/loadDictItem", dictTextsSchema, { ids, delNotExist: "false" });
      return { items: result };
    });
  const condition = search.get("condition") ?? "";
  const problem = conditionProblem(condition, CATEGORY_CONDITION_ERROR);
  if (problem) return refuseWidget(problem);
  const pid = (search.get("pid") ?? "").trim();
  return answerWidget(async () => {
    const { result } = pid
      ? await signedIn.api.get("/sys/category/loadTreeChildren", treeNodesSchema, { pid, condition: condition || undefined })
      : await signedIn.api.get("/sys/category/loadTreeRoot", treeNodesSchema, {
          async: "true",
          pcode: (search.get("pcode") ?? "").trim() || CATEGORY_ROOT_PCODE,
          condition: condition || undefined,
        });
    return { items: toTreeOptions(result) };
  });
}
