// 密码 on a user's row (JeecgBoot's PasswordModal, title 重新设置密码): the administrator sets a
// new password; the backend ends that user's other sessions. Checked by resetPasswordSchema here
// and again by the page's action (intent resetPassword).
import { Form, Input } from "antd";
import { PasswordDialog } from "~/components/shell/dialogs/password-dialog";
import { resetPasswordSchema } from "./users.schema";

const FIELDS = [
  { name: "password", label: "登录密码", placeholder: "请输入登录密码", autoComplete: "new-password" },
  { name: "confirmpassword", label: "确认密码", placeholder: "请重新输入登录密码", autoComplete: "new-password" },
] as const;

export function ResetPasswordDialog({ username, onClose }: { username: string | null; onClose: () => void }) {
  return (
    <PasswordDialog
      title="重新设置密码"
      open={!!username}
      onClose={onClose}
      fields={[...FIELDS]}
      schema={resetPasswordSchema}
      extra={{ intent: "resetPassword", username: username ?? "" }}
      header={
        <Form.Item label="用户账号">
          <Input value={username ?? ""} disabled />
        </Form.Item>
      }
    />
  );
}
