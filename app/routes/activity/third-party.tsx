// 第三方活动 (/activity/thirdParty): camps and courses run by partners, with their students on the
// editable grid, saved together in one backend transaction.
import { useCallback } from "react";
import type { Route } from "./+types/third-party";
import { thirdPartyModule } from "#contract/modules/activity";
import { ThirdPartyStudentsField } from "~/components/activity/third-party-students-field";
import { DateTimeInput } from "~/components/system/announcement/datetime-input";
import { ModuleListPage } from "~/components/widgets/list/module-list-page";
import { modulePage, postedRows } from "~/components/widgets/list/module-page";
import type { FormField } from "~/components/widgets/list/types";
import { RouteErrorBoundary } from "~/components/shell/route-error-boundary";
import { listAction } from "~/services/list.server";
import { thirdPartyStudents } from "~/services/form-details.server";
import { loadModulePage } from "~/services/module-page.server";

const dateTime = { kind: "custom", render: () => <DateTimeInput /> } as const;
const derived = modulePage(thirdPartyModule, { columns: { provider: { width: 140 }, title: { width: 180 } }, form: { startTime: dateTime, endTime: dateTime } });
const extended = derived.extendForm({ students: postedRows() }, ({ students, ...values }, id, base) => ({
  ...base(values, id),
  students: students.map((row) => ({ studentId: String(row.studentId ?? ""), remark: String(row.remark ?? "") })).filter((row) => row.studentId),
}));
const page = { ...extended, columns: [...derived.columns, { title: "学生人数", dataIndex: "studentCount", width: 90 }] };

export const loader = (route: Route.LoaderArgs) => loadModulePage(route, page, "第三方活动", [], thirdPartyStudents);
export const action = (route: Route.ActionArgs) => listAction(route, page.list);
export const meta: Route.MetaFunction = ({ data }) => [{ title: data?.title ?? "第三方活动" }];

export default function ThirdPartyPage({ loaderData }: Route.ComponentProps) {
  const withStudents = useCallback(
    (fields: FormField[]): FormField[] => [...fields, { name: "students", label: "学生", kind: "custom", rows: true, wide: true, render: ({ mode }) => <ThirdPartyStudentsField disabled={mode === "detail"} /> }],
    [],
  );
  return <ModuleListPage page={page} data={loaderData} formFields={withStudents} form={{ detailUrl: "/api/activity/third-party-students", defaults: { students: "[]" } }} />;
}

export const ErrorBoundary = RouteErrorBoundary;
