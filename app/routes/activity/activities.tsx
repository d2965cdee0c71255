// 活动 (/activity/activity): the school's activities (contract/modules/activity.ts) with a cover,
// rich-text content, capacity, eligible grades, fee and sign-up deadline; the status moves by
// 开放报名 / 结束 / 取消; 出勤 opens the activity's attendance sheet (docs/decisions/162).
import { useMemo } from "react";
import { useNavigate } from "react-router";
import type { Route } from "./+types/activities";
import { ATTENDANCE_BOOKS, activityModule } from "#contract/modules/activity";
import { attendanceHref } from "~/components/activity/attendance-sheet";
import { ACTIVITY_FORM, activityPage, useActivityActions } from "~/components/activity/activity-list";
import { ModuleListPage } from "~/components/widgets/list/module-list-page";
import type { RowAction } from "~/components/widgets/list/types";
import type { ListRecord } from "~/services/list.server";
import { RouteErrorBoundary } from "~/components/shell/route-error-boundary";
import { activityActions, activitySaveList } from "~/services/activity.server";
import { listAction } from "~/services/list.server";
import { loadModulePage } from "~/services/module-page.server";

const page = activityPage(activityModule);
const FETCHER = "activity-list";

export const loader = (route: Route.LoaderArgs) => loadModulePage(route, page, "活动");
export const action = (route: Route.ActionArgs) => listAction(route, activitySaveList(page.list), activityActions(activityModule.api));
export const meta: Route.MetaFunction = ({ data }) => [{ title: data?.title ?? "活动" }];

export default function ActivitiesPage({ loaderData }: Route.ComponentProps) {
  const navigate = useNavigate();
  const attendance = useMemo<RowAction<ListRecord>[]>(
    () => [{ key: "attendance", label: "出勤", run: (row) => void navigate(attendanceHref(ATTENDANCE_BOOKS.school.page, row.id)) }],
    [navigate],
  );
  const rowActions = useActivityActions(activityModule.permissionPrefix, FETCHER, attendance);
  return <ModuleListPage page={page} data={loaderData} formWidth={900} fetcherKey={FETCHER} rowActions={rowActions} form={ACTIVITY_FORM} />;
}

export const ErrorBoundary = RouteErrorBoundary;
