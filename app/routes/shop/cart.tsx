// 购物车 (/shop/cart): what parents put in their carts. 下单 places the order of the row's parent's
// whole cart on the parent's behalf (the backend takes the stock and empties the cart in one
// transaction); the order then waits for payment under 订单.
import { useCallback, useMemo } from "react";
import { useFetcher } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/cart";
import { cartModule } from "#contract/modules/shop";
import { ModuleListPage } from "~/components/widgets/list/module-list-page";
import { modulePage } from "~/components/widgets/list/module-page";
import type { FormField, RowAction } from "~/components/widgets/list/types";
import { searchableFields } from "~/components/widgets/list/searchable-fields";
import { RouteErrorBoundary } from "~/components/shell/route-error-boundary";
import { listAction, type ListRecord } from "~/services/list.server";
import { loadModulePage } from "~/services/module-page.server";
import { loadCommodityChoices } from "~/services/shop-choices.server";
import { VariantSelect } from "~/components/shop/variant-select";

const page = modulePage(cartModule, { columns: { parentId: { width: 140 }, commodityId: { width: 200 }, variantId: { width: 100 }, quantity: { width: 80 } } });
const FETCHER = "cart-list";

export async function loader(route: Route.LoaderArgs) {
  const [loaded, commodities] = await Promise.all([loadModulePage(route, page, "购物车"), loadCommodityChoices(route)]);
  return { ...loaded, commodities };
}

export const action = (route: Route.ActionArgs) =>
  listAction(route, page.list, {
    order: async (api, form) => {
      const answer = await api.post("/shop/cart/placeOrder", z.unknown(), { parentId: String(form.get("parentId") ?? "") });
      return { message: answer.message || "下单成功" };
    },
  });

export const meta: Route.MetaFunction = ({ data }) => [{ title: data?.title ?? "购物车" }];

export default function CartPage({ loaderData }: Route.ComponentProps) {
  const fetcher = useFetcher({ key: FETCHER });
  const rowActions = useMemo<RowAction<ListRecord>[]>(
    () => [
      {
        key: "order",
        label: "下单",
        permission: "cart:order",
        confirm: "确定为该家长下单购物车中的全部商品吗?",
        run: (row) => void fetcher.submit({ intent: "order", parentId: String(row.parentId) }, { method: "post" }),
      },
    ],
    // The fetcher's submit is stable.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [],
  );
  const { commodities } = loaderData;
  // 规格: the variants of the chosen commodity (docs/decisions/161).
  const formFields = useCallback(
    (fields: FormField[]) =>
      searchableFields(fields, ["parentId", "commodityId"]).map(
        (field): FormField =>
          field.name === "variantId" ? { ...field, kind: "custom", render: ({ mode }) => <VariantSelect commodities={commodities} disabled={mode !== "add"} /> } : field,
      ),
    [commodities],
  );
  return <ModuleListPage page={page} data={loaderData} fetcherKey={FETCHER} rowActions={rowActions} formFields={formFields} form={{ defaults: { quantity: "1" } }} />;
}

export const ErrorBoundary = RouteErrorBoundary;
