// 密码 on a user's row (JeecgBoot's PasswordModal, title 重新设置密码): the administrator sets a
// new password; the backend ends that user's other sessions. Checked by resetPasswordSchema here
// and again by the page's action.
import { useEffect, useState } from "react";
import { useFetcher } from "react-router";
import { App, Form, Input, Modal } from "antd";
import { fieldErrors } from "#contract/auth";
import { useFailureFeedback } from "~/components/feedback/failure-feedback";
import { useFetcherAnswer } from "~/components/feedback/use-fetcher-answer";
import type { ListActionResult } from "~/services/list.server";
import { resetPasswordSchema } from "./users.data";

export function ResetPasswordDialog({ username, onClose }: { username: string | null; onClose: () => void }) {
  const fetcher = useFetcher<ListActionResult>();
  const { message } = App.useApp();
  const [form] = Form.useForm();
  const [errors, setErrors] = useState<Record<string, string>>({});
  useFailureFeedback(fetcher.data);

  useEffect(() => {
    if (!username) return;
    form.resetFields();
    setErrors({});
  }, [username, form]);

  useFetcherAnswer(fetcher, (answer) => {
    if (answer.intent !== "resetPassword") return;
    if (answer.ok) {
      void message.success(answer.message);
      onClose();
    } else if (answer.fieldErrors) setErrors(answer.fieldErrors);
    else if (answer.message) void message.warning(answer.message);
  });

  const submit = () => {
    const entered = form.getFieldsValue() as Record<string, string | undefined>;
    const values = { username: username ?? "", password: entered.password ?? "", confirmpassword: entered.confirmpassword ?? "" };
    const checked = resetPasswordSchema.safeParse(values);
    if (!checked.success) {
      setErrors(fieldErrors(checked.error));
      return;
    }
    setErrors({});
    void fetcher.submit({ intent: "resetPassword", values: JSON.stringify(values) }, { method: "post" });
  };

  const item = (name: string, label: string) => ({ name, label, required: true, validateStatus: errors[name] ? ("error" as const) : undefined, help: errors[name] });
  return (
    <Modal
      title="重新设置密码"
      open={!!username}
      width={600}
      onCancel={onClose}
      onOk={submit}
      okText="确定"
      cancelText="取消"
      confirmLoading={fetcher.state !== "idle"}
      destroyOnHidden
    >
      <Form form={form} labelCol={{ span: 5 }} wrapperCol={{ span: 17 }} onFinish={submit} name="reset-password">
        <Form.Item label="用户账号">
          <Input value={username ?? ""} disabled />
        </Form.Item>
        <Form.Item {...item("password", "登录密码")}>
          <Input.Password placeholder="请输入登录密码" autoComplete="new-password" />
        </Form.Item>
        <Form.Item {...item("confirmpassword", "确认密码")}>
          <Input.Password placeholder="请重新输入登录密码" autoComplete="new-password" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
