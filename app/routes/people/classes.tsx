// 班级管理 (/school/class): the classes of each school year, grades in the 年级 dictionary's order;
// the homeroom teacher is chosen with the teacher picker; the detail and edit form list the class's
// students with their paying parents (导出名单, 打印名单). Issue #29 item 1.
import { classModule } from "#contract/modules/classes";
import type { Route } from "./+types/classes";
import { ClassRosterField } from "~/components/people/class-roster-field";
import { ModuleListPage } from "~/components/widgets/list/module-list-page";
import { modulePage } from "~/components/widgets/list/module-page";
import type { FormField } from "~/components/widgets/list/types";
import { RecordPicker, type PickerRow, type RecordPickerConfig } from "~/components/widgets/pickers";
import { RouteErrorBoundary } from "~/components/shell/route-error-boundary";
import { listAction } from "~/services/list.server";
import { loadModulePage } from "~/services/module-page.server";

const teacherPicker: RecordPickerConfig<PickerRow> = {
  title: "选择班主任",
  width: 800,
  listUrl: "/api/widgets/teachers",
  columns: [
    { title: "工号", dataIndex: "teacherNo", width: "25%" },
    { title: "姓名", dataIndex: "name", width: "35%" },
    { title: "任教学科", dataIndex: "subject_dictText", width: "40%" },
  ],
  filters: [{ name: "name", label: "姓名", kind: "text" }],
  labelField: "name",
  placeholder: "请选择班主任",
};

const derived = modulePage(classModule, {
  columns: { name: { width: 140 } },
  form: { teacherId: { kind: "custom", render: () => <RecordPicker config={teacherPicker} valueField="id" multiple={false} placeholder="请选择班主任" /> } },
});
/** Grades in school order (the list engine sorts a dictionary column in the dictionary's order). */
const CLASS_SORT = { column: "grade", order: "asc" } as const;
const page: typeof derived = {
  ...derived,
  list: { ...derived.list, defaultSort: CLASS_SORT },
  columns: [...derived.columns.slice(0, 3), { title: "人数", dataIndex: "studentCount", width: 80 }, ...derived.columns.slice(3)],
};

const withRoster = (fields: FormField[]): FormField[] => [
  ...fields,
  { name: "roster", label: "学生名单", kind: "custom", render: ({ record }) => <ClassRosterField classId={record?.id ? String(record.id) : null} /> },
];

export const loader = (route: Route.LoaderArgs) => loadModulePage(route, page, "班级管理");

export const action = (route: Route.ActionArgs) => listAction(route, page.list);

export const meta: Route.MetaFunction = ({ data }) => [{ title: data?.title ?? "班级管理" }];

export default function ClassesPage({ loaderData }: Route.ComponentProps) {
  return <ModuleListPage page={page} data={loaderData} formWidth={1000} formFields={withRoster} defaultSort={CLASS_SORT} />;
}

export const ErrorBoundary = RouteErrorBoundary;
