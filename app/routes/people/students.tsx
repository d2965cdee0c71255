// 学生 (/school/student): students with their parents (chosen, or new ones added in the same form),
// saved together in one backend transaction; the student number comes from the fill rule when the
// student is added. 批量操作: 删除, 批量分班, 批量修改状态 (docs/decisions/163) and 批量设置付款方
// (docs/decisions/170).
import { useCallback, useState } from "react";
import { z } from "zod";
import { CLASS_DICT, StudentBulkButtons, studentModule } from "#contract/modules/people";
import type { Route } from "./+types/students";
import { ModuleListPage } from "~/components/widgets/list/module-list-page";
import { checkedRows, modulePage } from "~/components/widgets/list/module-page";
import type { FormField } from "~/components/widgets/list/types";
import { StudentParentsField } from "~/components/people/student-parents-field";
import { UploadDetail, UploadField } from "~/components/widgets/upload";
import { StudentBulkDialog, type StudentBulkKind } from "~/components/people/student-bulk-dialog";
import { parentRowsOf, parentRowsProblem } from "~/components/people/student-parents";
import { RouteErrorBoundary } from "~/components/shell/route-error-boundary";
import { listAction, type CustomAction } from "~/services/list.server";
import { studentParents } from "~/services/form-details.server";
import { loadModulePage } from "~/services/module-page.server";

const derived = modulePage(studentModule, {
  columns: { studentNo: { width: 140 }, nameCn: { width: 120 } },
  form: {
    // 照片: an image uploaded with the form, shown on the detail and the class roster (issue #29 item 3).
    photo: {
      kind: "custom",
      render: ({ mode }) => <UploadField mode="image" number={1} biz="student" disabled={mode === "detail"} aria-label="照片" />,
      detail: (record) => <UploadDetail value={record.photo} mode="image" />,
    },
  },
});
const page = derived.extendForm(
  {
    parents: checkedRows((rows) => parentRowsProblem(parentRowsOf(rows))),
  },
  ({ parents, ...values }, id, base) => ({ ...base(values, id), parents: parentRowsOf(parents) }),
);

export const loader = (route: Route.LoaderArgs) => loadModulePage(route, page, "学生", [], studentParents);

/** 批量分班 / 批量修改状态 / 批量设置付款方: the selection and the chosen values, posted once. */
const bulk =
  (path: string, fields: ReadonlyArray<"classId" | "status" | "payerType" | "payerId">): CustomAction =>
  async (api, form) => {
    const answer = await api.post(path, z.unknown(), { ids: String(form.get("ids") ?? ""), ...Object.fromEntries(fields.map((field) => [field, String(form.get(field) ?? "")])) });
    return { message: answer.message };
  };

export const action = (route: Route.ActionArgs) =>
  listAction(route, page.list, {
    batchClass: bulk("/school/student/batchClass", ["classId"]),
    batchStatus: bulk("/school/student/batchStatus", ["status"]),
    batchPayer: bulk("/school/student/batchPayer", ["payerType", "payerId"]),
  });

const STUDENTS_FETCHER = "students-list";

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
        rows: true,
        wide: true,
        render: ({ mode }) => <StudentParentsField disabled={mode === "detail"} />,
      },
    ],
    [options],
  );
  const [bulkOpen, setBulkOpen] = useState<{ kind: StudentBulkKind; ids: string[] } | null>(null);
  return (
    <>
      <ModuleListPage
        page={page}
        data={loaderData}
        formFields={withParents}
        form={{ detailUrl: "/api/people/student-parents", defaults: { status: "1", parents: "[]" } }}
        fetcherKey={STUDENTS_FETCHER}
        batchActions={[
          { key: "batchClass", label: "批量分班", permission: StudentBulkButtons.assignClass, run: (ids) => setBulkOpen({ kind: "batchClass", ids }) },
          { key: "batchStatus", label: "批量修改状态", permission: StudentBulkButtons.changeStatus, run: (ids) => setBulkOpen({ kind: "batchStatus", ids }) },
          { key: "batchPayer", label: "批量设置付款方", permission: StudentBulkButtons.setPayer, run: (ids) => setBulkOpen({ kind: "batchPayer", ids }) },
        ]}
      />
      {bulkOpen ? (
        <StudentBulkDialog
          kind={bulkOpen.kind}
          ids={bulkOpen.ids}
          options={(bulkOpen.kind === "batchClass" ? options[CLASS_DICT] : bulkOpen.kind === "batchStatus" ? options[studentModule.fields.status.dict] : []) ?? []}
          fetcherKey={STUDENTS_FETCHER}
          onClose={() => setBulkOpen(null)}
        />
      ) : null}
    </>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
