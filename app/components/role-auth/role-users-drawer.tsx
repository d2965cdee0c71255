// 用户 of a role (JeecgBoot's role user table): the role's users, paged and searchable by account;
// 已有用户 adds users chosen in the user picker; 取消关联 takes the role away from one user or
// from the selected ones. Loaded lazily by the role page.
import { useCallback, useEffect, useState } from "react";
import { App, Button, Drawer, Dropdown, Form, Input, Popconfirm, Space, Table } from "antd";
import type { ColumnsType } from "antd/es/table";
import DownOutlined from "@ant-design/icons/DownOutlined";
import PlusOutlined from "@ant-design/icons/PlusOutlined";
import { showFailure } from "~/components/feedback/failure-feedback";
import { RecordPickerModal, type PickerFilter } from "~/components/pickers/record-picker-modal";
import { PICKER_WIDTHS } from "~/components/pickers/picker-logic";
import type { UserRow } from "~/components/pickers/user-picker";
import { PAGE_SIZE_OPTIONS } from "~/lib/list-query";
import { drawerWidth, getRoleApi, postRoleApi, ROLE_API, type RoleApiFailure, type RoleUserRow } from "./role-api";

export interface RoleUsersDrawerProps {
  role: { id: string; roleName: string };
  onClose: () => void;
}

const pickerColumns: ColumnsType<UserRow> = [
  { title: "姓名", dataIndex: "realname", align: "center", ellipsis: true },
  { title: "账号", dataIndex: "username", align: "center", ellipsis: true },
  { title: "手机号", dataIndex: "phone", align: "center" },
  { title: "部门", dataIndex: "orgCodeTxt", align: "center", ellipsis: true },
];
const pickerFilters: PickerFilter[] = [
  { name: "username", label: "账号", kind: "text" },
  { name: "realname", label: "姓名", kind: "text" },
];

const failure = (answer: RoleApiFailure) => ({ kind: answer.kind, message: answer.message, status: 0 });

export default function RoleUsersDrawer({ role, onClose }: RoleUsersDrawerProps) {
  const app = App.useApp();
  const [query, setQuery] = useState({ pageNo: 1, pageSize: 10, username: "" });
  const [draft, setDraft] = useState("");
  const [rows, setRows] = useState<RoleUserRow[]>([]);
  const [total, setTotal] = useState(0);
  const [loading, setLoading] = useState(false);
  const [selected, setSelected] = useState<string[]>([]);
  const [picking, setPicking] = useState(false);
  const [reloads, setReloads] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    setLoading(true);
    void getRoleApi<{ items: RoleUserRow[]; total: number }>(ROLE_API.users, { roleId: role.id, ...query }, controller.signal)
      .then((answer) => {
        setLoading(false);
        if (!answer.ok) {
          showFailure(app, failure(answer));
          return;
        }
        // A page emptied by removals steps back (spec/app-shell.md §4).
        if (answer.items.length === 0 && answer.total > 0 && query.pageNo > 1) {
          setQuery((before) => ({ ...before, pageNo: Math.max(1, Math.ceil(answer.total / before.pageSize)) }));
          return;
        }
        setRows(answer.items);
        setTotal(answer.total);
      })
      .catch(() => undefined);
    return () => controller.abort();
    // app is stable; reloads forces a fresh page after a change.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [role.id, query, reloads]);

  const change = useCallback(
    async (fields: Record<string, string>) => {
      const answer = await postRoleApi<{ message: string }>(ROLE_API.users, { roleId: role.id, ...fields });
      if (!answer.ok) {
        showFailure(app, failure(answer));
        return false;
      }
      void app.message.success(answer.message);
      setSelected([]);
      setReloads((count) => count + 1);
      return true;
    },
    [app, role.id],
  );

  const removeSelected = () => {
    if (selected.length === 0) {
      void app.message.warning("请选择一条记录！");
      return;
    }
    app.modal.confirm({
      title: "确认取消关联",
      content: "是否取消选中用户与角色的关联?",
      okText: "确定",
      cancelText: "取消",
      onOk: () => void change({ intent: "removeBatch", userIds: selected.join(",") }),
    });
  };

  const columns: ColumnsType<RoleUserRow> = [
    { title: "用户账号", dataIndex: "username", width: 140 },
    { title: "用户姓名", dataIndex: "realname", width: 120 },
    { title: "状态", dataIndex: "status_dictText", width: 80 },
    { title: "创建时间", dataIndex: "createTime", width: 170 },
    {
      title: "操作",
      key: "actions",
      width: 100,
      render: (_value, row) => (
        <Popconfirm title="是否确认取消关联" okText="确定" cancelText="取消" onConfirm={() => void change({ intent: "remove", userId: row.id })}>
          <a>取消关联</a>
        </Popconfirm>
      ),
    },
  ];

  return (
    <Drawer open title={`角色用户 · ${role.roleName}`} size={drawerWidth(800)} onClose={onClose} destroyOnHidden className="role-users-drawer">
      <Form layout="inline" className="role-users-search" onFinish={() => setQuery((before) => ({ ...before, pageNo: 1, username: draft.trim() }))}>
        <Form.Item label="用户账号">
          <Input placeholder="请输入用户账号" value={draft} onChange={(event) => setDraft(event.target.value)} allowClear />
        </Form.Item>
        <Form.Item>
          <Space>
            <Button type="primary" htmlType="submit">
              查询
            </Button>
            <Button
              onClick={() => {
                setDraft("");
                setQuery((before) => ({ ...before, pageNo: 1, username: "" }));
              }}
            >
              重置
            </Button>
          </Space>
        </Form.Item>
      </Form>
      <Space style={{ margin: "16px 0" }} wrap>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setPicking(true)}>
          已有用户
        </Button>
        <Dropdown trigger={["click"]} menu={{ items: [{ key: "removeBatch", label: "取消关联" }], onClick: removeSelected }}>
          <Button>
            批量操作 <DownOutlined />
          </Button>
        </Dropdown>
        {selected.length > 0 ? (
          <span className="list-selection">
            已选择 <strong>{selected.length}</strong> 项 <a onClick={() => setSelected([])}>清空</a>
          </span>
        ) : null}
      </Space>
      <Table<RoleUserRow>
        rowKey="id"
        size="middle"
        loading={loading}
        columns={columns}
        dataSource={rows}
        scroll={{ x: "max-content" }}
        rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(String)) }}
        pagination={{
          current: query.pageNo,
          pageSize: query.pageSize,
          total,
          pageSizeOptions: PAGE_SIZE_OPTIONS.map(String),
          showQuickJumper: true,
          showSizeChanger: true,
          showTotal: (count, range) => `${range[0]}-${range[1]} 共${count}条`,
        }}
        onChange={(page) => setQuery((before) => ({ ...before, pageNo: page.current ?? 1, pageSize: page.pageSize ?? before.pageSize }))}
      />
      <RecordPickerModal<UserRow>
        open={picking}
        title="选择用户"
        width={PICKER_WIDTHS.user}
        listUrl="/api/widgets/users"
        columns={pickerColumns}
        filters={pickerFilters}
        multiple
        rowKey="id"
        labelField="realname"
        initial={[]}
        onCancel={() => setPicking(false)}
        onOk={(picked) => {
          setPicking(false);
          if (picked.length > 0) void change({ intent: "add", userIds: picked.map((user) => user.id).join(",") });
        }}
      />
    </Drawer>
  );
}
