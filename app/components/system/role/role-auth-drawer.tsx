// 授权 (JeecgBoot's role permission drawer, width 650): the whole permission tree with the role's
// grants checked, the 树操作 menu (父子关联 / 取消关联, 全部勾选 / 取消全选, 展开所有 / 合并所有),
// 仅保存 and 保存并关闭. A menu with data rules opens its rules (role-data-rule-drawer.tsx).
// Loaded lazily by the role page, so the page's own bundle carries no tree.
import { useEffect, useMemo, useState } from "react";
import { App, Button, Drawer, Dropdown, Empty, Flex, Popconfirm, Space, Spin, Tooltip, Tree } from "antd";
import type { DataNode } from "antd/es/tree";
import DownOutlined from "@ant-design/icons/DownOutlined";
import FilterOutlined from "@ant-design/icons/FilterOutlined";
import { showFailure } from "~/components/shell/feedback/failure-feedback";
import { allKeys, branchKeys, keysToSave, linkedChecked, type CheckMode } from "./permission-tree-logic";
import { drawerWidth, getRoleApi, postRoleApi, ROLE_API, type PermissionNode, type RoleApiFailure, type RolePermissions } from "./role-api";
import { RoleDataRuleDrawer } from "./role-data-rule-drawer";

export interface RoleAuthDrawerProps {
  role: { id: string; roleName: string };
  onClose: () => void;
}

const failure = (answer: RoleApiFailure) => ({ kind: answer.kind, message: answer.message, status: 0 });

function toDataNodes(nodes: readonly PermissionNode[], openRules: (node: PermissionNode) => void): DataNode[] {
  return nodes.map((node) => ({
    key: node.key,
    title:
      node.ruleFlag === 1 ? (
        <span>
          {node.title}{" "}
          <Tooltip title="数据规则">
            <a
              aria-label={`${node.title}的数据规则`}
              onClick={(event) => {
                event.stopPropagation();
                openRules(node);
              }}
            >
              <FilterOutlined />
            </a>
          </Tooltip>
        </span>
      ) : (
        node.title
      ),
    children: node.children ? toDataNodes(node.children, openRules) : undefined,
  }));
}

export default function RoleAuthDrawer({ role, onClose }: RoleAuthDrawerProps) {
  const app = App.useApp();
  const [loaded, setLoaded] = useState<RolePermissions | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [mode, setMode] = useState<CheckMode>("independent");
  const [checked, setChecked] = useState<string[]>([]);
  /** What the backend holds (the last load or save): saving sends the difference to it. */
  const [saved, setSaved] = useState<string[]>([]);
  const [expanded, setExpanded] = useState<string[]>([]);
  const [saving, setSaving] = useState(false);
  const [ruleNode, setRuleNode] = useState<PermissionNode | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    void getRoleApi<RolePermissions>(ROLE_API.permissions, { roleId: role.id }, controller.signal)
      .then((answer) => {
        if (!answer.ok) {
          setError(answer.message);
          showFailure(app, failure(answer));
          return;
        }
        setLoaded({ tree: answer.tree, checked: answer.checked });
        setChecked(answer.checked);
        setSaved(answer.checked);
        // As JeecgBoot: everything open at first.
        setExpanded(branchKeys(answer.tree));
      })
      .catch(() => undefined);
    return () => controller.abort();
    // One load per opened role.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [role.id]);

  const tree = useMemo(() => loaded?.tree ?? [], [loaded]);
  const treeData = useMemo(() => toDataNodes(tree, setRuleNode), [tree]);

  const switchMode = (next: CheckMode) => {
    if (next === mode) return;
    setChecked(next === "linked" ? linkedChecked(tree, checked) : keysToSave(tree, "linked", checked));
    setMode(next);
  };

  const save = async (close: boolean) => {
    const permissionIds = keysToSave(tree, mode, checked);
    setSaving(true);
    const answer = await postRoleApi<{ message: string }>(ROLE_API.permissions, {
      roleId: role.id,
      permissionIds: permissionIds.join(","),
      lastpermissionIds: saved.join(","),
    });
    setSaving(false);
    if (!answer.ok) {
      showFailure(app, failure(answer));
      return;
    }
    setSaved(permissionIds);
    void app.message.success(answer.message);
    if (close) onClose();
  };

  const menu = [
    { key: "linked", label: "父子关联" },
    { key: "independent", label: "取消关联" },
    { key: "checkAll", label: "全部勾选" },
    { key: "uncheckAll", label: "取消全选" },
    { key: "expandAll", label: "展开所有" },
    { key: "collapseAll", label: "合并所有" },
  ];
  const onMenu = ({ key }: { key: string }) => {
    if (key === "linked" || key === "independent") switchMode(key);
    else if (key === "checkAll") setChecked(allKeys(tree));
    else if (key === "uncheckAll") setChecked([]);
    else if (key === "expandAll") setExpanded(branchKeys(tree));
    else if (key === "collapseAll") setExpanded([]);
  };

  return (
    <Drawer
      open
      title="角色权限配置"
      size={drawerWidth(650)}
      onClose={onClose}
      destroyOnHidden
      className="role-auth-drawer"
      footer={
        <Space style={{ width: "100%", justifyContent: "space-between" }}>
          <Dropdown trigger={["click"]} placement="topLeft" menu={{ items: menu, onClick: onMenu, selectable: true, selectedKeys: [mode] }}>
            <Button>
              树操作 <DownOutlined />
            </Button>
          </Dropdown>
          <Space>
            <Popconfirm title="确定放弃编辑？" okText="确定" cancelText="取消" onConfirm={onClose}>
              <Button>取消</Button>
            </Popconfirm>
            <Button type="primary" ghost loading={saving} disabled={!loaded} onClick={() => void save(false)}>
              仅保存
            </Button>
            <Button type="primary" loading={saving} disabled={!loaded} onClick={() => void save(true)}>
              保存并关闭
            </Button>
          </Space>
        </Space>
      }
    >
      <Flex justify="space-between" style={{ marginBottom: 12 }}>
        <strong>所拥有的权限 · {role.roleName}</strong>
        <span className="role-auth-drawer__mode" style={{ color: "rgba(0, 0, 0, 0.65)" }}>
          {mode === "linked" ? "父子关联" : "取消关联"}
        </span>
      </Flex>
      {loaded ? (
        tree.length > 0 ? (
          <Tree
            checkable
            selectable={false}
            blockNode
            checkStrictly={mode === "independent"}
            treeData={treeData}
            checkedKeys={checked}
            expandedKeys={expanded}
            onExpand={(keys) => setExpanded(keys.map(String))}
            onCheck={(keys) => setChecked((Array.isArray(keys) ? keys : keys.checked).map(String))}
          />
        ) : (
          <Empty description="暂无数据" />
        )
      ) : error ? (
        <Empty description={error} />
      ) : (
        <Spin />
      )}
      {ruleNode ? <RoleDataRuleDrawer roleId={role.id} permission={ruleNode} onClose={() => setRuleNode(null)} /> : null}
    </Drawer>
  );
}
