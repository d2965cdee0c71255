// /api/system/dict-items — the items of one dictionary for the 字典配置 drawer of 数据字典:
// GET ?dictId=&itemText=&status=&pageNo=&pageSize= lists them (backend /sys/dictItem/list), POST
// saves or deletes one (intent save | delete | deleteBatch, the list engine's action). The drawer
// is not a page of its own, so access is the dictionary page's: its menu to read, `dict:*` to write.
import type { Route } from "./+types/dict-items";
import { requireMenuPage } from "~/services/menu-access.server";
import { listAction, loadList } from "~/services/list.server";
import { dictItemPageDefinition } from "~/routes/system/dicts.data";

const DICT_PAGE_PATH = "/isystem/dict";

export async function loader(route: Route.LoaderArgs) {
  const access = await requireMenuPage(route, DICT_PAGE_PATH);
  if (!route.url.searchParams.get("dictId")) return { state: null, records: [], total: 0, error: "字典不存在" };
  return loadList(access, route.url, dictItemPageDefinition);
}

export async function action(route: Route.ActionArgs) {
  return listAction({ request: route.request, url: new URL(DICT_PAGE_PATH, route.url) }, dictItemPageDefinition);
}
