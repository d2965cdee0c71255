// 用户信息 of 部门管理 (JeecgBoot's DepartUserInfoTab) on the list engine: the users of the chosen
// department and of those below it, searched by account; 添加已有用户 through the user picker's
// table, 取消关联 per row or for the selection; searches keep the department (`fixedFilters`). Adding and removing need `depart:edit`.
import { useState } from "react";
import { App } from "antd";
import PlusOutlined from "@ant-design/icons/PlusOutlined";
import { ListPage, type ListColumn } from "../../widgets/list/list-page";
import { ExistingUsersModal } from "../../widgets/pickers/user-picker";
import type { ListData } from "~/services/list.server";

export interface DepartUsersTabProps {
  data: ListData;
  columns: ListColumn[];
  /** The page's own params (department, tab) that every search keeps. */
  keep: Record<string, string>;
  onLink: (userIds: string[]) => void;
  onUnlink: (userIds: string[]) => void;
}

export function DepartUsersTab({ data, columns, keep, onLink, onUnlink }: DepartUsersTabProps) {
  const { modal } = App.useApp();
  const [picking, setPicking] = useState(false);

  const confirmUnlink = (ids: string[]) =>
    modal.confirm({ title: "取消关联", content: "确定要取消关联吗？", okText: "确定", cancelText: "取消", onOk: () => onUnlink(ids) });

  return (
    <>
      <ListPage
        title="用户信息"
        data={data}
        columns={columns}
        permissionPrefix={null}
        searchFields={[{ name: "username", label: "用户账号", kind: "text" }]}
        fixedFilters={keep}
        toolbarActions={[{ key: "link", label: "添加已有用户", icon: <PlusOutlined />, permission: "depart:edit", run: () => setPicking(true) }]}
        rowActions={[
          { key: "unlink", label: "取消关联", permission: "depart:edit", danger: true, confirm: "确认取消关联吗？", run: (row) => onUnlink([row.id]) },
        ]}
        batchActions={[{ key: "unlink", label: "取消关联", permission: "depart:edit", run: confirmUnlink }]}
      />
      <ExistingUsersModal open={picking} onClose={() => setPicking(false)} onPick={onLink} />
    </>
  );
}
