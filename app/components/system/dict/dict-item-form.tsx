// 新增 / 编辑 of one dictionary item (JeecgBoot DictItemModal) as the list engine's form fields:
// 名称, 数据值 (free within its dictionary: the drawer's route asks before saving), 描述, 排序值
// (an integer, 值越小越靠前) and 是否启用 (a switch). Values are strings, as the form keeps them.
import { InputNumber, Switch, Typography } from "antd";
import type { FormField } from "~/components/widgets/list/types";

interface ControlProps {
  id?: string;
  value?: string;
  onChange?: (value: string) => void;
  disabled?: boolean;
}

function SortOrderInput({ id, value, onChange, disabled }: ControlProps) {
  return (
    <>
      <InputNumber
        id={id}
        placeholder="请输入排序值"
        precision={0}
        style={{ width: "100%" }}
        disabled={disabled}
        value={value === undefined || value === "" ? null : Number(value)}
        onChange={(next) => onChange?.(next === null || next === undefined ? "" : String(next))}
      />
      <Typography.Text type="secondary">值越小越靠前</Typography.Text>
    </>
  );
}

function StatusSwitch({ id, value, onChange, disabled }: ControlProps) {
  return <Switch id={id} checkedChildren="启用" unCheckedChildren="禁用" disabled={disabled} checked={value !== "0"} onChange={(on) => onChange?.(on ? "1" : "0")} />;
}

export const dictItemFormFields: FormField[] = [
  { name: "itemText", label: "名称", kind: "text", required: true },
  { name: "itemValue", label: "数据值", kind: "text", required: true },
  { name: "description", label: "描述", kind: "text" },
  { name: "sortOrder", label: "排序值", kind: "custom", render: () => <SortOrderInput /> },
  { name: "status", label: "是否启用", kind: "custom", render: () => <StatusSwitch /> },
];

/** A new item: first in line, enabled. */
export const dictItemDefaults = { sortOrder: "1", status: "1" };
