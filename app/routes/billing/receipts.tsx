// 收据 (/billing/receipt): receipts issued from payments (付款 → 开收据), with the amount in capital
// numerals. 打印 opens the print view (/billing/receipt/print, plain HTML laid out for A5, printed
// with the browser's print; each opening counts as one print).
import { useMemo } from "react";
import type { Route } from "./+types/receipts";
import { receiptModule } from "#contract/modules/billing";
import { ModuleListPage } from "~/components/widgets/list/module-list-page";
import { modulePage } from "~/components/widgets/list/module-page";
import type { RowAction } from "~/components/widgets/list/types";
import { RouteErrorBoundary } from "~/components/shell/route-error-boundary";
import { listAction, type ListRecord } from "~/services/list.server";
import { loadModulePage } from "~/services/module-page.server";

const page = modulePage(receiptModule, {
  columns: { receiptNo: { width: 170 }, paymentNo: { width: 170 }, amountInWords: { width: 260 }, issuedAt: { width: 170 } },
});

export const loader = (route: Route.LoaderArgs) => loadModulePage(route, page, "收据");

export const action = (route: Route.ActionArgs) => listAction(route, page.list);

export const meta: Route.MetaFunction = ({ data }) => [{ title: data?.title ?? "收据" }];

export default function ReceiptsPage({ loaderData }: Route.ComponentProps) {
  const rowActions = useMemo<RowAction<ListRecord>[]>(
    () => [
      {
        key: "print",
        label: "打印",
        permission: "receipt:print",
        run: (row) => void window.open(`/billing/receipt/print?id=${encodeURIComponent(String(row.id))}`, "_blank", "noopener"),
      },
    ],
    [],
  );
  return <ModuleListPage page={page} data={loaderData} rowActions={rowActions} />;
}

export const ErrorBoundary = RouteErrorBoundary;
