// GET /api/demo/depart-levels?parentId=: one level of the department tree as the tree table's
// rows (an array, docs/spec/widgets.md §7 "tree-table url"), for the 组件示例 page.
import { z } from "zod";
import type { Route } from "./+types/depart-levels";
import { requireSignedIn } from "~/services/auth.server";

const levelSchema = z.array(
  z.object({ id: z.string(), departName: z.string().optional(), orgCode: z.string().nullish(), isLeaf: z.boolean().optional() }).loose(),
);

export async function loader(route: Route.LoaderArgs) {
  const signedIn = await requireSignedIn(route);
  const pid = route.url.searchParams.get("parentId") ?? "";
  const { result } = await signedIn.api.get("/sys/sysDepart/queryDepartTreeSync", levelSchema, { pid: pid || undefined });
  return Response.json(
    result.map((node) => ({ id: node.id, departName: node.departName ?? "", orgCode: node.orgCode ?? "", hasChildren: node.isLeaf === false })),
  );
}
