// 商品 (/shop/commodity): commodities with a category of the category tree (商品类别), several
// images, a price, a stock (taken by orders) and 上架 / 下架.
import type { Route } from "./+types/commodities";
import { commodityModule } from "#contract/modules/shop";
import { CategorySelect } from "~/components/widgets/tree-select";
import { UploadDetail, UploadField } from "~/components/widgets/upload";
import { ModuleListPage } from "~/components/widgets/list/module-list-page";
import { modulePage } from "~/components/widgets/list/module-page";
import { RouteErrorBoundary } from "~/components/shell/route-error-boundary";
import { listAction } from "~/services/list.server";
import { loadModulePage } from "~/services/module-page.server";

/** The commodity categories: children of 商品类别 (seeded code A03). */
const COMMODITY_CATEGORY_ROOT = "A03";

const page = modulePage(commodityModule, {
  columns: { name: { width: 200 }, price: { width: 100 }, stock: { width: 80 }, status: { width: 80 } },
  form: {
    categoryId: { kind: "custom", render: ({ mode }) => <CategorySelect pcode={COMMODITY_CATEGORY_ROOT} disabled={mode === "detail"} placeholder="请选择商品分类" /> },
    images: {
      kind: "custom",
      render: ({ mode }) => <UploadField mode="image" number={6} biz="commodity" disabled={mode === "detail"} aria-label="图片" />,
      detail: (record) => <UploadDetail value={record.images} mode="image" />,
    },
  },
});

export const loader = (route: Route.LoaderArgs) => loadModulePage(route, page, "商品");
export const action = (route: Route.ActionArgs) => listAction(route, page.list);
export const meta: Route.MetaFunction = ({ data }) => [{ title: data?.title ?? "商品" }];

export default function CommoditiesPage({ loaderData }: Route.ComponentProps) {
  return <ModuleListPage page={page} data={loaderData} formWidth={800} form={{ defaults: { status: "1", stock: "0" } }} />;
}

export const ErrorBoundary = RouteErrorBoundary;
