// A password form in a modal: 修改密码 (the user's own, docs/spec/app-shell.md §2 Dialogs, §5) and
// 重新设置密码 (an administrator's reset on 用户管理). Checked by the caller's zod schema here and
// again by the action it posts to; the answer's field errors go under their fields.
import { useState, type ReactNode } from "react";
import { useFetcher } from "react-router";
import { App, Form, Input, Modal } from "antd";
import type { z } from "zod";
import { fieldErrors } from "#contract/auth";
import { useFailureFeedback } from "../feedback/failure-feedback";
import { useFetcherAnswer } from "../feedback/use-fetcher-answer";
import type { Failure } from "~/services/api-errors";

export interface PasswordField {
  name: string;
  label: string;
  placeholder: string;
  autoComplete: "current-password" | "new-password";
}

type Answer = { ok: boolean; message?: string; fieldErrors?: Record<string, string>; failure?: Failure };

export interface PasswordDialogProps {
  title: string;
  open: boolean;
  onClose: () => void;
  fields: PasswordField[];
  schema: z.ZodType<Record<string, string>>;
  /** Posted with the fields (e.g. `intent`, the user name). */
  extra?: Record<string, string>;
  /** The route action to post to; default the page's own. */
  action?: string;
  /** Shown above the fields (e.g. the account being reset). */
  header?: ReactNode;
}

export function PasswordDialog({ title, open, onClose, fields, schema, extra = {}, action, header }: PasswordDialogProps) {
  const fetcher = useFetcher<Answer>();
  const { message } = App.useApp();
  const [form] = Form.useForm();
  const [errors, setErrors] = useState<Record<string, string>>({});
  useFailureFeedback(fetcher.data);

  useFetcherAnswer(fetcher, (answer) => {
    if (answer.ok) {
      void message.success(answer.message ?? "");
      onClose();
    } else if (answer.fieldErrors && Object.keys(answer.fieldErrors).length > 0) setErrors(answer.fieldErrors);
    else if (answer.message) void message.warning(answer.message);
  });

  const submit = () => {
    const entered = form.getFieldsValue() as Record<string, string | undefined>;
    const values = { ...extra, ...Object.fromEntries(fields.map((field) => [field.name, entered[field.name] ?? ""])) };
    const checked = schema.safeParse(values);
    if (!checked.success) {
      setErrors(fieldErrors(checked.error));
      return;
    }
    setErrors({});
    void fetcher.submit({ ...extra, ...checked.data }, { method: "post", ...(action ? { action } : {}) });
  };

  return (
    <Modal
      title={title}
      open={open}
      width={600}
      onCancel={onClose}
      onOk={submit}
      okText="确定"
      cancelText="取消"
      confirmLoading={fetcher.state === "submitting"}
      destroyOnHidden
      // Cleared once closed, so the next opening starts empty: not in an effect after it opens, which
      // would wipe what was typed at once (docs/decisions/195).
      afterClose={() => {
        form.resetFields();
        setErrors({});
      }}
    >
      <Form form={form} labelCol={{ span: 5 }} wrapperCol={{ span: 17 }} onFinish={submit}>
        {header}
        {fields.map((field, index) => (
          <Form.Item
            key={field.name}
            name={field.name}
            label={field.label}
            required
            validateStatus={errors[field.name] ? "error" : undefined}
            help={errors[field.name]}
          >
            <Input.Password placeholder={field.placeholder} autoComplete={field.autoComplete} onPressEnter={index === fields.length - 1 ? submit : undefined} />
          </Form.Item>
        ))}
      </Form>
    </Modal>
  );
}
