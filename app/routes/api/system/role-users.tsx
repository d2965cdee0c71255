// /api/system/role-users?roleId= — the users of one role for the 用户 drawer of 角色管理, on the
// list engine: GET answers ListData (/sys/user/userRoleList, the drawer's state in the query);
// POST is the list action with the drawer's intents: add (userIds) → addSysUserRole, remove
// (userId) → deleteUserRole, removeBatch (userIds) → deleteUserRoleBatch. Only users who may open
// 角色管理 get here; the backend checks `role:users` on each call.
import { z } from "zod";
import type { Route } from "./+types/role-users";
import { BackendError } from "~/services/api.server";
import { forgetAllPermissions } from "~/services/auth.server";
import { listAction, loadList, type ListPageDefinition } from "~/services/list.server";
import { parseListState } from "~/lib/list-query";
import { idListParam, idParam, requireRolePage, ROLE_PAGE_PATH } from "./role-answer.server";

const page: ListPageDefinition = { url: { list: "/sys/user/userRoleList" } };

/** A refusal the drawer shows as a warning, like the backend's own. */
function refuse(message: string): never {
  throw new BackendError({ kind: "business", message, status: 200 });
}

/** A change of role members: on success every session's menu is loaded again. */
function changed(message: string) {
  forgetAllPermissions();
  return { message };
}

export async function loader(route: Route.LoaderArgs) {
  const access = await requireRolePage(route);
  if (!idParam(route.url.searchParams.get("roleId"))) return { state: parseListState(route.url.searchParams), records: [], total: 0, error: "参数不正确" };
  return loadList(access, route.url, page);
}

export async function action(route: Route.ActionArgs) {
  const roleIdParam = idParam(route.url.searchParams.get("roleId"));
  const roleId = () => roleIdParam ?? refuse("参数不正确");
  const userIds = (form: FormData) => {
    const ids = idListParam(form.get("userIds"));
    return ids && ids.length > 0 ? ids : refuse("请选择一条记录！");
  };
  return listAction({ ...route, url: new URL(ROLE_PAGE_PATH, route.url) }, page, {
    add: async (api, form) => {
      const answer = await api.post("/sys/user/addSysUserRole", z.unknown(), { roleId: roleId(), userIdList: userIds(form) });
      return changed(answer.message || "添加成功!");
    },
    remove: async (api, form) => {
      const userId = idParam(form.get("userId")) ?? refuse("请选择一条记录！");
      const answer = await api.delete("/sys/user/deleteUserRole", z.unknown(), { roleId: roleId(), userId });
      return changed(answer.message || "删除成功!");
    },
    removeBatch: async (api, form) => {
      const answer = await api.delete("/sys/user/deleteUserRoleBatch", z.unknown(), { roleId: roleId(), userIds: userIds(form).join(",") });
      return changed(answer.message || "删除成功!");
    },
  });
}
