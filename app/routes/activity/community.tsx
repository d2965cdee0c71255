// 社区活动 (/activity/community): community activities, open to parents and staff, as a
// master-detail page: the list (cover, content, 开放报名 / 结束 / 取消 as for 活动), and below it the
// chosen activity (`?activityId=`, so a reload or a shared link keeps it) with the tabs 活动 / 报名 /
// 缴费. Payments themselves are the billing's: the tab shows the bills the sign-ups created.
import { useMemo } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/community";
import { ATTENDANCE_BOOKS, communityActivityModule } from "#contract/modules/activity";
import { attendanceHref } from "~/components/activity/attendance-sheet";
import { ACTIVITY_FORM, activityPage, useActivityActions } from "~/components/activity/activity-list";
import { CommunityTabs, type CommunityDetail } from "~/components/activity/community-tabs";
import { ModuleListPage } from "~/components/widgets/list/module-list-page";
import type { RowAction } from "~/components/widgets/list/types";
import { RouteErrorBoundary } from "~/components/shell/route-error-boundary";
import { activityActions, activitySaveList } from "~/services/activity.server";
import { listAction, type ListRecord } from "~/services/list.server";
import { requireMenuPage } from "~/services/menu-access.server";
import { loadModulePage } from "~/services/module-page.server";
import { withRouteFailures } from "~/services/route-errors.server";

const page = activityPage(communityActivityModule);
const FETCHER = "community-list";
const rowsSchema = z.array(z.record(z.string(), z.unknown()));

export async function loader(route: Route.LoaderArgs) {
  const activityId = route.url.searchParams.get("activityId");
  const [loaded, detail] = await Promise.all([
    loadModulePage(route, page, "社区活动", ["signup_status", "bill_status"]),
    activityId ? loadDetail(route, activityId) : Promise.resolve(null),
  ]);
  return { ...loaded, detail };
}

async function loadDetail(route: Route.LoaderArgs, activityId: string): Promise<CommunityDetail | null> {
  const access = await requireMenuPage(route);
  const api = access.signedIn.api;
  return withRouteFailures(async () => {
    const [activity, signups, bills] = await Promise.all([
      api.get(`${communityActivityModule.api}/queryById`, z.record(z.string(), z.unknown()), { id: activityId }),
      api.get("/activity/signup/ofActivity", rowsSchema, { activityId }),
      api.get("/activity/signup/bills", rowsSchema, { activityId }),
    ]);
    return { activity: activity.result, signups: signups.result, bills: bills.result };
  });
}

export const action = (route: Route.ActionArgs) => listAction(route, activitySaveList(page.list), activityActions(communityActivityModule.api));
export const meta: Route.MetaFunction = ({ data }) => [{ title: data?.title ?? "社区活动" }];

export default function CommunityPage({ loaderData }: Route.ComponentProps) {
  const [, setSearchParams] = useSearchParams();
  const navigate = useNavigate();
  const open = useMemo<RowAction<ListRecord>[]>(
    () => [
      {
        key: "tabs",
        label: "报名与缴费",
        run: (row) =>
          setSearchParams((params) => {
            params.set("activityId", row.id);
            return params;
          }),
      },
      { key: "attendance", label: "出勤", run: (row) => void navigate(attendanceHref(ATTENDANCE_BOOKS.community.page, row.id)) },
    ],
    [setSearchParams, navigate],
  );
  const rowActions = useActivityActions(communityActivityModule.permissionPrefix, FETCHER, open);
  return (
    <>
      <ModuleListPage page={page} data={loaderData} formWidth={900} fetcherKey={FETCHER} rowActions={rowActions} form={ACTIVITY_FORM} />
      {loaderData.detail ? <CommunityTabs detail={loaderData.detail} signupStatus={loaderData.options.signup_status} billStatus={loaderData.options.bill_status} /> : null}
    </>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
