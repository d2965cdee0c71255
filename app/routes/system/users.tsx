// 用户管理 (/isystem/user): the user list on the list engine, with roles, departments and
// positions in the form, freeze / unfreeze, and the duplicate checks of the unique fields.
import { useMemo, useState } from "react";
import { useFetcher } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/users";
import { ListPage } from "~/components/list/list-page";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { requireMenuPage } from "~/services/menu-access.server";
import { forgetAllPermissions } from "~/services/auth.server";
import { listAction, loadList, type ListPageDefinition } from "~/services/list.server";
import { dictOptions } from "~/services/options.server";
import { DepartPicker, PositionPicker, RolePicker } from "~/components/pickers";
import { withRouteFailures } from "~/services/route-errors.server";
import { fieldErrors } from "#contract/auth";
import { ResetPasswordDialog } from "./users-password";
import {
  USER_PAGE,
  resetPasswordSchema,
  userColumns,
  userFormFields,
  userFormSchema,
  userSearchFields,
  userSuperQuery,
  type UserFormPickers,
} from "./users.data";

const page: ListPageDefinition<typeof userFormSchema> = {
  url: USER_PAGE.url,
  form: userFormSchema,
  toBody: (values) => {
    const { confirmpassword: _confirm, ...body } = values;
    return body;
  },
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
          schema: userFormSchema,
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
      <ResetPasswordDialog username={resetting} onClose={() => setResetting(null)} />
    </>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
