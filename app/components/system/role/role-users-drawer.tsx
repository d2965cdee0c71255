// 用户 of a role (JeecgBoot's role user table) on the list engine: the role's users, paged and
// searchable by account; 已有用户 adds users chosen in the user picker; 取消关联 takes the role away
// from one user or from the selected ones. The role list owns the page's URL, so this list keeps
// its state with the drawer (useOwnedList) and talks to /api/system/role-users. Loaded lazily by
// the role page.
import { useState } from "react";
import { useFetcher } from "react-router";
import { App, Drawer } from "antd";
import PlusOutlined from "@ant-design/icons/PlusOutlined";
import { ListPage } from "~/components/widgets/list/list-page";
import { useOwnedList } from "~/components/widgets/list/use-owned-list";
import { ExistingUsersModal } from "~/components/widgets/pickers/user-picker";
import { ROLE_PAGE, ROLE_USERS_ROUTE, roleUserColumns, roleUserSearchFields } from "~/routes/system/roles.data";
import { drawerWidth } from "./role-api";

export interface RoleUsersDrawerProps {
  role: { id: string; roleName: string };
  onClose: () => void;
}

const ROLE_USERS_FETCHER = "role-users";

/** The drawer's buttons all need the backend's `role:users`, the button that opens it. */
const USERS = ROLE_PAGE.buttons.users;

export default function RoleUsersDrawer({ role, onClose }: RoleUsersDrawerProps) {
  const { modal } = App.useApp();
  const users = useOwnedList(ROLE_USERS_ROUTE, { params: { roleId: role.id } });
  // The list's own fetcher: its answers get the list's message and cleared selection.
  const changer = useFetcher({ key: ROLE_USERS_FETCHER });
  const [picking, setPicking] = useState(false);

  const change = (intent: string, fields: Record<string, string>) =>
    void changer.submit({ intent, ...fields }, { method: "post", action: users.source.action });
  const removeSelected = (userIds: string[]) =>
    modal.confirm({
      title: "确认取消关联",
      content: "是否取消选中用户与角色的关联?",
      okText: "确定",
      cancelText: "取消",
      onOk: () => change("removeBatch", { userIds: userIds.join(",") }),
    });

  return (
    <Drawer open title={`角色用户 · ${role.roleName}`} size={drawerWidth(800)} onClose={onClose} destroyOnHidden className="role-users-drawer">
      <ListPage
        title=""
        data={users.data}
        source={users.source}
        fetcherKey={ROLE_USERS_FETCHER}
        columns={roleUserColumns}
        searchFields={roleUserSearchFields}
        // The users of 角色管理's role: none of the standard buttons, its own actions only.
        permissionPrefix={null}
        toolbarActions={[{ key: "pick", label: "已有用户", icon: <PlusOutlined />, permission: USERS, run: () => setPicking(true) }]}
        rowActions={[{ key: "remove", label: "取消关联", permission: USERS, confirm: "是否确认取消关联", run: (row) => change("remove", { userId: row.id }) }]}
        batchActions={[{ key: "removeBatch", label: "取消关联", permission: USERS, run: removeSelected }]}
        tableProps={{ loading: users.loading }}
      />
      <ExistingUsersModal open={picking} onClose={() => setPicking(false)} onPick={(userIds) => change("add", { userIds: userIds.join(",") })} />
    </Drawer>
  );
}
