// 部门管理 (/isystem/depart), like JeecgBoot's DepartList: the department tree on the left, and for
// the chosen department (`?depId=`, so a reload keeps the view) the tabs 基本信息 (its form) and
// 用户信息 (its users, on the list engine). Every change is an intent of this route's action; the
// backend checks the depart:* buttons and the tenant of every id.
import { z } from "zod";
import type { Route } from "./+types/departs";
import { RouteErrorBoundary } from "~/components/shell/route-error-boundary";
import { DepartAdminPage } from "~/components/system/depart/depart-admin-page";
import { selectedDepart, toDepartNodes } from "~/components/system/depart/depart-tree-logic";
import { fieldErrors } from "#contract/auth";
import { BackendError, type BackendClient } from "~/services/api.server";
import { requireMenuPage } from "~/services/menu-access.server";
import { listAction, loadList, type ListData, type ListPageDefinition } from "~/services/list.server";
import { recordFields } from "~/lib/record-fields";
import { parseListState } from "~/lib/list-query";
import { withRouteFailures } from "~/services/route-errors.server";
import { DEPART_PAGE, DEPART_PARAM, TAB_PARAM, departBody, departFormSchema, type DepartTab } from "./departs.data";

const usersPage: ListPageDefinition = { url: { list: DEPART_PAGE.users.list } };
const treeSchema = z.array(z.record(z.string(), z.unknown()));

export async function loader(route: Route.LoaderArgs) {
  const access = await requireMenuPage(route);
  const api = access.signedIn.api;
  const { result } = await withRouteFailures(() => api.get(DEPART_PAGE.url.treeList, treeSchema));
  const tree = toDepartNodes(result);
  const depart = selectedDepart(tree, route.url.searchParams.get(DEPART_PARAM));
  const tab: DepartTab = route.url.searchParams.get(TAB_PARAM) === "users" ? "users" : "base";
  // The users list always carries the chosen department, so the list engine's paging and sorting
  // (which keep the URL's filters) keep it too.
  let users: ListData;
  if (depart) {
    const url = new URL(route.url);
    url.searchParams.set(DEPART_PARAM, depart.key);
    users = await loadList(access, url, usersPage);
  } else users = { state: parseListState(new URLSearchParams()), records: [], total: 0, error: null };
  return { title: access.node.meta.title ?? "部门管理", tree, selectedKey: depart?.key ?? null, tab, users };
}

/** A refusal the page shows as a warning (docs/spec/app-shell.md §8), like the backend's own. */
function refuse(message: string): never {
  throw new BackendError({ kind: "business", message, status: 200 });
}

const ids = (form: FormData, name: string) =>
  String(form.get(name) ?? "")
    .split(",")
    .map((id) => id.trim())
    .filter(Boolean);

async function saveDepart(api: BackendClient, form: FormData) {
  const checked = departFormSchema.safeParse(recordFields(form).values);
  if (!checked.success) return refuse(Object.values(fieldErrors(checked.error))[0] ?? "表单内容无法识别");
  const body = departBody(checked.data);
  const answer = checked.data.id ? await api.put(DEPART_PAGE.url.edit, z.unknown(), body) : await api.post(DEPART_PAGE.url.add, z.unknown(), body);
  return { message: answer.message || "操作成功" };
}

export async function action(route: Route.ActionArgs) {
  return listAction(route, usersPage, {
    saveDepart: (api, form) => saveDepart(api, form),
    deleteDeparts: async (api, form) => {
      const chosen = ids(form, "ids");
      if (chosen.length === 0) return refuse("请选择一条记录！");
      // One department: the delete button; several checked ones: the batch delete button.
      const answer =
        chosen.length === 1
          ? await api.delete(DEPART_PAGE.url.delete, z.unknown(), { id: chosen[0] })
          : await api.delete(DEPART_PAGE.url.deleteBatch, z.unknown(), { ids: `${chosen.join(",")},` });
      return { message: answer.message || "删除成功!" };
    },
    linkUsers: async (api, form) => {
      const userIdList = ids(form, "userIds");
      if (userIdList.length === 0) return refuse("请选择用户");
      const answer = await api.post(DEPART_PAGE.users.link, z.unknown(), { depId: String(form.get("depId") ?? ""), userIdList });
      return { message: answer.message || "添加成功!" };
    },
    unlinkUsers: async (api, form) => {
      const userIds = ids(form, "userIds");
      if (userIds.length === 0) return refuse("请选择一条记录！");
      const depId = String(form.get("depId") ?? "");
      const answer =
        userIds.length === 1
          ? await api.delete(DEPART_PAGE.users.unlink, z.unknown(), { depId, userId: userIds[0] })
          : await api.delete(DEPART_PAGE.users.unlinkBatch, z.unknown(), { depId, userIds: userIds.join(",") });
      return { message: answer.message || "删除成功!" };
    },
  });
}

export const meta: Route.MetaFunction = ({ data }) => [{ title: data?.title ?? "部门管理" }];

export default function DepartsPage({ loaderData }: Route.ComponentProps) {
  return <DepartAdminPage {...loaderData} />;
}

export const ErrorBoundary = RouteErrorBoundary;
