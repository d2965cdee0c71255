// GET  /api/system/role-permissions?roleId= — the authorise drawer's tree (queryTreeList) and the
//      role's grants (queryRolePermission), in one answer.
// POST /api/system/role-permissions (roleId, permissionIds, lastpermissionIds) — saveRolePermission:
//      the backend grants what is new and revokes what was dropped since the drawer loaded.
import { z } from "zod";
import type { Route } from "./+types/role-permissions";
import type { PermissionNode, RolePermissions } from "~/components/system/role/role-api";
import { answerRoleApi, changeRoleApi, idListParam, idParam, refuseRoleApi, requireRolePage } from "./role-answer.server";

interface WireNode {
  key: string;
  title?: string | null;
  ruleFlag?: number | null;
  children?: WireNode[] | null;
}
const nodeSchema: z.ZodType<WireNode> = z.lazy(() =>
  z.object({
    key: z.coerce.string(),
    title: z.string().nullish(),
    ruleFlag: z.coerce.number().nullish(),
    children: z.array(nodeSchema).nullish(),
  }),
);
const treeSchema = z.object({ treeList: z.array(nodeSchema) });

function toNode(node: WireNode): PermissionNode {
  return {
    key: node.key,
    title: node.title ?? "",
    ruleFlag: node.ruleFlag ?? null,
    ...(node.children?.length ? { children: node.children.map(toNode) } : {}),
  };
}

export async function loader(route: Route.LoaderArgs) {
  const access = await requireRolePage(route);
  const roleId = idParam(route.url.searchParams.get("roleId"));
  if (!roleId) return refuseRoleApi("参数不正确");
  const api = access.signedIn.api;
  return answerRoleApi(async (): Promise<RolePermissions> => {
    const [tree, checked] = await Promise.all([
      api.get("/sys/permission/queryTreeList", treeSchema),
      api.get("/sys/permission/queryRolePermission", z.array(z.coerce.string()), { roleId }),
    ]);
    return { tree: tree.result.treeList.map(toNode), checked: checked.result };
  });
}

export async function action(route: Route.ActionArgs) {
  const access = await requireRolePage(route);
  const form = await route.request.formData();
  const roleId = idParam(form.get("roleId"));
  const permissionIds = idListParam(form.get("permissionIds"));
  const lastPermissionIds = idListParam(form.get("lastpermissionIds"));
  if (!roleId || !permissionIds || !lastPermissionIds) return refuseRoleApi("参数不正确");
  return changeRoleApi(async () => {
    const answer = await access.signedIn.api.post("/sys/permission/saveRolePermission", z.unknown(), {
      roleId,
      permissionIds: permissionIds.join(","),
      lastpermissionIds: lastPermissionIds.join(","),
    });
    return { message: answer.message || "保存成功！" };
  });
}
