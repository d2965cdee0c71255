// GET /api/widgets/departs — the department tree of the department picker and of the user
// picker by department (docs/spec/widgets.md §7; contract §7 GET /sys/sysDepart/queryTreeList).
import type { Route } from "./+types/departs";
import { requireSignedIn } from "~/services/auth.server";
import { toDepartNodes } from "~/components/widgets/pickers/picker-logic";
import { answerWidget } from "./widget-answer.server";
import { treeNodesSchema } from "./widget-schemas.server";

export async function loader(route: Route.LoaderArgs) {
  const signedIn = await requireSignedIn(route);
  return answerWidget(async () => {
    const { result } = await signedIn.api.get("/sys/sysDepart/queryTreeList", treeNodesSchema);
    return { items: toDepartNodes(result) };
  });
}
