// A form field holding a cron expression: type it, or build it in the cron modal.
import { useState } from "react";
import { Button, Input, Space } from "antd";
import { CronModal } from "./cron-modal";

export interface CronInputProps {
  value?: string;
  onChange?(value: string): void;
  timezone?: string;
  placeholder?: string;
}

export function CronInput({ value = "", onChange, timezone, placeholder = "请输入Cron表达式" }: CronInputProps) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Space.Compact style={{ width: "100%" }}>
        <Input value={value} placeholder={placeholder} onChange={(event) => onChange?.(event.target.value)} />
        <Button onClick={() => setOpen(true)}>选择</Button>
      </Space.Compact>
      <CronModal
        open={open}
        value={value}
        timezone={timezone}
        onCancel={() => setOpen(false)}
        onOk={(expression) => {
          onChange?.(expression);
          setOpen(false);
        }}
      />
    </>
  );
}
