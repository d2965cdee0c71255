// The left half of 部门管理 (JeecgBoot's DepartLeftTree): toolbar (添加部门, 添加下级, 批量操作 →
// 删除 of the checked departments), search by name (/sys/sysDepart/searchBy through
// /api/system/depart-search), expand / collapse, and a right-click menu per department
// (添加下级, 删除). Buttons the user is not granted are hidden; the backend refuses them anyway.
import { useState } from "react";
import { Alert, Button, Card, Dropdown, Empty, Input, Space, Tree } from "antd";
import type { DataNode } from "antd/es/tree";
import PlusOutlined from "@ant-design/icons/PlusOutlined";
import DownOutlined from "@ant-design/icons/DownOutlined";
import DeleteOutlined from "@ant-design/icons/DeleteOutlined";
import { usePermission } from "../../shell/permission/has-permission";
import { parentKeys, type DepartNode } from "./depart-tree-logic";

export interface DepartTreePanelProps {
  /** The tree shown: the whole tree, or the matches of a search. */
  nodes: DepartNode[];
  selectedKey: string | null;
  expandedKeys: string[];
  onExpand: (keys: string[]) => void;
  checkedKeys: string[];
  onCheck: (keys: string[]) => void;
  onSelect: (node: DepartNode) => void;
  onSearch: (keyword: string) => void;
  searching: boolean;
  onAddRoot: () => void;
  onAddChild: (parent: DepartNode | null) => void;
  onDelete: (node: DepartNode) => void;
  onDeleteChecked: () => void;
  /** Finds a node of `nodes` by key (for the right-click menu and selection). */
  nodeOf: (key: string) => DepartNode | undefined;
}

function toDataNodes(nodes: readonly DepartNode[]): DataNode[] {
  return nodes.map((node) => ({ key: node.key, title: node.title, children: node.children ? toDataNodes(node.children) : undefined }));
}

export function DepartTreePanel(props: DepartTreePanelProps) {
  const { nodes, selectedKey, expandedKeys, checkedKeys } = props;
  const permission = usePermission();
  const [keyword, setKeyword] = useState("");
  const canAdd = permission.isVisible("depart:add");
  const canDelete = permission.isVisible("depart:delete");
  const canBatchDelete = permission.isVisible("depart:batch_delete");

  return (
    <Card className="depart-tree-panel" title="部门列表">
      <Space wrap style={{ marginBottom: 12 }}>
        {canAdd ? (
          <Button type="primary" icon={<PlusOutlined />} onClick={props.onAddRoot}>
            添加部门
          </Button>
        ) : null}
        {canAdd ? (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => props.onAddChild(selectedKey ? (props.nodeOf(selectedKey) ?? null) : null)}>
            添加下级
          </Button>
        ) : null}
        {canBatchDelete && checkedKeys.length > 0 ? (
          <Dropdown trigger={["click"]} menu={{ items: [{ key: "delete", label: "删除", icon: <DeleteOutlined /> }], onClick: props.onDeleteChecked }}>
            <Button>
              批量操作 <DownOutlined />
            </Button>
          </Dropdown>
        ) : null}
      </Space>
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 8 }}
        title={
          checkedKeys.length > 0 ? (
            <span>
              已选中 <strong>{checkedKeys.length}</strong> 条记录 <a onClick={() => props.onCheck([])}>清空</a>
            </span>
          ) : selectedKey && props.nodeOf(selectedKey) ? (
            // The department shown on the right (JeecgBoot's 当前选择), when none is ticked.
            <span>
              当前选择：<strong>{props.nodeOf(selectedKey)!.title}</strong>
            </span>
          ) : (
            "未选中任何数据"
          )
        }
      />
      <Input.Search
        placeholder="按部门名称搜索…"
        allowClear
        value={keyword}
        loading={props.searching}
        onChange={(event) => setKeyword(event.target.value)}
        onSearch={(value) => props.onSearch(value.trim())}
        style={{ marginBottom: 8 }}
      />
      <Space size={12} style={{ marginBottom: 8 }}>
        <a onClick={() => props.onExpand(parentKeys(nodes))}>展开全部</a>
        <a onClick={() => props.onExpand([])}>折叠全部</a>
      </Space>
      {nodes.length === 0 ? (
        <Empty description="暂无数据" />
      ) : (
        <Tree
          className="depart-tree"
          checkable
          checkStrictly
          blockNode
          treeData={toDataNodes(nodes)}
          expandedKeys={expandedKeys}
          onExpand={(keys) => props.onExpand(keys.map(String))}
          checkedKeys={checkedKeys}
          onCheck={(checked) => props.onCheck((Array.isArray(checked) ? checked : checked.checked).map(String))}
          selectedKeys={selectedKey ? [selectedKey] : []}
          onSelect={(keys, info) => {
            // A click on the selected department keeps it selected (the original's behaviour).
            const node = props.nodeOf(String(info.node.key));
            if (node) props.onSelect(node);
          }}
          titleRender={(data) => {
            const node = props.nodeOf(String(data.key));
            const items = [
              ...(canAdd ? [{ key: "addChild", label: "添加下级" }] : []),
              ...(canDelete ? [{ key: "delete", label: "删除", danger: true }] : []),
            ];
            const title = <span className="depart-tree-title">{String(data.title)}</span>;
            if (!node || items.length === 0) return title;
            return (
              <Dropdown
                trigger={["contextMenu"]}
                menu={{
                  items,
                  onClick: ({ key, domEvent }) => {
                    domEvent.stopPropagation();
                    if (key === "addChild") props.onAddChild(node);
                    else props.onDelete(node);
                  },
                }}
              >
                {title}
              </Dropdown>
            );
          }}
        />
      )}
    </Card>
  );
}
