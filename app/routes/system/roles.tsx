// 角色管理 (/isystem/roleUserList, JeecgBoot's RoleUserList): the role list on the list engine, with
// 用户 (the role's users) and 授权 (menus, buttons and data rules) in drawers that load only when
// opened. A new role's code is checked with /sys/role/checkRoleCode before it is saved.
import { lazy, Suspense, useState } from "react";
import { data } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/roles";
import { ListPage } from "~/components/widgets/list/list-page";
import { RouteErrorBoundary } from "~/components/shell/route-error-boundary";
import { BackendError } from "~/services/api.server";
import { requireMenuPage } from "~/services/menu-access.server";
import { listAction, loadList, type ListActionResult, type ListPageDefinition, type ListRecord } from "~/services/list.server";
import { recordFields } from "~/lib/record-fields";
import { ROLE_PAGE, rolePage, roleColumns, roleFormFields, roleFormSchema, roleSearchFields, roleSuperQuery } from "./roles.data";

const RoleAuthDrawer = lazy(() => import("~/components/system/role/role-auth-drawer"));
const RoleUsersDrawer = lazy(() => import("~/components/system/role/role-users-drawer"));

const page: ListPageDefinition<typeof roleFormSchema> = rolePage.list;

export async function loader(route: Route.LoaderArgs) {
  const access = await requireMenuPage(route);
  const list = await loadList(access, route.url, page);
  return { title: access.node.meta.title ?? "角色管理", list };
}

/**
 * A new role's code must be free in the tenant: asked before saving, so the answer
 * (角色编码已存在) shows next to the field (the backend refuses it again on save).
 */
async function refuseTakenRoleCode(route: Route.ActionArgs) {
  const form = await route.request.clone().formData();
  if (form.get("intent") !== "save") return null;
  const checked = roleFormSchema.safeParse(recordFields(form).values);
  if (!checked.success || checked.data.id) return null;
  const access = await requireMenuPage(route);
  try {
    await access.signedIn.api.get("/sys/role/checkRoleCode", z.unknown(), {
      roleCode: checked.data.roleCode,
    });
    return null;
  } catch (error) {
    if (!(error instanceof BackendError) || error.failure.kind !== "business") return null;
    return data<ListActionResult>({ ok: false, intent: "save", fieldErrors: { roleCode: error.message } }, { status: 400 });
  }
}

export async function action(route: Route.ActionArgs) {
  return (await refuseTakenRoleCode(route)) ?? listAction(route, page);
}

export const meta: Route.MetaFunction = ({ data }) => [{ title: data?.title ?? "角色管理" }];

type Opened = {
  kind: "users" | "authorize";
  role: { id: string; roleName: string };
};

export default function RolesPage({ loaderData }: Route.ComponentProps) {
  const { title, list } = loaderData;
  const [opened, setOpened] = useState<Opened | null>(null);
  const open = (kind: Opened["kind"]) => (row: ListRecord) =>
    setOpened({
      kind,
      role: { id: row.id, roleName: String(row.roleName ?? "") },
    });
  return (
    <>
      <ListPage
        title={title}
        data={list}
        columns={roleColumns}
        searchFields={roleSearchFields}
        permissionPrefix={ROLE_PAGE.permissionPrefix}
        url={ROLE_PAGE.url}
        superQuery={roleSuperQuery}
        form={{ fields: roleFormFields, schema: roleFormSchema, width: 700 }}
        rowActions={[
          {
            key: "users",
            label: "用户",
            permission: ROLE_PAGE.buttons.users,
            run: open("users"),
          },
          {
            key: "authorize",
            label: "授权",
            permission: ROLE_PAGE.buttons.authorize,
            run: open("authorize"),
          },
        ]}
      />
      {opened ? (
        <Suspense fallback={null}>
          {opened.kind === "users" ? (
            <RoleUsersDrawer role={opened.role} onClose={() => setOpened(null)} />
          ) : (
            <RoleAuthDrawer role={opened.role} onClose={() => setOpened(null)} />
          )}
        </Suspense>
      ) : null}
    </>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
