// 报名 (/activity/signup): sign-ups of students for activities. The backend holds capacity, grades
// and deadline: beyond capacity a sign-up waits (候补, its position shown) and a freed place goes to
// the first in line (docs/decisions/162); 批量报名 signs up a class or a selection; 确认 bills an
// activity's fee on its own activity bill (its number links to it), 取消 frees the place and voids
// an unpaid bill or refunds (退费) a paid one.
import { useCallback, useMemo, useState } from "react";
import { data, Link, useFetcher } from "react-router";
import { z } from "zod";
import UsergroupAddOutlined from "@ant-design/icons/UsergroupAddOutlined";
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
import { requireMenuPage } from "~/services/menu-access.server";
import { failureData } from "~/services/route-errors.server";
import { BulkSignupDialog, type BulkSignupAnswer, type BulkSignupResult } from "~/components/activity/bulk-signup-dialog";

const derived = modulePage(signupModule, { columns: { activityId: { width: 180 }, signupTime: { width: 170 }, status: { width: 80 }, paid: { width: 80 } } });
/** The 班级 choices of 批量报名: the current year's classes (docs/decisions/115). */
const CLASS_DICT = "school_class,name,id";
const page = {
  ...derived,
  columns: [
    ...derived.columns,
    // 候补: the position among those still waiting (docs/decisions/162).
    { title: "候补位次", dataIndex: "waitlistPosition", width: 90, render: (value: unknown) => (value ? `第${String(value)}位` : null) },
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

export const loader = (route: Route.LoaderArgs) => loadModulePage(route, page, "报名", [CLASS_DICT]);

const bulkSchema = z.object({ results: z.array(z.object({ studentId: z.string(), studentName: z.string(), outcome: z.string(), position: z.number().optional() })) });

export async function action(route: Route.ActionArgs) {
  const intent = String((await route.request.clone().formData()).get("intent") ?? "");
  if (intent === "bulk") return bulkSignup(route);
  return listAction(route, page.list, {
    confirm: postRowId("/activity/signup/confirm", "确认成功"),
    cancel: postRowId("/activity/signup/cancel", "取消成功"),
  });
}

/** 批量报名: a class or students by 学号, each student's outcome answered. */
async function bulkSignup(route: Route.ActionArgs) {
  const access = await requireMenuPage(route);
  const form = await route.request.formData();
  const text = (name: string) => String(form.get(name) ?? "");
  try {
    const answer = await access.signedIn.api.post("/activity/signup/bulk", bulkSchema, {
      activityId: text("activityId"),
      ...(text("classId") ? { classId: text("classId") } : {}),
      ...(text("studentNos") ? { studentNos: text("studentNos") } : {}),
    });
    return data<BulkSignupAnswer>({ intent: "bulk", ok: true, message: answer.message, results: answer.result.results as BulkSignupResult[] });
  } catch (error) {
    const failure = failureData(error);
    return data<BulkSignupAnswer>({ intent: "bulk", ok: false, message: failure.failure.message });
  }
}

export const meta: Route.MetaFunction = ({ data }) => [{ title: data?.title ?? "报名" }];

export default function SignupsPage({ loaderData }: Route.ComponentProps) {
  const fetcher = useFetcher({ key: FETCHER });
  const [bulkOpen, setBulkOpen] = useState(false);
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
    <>
      <ModuleListPage
        page={page}
        data={loaderData}
        fetcherKey={FETCHER}
        rowActions={rowActions}
        formFields={formFields}
        toolbarActions={[{ key: "bulk", label: "批量报名", icon: <UsergroupAddOutlined />, permission: "signup:bulk", run: () => setBulkOpen(true) }]}
        form={{ canEdit: (row) => String(row.status) !== SignupStatus.cancelled }}
      />
      <BulkSignupDialog
        open={bulkOpen}
        onClose={() => setBulkOpen(false)}
        activities={loaderData.options[signupModule.fields.activityId.dict] ?? []}
        classes={loaderData.options[CLASS_DICT] ?? []}
      />
    </>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
