// The department tree of the pickers: search by name (matches highlighted, their parents
// opened), root opened, checkable (linked or strict) or plain selectable.
import { useState } from "react";
import { Input, Tree } from "antd";
import type { DataNode } from "antd/es/tree";
import { keysToReveal, rootOpenedKeys, type DepartNode } from "./picker-logic";

function highlighted(title: string, keyword: string): React.ReactNode {
  const at = keyword ? title.indexOf(keyword) : -1;
  if (at < 0) return title;
  return (
    <span>
      {title.slice(0, at)}
      <span style={{ color: "#f50" }}>{keyword}</span>
      {title.slice(at + keyword.length)}
    </span>
  );
}

function toDataNodes(nodes: readonly DepartNode[], keyword: string): DataNode[] {
  return nodes.map((node) => ({
    key: node.key,
    title: highlighted(node.title, keyword),
    children: node.children ? toDataNodes(node.children, keyword) : undefined,
  }));
}

export interface DepartTreeProps {
  tree: DepartNode[];
  /** docs/spec/widgets.md §2: the root starts opened. */
  rootOpened?: boolean;
  /** Checkboxes; `checkStrictly` unlinks parents and children. */
  checkable?: boolean;
  checkStrictly?: boolean;
  checkedKeys?: string[];
  onCheck?: (keys: string[]) => void;
  selectedKeys?: string[];
  onSelect?: (key: string) => void;
  height?: number;
}

export function DepartTree({ tree, rootOpened = true, checkable, checkStrictly = true, checkedKeys, onCheck, selectedKeys, onSelect, height = 350 }: DepartTreeProps) {
  const [keyword, setKeyword] = useState("");
  const [expanded, setExpanded] = useState<string[] | null>(null);
  const [autoExpandParent, setAutoExpandParent] = useState(true);
  const expandedKeys = expanded ?? (rootOpened ? rootOpenedKeys(tree) : []);
  return (
    <>
      <Input.Search
        style={{ marginBottom: 8 }}
        placeholder="请输入部门名称按回车进行搜索"
        allowClear
        onSearch={(value) => {
          setKeyword(value.trim());
          setExpanded(keysToReveal(tree, value));
          setAutoExpandParent(true);
        }}
      />
      <Tree
        height={height}
        treeData={toDataNodes(tree, keyword)}
        checkable={checkable}
        checkStrictly={checkStrictly}
        checkedKeys={checkedKeys}
        selectedKeys={selectedKeys}
        expandedKeys={expandedKeys}
        autoExpandParent={autoExpandParent}
        onExpand={(keys) => {
          setExpanded(keys.map(String));
          setAutoExpandParent(false);
        }}
        onCheck={(checked) => onCheck?.((Array.isArray(checked) ? checked : checked.checked).map(String))}
        onSelect={(_keys, info) => onSelect?.(String(info.node.key))}
      />
    </>
  );
}
