// 用户信息 of 部门管理 (JeecgBoot's DepartUserInfoTab) on the list engine: the users of the chosen
// department and of those below it, searched by account; 添加已有用户 through the user picker's
// table, 取消关联 per row or for the selection. Adding and removing need `depart:edit`.
import { useState } from "react";
import { useNavigate } from "react-router";
import { App, Button, Form, Input, Space } from "antd";
import PlusOutlined from "@ant-design/icons/PlusOutlined";
import SearchOutlined from "@ant-design/icons/SearchOutlined";
import ReloadOutlined from "@ant-design/icons/ReloadOutlined";
import type { ColumnsType } from "antd/es/table";
import { ListPage, type ListColumn } from "../list/list-page";
import { RecordPickerModal } from "../pickers/record-picker-modal";
import { PICKER_WIDTHS } from "../pickers/picker-logic";
import type { UserRow } from "../pickers/user-picker";
import { toSearchParams, withSearch } from "~/lib/list-query";
import type { ListData } from "~/services/list.server";

const pickerColumns: ColumnsType<UserRow> = [
  { title: "姓名", dataIndex: "realname", align: "center", ellipsis: true },
  { title: "账号", dataIndex: "username", align: "center", ellipsis: true },
  { title: "手机号", dataIndex: "phone", align: "center" },
  { title: "出生日期", dataIndex: "birthday", align: "center" },
];

export interface DepartUsersTabProps {
  data: ListData;
  columns: ListColumn[];
  /** The page's own params (department, tab) that every search keeps. */
  keep: Record<string, string>;
  onLink: (userIds: string[]) => void;
  onUnlink: (userIds: string[]) => void;
}

export function DepartUsersTab({ data, columns, keep, onLink, onUnlink }: DepartUsersTabProps) {
  const navigate = useNavigate();
  const { modal } = App.useApp();
  const [picking, setPicking] = useState(false);
  const searched = (data.state.filters.username ?? "").replace(/^\*|\*$/g, "");

  // The engine's own search bar would drop the department from the URL; this one keeps it.
  const search = (username: string) => {
    const filters: Record<string, string> = { ...keep };
    if (username.trim()) filters.username = `*${username.trim()}*`;
    navigate({ search: toSearchParams(withSearch(data.state, filters)).toString() });
  };
  const confirmUnlink = (ids: string[]) =>
    modal.confirm({ title: "取消关联", content: "确定要取消关联吗？", okText: "确定", cancelText: "取消", onOk: () => onUnlink(ids) });

  return (
    <>
      <ListPage
        title="用户信息"
        data={data}
        columns={columns}
        permissionPrefix="depart_user"
        extraSearch={
          <Form key={searched} layout="inline" className="list-search" role="search" initialValues={{ username: searched }} onFinish={(values: { username?: string }) => search(values.username ?? "")}>
            <Form.Item name="username" label="用户账号">
              <Input allowClear placeholder="请输入用户账号" />
            </Form.Item>
            <Form.Item>
              <Space>
                <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
                  查询
                </Button>
                <Button icon={<ReloadOutlined />} onClick={() => search("")}>
                  重置
                </Button>
              </Space>
            </Form.Item>
          </Form>
        }
        toolbarActions={[{ key: "link", label: "添加已有用户", icon: <PlusOutlined />, permission: "depart:edit", run: () => setPicking(true) }]}
        rowActions={[{ key: "unlink", label: "取消关联", permission: "depart:edit", danger: true, confirm: "确认取消关联吗？", run: (row) => onUnlink([row.id]) }]}
        batchActions={[{ key: "unlink", label: "取消关联", permission: "depart:edit", run: confirmUnlink }]}
      />
      <RecordPickerModal<UserRow>
        open={picking}
        title="选择用户"
        width={PICKER_WIDTHS.user}
        listUrl="/api/widgets/users"
        columns={pickerColumns}
        filters={[
          { name: "username", label: "账号", kind: "text" },
          { name: "sex", label: "性别", kind: "dict", dictCode: "sex" },
        ]}
        multiple
        rowKey="id"
        labelField="realname"
        initial={[]}
        onCancel={() => setPicking(false)}
        onOk={(rows) => {
          setPicking(false);
          if (rows.length > 0) onLink(rows.map((row) => String(row.id)));
        }}
      />
    </>
  );
}
