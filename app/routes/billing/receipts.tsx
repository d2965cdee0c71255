// 收据 (/billing/receipt): receipts issued from payments (付款 → 开收据), with the amount in capital
// numerals. 打印 opens the print view (/billing/receipt/print, plain HTML laid out for A5, printed
// with the browser's print; each opening counts as one print, every one after the first is a 补打).
// Nothing issued is deleted (docs/decisions/106): 作废 asks a reason and keeps the number; 重开
// gives the voided receipt's payment a new receipt, marked 重开 with the number it replaces.
import { useMemo } from "react";
import { useFetcher } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/receipts";
import { ReasonMessages, ReceiptStatus, receiptModule } from "#contract/modules/billing";
import { ModuleListPage } from "~/components/widgets/list/module-list-page";
import { modulePage } from "~/components/widgets/list/module-page";
import type { RowAction } from "~/components/widgets/list/types";
import { RouteErrorBoundary } from "~/components/shell/route-error-boundary";
import { listAction, postRowId, type ListRecord } from "~/services/list.server";
import { loadModulePage } from "~/services/module-page.server";

const page = modulePage(receiptModule, {
  columns: { receiptNo: { width: 170 }, status: { width: 90 }, paymentNo: { width: 170 }, amountInWords: { width: 260 }, issuedAt: { width: 170 }, reissueOfNo: { width: 170 } },
});
const RECEIPT_FETCHER = "receipt-list";

export const loader = (route: Route.LoaderArgs) => loadModulePage(route, page, "收据");

export const action = (route: Route.ActionArgs) =>
  listAction(route, page.list, {
    void: postRowId("/billing/receipt/void", "作废成功"),
    reissue: async (api, form) => {
      const answer = await api.post("/billing/receipt/issue", z.unknown(), { receiptId: String(form.get("id") ?? "") });
      return { message: answer.message || "收据已开具" };
    },
  });

export const meta: Route.MetaFunction = ({ data }) => [{ title: data?.title ?? "收据" }];

const live = (row: ListRecord) => String(row.status ?? ReceiptStatus.valid) !== ReceiptStatus.void;

export default function ReceiptsPage({ loaderData }: Route.ComponentProps) {
  const fetcher = useFetcher({ key: RECEIPT_FETCHER });
  const rowActions = useMemo<RowAction<ListRecord>[]>(
    () => [
      {
        key: "print",
        label: "打印",
        permission: "receipt:print",
        visible: live,
        run: (row) => void window.open(`/billing/receipt/print?id=${encodeURIComponent(String(row.id))}`, "_blank", "noopener"),
      },
      {
        key: "void",
        label: "作废",
        permission: "receipt:void",
        visible: live,
        reason: { title: "作废收据（编号保留，可重开）", required: ReasonMessages.void },
        danger: true,
        run: (row, reason) => void fetcher.submit({ intent: "void", id: String(row.id), reason: reason ?? "" }, { method: "post" }),
      },
      {
        key: "reissue",
        label: "重开",
        permission: "receipt:add",
        visible: (row) => !live(row),
        confirm: "确定为该收据的付款重开一张收据吗?",
        run: (row) => void fetcher.submit({ intent: "reissue", id: String(row.id) }, { method: "post" }),
      },
    ],
    // The fetcher's submit is stable.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [],
  );
  return <ModuleListPage page={page} data={loaderData} fetcherKey={RECEIPT_FETCHER} rowActions={rowActions} />;
}

export const ErrorBoundary = RouteErrorBoundary;
