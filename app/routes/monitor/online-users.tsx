// 在线用户 (/monitor/onlineUser): the open sessions of the school (account, name, address,
// browser, sign-in time, last activity) and 强退, which ends one at once: the user's next request
// is refused and his open pages return to sign-in (backend/modules/monitor/online).
import { useFetcher } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/online-users";
import { ListPage, type ListColumn } from "~/components/widgets/list/list-page";
import type { SearchField } from "~/components/widgets/list/types";
import { RouteErrorBoundary } from "~/components/shell/route-error-boundary";
import { requireMenuPage } from "~/services/menu-access.server";
import { listAction, loadList, type ListPageDefinition } from "~/services/list.server";

const ONLINE_FETCHER = "online-users";
const page: ListPageDefinition = { url: { list: "/sys/online/list" } };

const columns: ListColumn[] = [
  { title: "用户账号", dataIndex: "username", width: 140 },
  { title: "用户姓名", dataIndex: "realname", width: 120, render: (value, row) => `${String(value ?? "")}${row.current ? "（当前会话）" : ""}` },
  { title: "IP", dataIndex: "ip", width: 140 },
  { title: "浏览器", dataIndex: "browser", width: 180 },
  { title: "登录时间", dataIndex: "loginTime", width: 170 },
  { title: "最后活动", dataIndex: "lastActive", width: 170 },
];

const searchFields: SearchField[] = [{ name: "username", label: "用户账号", kind: "text", exact: true }];

export async function loader(route: Route.LoaderArgs) {
  const access = await requireMenuPage(route);
  return { title: access.node.meta.title ?? "在线用户", list: await loadList(access, route.url, page) };
}

export async function action(route: Route.ActionArgs) {
  return listAction(route, page, {
    forceLogout: async (api, form) => {
      const answer = await api.post("/sys/online/forceLogout", z.unknown(), { token: String(form.get("id") ?? "") });
      return { message: answer.message || "退出登录成功！" };
    },
  });
}

export const meta: Route.MetaFunction = ({ data }) => [{ title: data?.title ?? "在线用户" }];

export default function OnlineUsersPage({ loaderData }: Route.ComponentProps) {
  const { title, list } = loaderData;
  const fetcher = useFetcher({ key: ONLINE_FETCHER });
  return (
    <ListPage
      title={title}
      data={list}
      columns={columns}
      searchFields={searchFields}
      permissionPrefix="onlineUser"
      fetcherKey={ONLINE_FETCHER}
      rowActions={[
        {
          key: "forceLogout",
          label: "强退",
          permission: "onlineUser:force_logout",
          danger: true,
          confirm: "确定强制退出该用户吗?",
          visible: (row) => !row.current,
          run: (row) => void fetcher.submit({ intent: "forceLogout", id: row.id }, { method: "post" }),
        },
      ]}
    />
  );
}

export const ErrorBoundary = RouteErrorBoundary;
