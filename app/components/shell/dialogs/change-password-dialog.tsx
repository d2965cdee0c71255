// 修改密码 (docs/spec/app-shell.md §2 Dialogs, §5 rules): the user's own password, checked by the
// shared zod schema here and again by /api/account/password; the backend checks the old one.
import { changePasswordFormSchema } from "#contract/auth";
import { PasswordDialog } from "./password-dialog";

const FIELDS = [
  { name: "oldpassword", label: "旧密码", placeholder: "请输入旧密码", autoComplete: "current-password" },
  { name: "password", label: "新密码", placeholder: "请输入新密码", autoComplete: "new-password" },
  { name: "confirmpassword", label: "确认新密码", placeholder: "请确认新密码", autoComplete: "new-password" },
] as const;

export function ChangePasswordDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  return <PasswordDialog title="修改密码" open={open} onClose={onClose} fields={[...FIELDS]} schema={changePasswordFormSchema} action="/api/account/password" />;
}
