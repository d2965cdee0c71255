// 商品 (/shop/commodity): commodities with a category of the category tree (商品类别), several
// images, a price, a stock (taken by orders), 上架 / 下架, and 规格 on a grid (a uniform's sizes,
// each with its own stock and optional price: docs/decisions/161).
import { useCallback, useMemo } from "react";
import type { Route } from "./+types/commodities";
import { commodityModule, commodityVariantsProblem, type CommodityVariantInput } from "#contract/modules/shop";
import { CategorySelect } from "~/components/widgets/tree-select";
import { UploadDetail, UploadField } from "~/components/widgets/upload";
import { ModuleListPage } from "~/components/widgets/list/module-list-page";
import { checkedRows, modulePage, withRowsField } from "~/components/widgets/list/module-page";
import type { FormField } from "~/components/widgets/list/types";
import { RouteErrorBoundary } from "~/components/shell/route-error-boundary";
import { CommodityVariantsField } from "~/components/shop/commodity-variants-field";
import { listAction } from "~/services/list.server";
import { commodityVariants } from "~/services/form-details.server";
import { loadModulePage } from "~/services/module-page.server";

/** The commodity categories: children of 商品类别 (seeded code A03). */
const COMMODITY_CATEGORY_ROOT = "A03";

const page = withRowsField(
  modulePage(commodityModule, {
    columns: { name: { width: 200 }, price: { width: 100 }, stock: { width: 80 }, status: { width: 80 } },
    form: {
      categoryId: { kind: "custom", render: ({ mode }) => <CategorySelect pcode={COMMODITY_CATEGORY_ROOT} disabled={mode === "detail"} placeholder="请选择商品分类" /> },
      images: {
        kind: "custom",
        render: ({ mode }) => <UploadField mode="image" number={6} biz="commodity" disabled={mode === "detail"} aria-label="图片" />,
        detail: (record) => <UploadDetail value={record.images} mode="image" />,
      },
    },
  }),
  "variants",
  {
    schema: checkedRows<Partial<CommodityVariantInput>>(commodityVariantsProblem),
  },
);

export const loader = (route: Route.LoaderArgs) => loadModulePage(route, page, "商品", [], commodityVariants);
export const action = (route: Route.ActionArgs) => listAction(route, page.list);
export const meta: Route.MetaFunction = ({ data }) => [{ title: data?.title ?? "商品" }];

export default function CommoditiesPage({ loaderData }: Route.ComponentProps) {
  const form = useMemo(() => ({ detailUrl: "/api/shop/commodity-variants", defaults: { status: "1", stock: "0", variants: "[]" } }), []);
  const formFields = useCallback(
    (fields: FormField[]): FormField[] => [...fields, { name: "variants", label: "规格", kind: "custom", rows: true, render: ({ mode }) => <CommodityVariantsField disabled={mode === "detail"} /> }],
    [],
  );
  return <ModuleListPage page={page} data={loaderData} formWidth={800} formFields={formFields} form={form} />;
}

export const ErrorBoundary = RouteErrorBoundary;
