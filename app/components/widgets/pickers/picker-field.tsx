// The field of a picker: the chosen values as tags (removable), and the 选择 button that opens
// the picker's modal. The value is comma-joined (docs/spec/widgets.md §9 picker separator comma).
// The field looks like a dropdown, so it acts as one: a click on it (not on a tag's remove or the
// clear icon), Enter, Space or ArrowDown open the picker too.
import { Button, Select, Space } from "antd";
import SearchOutlined from "@ant-design/icons/SearchOutlined";
import { splitValues } from "../dict-select/dict-options";
import { HiddenValue } from "../dict-select/widget-parts";

export interface PickerFieldProps {
  value: string;
  labels: Readonly<Record<string, string>>;
  placeholder: string;
  disabled?: boolean;
  name?: string;
  id?: string;
  className?: string;
  style?: React.CSSProperties;
  onOpen: () => void;
  /** Tags removed or cleared in the field: the values that remain. */
  onRemove: (remaining: string[]) => void;
}

const OPEN_KEYS = new Set(["Enter", " ", "ArrowDown"]);

export function PickerField({ value, labels, placeholder, disabled, name, id, className, style, onOpen, onRemove }: PickerFieldProps) {
  const values = splitValues(value);
  return (
    <>
      <Space.Compact className={className} style={{ width: "100%", ...style }}>
        <Select<string[]>
          id={id}
          onClick={(event: React.MouseEvent<HTMLElement>) => {
            if (disabled || (event.target as HTMLElement).closest(".ant-select-selection-item-remove, .ant-select-clear")) return;
            onOpen();
          }}
          onKeyDown={(event: React.KeyboardEvent<HTMLElement>) => {
            if (disabled || !OPEN_KEYS.has(event.key)) return;
            event.preventDefault();
            onOpen();
          }}
          mode="multiple"
          open={false}
          style={{ flex: 1, minWidth: 0 }}
          value={values}
          options={values.map((part) => ({ value: part, label: labels[part] ?? part }))}
          placeholder={placeholder}
          disabled={disabled}
          allowClear
          onChange={(remaining) => onRemove(remaining ?? [])}
        />
        <Button type="primary" icon={<SearchOutlined />} disabled={disabled} onClick={onOpen}>
          选择
        </Button>
      </Space.Compact>
      <HiddenValue name={name} value={value} />
    </>
  );
}
