// GET  /api/system/role-users?roleId&pageNo&pageSize&username — a page of the role's users
//      (/sys/user/userRoleList).
// POST /api/system/role-users — intent add (userIds) → addSysUserRole; remove (userId) →
//      deleteUserRole; removeBatch (userIds) → deleteUserRoleBatch.
import { z } from "zod";
import type { Route } from "./+types/role-users";
import type { RoleUserRow } from "~/components/role-auth/role-api";
import { answerRoleApi, changeRoleApi, idListParam, idParam, refuseRoleApi, requireRolePage } from "./role-answer.server";

const userSchema = z
  .object({
    id: z.coerce.string(),
    username: z.coerce.string(),
    realname: z.coerce.string().nullish(),
    status_dictText: z.coerce.string().nullish(),
    createTime: z.coerce.string().nullish(),
  })
  .transform(
    (user): RoleUserRow => ({
      id: user.id,
      username: user.username,
      realname: user.realname ?? "",
      status_dictText: user.status_dictText ?? undefined,
      createTime: user.createTime ?? undefined,
    }),
  );
const pageSchema = z.object({ records: z.array(userSchema), total: z.coerce.number() });

export async function loader(route: Route.LoaderArgs) {
  const access = await requireRolePage(route);
  const query = route.url.searchParams;
  const roleId = idParam(query.get("roleId"));
  if (!roleId) return refuseRoleApi("参数不正确");
  const pageNo = Math.max(1, Math.trunc(Number(query.get("pageNo"))) || 1);
  const pageSize = Math.min(100, Math.max(1, Math.trunc(Number(query.get("pageSize"))) || 10));
  const username = (query.get("username") ?? "").trim();
  return answerRoleApi(async () => {
    const { result } = await access.signedIn.api.get("/sys/user/userRoleList", pageSchema, {
      roleId,
      pageNo,
      pageSize,
      column: "createTime",
      order: "desc",
      // A typed account matches anywhere (contract §6 `*x*`).
      username: username ? `*${username}*` : undefined,
    });
    return { items: result.records, total: result.total };
  });
}

export async function action(route: Route.ActionArgs) {
  const access = await requireRolePage(route);
  const form = await route.request.formData();
  const intent = String(form.get("intent") ?? "");
  const roleId = idParam(form.get("roleId"));
  if (!roleId) return refuseRoleApi("参数不正确");
  const api = access.signedIn.api;
  if (intent === "remove") {
    const userId = idParam(form.get("userId"));
    if (!userId) return refuseRoleApi("请选择一条记录！");
    return changeRoleApi(async () => ({ message: (await api.delete("/sys/user/deleteUserRole", z.unknown(), { roleId, userId })).message || "删除成功!" }));
  }
  const userIds = idListParam(form.get("userIds"));
  if (!userIds || userIds.length === 0) return refuseRoleApi("请选择一条记录！");
  if (intent === "add")
    return changeRoleApi(async () => ({ message: (await api.post("/sys/user/addSysUserRole", z.unknown(), { roleId, userIdList: userIds })).message || "添加成功!" }));
  if (intent === "removeBatch")
    return changeRoleApi(async () => ({
      message: (await api.delete("/sys/user/deleteUserRoleBatch", z.unknown(), { roleId, userIds: userIds.join(",") })).message || "删除成功!",
    }));
  return refuseRoleApi(`未知的操作: ${intent}`);
}
