// The cron modal (docs/spec/widgets.md §2, §9: width 608): the tabbed editor over a draft that 确定
// hands back and 取消 drops.
import { useState } from "react";
import { Modal } from "antd";
import { formatExpression, parseExpression } from "./cron-logic";
import { CronEditor } from "./cron-editor";
import { useOpening } from "~/lib/use-opening";

export const CRON_MODAL_WIDTH = 608;

export interface CronModalProps {
  open: boolean;
  value: string;
  timezone?: string;
  onOk(expression: string): void;
  onCancel(): void;
}

export function CronModal({ open, value, timezone, onOk, onCancel }: CronModalProps) {
  const [draft, setDraft] = useState(value);
  // Each opening starts from the field's expression, or the defaults when it has none.
  useOpening(open, () => setDraft(value.trim() || formatExpression(parseExpression(value))));
  return (
    <Modal title="Cron表达式" open={open} width={CRON_MODAL_WIDTH} onOk={() => onOk(draft.trim())} onCancel={onCancel} destroyOnHidden okText="确定" cancelText="取消">
      <CronEditor value={draft} onChange={setDraft} timezone={timezone} />
    </Modal>
  );
}
