// Third-party (OpenID Connect / OAuth2), CAS and work-chat sign-in: texts and wire shapes shared by
// the backend and the web (issue #17 parts 2-4, docs/decisions/051, 052).
import { z } from "zod";

export const ThirdLoginMessages = {
  providerUnknown: "未配置该第三方登录",
  stateInvalid: "登录状态无效或已过期，请重新登录",
  providerFailed: "第三方登录失败，请重新登录",
  ticketInvalid: "登录凭证无效或已过期，请重新登录",
  phoneBindRefused: "本系统不支持以短信验证码绑定第三方账号，请使用账号密码绑定",
  identityTaken: "该第三方账号已绑定其他账号",
  typeAlreadyBound: "该账号已绑定此类第三方账号，请先解绑",
  bound: "绑定成功",
  unbound: "解绑成功",
  notBound: "未绑定该第三方账号",
  casNotConfigured: "未配置CAS单点登录",
  casTicketUsed: "该CAS票据已使用，请重新登录",
  casTicketInvalid: "CAS票据校验失败，请重新登录",
  casUserMissing: "该用户不存在",
  /** docs/spec/app-shell.md §8: the expired session inside a work-chat app. */
  appSessionExpired: "登录已过期，正在重新登陆",
  appEnvRequired: "请在企业微信或钉钉中打开",
} as const;

/** A provider as the login page and 绑定 see it: never its URLs or secret. */
export const thirdProviderSchema = z.object({ type: z.string(), name: z.string() });
export type ThirdProvider = z.infer<typeof thirdProviderSchema>;

export const thirdBindingSchema = /* @__PURE__ */ thirdProviderSchema.extend({
  bound: z.boolean(),
  realname: z.string().nullish(),
  bindTime: z.string().nullish(),
});
export type ThirdBinding = z.infer<typeof thirdBindingSchema>;

/** The callback's answer: a one-time sign-in ticket (bound identity), a bind ticket, or done (bound from 绑定). */
export const thirdCallbackSchema = z.object({
  thirdType: z.string(),
  token: z.string().optional(),
  bindToken: z.string().optional(),
  realname: z.string().nullish(),
  bound: z.boolean().optional(),
});
export type ThirdCallback = z.infer<typeof thirdCallbackSchema>;

/**
 * The work-chat in-app browsers (docs/spec/app-shell.md §6): WeCom's user agent says `wxwork`,
 * DingTalk's `DingTalk`; each maps to the provider type that signs its users in.
 */
export function workChatTypeOf(userAgent: string | null | undefined): "wechat_enterprise" | "dingtalk" | null {
  if (!userAgent) return null;
  if (/wxwork/i.test(userAgent)) return "wechat_enterprise";
  if (/dingtalk/i.test(userAgent)) return "dingtalk";
  return null;
}
