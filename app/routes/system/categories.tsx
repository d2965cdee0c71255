// 分类字典 (/isystem/category, JeecgBoot SysCategoryList): a lazy tree table on the list engine.
// The roots are paged (/sys/category/rootList); a row's children are loaded when it is expanded
// (/sys/category/childList). 添加下级 adds a child, whose code is checked against its parent's by
// /sys/category/checkCode before saving; deleting a category takes its subtree with it (backend).
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { data } from "react-router";
import { App, Input } from "antd";
import PlusOutlined from "@ant-design/icons/PlusOutlined";
import { z } from "zod";
import type { Route } from "./+types/categories";
import { ListPage } from "~/components/widgets/list/list-page";
import { FormModal } from "~/components/widgets/list/form-modal";
import type { RowAction } from "~/components/widgets/list/types";
import { treeRows, type CategoryRow } from "~/components/system/category/category-tree";
import { RouteErrorBoundary } from "~/components/shell/route-error-boundary";
import { requestWidget, widgetUrl } from "~/routes/api/widgets/widget-answer";
import { BackendError } from "~/services/api.server";
import { requireMenuPage } from "~/services/menu-access.server";
import { listAction, loadList, type ListActionResult, type ListPageDefinition, type ListRecord } from "~/services/list.server";
import { recordFields } from "~/lib/record-fields";
import { failureData } from "~/services/route-errors.server";
import { CATEGORY_PAGE, ROOT_PID, categoryBody, categoryColumns, categoryFormFields, categoryFormSchema, categorySearchFields } from "./categories.data";

const page: ListPageDefinition<typeof categoryFormSchema> = {
  url: CATEGORY_PAGE.url,
  defaultSort: CATEGORY_PAGE.defaultSort,
  form: categoryFormSchema,
  toBody: (values) => categoryBody(values),
};

const CHILDREN_URL = "/api/system/category-children";

export async function loader(route: Route.LoaderArgs) {
  const access = await requireMenuPage(route);
  const list = await loadList(access, route.url, page);
  return { title: access.node.meta.title ?? "分类字典", list };
}

/** The code of a child must start with its parent's: asked of the backend before saving. */
async function codeProblem(route: Route.ActionArgs): Promise<ReturnType<typeof data<ListActionResult>> | null> {
  const form = await route.request.clone().formData();
  if (form.get("intent") !== "save") return null;
  const values = categoryFormSchema.safeParse(recordFields(form).values);
  if (!values.success || !values.data.code || !values.data.pid || values.data.pid === ROOT_PID) return null;
  const access = await requireMenuPage(route);
  try {
    await access.signedIn.api.get(CATEGORY_PAGE.url.checkCode, z.unknown(), { pid: values.data.pid, code: values.data.code });
    return null;
  } catch (error) {
    if (error instanceof BackendError && error.failure.kind === "business")
      return data<ListActionResult>({ ok: false, intent: "save", fieldErrors: { code: error.failure.message } }, { status: 400 });
    return data<ListActionResult>({ intent: "save", ...failureData(error) }, { status: 200 });
  }
}

export async function action(route: Route.ActionArgs) {
  return (await codeProblem(route)) ?? listAction(route, page);
}

export const meta: Route.MetaFunction = ({ data: loaded }) => [{ title: loaded?.title ?? "分类字典" }];

function ParentName({ name }: { name: string }) {
  return <Input value={name} disabled aria-label="父级节点" />;
}

export default function CategoriesPage({ loaderData }: Route.ComponentProps) {
  const { title, list } = loaderData;
  const { message } = App.useApp();
  const [loaded, setLoaded] = useState<Record<string, ListRecord[]>>({});
  const [expanded, setExpanded] = useState<string[]>([]);
  const [adding, setAdding] = useState<{ pid: string; parentName: string } | null>(null);
  const expandedRef = useRef(expanded);
  expandedRef.current = expanded;

  const loadChildren = useCallback(
    async (pid: string) => {
      const answer = await requestWidget<ListRecord>(widgetUrl(CHILDREN_URL, { pid }));
      if (answer.ok) setLoaded((before) => ({ ...before, [pid]: answer.items }));
      else void message.warning(answer.message);
    },
    [message],
  );

  // After every load of the page (a save, a delete, another page): the open rows show their
  // children as they are now; closed rows ask again when opened.
  const firstLoad = useRef(true);
  useEffect(() => {
    if (firstLoad.current) {
      firstLoad.current = false;
      return;
    }
    setLoaded((before) => Object.fromEntries(Object.entries(before).filter(([id]) => expandedRef.current.includes(id))));
    for (const id of expandedRef.current) void loadChildren(id);
  }, [list, loadChildren]);

  const rows = useMemo(() => treeRows(list.records, loaded), [list.records, loaded]);

  const onExpand = (open: boolean, row: CategoryRow) => {
    setExpanded((before) => (open ? [...new Set([...before, row.id])] : before.filter((id) => id !== row.id)));
    if (open && !loaded[row.id]) void loadChildren(row.id);
  };

  const formFields = useMemo(() => categoryFormFields((record) => <ParentName name={String(record?.parentName ?? "")} />), []);

  const rowActions = useMemo<RowAction<ListRecord>[]>(
    () => [{ key: "addChild", label: "添加下级", permission: "category:add", run: (row) => setAdding({ pid: row.id, parentName: String(row.name ?? "") }) }],
    [],
  );

  return (
    <>
      <ListPage
        title={title}
        data={{ ...list, records: rows }}
        columns={categoryColumns}
        searchFields={categorySearchFields}
        permissionPrefix={CATEGORY_PAGE.permissionPrefix}
        defaultSort={CATEGORY_PAGE.defaultSort}
        url={CATEGORY_PAGE.url}
        form={{ fields: formFields, schema: categoryFormSchema, width: 700 }}
        rowActions={rowActions}
        tableProps={{
          expandable: {
            expandedRowKeys: expanded,
            onExpand: (open, row) => onExpand(open, row as CategoryRow),
          },
        }}
      />
      {adding ? (
        <FormModal
          open
          mode="add"
          record={{ pid: adding.pid, parentName: adding.parentName }}
          fields={formFields}
          schema={categoryFormSchema}
          width={700}
          onClose={() => setAdding(null)}
          onSaved={(text) => {
            void message.success(text);
            const pid = adding.pid;
            setAdding(null);
            setExpanded((before) => [...new Set([...before, pid])]);
            void loadChildren(pid);
          }}
        />
      ) : null}
    </>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
