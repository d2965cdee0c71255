// 数据源管理 (/isystem/dataSource): named PostgreSQL connections (contract/modules/data-source.ts) on
// the list engine. The password is written, never shown (blank on edit keeps it, unless the address
// or user changed: then it must be typed again); 测试连接 asks the backend to connect with the saved
// settings.
import { useMemo } from "react";
import { useFetcher } from "react-router";
import { z } from "zod";
import { DataSourceMessages, dataSourceModule, POSTGRESQL_TYPE, sameConnection } from "#contract/modules/data-source";
import type { Route } from "./+types/data-sources";
import { ModuleListPage } from "~/components/widgets/list/module-list-page";
import { modulePage } from "~/components/widgets/list/module-page";
import type { RowAction } from "~/components/widgets/list/types";
import { RouteErrorBoundary } from "~/components/shell/route-error-boundary";
import { listAction, type ListRecord } from "~/services/list.server";
import { loadModulePage } from "~/services/module-page.server";

const page = modulePage(dataSourceModule, {
  columns: { code: { width: 140 }, name: { width: 160 }, dbUrl: { width: 300 }, dbUsername: { width: 120 }, createTime: { width: 170 } },
  form: {
    dbPassword: {
      kind: "password",
      placeholder: "编辑时留空表示不修改",
      // The stored password goes only where it was saved for: the backend refuses the same way.
      requiredOnEditWhen: (values, record) => (sameConnection(textOf(values), textOf(record)) ? null : DataSourceMessages.passwordAgain),
    },
  },
});
const DATA_SOURCE_FETCHER = "data-source-list";

function textOf(values: Record<string, unknown>) {
  return { dbUrl: String(values.dbUrl ?? ""), dbUsername: String(values.dbUsername ?? "") };
}

export const loader = (route: Route.LoaderArgs) => loadModulePage(route, page, "数据源管理");

export const action = (route: Route.ActionArgs) =>
  listAction(route, page.list, {
    test: async (api, form) => {
      const answer = await api.post("/sys/dataSource/testConnection", z.unknown(), { id: String(form.get("id") ?? "") });
      return { message: answer.message || "数据库连接成功" };
    },
  });

export const meta: Route.MetaFunction = ({ data }) => [{ title: data?.title ?? "数据源管理" }];

export default function DataSourcesPage({ loaderData }: Route.ComponentProps) {
  const fetcher = useFetcher({ key: DATA_SOURCE_FETCHER });
  const rowActions = useMemo<RowAction<ListRecord>[]>(
    () => [{ key: "test", label: "测试连接", permission: "dataSource:test", run: (row) => void fetcher.submit({ intent: "test", id: row.id }, { method: "post" }) }],
    // The fetcher's submit is stable.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [],
  );
  return <ModuleListPage page={page} data={loaderData} fetcherKey={DATA_SOURCE_FETCHER} rowActions={rowActions} form={{ defaults: { dbType: POSTGRESQL_TYPE } }} />;
}

export const ErrorBoundary = RouteErrorBoundary;
