// The input pop-up textarea: a one-line input whose button opens a textarea (200×150, 300×210 in
// grid cells) for longer text; the value is the textarea's text.
import { useState } from "react";
import { Button, Input, Popover } from "antd";
import FullscreenOutlined from "@ant-design/icons/FullscreenOutlined";
import { inputPopPreview, inputPopSize } from "./input-pop-logic";

export interface InputPopProps {
  value?: string;
  onChange?: (value: string) => void;
  id?: string;
  name?: string;
  title?: string;
  placeholder?: string;
  disabled?: boolean;
  /** Inside a grid cell: the larger textarea. */
  inCell?: boolean;
  "aria-label"?: string;
}

export function InputPop({ value = "", onChange, id, name, title = "请输入", placeholder, disabled, inCell = false, ...rest }: InputPopProps) {
  const [open, setOpen] = useState(false);
  const size = inputPopSize(inCell);
  return (
    <>
      <Popover
        open={open && !disabled}
        onOpenChange={setOpen}
        trigger="click"
        title={title}
        placement="bottomLeft"
        content={
          <Input.TextArea
            autoFocus
            aria-label={`${rest["aria-label"] ?? title}（多行）`}
            value={value}
            style={{ width: size.width, height: size.height, resize: "none" }}
            onChange={(event) => onChange?.(event.target.value)}
          />
        }
      >
        <Input
          id={id}
          aria-label={rest["aria-label"]}
          readOnly
          disabled={disabled}
          placeholder={placeholder}
          value={inputPopPreview(value)}
          suffix={<Button type="text" size="small" aria-label="展开编辑" icon={<FullscreenOutlined />} disabled={disabled} />}
        />
      </Popover>
      {name ? <input type="hidden" name={name} value={value} /> : null}
    </>
  );
}
