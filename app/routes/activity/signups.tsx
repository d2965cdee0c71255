// 报名 (/activity/signup): sign-ups of students for activities. The backend holds capacity and
// deadline (名额已满 / 报名已截止); 确认 bills an activity's fee on its own activity bill (its number
// links to it), 取消 frees the place and voids an unpaid bill or refunds (退费) a paid one.
import { useCallback, useMemo } from "react";
import { Link, useFetcher } from "react-router";
import type { Route } from "./+types/signups";
import { SignupStatus, signupModule } from "#contract/modules/activity";
import { billModule } from "#contract/modules/billing";
import { formatMoney } from "#contract/money";
import { ModuleListPage } from "~/components/widgets/list/module-list-page";
import { modulePage } from "~/components/widgets/list/module-page";
import type { FormField, RowAction } from "~/components/widgets/list/types";
import { searchableFields } from "~/components/widgets/list/searchable-fields";
import { RouteErrorBoundary } from "~/components/shell/route-error-boundary";
import { listAction, postRowId, type ListRecord } from "~/services/list.server";
import { loadModulePage } from "~/services/module-page.server";

const derived = modulePage(signupModule, { columns: { activityId: { width: 180 }, signupTime: { width: 170 }, status: { width: 80 }, paid: { width: 80 } } });
const page = {
  ...derived,
  columns: [
    ...derived.columns,
    // The sign-up's activity bill, opened in 账单's 详情 (docs/decisions/138).
    {
      title: "账单",
      dataIndex: "billNo",
      width: 170,
      render: (value: unknown, row: ListRecord) =>
        value && row.billId ? <Link to={`${billModule.page}?form=detail&id=${encodeURIComponent(String(row.billId))}`}>{String(value)}</Link> : null,
    },
    // 退费: what the cancellation of a paid sign-up paid back, and the refund's number; or 待退费 and
    // what awaits 财务's refund (docs/decisions/148).
    {
      title: "退费",
      dataIndex: "refundNo",
      width: 220,
      render: (value: unknown, row: ListRecord) =>
        value ? `${formatMoney(row.refundAmount, { currency: true })}（${String(value)}）` : row.refundDue ? `待退费 ${formatMoney(row.refundDue, { currency: true })}` : null,
    },
  ],
};
const FETCHER = "signup-list";

export const loader = (route: Route.LoaderArgs) => loadModulePage(route, page, "报名");

export const action = (route: Route.ActionArgs) =>
  listAction(route, page.list, {
    confirm: postRowId("/activity/signup/confirm", "确认成功"),
    cancel: postRowId("/activity/signup/cancel", "取消成功"),
  });

export const meta: Route.MetaFunction = ({ data }) => [{ title: data?.title ?? "报名" }];

export default function SignupsPage({ loaderData }: Route.ComponentProps) {
  const fetcher = useFetcher({ key: FETCHER });
  const rowActions = useMemo<RowAction<ListRecord>[]>(
    () => [
      {
        key: "confirm",
        label: "确认",
        permission: "signup:confirm",
        visible: (row) => String(row.status) === SignupStatus.pending,
        confirm: "确定确认该报名吗? 收费活动将生成账单",
        run: (row) => void fetcher.submit({ intent: "confirm", id: row.id }, { method: "post" }),
      },
      {
        key: "cancel",
        label: "取消报名",
        permission: "signup:cancel",
        visible: (row) => String(row.status) !== SignupStatus.cancelled,
        confirm: "确定取消该报名吗? 已缴费用将退费（无退费权限时转财务待退费）",
        danger: true,
        run: (row) => void fetcher.submit({ intent: "cancel", id: row.id }, { method: "post" }),
      },
    ],
    // The fetcher's submit is stable.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [],
  );
  const formFields = useCallback((fields: FormField[]) => searchableFields(fields, ["activityId", "studentId", "parentId"]), []);
  return (
    <ModuleListPage
      page={page}
      data={loaderData}
      fetcherKey={FETCHER}
      rowActions={rowActions}
      formFields={formFields}
      form={{ canEdit: (row) => String(row.status) !== SignupStatus.cancelled }}
    />
  );
}

export const ErrorBoundary = RouteErrorBoundary;
