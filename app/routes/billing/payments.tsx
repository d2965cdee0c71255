// 付款 (/billing/payment): payments with their allocation over the payer's bills (contract
// paymentModule). Saving a payment and its allocation grid is one backend transaction that moves
// the bills' statuses (未付 / 部分 / 已付) and receivables; 冲销 takes a payment back; 开收据 issues
// its receipt (收据 page: print view). Nothing is deleted (docs/decisions/156): a payment recorded by
// mistake, never allocated nor receipted, is voided (作废) with a reason and keeps its number.
import { useCallback, useMemo } from "react";
import { useFetcher } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/payments";
import { PaymentKind, paymentModule, PaymentStatus, ReasonMessages } from "#contract/modules/billing";
import { DateTimeField, PayerField, PaymentAllocationsField } from "~/components/billing/payment-fields";
import { ModuleListPage } from "~/components/widgets/list/module-list-page";
import { modulePage, withRowsField } from "~/components/widgets/list/module-page";
import type { FormField, RowAction } from "~/components/widgets/list/types";
import { RouteErrorBoundary } from "~/components/shell/route-error-boundary";
import { listAction, postRowId, type ListRecord } from "~/services/list.server";
import { paymentAllocations } from "~/services/form-details.server";
import { loadModulePage } from "~/services/module-page.server";

const page = withRowsField(
  modulePage(paymentModule, {
    columns: { paymentNo: { width: 170 }, payerName: { width: 140 }, paidAt: { width: 170 }, tradeNo: { width: 160 }, status: { width: 90 } },
  }),
  "allocations",
);
const PAYMENT_FETCHER = "payment-list";

export const loader = (route: Route.LoaderArgs) => loadModulePage(route, page, "付款", [], paymentAllocations);

export const action = (route: Route.ActionArgs) =>
  listAction(route, page.list, {
    reverse: postRowId("/billing/payment/reverse", "冲销成功"),
    void: postRowId("/billing/payment/void", "作废成功"),
    receipt: async (api, form) => {
      const answer = await api.post("/billing/receipt/issue", z.unknown(), { paymentId: String(form.get("id") ?? "") });
      return { message: answer.message || "收据已开具" };
    },
  });

export const meta: Route.MetaFunction = ({ data }) => [{ title: data?.title ?? "付款" }];

/** A shop order's payment or refund: its order's 退款 is the way back, not 冲销, 作废 or an edit (the backend refuses them). */
const ofOrder = (row: ListRecord) => typeof row.orderId === "string" && row.orderId !== "";

export default function PaymentsPage({ loaderData }: Route.ComponentProps) {
  const fetcher = useFetcher({ key: PAYMENT_FETCHER });
  const rowActions = useMemo<RowAction<ListRecord>[]>(
    () => [
      {
        key: "receipt",
        label: "开收据",
        permission: "receipt:add",
        visible: (row) => String(row.status) !== PaymentStatus.reversed,
        run: (row) => void fetcher.submit({ intent: "receipt", id: row.id }, { method: "post" }),
      },
      {
        key: "reverse",
        label: "冲销",
        permission: "payment:reverse",
        visible: (row) => String(row.status) !== PaymentStatus.reversed && String(row.kind) !== PaymentKind.refund && !ofOrder(row),
        reason: { title: "冲销付款（其分配将从账单中撤回）", required: ReasonMessages.reverse },
        danger: true,
        run: (row, reason) => void fetcher.submit({ intent: "reverse", id: String(row.id), reason: reason ?? "" }, { method: "post" }),
      },
      // 作废: recorded by mistake, nothing allocated (a receipt the backend names); else 冲销.
      {
        key: "void",
        label: "作废",
        permission: "payment:void",
        visible: (row) => String(row.status) === PaymentStatus.unallocated && String(row.kind) !== PaymentKind.refund && !ofOrder(row),
        reason: { title: "作废付款（录入有误，编号保留）", required: ReasonMessages.void },
        danger: true,
        run: (row, reason) => void fetcher.submit({ intent: "void", id: String(row.id), reason: reason ?? "" }, { method: "post" }),
      },
      // A refund's 冲销: its money never went out; its bill awaits the refund again (docs/decisions/147).
      {
        key: "reverseRefund",
        label: "冲销",
        permission: "payment:reverse",
        visible: (row) => String(row.status) !== PaymentStatus.reversed && String(row.kind) === PaymentKind.refund && !ofOrder(row),
        reason: { title: "冲销退费（退费未实际支付，账单恢复为待退费）", required: ReasonMessages.reverse },
        danger: true,
        run: (row, reason) => void fetcher.submit({ intent: "reverse", id: String(row.id), reason: reason ?? "" }, { method: "post" }),
      },
    ],
    // The fetcher's submit is stable.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [],
  );
  const form = useMemo(
    () => ({
      detailUrl: "/api/billing/payment-allocations",
      canEdit: (row: ListRecord) => String(row.status) !== PaymentStatus.reversed && String(row.kind) !== PaymentKind.refund && !ofOrder(row),
      defaults: { payerType: "1", channel: "1", allocations: "[]" },
    }),
    [],
  );
  const formFields = useCallback(
    (fields: FormField[]): FormField[] => [
      ...fields.map((field): FormField => {
        if (field.name === "payerId") return { ...field, kind: "custom", render: ({ mode }) => <PayerField disabled={mode !== "add"} /> };
        if (field.name === "paidAt") return { ...field, kind: "custom", render: ({ mode }) => <DateTimeField disabled={mode === "detail"} /> };
        if (field.name === "payerType") return { ...field, fixedOnEdit: true };
        return field;
      }),
      {
        name: "allocations",
        label: "分配",
        kind: "custom",
        rows: true,
        wide: true,
        render: ({ mode, record }) => <PaymentAllocationsField paymentId={typeof record?.id === "string" ? record.id : undefined} disabled={mode === "detail"} />,
      },
    ],
    [],
  );
  return <ModuleListPage page={page} data={loaderData} formFields={formFields} fetcherKey={PAYMENT_FETCHER} rowActions={rowActions} form={form} />;
}

export const ErrorBoundary = RouteErrorBoundary;
