// Phone codes, phone sign-in, registration and the account alteration (issue #17 parts 1, 5, 6;
// docs/spec/app-shell.md §2, §5; api-contract.md §2 "SMS login"; docs/decisions/049, 050).
import { z } from "zod";
import { Messages } from "./messages";
import { passwordProblem } from "./password-policy";

/** `smsmode` of POST /sys/sms. */
export const SmsMode = { login: "0", register: "1", forgot: "2" } as const;
export type SmsModeCode = (typeof SmsMode)[keyof typeof SmsMode];

export const SMS_CODE_RULES = {
  /** A code lives this long … */
  ttlSeconds: 600,
  /** … a phone gets at most one code in this time … */
  resendSeconds: 60,
  /** … and a code answers this many checks, right or wrong. */
  maxAttempts: 5,
  length: 6,
} as const;

export const PhoneTexts = {
  // api-contract.md §2, verbatim (the leading spaces are the original's)
  mobileEmpty: "手机号不允许为空！",
  codeStillValid: "验证码10分钟内，仍然有效！",
  mobileRegistered: " 手机号已经注册，请直接登录！",
  noUserForMobile: "该用户不存在或未绑定手机号",
  sendFailed: "短信验证码发送失败,请稍后重试",
  codeWrong: "手机验证码错误",
  // the original's SysUserController (register, phoneVerification, passwordChange)
  usernameTaken: "用户名已注册",
  emailTaken: "邮箱已被注册",
  registered: "注册成功",
  passwordReset: "密码重置完成！",
  // ours
  codeSent: "验证码已发送，10分钟内有效",
  codeRequired: "请输入验证码",
  registrationClosed: "系统未开放自助注册，请联系管理员",
  /** The SMS itself. */
  smsTitle: "短信验证码",
  smsContent: (code: string) => `您的验证码是${code}，10分钟内有效，请勿泄露给他人。`,
} as const;

/** docs/spec/app-shell.md §5: 1[3,4,5,7,8] and nine digits. */
export const MOBILE_PATTERN = /^1[34578]\d{9}$/;
/** The rule's 4–18 (the message says 6 to 18: both readings kept, docs/decisions/050). */
export const USERNAME_PATTERN = /^[A-Za-z0-9_]+$/;
export const USERNAME_MIN = 4;
export const USERNAME_MAX = 18;

const mobile = z.string().trim().min(1, Messages.mobileRequired).regex(MOBILE_PATTERN, Messages.mobilePattern);
const code = z.string().trim().min(1, PhoneTexts.codeRequired);

/** The 获取验证码 submission of every phone form: the phone alone. */
export const smsRequestFormSchema = z.object({ mobile });

/** 手机号登录. */
export const phoneLoginFormSchema = z.object({ mobile, captcha: code });

/** /user/register: phone and code, username, password (the policy), optional e-mail. */
export const registerFormSchema = z
  .object({
    mobile,
    smscode: code,
    username: z
      .string()
      .trim()
      .min(1, Messages.usernameRequired)
      .regex(USERNAME_PATTERN, Messages.usernamePattern)
      .refine((value) => value.length >= USERNAME_MIN && value.length <= USERNAME_MAX, Messages.usernameLength),
    email: z
      .string()
      .trim()
      .refine((value) => value === "" || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value), Messages.emailPattern)
      .default(""),
    password: z.string().min(1, Messages.passwordRequired),
    confirmpassword: z.string().min(1, Messages.confirmPasswordRequired),
  })
  .superRefine((form, context) => {
    const problem = form.password ? passwordProblem(form.password, form.username) : null;
    if (problem) context.addIssue({ code: "custom", path: ["password"], message: problem });
    if (form.confirmpassword && form.password !== form.confirmpassword)
      context.addIssue({ code: "custom", path: ["confirmpassword"], message: Messages.confirmPasswordMismatch });
  });

/** /user/alteration step 2: the phone's code. */
export const alterationVerifyFormSchema = z.object({ mobile, smscode: code });

/** /user/alteration step 3: the new password (the policy; not the username, known to the server). */
export const alterationPasswordFormSchema = z
  .object({
    password: z.string().min(1, Messages.passwordRequired),
    confirmpassword: z.string().min(1, Messages.confirmPasswordRequired),
  })
  .superRefine((form, context) => {
  const password = form.password;
  const problem = password ? passwordProblem(password) : null;
  if (problem) context.addIssue({ code: "custom", path: ["password"], message: problem });
  if (form.confirmpassword && password !== form.confirmpassword)
    context.addIssue({ code: "custom", path: ["confirmpassword"], message: Messages.confirmPasswordMismatch });
});
