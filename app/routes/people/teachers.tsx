// 教师 (/school/teacher): teachers, their department chosen with the department picker.
import { teacherModule } from "#contract/modules/people";
import type { Route } from "./+types/teachers";
import { ModuleListPage } from "~/components/widgets/list/module-list-page";
import { modulePage } from "~/components/widgets/list/module-page";
import { DepartPicker } from "~/components/widgets/pickers";
import { RouteErrorBoundary } from "~/components/shell/route-error-boundary";
import { listAction } from "~/services/list.server";
import { loadModulePage } from "~/services/module-page.server";

const page = modulePage(teacherModule, {
  form: { departId: { kind: "custom", render: () => <DepartPicker placeholder="请选择部门" /> } },
});

export const loader = (route: Route.LoaderArgs) => loadModulePage(route, page, "教师");

export const action = (route: Route.ActionArgs) => listAction(route, page.list);

export const meta: Route.MetaFunction = ({ data }) => [{ title: data?.title ?? "教师" }];

export default function TeachersPage({ loaderData }: Route.ComponentProps) {
  return <ModuleListPage page={page} data={loaderData} form={{ defaults: { status: "1" } }} />;
}

export const ErrorBoundary = RouteErrorBoundary;
