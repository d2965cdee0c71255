// GET /api/widgets/tree?pid&pidField&tableName&text&code&hasChildField&condition — one level of a
// table tree for the dictionary tree select (docs/spec/widgets.md §7: GET /sys/dict/loadTreeData).
import { z } from "zod";
import type { Route } from "./+types/tree";
import { requireSignedIn } from "~/services/auth.server";
import { conditionProblem, toTreeOptions, TREE_CONDITION_ERROR, TREE_DICT_FORMAT_ERROR } from "~/components/widgets/tree-select/tree-logic";
import { answerWidget, identifierSchema, refuseWidget } from "./widget-answer.server";
import { treeNodesSchema } from "./widget-schemas.server";

const treeQuerySchema = z.object({
  pid: z.string().default(""),
  pidField: identifierSchema.default("pid"),
  tableName: identifierSchema,
  text: identifierSchema,
  code: identifierSchema,
  hasChildField: z.union([identifierSchema, z.literal("")]).default(""),
  condition: z.string().default(""),
});

export async function loader(route: Route.LoaderArgs) {
  const signedIn = await requireSignedIn(route);
  const parsed = treeQuerySchema.safeParse(Object.fromEntries(route.url.searchParams));
  if (!parsed.success) return refuseWidget(TREE_DICT_FORMAT_ERROR);
  const query = parsed.data;
  const problem = conditionProblem(query.condition, TREE_CONDITION_ERROR);
  if (problem) return refuseWidget(problem);
  return answerWidget(async () => {
    const { result } = await signedIn.api.get("/sys/dict/loadTreeData", treeNodesSchema, {
      pid: query.pid,
      pidField: query.pidField,
      tableName: query.tableName,
      text: query.text,
      code: query.code,
      hasChildField: query.hasChildField || undefined,
      condition: query.condition || undefined,
    });
    return { items: toTreeOptions(result) };
  });
}
