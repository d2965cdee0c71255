// 学生 (/school/student): students with their parents, saved together in one backend transaction;
// the student number comes from the fill rule when the student is added.
import { useCallback } from "react";
import { z } from "zod";
import { studentModule } from "#contract/modules/people";
import type { Route } from "./+types/students";
import { ModuleListPage } from "~/components/widgets/list/module-list-page";
import { modulePage, type ModulePage } from "~/components/widgets/list/module-page";
import type { FormField } from "~/components/widgets/list/types";
import { StudentParentsField } from "~/components/people/student-parents-field";
import { parentRowsProblem, parseParentRows } from "~/components/people/student-parents";
import { RouteErrorBoundary } from "~/components/shell/route-error-boundary";
import { listAction } from "~/services/list.server";
import { studentParents } from "~/services/form-details.server";
import { loadModulePage } from "~/services/module-page.server";

const derived = modulePage(studentModule, { columns: { studentNo: { width: 140 }, nameCn: { width: 120 } } });
const formSchema = derived.formSchema.extend({
  parents: z
    .string()
    .optional()
    .superRefine((text, context) => {
      const problem = parentRowsProblem(parseParentRows(text));
      if (problem) context.addIssue({ code: "custom", message: problem });
    }),
});
const page: ModulePage<typeof formSchema> = {
  ...derived,
  formSchema,
  list: {
    ...derived.list,
    form: formSchema,
    toBody: ({ parents, ...values }, id) => ({ ...derived.list.toBody!(values, id), parents: parseParentRows(parents) }),
  },
};

export const loader = (route: Route.LoaderArgs) => loadModulePage(route, page, "学生", [], studentParents);

export const action = (route: Route.ActionArgs) => listAction(route, page.list);

export const meta: Route.MetaFunction = ({ data }) => [{ title: data?.title ?? "学生" }];

export default function StudentsPage({ loaderData }: Route.ComponentProps) {
  const { options } = loaderData;
  const withParents = useCallback(
    (fields: FormField[]): FormField[] => [
      { name: "studentNo", label: "学号", kind: "custom", render: ({ record }) => <span>{String(record?.studentNo ?? "保存后自动生成")}</span> },
      ...fields,
      {
        name: "parents",
        label: "家长",
        kind: "custom",
        render: ({ mode }) => <StudentParentsField disabled={mode === "detail"} />,
      },
    ],
    [options],
  );
  return (
    <ModuleListPage
      page={page}
      data={loaderData}
      formWidth={900}
      formFields={withParents}
      form={{ detailUrl: "/api/people/student-parents", defaults: { status: "1", parents: "[]" } }}
    />
  );
}

export const ErrorBoundary = RouteErrorBoundary;
