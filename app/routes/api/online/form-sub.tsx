// /api/online/form-sub?main=<code>&code=<sub code>&mainId=<row> — the rows of one sub-table of an
// online form's chosen main row, on the list engine (ListPage `source`, useOwnedList): GET answers
// ListData, POST is the list action saving into `mainId`. The sub-table is no page of its own, so
// access is its main form's page (the backend checks the main form's buttons on every write).
import { onlineFormPagePath } from "#contract/modules/online-form";
import type { Route } from "./+types/form-sub";
import { parseListState } from "~/lib/list-query";
import { listAction, loadList } from "~/services/list.server";
import { requireMenuPage } from "~/services/menu-access.server";
import { loadOnlineDefinition } from "~/services/online-form.server";
import { throwRouteFailure } from "~/services/route-errors.server";
import { MAIN_ID_PROPERTY, onlineFormPage } from "~/routes/online/form-page.data";

async function subPage(route: Route.LoaderArgs | Route.ActionArgs) {
  const main = route.url.searchParams.get("main") ?? "";
  const code = route.url.searchParams.get("code") ?? "";
  const mainId = route.url.searchParams.get(MAIN_ID_PROPERTY) ?? "";
  const pagePath = onlineFormPagePath(main);
  const access = await requireMenuPage(route, pagePath);
  const definition = await loadOnlineDefinition(access.signedIn.api, main).catch(throwRouteFailure);
  const sub = definition.subTables?.find((candidate) => candidate.code === code);
  if (!sub) throw new Response(null, { status: 404 });
  const page = onlineFormPage(sub, main);
  const list = { ...page.list, toBody: (values: Record<string, string | undefined>, id: string | undefined) => ({ ...page.list.toBody(values, id), ...(id ? {} : { [MAIN_ID_PROPERTY]: mainId }) }) };
  return { access, list, mainId, pagePath };
}

export async function loader(route: Route.LoaderArgs) {
  const { access, list, mainId } = await subPage(route);
  if (!mainId) return { state: parseListState(route.url.searchParams), records: [], total: 0, error: "请先选择主表记录" };
  return loadList(access, route.url, list);
}

export async function action(route: Route.ActionArgs) {
  const { list, pagePath } = await subPage(route);
  return listAction({ ...route, url: new URL(pagePath, route.url) }, list);
}
