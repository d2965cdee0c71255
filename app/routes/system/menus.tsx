// 菜单管理 (/isystem/permission, JeecgBoot PermissionList): the whole menu tree, un-paged, as a
// tree table of menus, sub-menus and buttons; a form whose fields follow the menu type; 添加下级
// opens it under a row. A change drops this session's cached permission answer, so the side menu
// and buttons follow at once (other sessions within their cache's lifetime).
import { useMemo, useState } from "react";
import { App } from "antd";
import { z } from "zod";
import { useNavigate } from "react-router";
import ColumnHeightOutlined from "@ant-design/icons/ColumnHeightOutlined";
import VerticalAlignMiddleOutlined from "@ant-design/icons/VerticalAlignMiddleOutlined";
import type { Route } from "./+types/menus";
import { ListPage, type ListColumn } from "~/components/widgets/list/list-page";
import { FormModal } from "~/components/widgets/list/form-modal";
import type { FormField } from "~/components/widgets/list/types";
import { RouteErrorBoundary } from "~/components/shell/route-error-boundary";
import { MenuIcon } from "~/components/shell/layout/menu-icon";
import { CheckedInput, DefaultRadio, FlagSwitch, IconInput, ParentMenuSelect } from "~/components/system/menu/menu-form-controls";
import { branchIds, parentOptions, type MenuTreeRecord, type ParentOption } from "~/components/system/menu/menu-tree";
import { forgetAllPermissions } from "~/services/auth.server";
import { requireMenuPage } from "~/services/menu-access.server";
import { listAction, loadList, type ListRecord } from "~/services/list.server";
import { withRouteFailures } from "~/services/route-errors.server";
import {
  BUTTON_STATUSES,
  formMenuType,
  isButtonForm,
  isMenuForm,
  MENU_PAGE,
  MENU_TYPES,
  menuPageDefinition,
  menuSearchFields,
  menuTypeText,
  PERMS_TYPES,
} from "./menus.data";

const treeSchema = z.array(z.record(z.string(), z.unknown()));

export async function loader(route: Route.LoaderArgs) {
  const access = await requireMenuPage(route);
  const list = await loadList(access, route.url, menuPageDefinition);
  // A name search answers a flat list; the 上级菜单 choices always need the whole tree.
  const tree = list.state.filters.name
    ? (await withRouteFailures(() => access.signedIn.api.get(MENU_PAGE.url.list, treeSchema))).result
    : list.records;
  return { title: access.node.meta.title ?? "菜单管理", list, tree: tree as unknown as MenuTreeRecord[] };
}

export async function action(route: Route.ActionArgs) {
  const answer = await listAction(route, menuPageDefinition);
  // Every session's menu may have changed; the layout's loader runs again after this action.
  forgetAllPermissions();
  return answer;
}

export const meta: Route.MetaFunction = ({ data }) => [{ title: data?.title ?? "菜单管理" }];

const columns: ListColumn[] = [
  { title: "菜单名称", dataIndex: "name", width: 220 },
  { title: "菜单类型", dataIndex: "menuType", width: 100, render: (value) => menuTypeText(value) },
  { title: "图标", dataIndex: "icon", width: 60, render: (value) => (value ? <MenuIcon name={String(value)} /> : null) },
  { title: "组件", dataIndex: "component", width: 200 },
  { title: "路径", dataIndex: "url", width: 200 },
  { title: "排序", dataIndex: "sortNo", width: 70 },
];

const isSubMenuForm = (values: Record<string, unknown>) => formMenuType(values) === "1";
const isTopMenuForm = (values: Record<string, unknown>) => formMenuType(values) === "0";

function menuFormFields(parents: (editingId?: string) => ParentOption[]): FormField[] {
  const recordId = (record: Record<string, unknown> | null) => (typeof record?.id === "string" ? record.id : undefined);
  return [
    { name: "menuType", label: "菜单类型", kind: "custom", render: () => <DefaultRadio options={MENU_TYPES} fallback="0" /> },
    { name: "name", label: "菜单名称", kind: "text", required: true, visibleWhen: isMenuForm },
    { name: "name", label: "按钮/权限", kind: "text", required: true, visibleWhen: isButtonForm },
    {
      name: "parentId",
      label: "上级菜单",
      kind: "custom",
      required: true,
      visibleWhen: (values) => isSubMenuForm(values) || isButtonForm(values),
      render: ({ record }) => <ParentMenuSelect options={parents(recordId(record))} />,
    },
    {
      name: "url",
      label: "菜单路径",
      kind: "custom",
      required: true,
      visibleWhen: isMenuForm,
      render: ({ record }) => <CheckedInput kind="url" recordId={recordId(record)} placeholder="请输入菜单路径" />,
    },
    { name: "component", label: "前端组件", kind: "text", required: true, visibleWhen: isMenuForm },
    { name: "redirect", label: "默认跳转地址", kind: "text", visibleWhen: isTopMenuForm },
    {
      name: "perms",
      label: "授权标识",
      kind: "custom",
      required: true,
      visibleWhen: isButtonForm,
      render: ({ record }) => <CheckedInput kind="perms" recordId={recordId(record)} placeholder="多个用逗号分隔, 如: user:list,user:create" />,
    },
    { name: "permsType", label: "授权策略", kind: "custom", visibleWhen: isButtonForm, render: () => <DefaultRadio options={PERMS_TYPES} fallback="1" /> },
    { name: "status", label: "状态", kind: "custom", visibleWhen: isButtonForm, render: () => <DefaultRadio options={BUTTON_STATUSES} fallback="1" /> },
    { name: "icon", label: "菜单图标", kind: "custom", visibleWhen: isMenuForm, render: () => <IconInput /> },
    { name: "sortNo", label: "排序", kind: "number", visibleWhen: isMenuForm },
    { name: "route", label: "是否路由菜单", kind: "custom", visibleWhen: isMenuForm, render: () => <FlagSwitch fallback /> },
    { name: "hidden", label: "隐藏路由", kind: "custom", visibleWhen: isMenuForm, render: () => <FlagSwitch /> },
    { name: "keepAlive", label: "是否缓存路由", kind: "custom", visibleWhen: isMenuForm, render: () => <FlagSwitch /> },
    { name: "alwaysShow", label: "聚合路由", kind: "custom", visibleWhen: isMenuForm, render: () => <FlagSwitch /> },
    { name: "internalOrExternal", label: "打开方式", kind: "custom", visibleWhen: isMenuForm, render: () => <FlagSwitch on="外部" off="内部" /> },
  ];
}

export default function MenusPage({ loaderData }: Route.ComponentProps) {
  const { title, list, tree } = loaderData;
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [childOf, setChildOf] = useState<ListRecord | null>(null);
  const [expanded, setExpanded] = useState<readonly string[]>([]);
  const fields = useMemo(() => menuFormFields((editingId) => parentOptions(tree, editingId)), [tree]);
  const form = { fields, schema: menuPageDefinition.form, width: 800 };
  return (
    <>
      <ListPage
        title={title}
        data={list}
        columns={columns}
        searchFields={menuSearchFields}
        permissionPrefix={MENU_PAGE.permissionPrefix}
        url={MENU_PAGE.url}
        addLabel="新增菜单"
        paged={false}
        tableProps={{
          expandable: {
            indentSize: 20,
            expandedRowKeys: expanded,
            onExpand: (open, row) => setExpanded((keys) => (open ? [...keys, row.id] : keys.filter((key) => key !== row.id))),
          },
        }}
        toolbarActions={[
          { key: "expand", label: "展开全部", icon: <ColumnHeightOutlined />, run: () => setExpanded(branchIds(list.records)) },
          { key: "collapse", label: "折叠全部", icon: <VerticalAlignMiddleOutlined />, run: () => setExpanded([]) },
        ]}
        form={form}
        rowActions={[
          {
            key: "addChild",
            label: "添加下级",
            permission: "permission:add",
            visible: (row) => String(row.menuType) !== "2",
            run: (row) => setChildOf(row),
          },
          // The original's 数据规则 drawer: the menu's rules on their own page.
          {
            key: "dataRules",
            label: "数据规则",
            visible: (row) => String(row.menuType) !== "2",
            run: (row) => void navigate(`/isystem/dataRule?permissionId=${encodeURIComponent(String(row.id))}`),
          },
        ]}
      />
      {childOf ? (
        <FormModal
          open
          mode="add"
          record={{ parentId: childOf.id, menuType: "1" }}
          fields={form.fields}
          schema={form.schema}
          width={form.width}
          onClose={() => setChildOf(null)}
          onSaved={(text) => {
            void message.success(text);
            setChildOf(null);
          }}
        />
      ) : null}
    </>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
