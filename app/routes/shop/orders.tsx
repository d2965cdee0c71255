// 订单 (/shop/order): a parent's orders with their lines on the editable grid. The backend takes
// the stock and computes the total; lines change only while 待付款. 付款 (its dialog: channel and
// time) records a payment of 付款 → 发货 → 完成 move the status; 取消 (unpaid) and 退款 (paid) ask a
// reason and give the stock back, 退款 records a negative payment. No 删除 (docs/decisions/161).
import { useCallback, useMemo, useState } from "react";
import { useFetcher } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/orders";
import { ORDER_TRANSITIONS, OrderStatus, orderModule, type OrderTransition } from "#contract/modules/shop";
import { OrderLinesField } from "~/components/shop/order-lines-field";
import { OrderPayDialog } from "~/components/shop/order-pay-dialog";
import { linesOf } from "~/components/shop/order-lines";
import { loadCommodityChoices } from "~/services/shop-choices.server";
import { ModuleListPage } from "~/components/widgets/list/module-list-page";
import { modulePage, postedRows, withRowsField } from "~/components/widgets/list/module-page";
import type { FormField, RowAction } from "~/components/widgets/list/types";
import { searchableFields } from "~/components/widgets/list/searchable-fields";
import { RouteErrorBoundary } from "~/components/shell/route-error-boundary";
import { listAction, postRowId, type CustomAction, type ListRecord } from "~/services/list.server";
import { orderLines } from "~/services/form-details.server";
import { loadModulePage } from "~/services/module-page.server";

const page = withRowsField(
  modulePage(orderModule, { columns: { orderNo: { width: 170 }, total: { width: 100 }, status: { width: 80 }, paidAt: { width: 170 } } }),
  "lines",
  { schema: postedRows("请至少添加一条订单明细"), parse: linesOf },
);
const FETCHER = "order-list";

export async function loader(route: Route.LoaderArgs) {
  const [loaded, commodities] = await Promise.all([
    // 付款's 支付方式 (the dictionary of 付款; the order's own field is read-only, not in its form).
    loadModulePage(route, page, "订单", ["payment_channel"], orderLines),
    loadCommodityChoices(route),
  ]);
  return { ...loaded, commodities };
}

const transitions: Record<string, CustomAction> = {
  ...Object.fromEntries(
    (Object.keys(ORDER_TRANSITIONS) as OrderTransition[]).map((action) => [action, postRowId(`${orderModule.api}/${action}`, `${ORDER_TRANSITIONS[action].label}成功`)]),
  ),
  // 付款: the channel and the time go with the row's id.
  pay: async (api, form) => {
    const answer = await api.post(`${orderModule.api}/pay`, z.unknown(), { id: String(form.get("id") ?? ""), payChannel: String(form.get("payChannel") ?? ""), paidAt: String(form.get("paidAt") ?? "") });
    return { message: answer.message || "付款成功" };
  },
};

export const action = (route: Route.ActionArgs) => listAction(route, page.list, transitions);
export const meta: Route.MetaFunction = ({ data }) => [{ title: data?.title ?? "订单" }];

export default function OrdersPage({ loaderData }: Route.ComponentProps) {
  const { commodities } = loaderData;
  const fetcher = useFetcher({ key: FETCHER });
  const [paying, setPaying] = useState<ListRecord | null>(null);
  const rowActions = useMemo<RowAction<ListRecord>[]>(
    () =>
      (Object.keys(ORDER_TRANSITIONS) as OrderTransition[]).map((action) => {
        const transition = ORDER_TRANSITIONS[action];
        return {
          key: action,
          label: transition.label,
          permission: `order:${action}`,
          visible: (row: ListRecord) => (transition.from as readonly string[]).includes(String(row.status)),
          ...(action === "pay"
            ? { run: (row: ListRecord) => setPaying(row) }
            : {
                ...(transition.reason ? { reason: { title: `${transition.label}订单`, required: `请输入${transition.label}原因` } } : { confirm: `确定${transition.label}吗?` }),
                run: (row: ListRecord, reason?: string) => void fetcher.submit({ intent: action, id: row.id, ...(reason ? { reason } : {}) }, { method: "post" }),
              }),
          danger: action === "refund" || action === "cancel",
        };
      }),
    // The fetcher's submit is stable.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [],
  );
  const formFields = useCallback(
    (fields: FormField[]): FormField[] => [
      ...searchableFields(fields, ["parentId", "studentId"]),
      { name: "lines", label: "订单明细", kind: "custom", rows: true, required: true, wide: true, render: ({ mode }) => <OrderLinesField commodities={commodities} disabled={mode === "detail"} /> },
    ],
    [commodities],
  );
  return (
    <>
      <ModuleListPage
        page={page}
        data={loaderData}
        formFields={formFields}
        fetcherKey={FETCHER}
        rowActions={rowActions}
        form={{ detailUrl: "/api/shop/order-lines", canEdit: (row) => String(row.status) === OrderStatus.unpaid, defaults: { lines: "[]" } }}
      />
      <OrderPayDialog order={paying} channels={loaderData.options.payment_channel ?? []} onClose={() => setPaying(null)} fetcherKey={FETCHER} />
    </>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
