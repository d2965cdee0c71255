// GET /api/system/category-children?pid= — the children of one category for the 分类字典 tree
// table, loaded when a row is expanded (JeecgBoot SysCategoryList: /sys/category/childList).
import { z } from "zod";
import type { Route } from "./+types/category-children";
import { requireMenuPage } from "~/services/menu-access.server";
import { answerWidget, refuseWidget } from "~/routes/api/widgets/widget-answer.server";
import { CATEGORY_PAGE } from "~/routes/system/categories.data";

const rowsSchema = z.array(z.record(z.string(), z.unknown()).transform((row) => ({ ...row, id: String(row.id ?? "") })));

export async function loader(route: Route.LoaderArgs) {
  const access = await requireMenuPage(route, CATEGORY_PAGE.path);
  const pid = route.url.searchParams.get("pid") ?? "";
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(pid)) return refuseWidget("参数错误");
  return answerWidget(async () => {
    const { result } = await access.signedIn.api.get(CATEGORY_PAGE.url.childList, rowsSchema, { pid });
    return { items: result };
  });
}
