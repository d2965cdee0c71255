// 修改密码 (spec/app-shell.md §2 Dialogs, §5 rules): validated by the shared zod schema here and
// again by the action; the backend checks the old password.
import { useEffect, useState } from "react";
import { useFetcher } from "react-router";
import { App, Form, Input, Modal } from "antd";
import { changePasswordFormSchema, fieldErrors } from "#contract/auth";
import { useFailureFeedback } from "../feedback/failure-feedback";
import { useFetcherAnswer } from "../feedback/use-fetcher-answer";
import type { action } from "~/routes/api/account-password";

export function ChangePasswordDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const fetcher = useFetcher<typeof action>();
  const { message } = App.useApp();
  const [form] = Form.useForm();
  const [errors, setErrors] = useState<Record<string, string>>({});
  useFailureFeedback(fetcher.data);

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    setErrors({});
  }, [open, form]);

  useFetcherAnswer(fetcher, (answer) => {
    if (answer.ok) {
      void message.success(answer.message);
      onClose();
    } else if ("fieldErrors" in answer && answer.fieldErrors) setErrors(answer.fieldErrors);
    else if ("message" in answer && answer.message) void message.warning(answer.message);
  });

  const submit = () => {
    const entered = form.getFieldsValue() as Record<string, string | undefined>;
    const values = {
      oldpassword: entered.oldpassword ?? "",
      password: entered.password ?? "",
      confirmpassword: entered.confirmpassword ?? "",
    };
    const checked = changePasswordFormSchema.safeParse(values);
    if (!checked.success) {
      setErrors(fieldErrors(checked.error));
      return;
    }
    setErrors({});
    void fetcher.submit(checked.data, { method: "post", action: "/api/account/password" });
  };

  const item = (name: string, label: string) => ({
    name,
    label,
    validateStatus: errors[name] ? ("error" as const) : undefined,
    help: errors[name],
  });

  return (
    <Modal
      title="修改密码"
      open={open}
      width={600}
      onCancel={onClose}
      onOk={submit}
      okText="确定"
      cancelText="取消"
      confirmLoading={fetcher.state !== "idle"}
      destroyOnHidden
    >
      <Form form={form} labelCol={{ span: 5 }} wrapperCol={{ span: 17 }} onFinish={submit}>
        <Form.Item {...item("oldpassword", "旧密码")}>
          <Input.Password placeholder="请输入旧密码" autoComplete="current-password" />
        </Form.Item>
        <Form.Item {...item("password", "新密码")}>
          <Input.Password placeholder="请输入新密码" autoComplete="new-password" />
        </Form.Item>
        <Form.Item {...item("confirmpassword", "确认新密码")}>
          <Input.Password placeholder="请确认新密码" autoComplete="new-password" onPressEnter={submit} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
