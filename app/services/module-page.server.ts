// The loader of a module's list page (app/components/widgets/list/module-page.ts): the menu guard, one
// page of the list and the dictionaries its form and search bar choose from, in parallel.
import type { z } from "zod";
import type { ModulePage } from "~/components/widgets/list/module-page";
import type { RouteRequest } from "./auth.server";
import type { FormDetail } from "./form-details.server";
import { loadList } from "./list.server";
import { requireMenuPage } from "./menu-access.server";
import { dictOptionsByCode } from "./options.server";
import { withRouteFailures } from "./route-errors.server";

/**
 * `detail`: what the page's form holds beyond its row (its grids' rows), loaded when the form is
 * opened by its address, so that it can be edited without JavaScript.
 */
export async function loadModulePage<Form extends z.ZodType>(
  route: RouteRequest,
  page: ModulePage<Form>,
  fallbackTitle: string,
  extraDictCodes: readonly string[] = [],
  detail?: FormDetail,
) {
  const access = await requireMenuPage(route);
  const [list, options] = await Promise.all([
    loadList(access, route.url, detail ? { ...page.list, loadDetail: detail.load } : page.list),
    withRouteFailures(() => dictOptionsByCode(access.signedIn.api, [...page.dictCodes, ...extraDictCodes])),
  ]);
  return { title: access.node.meta.title ?? fallbackTitle, list, options };
}
