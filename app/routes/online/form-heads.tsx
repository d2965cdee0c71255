// 表单开发 (/online/cgform, issue #18 part 1): online form definitions on the list engine from their
// module definition (contract/modules/online-form.ts). The fields are edited on the editable grid;
// 同步数据库 creates or alters the table (强制同步 accepts the changes that lose data the plain one
// listed), 加入菜单 gives the form's page a menu entry (granted in 角色管理 afterwards).
import { useCallback } from "react";
import { z } from "zod";
import type { Route } from "./+types/form-heads";
import { onlineFormHeadModule, TableType } from "#contract/modules/online-form";
import { ModuleListPage } from "~/components/widgets/list/module-list-page";
import { modulePage } from "~/components/widgets/list/module-page";
import type { FormField } from "~/components/widgets/list/types";
import { useRowIntents } from "~/components/widgets/list/use-row-intents";
import { OnlineFieldGrid, onlineFieldsProblem } from "~/components/online/form/field-grid";
import { RouteErrorBoundary } from "~/components/shell/route-error-boundary";
import { listAction, type CustomAction, type ListRecord } from "~/services/list.server";
import { loadModulePage } from "~/services/module-page.server";

const derived = modulePage(onlineFormHeadModule, {
  columns: { tableName: { width: 180 }, tableTxt: { width: 200 }, tableType: { width: 100 }, isDbSynch: { width: 110 }, createTime: { width: 170 } },
});
const page = derived.extendForm({
  fieldJson: z
    .string()
    .optional()
    .superRefine((text, context) => {
      const problem = onlineFieldsProblem(text);
      if (problem) context.addIssue({ code: "custom", message: problem });
    }),
});
const HEADS_FETCHER = "online-form-heads";

const syncAction =
  (confirm: boolean): CustomAction =>
  async (api, form) => {
    const answer = await api.post("/online/cgform/head/doDbSynch", z.unknown(), { id: String(form.get("id") ?? ""), ...(confirm ? { confirm: "1" } : {}) });
    return { message: answer.message };
  };

export const loader = (route: Route.LoaderArgs) => loadModulePage(route, page, "表单开发");

export const action = (route: Route.ActionArgs) =>
  listAction(route, page.list, {
    sync: syncAction(false),
    forceSync: syncAction(true),
    addMenu: async (api, form) => ({ message: (await api.post("/online/cgform/head/addMenu", z.unknown(), { id: String(form.get("id") ?? "") })).message }),
  });

export const meta: Route.MetaFunction = ({ data }) => [{ title: data?.title ?? "表单开发" }];

const isSub = (values: Record<string, unknown>) => String(values.tableType ?? "") === TableType.sub;

export default function OnlineFormHeadsPage({ loaderData }: Route.ComponentProps) {
  const rowActions = useRowIntents(HEADS_FETCHER, [
    { key: "sync", label: "同步数据库", permission: "online:cgform:db_sync" },
    { key: "forceSync", label: "强制同步", permission: "online:cgform:db_sync", confirm: "强制同步将删除或截断已有数据，确定继续吗?", danger: true },
    { key: "addMenu", label: "加入菜单", permission: "online:cgform:add_menu", visible: (row: ListRecord) => String(row.tableType) !== TableType.sub },
  ]);
  const formFields = useCallback(
    (fields: FormField[]): FormField[] =>
      fields.map((field) => {
        switch (field.name) {
          case "fieldJson":
            return { name: "fieldJson", label: "字段", kind: "custom", required: true, wide: true, render: ({ mode }) => <OnlineFieldGrid disabled={mode === "detail"} /> };
          case "mainTable":
          case "relationType":
            return { ...field, visibleWhen: isSub };
          case "themeTemplate":
            return { ...field, visibleWhen: (values) => String(values.tableType ?? "") === TableType.main };
          case "isTree":
            return { ...field, visibleWhen: (values) => String(values.tableType ?? TableType.single) === TableType.single };
          default:
            return field;
        }
      }),
    [],
  );
  return (
    <ModuleListPage
      page={page}
      data={loaderData}
      fetcherKey={HEADS_FETCHER}
      formFields={formFields}
      rowActions={rowActions}
      form={{ defaults: { tableType: TableType.single, themeTemplate: "normal", isTree: "N", relationType: "0", fieldJson: '[{"name":"name","label":"名称","dbType":"string","length":50}]' } }}
    />
  );
}

export const ErrorBoundary = RouteErrorBoundary;
