// 用户管理's zod schemas: checked by the browser before posting (loaded with the form, so that zod
// stays out of the list's first paint: decision 063) and by the action before calling the backend.
import { z } from "zod";
import { passwordProblem } from "#contract/password-policy";
import { isMasked } from "#contract/modules/sensitive";

const MOBILE = /^1[3-9]\d{9}$/;
const EMAIL = /^[\w.+-]+@[\w-]+(\.[\w-]+)+$/;
/** JeecgBoot's user password rule: 8+ characters with letters, digits and a symbol. */

/**
 * A phone or e-mail shown masked (no 查看敏感信息, docs/decisions/136) is saved unchanged: the
 * backend keeps the stored value for a masked one.
 */
const optionalSensitive = (pattern: RegExp, message: string) =>
  z
    .string()
    .trim()
    .refine((value) => value === "" || isMasked(value) || pattern.test(value), message);

const userBase = {
  username: z
    .string()
    .trim()
    .min(1, "请输入用户账号!")
    .regex(/^[A-Za-z0-9_]+$/, "只允许字母、数字、下划线"),
  realname: z.string().trim().min(1, "请输入用户名称!").max(100, "最大长度100位字符"),
  workNo: z.string().trim().min(1, "请输入工号").max(100, "最大长度100位字符"),
  sex: z.string().default(""),
  birthday: z.string().default(""),
  phone: optionalSensitive(MOBILE, "请输入正确的手机号码!").default(""),
  email: optionalSensitive(EMAIL, "请输入正确格式的电子邮件!").default(""),
  telephone: z.string().trim().max(45, "最大长度45位字符").default(""),
  post: z.string().default(""),
  selectedroles: z.string().default(""),
  selecteddeparts: z.string().default(""),
};

/** Adding a user also sets the password; editing never does (the backend keeps the hash). */
export const userFormSchema = z
  .object({
    ...userBase,
    password: z.string().optional(),
    confirmpassword: z.string().optional(),
    id: z.string().optional(),
  })
  .superRefine((form, context) => {
    if (form.id) return;
    if (!form.password)
      context.addIssue({
        code: "custom",
        path: ["password"],
        message: "请输入密码!",
      });
    else {
      const problem = passwordProblem(form.password, form.username);
      if (problem) context.addIssue({ code: "custom", path: ["password"], message: problem });
    }
    if (!form.confirmpassword)
      context.addIssue({
        code: "custom",
        path: ["confirmpassword"],
        message: "请重新输入登录密码!",
      });
    else if (form.password !== form.confirmpassword)
      context.addIssue({
        code: "custom",
        path: ["confirmpassword"],
        message: "两次输入的密码不一样！",
      });
  });

/** 密码 (the administrator's reset, JeecgBoot's PasswordModal): the same strength rule as adding. */
export const resetPasswordSchema = z
  .object({
    username: z.string().min(1, "请选择用户"),
    password: z.string().min(1, "请输入登录密码!"),
    confirmpassword: z.string().min(1, "请重新输入登录密码!"),
  })
  .superRefine((form, context) => {
    const problem = form.password ? passwordProblem(form.password, form.username) : null;
    if (problem) context.addIssue({ code: "custom", path: ["password"], message: problem });
    if (form.confirmpassword && form.password !== form.confirmpassword)
      context.addIssue({ code: "custom", path: ["confirmpassword"], message: "两次输入的密码不一样！" });
  });
