// The department picker (docs/spec/widgets.md §2 "Department picker"; docs/spec/app-shell.md §9): a modal
// of width 500 with the department tree, single choice by default, root opened; stores ids and
// shows department names by default; checks linked or strict.
import { useState } from "react";
import { Modal } from "antd";
import { useControllableValue } from "../dict-select/use-controllable-value";
import type { ValueWidgetProps } from "../dict-select/widget-parts";
import { DepartTree } from "./depart-tree";
import { PickerField } from "./picker-field";
import {
  clickChoice,
  departKeysOf,
  departLabels,
  departValueOf,
  flattenDeparts,
  keepValues,
  PICKER_WIDTHS,
  singleChoice,
  type DepartNode,
  type DepartStore,
} from "./picker-logic";
import { useDepartTree } from "./use-depart-tree";

export interface DepartPickerProps extends ValueWidgetProps {
  /** The stored values (comma-joined) and the chosen departments. */
  onChange?: (value: string, departs: DepartNode[]) => void;
  /** Several departments; default single (spec §2). */
  multiple?: boolean;
  /** What is stored: the department id (default) or its org code. */
  store?: DepartStore;
  /** Strict (default): checking a department leaves its parent and children alone. */
  checkStrictly?: boolean;
  rootOpened?: boolean;
  modalWidth?: number;
  placeholder?: string;
}

export function DepartPicker({
  value,
  defaultValue,
  onChange,
  multiple = false,
  store = "id",
  checkStrictly = true,
  rootOpened = true,
  modalWidth = PICKER_WIDTHS.depart,
  placeholder = "请选择部门",
  name,
  disabled,
  id,
  className,
  style,
}: DepartPickerProps) {
  const [current, setCurrent] = useControllableValue(value, defaultValue, onChange);
  const [open, setOpen] = useState(false);
  const [checked, setChecked] = useState<string[]>([]);
  const { tree } = useDepartTree(open || current !== "");

  const show = () => {
    setChecked(departKeysOf(tree, current, store));
    setOpen(true);
  };
  const nodesOf = (keys: readonly string[]) => {
    const all = flattenDeparts(tree);
    return keys.map((key) => all.find((node) => node.key === key)).filter((node): node is DepartNode => !!node);
  };
  const confirm = () => {
    setCurrent(departValueOf(tree, checked, store), nodesOf(checked));
    setOpen(false);
  };

  return (
    <>
      <PickerField
        value={current}
        labels={departLabels(tree, store)}
        placeholder={placeholder}
        disabled={disabled}
        name={name}
        id={id}
        className={className}
        style={style}
        onOpen={show}
        onRemove={(remaining) => {
          const next = keepValues(current, remaining);
          setCurrent(next, nodesOf(departKeysOf(tree, next, store)));
        }}
      />
      <Modal title="选择部门" width={modalWidth} open={open} okText="确定" cancelText="关闭" onOk={confirm} onCancel={() => setOpen(false)} destroyOnHidden>
        <DepartTree
          tree={tree}
          rootOpened={rootOpened}
          checkable
          checkStrictly={checkStrictly}
          checkedKeys={checked}
          onCheck={(keys) => setChecked(multiple ? keys : singleChoice(checked, keys))}
          onSelect={(key) => setChecked((before) => clickChoice(before, key, multiple))}
        />
      </Modal>
    </>
  );
}
