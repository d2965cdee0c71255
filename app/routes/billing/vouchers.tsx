// 凭证 (/billing/voucher): accounting vouchers with their entries on the editable grid (contract
// voucherModule). Debits must equal credits to the fen — the form and the backend refuse otherwise,
// naming both sums; 附件 with the upload widget; 过账 locks a voucher (the backend refuses edits of a
// posted one). Nothing is deleted (docs/decisions/156): a draft is voided (作废) with a reason, a posted
// one reversed (冲销) with a reason by a red voucher, its amounts negative and shown in red (docs/decisions/165).
import { useCallback, useMemo } from "react";
import { useFetcher } from "react-router";
import type { Route } from "./+types/vouchers";
import { ReasonMessages, voucherModule, voucherProblem, VoucherStatus, type VoucherEntryInput } from "#contract/modules/billing";
import { VoucherEntriesField } from "~/components/billing/voucher-entries-field";
import { UploadDetail, UploadField } from "~/components/widgets/upload";
import { ModuleListPage } from "~/components/widgets/list/module-list-page";
import { checkedRows, modulePage, withRowsField } from "~/components/widgets/list/module-page";
import type { FormField, RowAction } from "~/components/widgets/list/types";
import { RouteErrorBoundary } from "~/components/shell/route-error-boundary";
import { listAction, postRowId, type ListRecord } from "~/services/list.server";
import { voucherEntries } from "~/services/form-details.server";
import { loadModulePage } from "~/services/module-page.server";

const page = withRowsField(
  modulePage(voucherModule, { columns: { voucherNo: { width: 150 }, voucherDate: { width: 120 }, summary: { width: 240 }, status: { width: 90 } } }),
  "entries",
  {
    schema: checkedRows<VoucherEntryInput>(voucherProblem),
  },
);
const VOUCHER_FETCHER = "voucher-list";

export const loader = (route: Route.LoaderArgs) => loadModulePage(route, page, "凭证", [], voucherEntries);

export const action = (route: Route.ActionArgs) =>
  listAction(route, page.list, {
    post: postRowId("/billing/voucher/post", "过账成功"),
    void: postRowId("/billing/voucher/void", "作废成功"),
    reverse: postRowId("/billing/voucher/reverse", "冲销成功"),
  });

export const meta: Route.MetaFunction = ({ data }) => [{ title: data?.title ?? "凭证" }];

export default function VouchersPage({ loaderData }: Route.ComponentProps) {
  const fetcher = useFetcher({ key: VOUCHER_FETCHER });
  const rowActions = useMemo<RowAction<ListRecord>[]>(
    () => [
      {
        key: "post",
        label: "过账",
        permission: "voucher:post",
        visible: (row) => String(row.status) === VoucherStatus.draft,
        confirm: "过账后凭证不能再修改或作废，确定过账吗?",
        run: (row) => void fetcher.submit({ intent: "post", id: row.id }, { method: "post" }),
      },
      {
        key: "void",
        label: "作废",
        permission: "voucher:void",
        visible: (row) => String(row.status) === VoucherStatus.draft,
        reason: { title: "作废凭证（凭证号保留）", required: ReasonMessages.void },
        danger: true,
        run: (row, reason) => void fetcher.submit({ intent: "void", id: String(row.id), reason: reason ?? "" }, { method: "post" }),
      },
      {
        key: "reverse",
        label: "冲销",
        permission: "voucher:reverse",
        // A red voucher is not reversed again.
        visible: (row) => String(row.status) === VoucherStatus.posted && !row.reversalOfNo,
        reason: { title: "红字冲销（生成金额为负的冲销凭证，原凭证标为已冲销）", required: ReasonMessages.reverse },
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
      detailUrl: "/api/billing/voucher-entries",
      canEdit: (row: ListRecord) => String(row.status) === VoucherStatus.draft,
      defaults: { entries: "[]" },
    }),
    [],
  );
  const formFields = useCallback(
    (fields: FormField[]): FormField[] => [
      ...fields.map((field): FormField =>
        field.name === "attachments"
          ? {
              ...field,
              kind: "custom",
              render: ({ mode }) => <UploadField biz="voucher" multiple number={10} disabled={mode === "detail"} />,
              detail: (record) => <UploadDetail value={record.attachments} />,
            }
          : field,
      ),
      { name: "entries", label: "分录", kind: "custom", rows: true, required: true, wide: true, render: ({ mode }) => <VoucherEntriesField disabled={mode === "detail"} /> },
    ],
    [],
  );
  return <ModuleListPage page={page} data={loaderData} formFields={formFields} fetcherKey={VOUCHER_FETCHER} rowActions={rowActions} form={form} />;
}

export const ErrorBoundary = RouteErrorBoundary;
