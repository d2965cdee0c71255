// 用户管理 (/isystem/user): the user list on the list engine, with roles, departments and
// positions in the form, freeze / unfreeze, and the duplicate checks of the unique fields.
import { useMemo, useState } from "react";
import { lazyWidget } from "~/components/widgets/lazy";
import { useFetcher } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/users";
import { ListPage } from "~/components/widgets/list/list-page";
import { RouteErrorBoundary } from "~/components/shell/route-error-boundary";
import { requireMenuPage } from "~/services/menu-access.server";
import { forgetAllPermissions } from "~/services/auth.server";
import { listAction, loadList, type ListPageDefinition } from "~/services/list.server";
import { dictOptions } from "~/services/options.server";
import { DepartPicker, PositionPicker, RolePicker } from "~/components/widgets/pickers";
import { withRouteFailures } from "~/services/route-errors.server";
import { loadUserRelations } from "~/services/user-relations.server";
import { fieldErrors } from "#contract/auth";
import { USER_PAGE, userColumns, userFormFields, userSearchFields, userSuperQuery, type UserFormPickers } from "./users.data";
import { resetPasswordSchema, userFormSchema } from "./users.schema";

// The form's schema and the 密码 dialog load on first use: zod stays out of the list's first paint.
const loadFormSchema = () => import("./users.schema").then((module) => module.userFormSchema);
const ResetPasswordDialog = lazyWidget(() => import("./users-password").then((module) => module.ResetPasswordDialog), null);

const page: ListPageDefinition<typeof userFormSchema> = {
  url: USER_PAGE.url,
  form: userFormSchema,
  toBody: (values) => {
    const { confirmpassword: _confirm, ...body } = values;
    return body;
  },
  // The form opened by its address (?form=edit&id=…) needs the roles and departments as well.
  loadDetail: loadUserRelations,
};

export async function loader(route: Route.LoaderArgs) {
  const access = await requireMenuPage(route);
  const api = access.signedIn.api;
  const [list, sex, status] = await Promise.all([
    loadList(access, route.url, page),
    withRouteFailures(() => dictOptions(api, "sex")),
    withRouteFailures(() => dictOptions(api, "user_status")),
  ]);
  return {
    title: access.node.meta.title ?? "用户管理",
    list,
    options: { sex, status },
  };
}

const pickers: UserFormPickers = {
  position: () => <PositionPicker multiple={false} placeholder="请选择职务" />,
  roles: () => <RolePicker returnId placeholder="请选择角色" />,
  departs: () => <DepartPicker multiple placeholder="请选择部门" />,
};

export async function action(route: Route.ActionArgs) {
  const answer = await listAction(route, page, {
    freeze: async (api, form) => {
      const status = String(form.get("status")) === "2" ? "2" : "1";
      const ids = String(form.get("ids") ?? "");
      const answer = await api.put("/sys/user/frozenBatch", z.unknown(), {
        ids,
        status,
      });
      return {
        message: answer.message || (status === "2" ? "冻结成功!" : "解冻成功!"),
      };
    },
    // 解锁: ends a sign-in lock of 10 minutes after 5 failures (docs/decisions/010).
    unlock: async (api, form) => {
      const answer = await api.put("/sys/user/unlock", z.unknown(), { username: String(form.get("username") ?? "") });
      return { message: answer.message || "解锁成功!" };
    },
    resetPassword: async (api, form) => {
      const values = {
        username: String(form.get("username") ?? ""),
        password: String(form.get("password") ?? ""),
        confirmpassword: String(form.get("confirmpassword") ?? ""),
      };
      const checked = resetPasswordSchema.safeParse(values);
      if (!checked.success) return { fieldErrors: fieldErrors(checked.error) };
      const answer = await api.put("/sys/user/changePassword", z.unknown(), checked.data);
      return { message: answer.message || "密码修改成功!" };
    },
  });
  // A user's roles may have changed: sessions load their menus again.
  forgetAllPermissions();
  return answer;
}

const USERS_FETCHER = "users-list";

export const meta: Route.MetaFunction = ({ data }) => [{ title: data?.title ?? "用户管理" }];

export default function UsersPage({ loaderData }: Route.ComponentProps) {
  const { title, list, options } = loaderData;
  // The list's own fetcher: the answer gets the list's message and cleared selection.
  const freezer = useFetcher({ key: USERS_FETCHER });
  const freeze = (ids: string[], status: "1" | "2") => void freezer.submit({ intent: "freeze", ids: ids.join(","), status }, { method: "post" });
  const searchFields = useMemo(() => userSearchFields(options), [options]);
  const formFields = useMemo(() => userFormFields(options, pickers), [options]);
  const [resetting, setResetting] = useState<string | null>(null);
  return (
    <>
      <ListPage
        title={title}
        data={list}
        columns={userColumns}
        searchFields={searchFields}
        permissionPrefix={USER_PAGE.permissionPrefix}
        url={USER_PAGE.url}
        fetcherKey={USERS_FETCHER}
        superQuery={userSuperQuery}
        form={{
          fields: formFields,
          schema: loadFormSchema,
          width: 800,
          detailUrl: "/api/system/user-relations",
        }}
        rowActions={[
          {
            key: "password",
            label: "密码",
            permission: "user:reset_password",
            run: (row) => setResetting(String(row.username ?? "")),
          },
          {
            key: "freeze",
            label: "冻结",
            permission: "user:freeze",
            visible: (row) => String(row.status) === "1",
            confirm: "确定冻结吗?",
            run: (row) => freeze([row.id], "2"),
          },
          {
            key: "unfreeze",
            label: "解冻",
            permission: "user:freeze",
            visible: (row) => String(row.status) === "2",
            confirm: "确定解冻吗?",
            run: (row) => freeze([row.id], "1"),
          },
          {
            key: "unlock",
            label: "解锁",
            permission: "user:freeze",
            confirm: "确定解锁该用户的登录吗?",
            run: (row) => void freezer.submit({ intent: "unlock", username: String(row.username ?? "") }, { method: "post" }),
          },
        ]}
        batchActions={[
          {
            key: "freeze",
            label: "冻结",
            permission: "user:freeze",
            run: (ids) => freeze(ids, "2"),
          },
          {
            key: "unfreeze",
            label: "解冻",
            permission: "user:freeze",
            run: (ids) => freeze(ids, "1"),
          },
        ]}
      />
      {resetting !== null ? <ResetPasswordDialog username={resetting} onClose={() => setResetting(null)} /> : null}
    </>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
