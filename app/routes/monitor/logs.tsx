// 系统日志 (/monitor/log): the sign-in log, the operation log and its exports (导出日志) on the list
// engine, one tab each (`?logType=1|2`, `?logType=2&operateType=6`), searchable by word, account and time, exportable; an operation's parameters
// (secrets masked by the backend) open under its row.
import { Tabs, Typography } from "antd";
import { redirect, useNavigate } from "react-router";
import type { Route } from "./+types/logs";
import { ListPage } from "~/components/widgets/list/list-page";
import { RouteErrorBoundary } from "~/components/shell/route-error-boundary";
import { requireMenuPage } from "~/services/menu-access.server";
import { listAction, loadList, type ListPageDefinition } from "~/services/list.server";
import { LOG_PAGE, LOG_TABS, logColumns, logSearchFields, logTabOf, logTabSearch, type LogTab } from "./logs.data";

const page: ListPageDefinition = { url: LOG_PAGE.url };

export async function loader(route: Route.LoaderArgs) {
  const access = await requireMenuPage(route);
  const logType = logTabOf(route.url.searchParams);
  if (!logType) throw redirect(`${route.url.pathname}${logTabSearch("1")}`);
  return {
    title: access.node.meta.title ?? "系统日志",
    logType,
    list: await loadList(access, route.url, page),
  };
}

export async function action(route: Route.ActionArgs) {
  return listAction(route, page);
}

export const meta: Route.MetaFunction = ({ data }) => [{ title: data?.title ?? "系统日志" }];

export default function LogsPage({ loaderData }: Route.ComponentProps) {
  const { title, logType, list } = loaderData;
  const navigate = useNavigate();
  return (
    <>
      <Tabs
        activeKey={logType}
        items={LOG_TABS.map((tab) => ({ key: tab.key, label: tab.label }))}
        onChange={(key) => navigate({ search: logTabSearch(key as LogTab) })}
      />
      <ListPage
        key={logType}
        title={title}
        data={list}
        url={LOG_PAGE.url}
        columns={logColumns[logType]}
        searchFields={logSearchFields}
        fixedFilters={LOG_TABS.find((tab) => tab.key === logType)!.filters}
        permissionPrefix={LOG_PAGE.permissionPrefix}
        tableProps={
          logType !== "1"
            ? {
                expandable: {
                  rowExpandable: (row) => Boolean(row.requestParam),
                  expandedRowRender: (row) => (
                    <Typography.Paragraph className="log-request-param" copyable style={{ margin: 0, whiteSpace: "pre-wrap", wordBreak: "break-all" }}>
                      {`请求参数：${String(row.requestParam)}`}
                    </Typography.Paragraph>
                  ),
                },
              }
            : undefined
        }
      />
    </>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
