// 个人中心 and 账户设置 (issue #17 part 7, docs/decisions/053): what the account endpoints take and
// answer. The same zod schemas check the web app's forms and the backend's bodies.
import { z } from "zod";
import { NAMED_PATTERNS } from "./modules/patterns";

export { ACCOUNT_CENTER_PAGE, ACCOUNT_SETTINGS_PAGE, ACCOUNT_SETTINGS_TABS, type AccountSettingsTab } from "./account-pages";

export const ACCOUNT_API = {
  profile: "/sys/account/profile",
  avatar: "/sys/account/avatar",
  signIns: "/sys/account/signIns",
  preferences: "/sys/account/preferences",
  visit: "/sys/account/visit",
} as const;

export const AccountMessages = {
  realnameRequired: "请输入姓名",
  realnameTooLong: "姓名不能超过100个字符",
  phoneTaken: "该手机号已被其他账号使用",
  emailTaken: "该邮箱已被其他账号使用",
  saved: "保存成功！",
  avatarSaved: "头像已更新",
  avatarInvalid: "头像地址无效",
  preferencesSaved: "设置已保存",
} as const;

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .optional()
    .transform((value) => (value ? value : null));

/** 基本设置: only the user's own descriptive fields; never roles, tenants, departments or status. */
export const profileFormSchema = z
  .object({
    realname: z.string({ error: AccountMessages.realnameRequired }).trim().min(1, AccountMessages.realnameRequired).max(100, AccountMessages.realnameTooLong),
    email: optionalText(45).refine((value) => value === null || NAMED_PATTERNS.e.regex.test(value), NAMED_PATTERNS.e.message),
    phone: optionalText(45).refine((value) => value === null || NAMED_PATTERNS.m.regex.test(value), NAMED_PATTERNS.m.message),
    telephone: optionalText(45).refine((value) => value === null || NAMED_PATTERNS.tel.regex.test(value), NAMED_PATTERNS.tel.message),
    sex: z
      .union([z.literal(""), z.literal("1"), z.literal("2"), z.literal(1), z.literal(2)])
      .optional()
      .transform((value) => (value === "" || value === undefined ? null : Number(value))),
    birthday: optionalText(10).refine((value) => value === null || /^\d{4}-\d{2}-\d{2}$/.test(value), "日期格式不正确"),
  })
  .strict();
export type ProfileForm = z.infer<typeof profileFormSchema>;

/** What GET profile answers: the user's own record (no secrets). */
export interface AccountProfile {
  id: string;
  username: string;
  realname: string | null;
  avatar: string | null;
  email: string | null;
  phone: string | null;
  telephone: string | null;
  sex: number | null;
  birthday: string | null;
  workNo: string | null;
  post: string | null;
  /** Names, for 个人中心 only. */
  departs: string[];
  roles: string[];
  createTime: string | null;
}

export const avatarSchema = z.object({
  /** A path answered by the upload endpoint (relative, under the static files), never a foreign URL. */
  avatar: z
    .string()
    .trim()
    .max(255)
    .regex(/^[\w\-./]+\.(png|jpe?g|webp)$/i, AccountMessages.avatarInvalid)
    .refine((value) => !value.includes(".."), AccountMessages.avatarInvalid),
});

/** 新消息通知: which notices reach the user, and how. */
export const notifyPreferencesSchema = z
  .object({
    /** 系统消息 in the bell. */
    systemMessage: z.boolean().default(true),
    /** 通知公告 pop-ups at the bottom right. */
    announcementPopup: z.boolean().default(true),
    /** 待办任务 (sign-ups, vouchers…) counted in 工作台. */
    pendingTasks: z.boolean().default(true),
    /** E-mail copies of notices sent to the user. */
    emailCopy: z.boolean().default(false),
  })
  .strict();

/** 个性化: the layout settings of app-shell.md §3 that the user keeps. */
export const customPreferencesSchema = z
  .object({
    theme: z.enum(["light", "dark"]).default("light"),
    layout: z.enum(["sidemenu", "topmenu"]).default("sidemenu"),
    primaryColor: z
      .string()
      .regex(/^#[0-9A-Fa-f]{6}$/)
      .default("#1890FF"),
    multipage: z.boolean().default(true),
    colorWeak: z.boolean().default(false),
    fixedHeader: z.boolean().default(false),
  })
  .strict();

export const preferencesSchema = z.object({
  notify: notifyPreferencesSchema.default(notifyPreferencesSchema.parse({})),
  custom: customPreferencesSchema.default(customPreferencesSchema.parse({})),
});
/** GET preferences: both parts, and whether the user ever saved his 个性化 (else the browser's own settings stay). */
export const preferencesAnswerSchema = /* @__PURE__ */ preferencesSchema.extend({ customSaved: z.boolean().default(false) });
export type Preferences = z.infer<typeof preferencesSchema>;
export type NotifyPreferences = z.infer<typeof notifyPreferencesSchema>;
export type CustomPreferences = z.infer<typeof customPreferencesSchema>;
/** PUT preferences: either part, or both. */
export const preferencesUpdateSchema = z.object({ notify: notifyPreferencesSchema.optional(), custom: customPreferencesSchema.optional() }).strict();

/** 安全设置 → 最近登录. */
export interface SignInEntry {
  time: string;
  ip: string | null;
  browser: string | null;
  /** The log's text: 登录成功 / the reason of a failure. */
  content: string;
}
export const RECENT_SIGN_INS = 10;

export const visitSchema = z.object({ path: z.string().regex(/^\/[\w\-/]{0,254}$/) });
