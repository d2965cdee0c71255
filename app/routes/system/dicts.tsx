// 数据字典 (/isystem/dict, JeecgBoot DictList): the dictionaries on the list engine (code unique,
// checked while typing and again by the backend), 字典配置 opening the items drawer, and 刷新缓存
// reloading the dictionaries everywhere (backend, this web server, the browser's selects).
import { useState } from "react";
import SyncOutlined from "@ant-design/icons/SyncOutlined";
import type { Route } from "./+types/dicts";
import { ListPage } from "~/components/widgets/list/list-page";
import { RouteErrorBoundary } from "~/components/shell/route-error-boundary";
import { DictItemsDrawer, type DrawerDictionary } from "~/components/system/dict/dict-items-drawer";
import { useRefreshDictCache } from "~/components/system/dict/use-refresh-dict-cache";
import { requireMenuPage } from "~/services/menu-access.server";
import { listAction, loadList } from "~/services/list.server";
import { dictOptions } from "~/services/options.server";
import { withRouteFailures } from "~/services/route-errors.server";
import { DICT_PAGE, dictColumns, dictFormFields, dictFormSchema, dictPageDefinition, dictSearchFields, dictSuperQuery } from "./dicts.data";

export async function loader(route: Route.LoaderArgs) {
  const access = await requireMenuPage(route);
  const [list, statuses] = await Promise.all([
    loadList(access, route.url, dictPageDefinition),
    withRouteFailures(() => dictOptions(access.signedIn.api, "valid_status")),
  ]);
  return { title: access.node.meta.title ?? "数据字典", list, statuses };
}

export async function action(route: Route.ActionArgs) {
  return listAction(route, dictPageDefinition);
}

export const meta: Route.MetaFunction = ({ data }) => [{ title: data?.title ?? "数据字典" }];

export default function DictsPage({ loaderData }: Route.ComponentProps) {
  const { title, list, statuses } = loaderData;
  const [configuring, setConfiguring] = useState<DrawerDictionary | null>(null);
  const cache = useRefreshDictCache();
  return (
    <>
      <ListPage
        title={title}
        data={list}
        columns={dictColumns}
        searchFields={dictSearchFields}
        permissionPrefix={DICT_PAGE.permissionPrefix}
        url={DICT_PAGE.url}
        superQuery={dictSuperQuery}
        form={{ fields: dictFormFields, schema: dictFormSchema, width: 600 }}
        rowActions={[
          {
            key: "items",
            label: "字典配置",
            run: (row) =>
              setConfiguring({
                id: row.id,
                dictName: String(row.dictName ?? ""),
              }),
          },
        ]}
        toolbarActions={[
          {
            key: "refresh",
            label: "刷新缓存",
            icon: <SyncOutlined spin={cache.refreshing} />,
            permission: "dict:refresh",
            run: cache.refresh,
          },
        ]}
      />
      {configuring ? <DictItemsDrawer dictionary={configuring} statuses={statuses} onClose={() => setConfiguring(null)} /> : null}
    </>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
