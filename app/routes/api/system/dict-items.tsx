// /api/system/dict-items?dictId= — the items of one dictionary for the 字典配置 drawer of 数据字典,
// on the list engine: GET answers ListData (backend /sys/dictItem/list, the drawer's state in the
// query), POST is the list action (intent save | delete | deleteBatch), saving into `dictId`. The
// drawer is not a page of its own, so access is the dictionary page's: its menu to read, `dict:*`
// to write (the backend checks each button).
import { data } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/dict-items";
import { BackendError } from "~/services/api.server";
import { requireMenuPage } from "~/services/menu-access.server";
import { listAction, loadList, type ListActionResult } from "~/services/list.server";
import { recordFields } from "~/lib/record-fields";
import { parseListState } from "~/lib/list-query";
import { DICT_ITEM_SORT, DICT_PAGE, dictItemFormSchema, dictItemPageDefinition } from "~/routes/system/dicts.data";

const NO_DICTIONARY = "字典不存在";

export async function loader(route: Route.LoaderArgs) {
  const access = await requireMenuPage(route, DICT_PAGE.path);
  const dictId = route.url.searchParams.get("dictId");
  if (!dictId) return { state: parseListState(route.url.searchParams, DICT_ITEM_SORT), records: [], total: 0, error: NO_DICTIONARY };
  return loadList(access, route.url, dictItemPageDefinition(dictId));
}

/**
 * A save needs the dictionary, and a value free within it: asked before saving, so the answer
 * (该值不可用，系统中已存在！) shows next to 数据值 (the backend refuses it again on save).
 */
async function refuseSave(route: Route.ActionArgs, dictId: string) {
  const form = await route.request.clone().formData();
  if (form.get("intent") !== "save") return null;
  const refused = (answer: Omit<Extract<ListActionResult, { ok: false }>, "ok" | "intent">) =>
    data<ListActionResult>({ ok: false, intent: "save", ...answer }, { status: 400 });
  const access = await requireMenuPage(route, DICT_PAGE.path);
  if (!dictId) return refused({ message: NO_DICTIONARY });
  const checked = dictItemFormSchema.safeParse(recordFields(form).values);
  if (!checked.success) return null;
  try {
    await access.signedIn.api.get("/sys/dictItem/dictItemCheck", z.unknown(), { dictId, itemValue: checked.data.itemValue, id: checked.data.id || undefined });
    return null;
  } catch (error) {
    if (!(error instanceof BackendError) || error.failure.kind !== "business") return null;
    return refused({ fieldErrors: { itemValue: error.message } });
  }
}

export async function action(route: Route.ActionArgs) {
  const dictId = route.url.searchParams.get("dictId") ?? "";
  return (
    (await refuseSave(route, dictId)) ??
    listAction({ ...route, url: new URL(DICT_PAGE.path, route.url) }, dictItemPageDefinition(dictId))
  );
}
