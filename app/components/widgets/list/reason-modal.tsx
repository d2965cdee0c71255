// The reason a row action asks for (冲销, 作废: issue #32 item 4): a required text, kept with the
// record's history. The backend refuses the action without one too.
import { useState } from "react";
import { Form, Input, Modal } from "antd";

export interface ReasonRequest {
  /** The dialog's title, e.g. 冲销原因. */
  title: string;
  /** The message when empty, e.g. 请输入冲销原因. */
  required: string;
  onOk: (reason: string) => void;
}

export function ReasonModal({ request, onClose }: { request: ReasonRequest; onClose: () => void }) {
  const [reason, setReason] = useState("");
  const [error, setError] = useState(false);
  return (
    <Modal
      open
      title={request.title}
      okText="确定"
      cancelText="取消"
      destroyOnHidden
      onCancel={onClose}
      onOk={() => {
        if (!reason.trim()) {
          setError(true);
          return;
        }
        request.onOk(reason.trim());
        onClose();
      }}
    >
      <Form layout="vertical">
        <Form.Item label="原因" required validateStatus={error ? "error" : undefined} help={error ? request.required : undefined}>
          <Input.TextArea
            aria-label="原因"
            rows={3}
            maxLength={255}
            autoFocus
            value={reason}
            onChange={(event) => {
              setReason(event.target.value);
              if (event.target.value.trim()) setError(false);
            }}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
