// The named validation patterns of docs/spec/app-shell.md §5 and school-domain.md ("phone (pattern m)"),
// one place for the backend's body rules and the page's zod schema. Each is a whole-value match
// with the message the user sees.

export interface ValuePattern {
  regex: RegExp;
  message: string;
}

export const NAMED_PATTERNS = {
  /** Mainland mobile number (spec §5: 请输入正确手机号). */
  m: { regex: /^1[3-9]\d{9}$/, message: "请输入正确手机号" },
  /** E-mail address (spec §5: 邮箱格式不正确). */
  e: { regex: /^[^\s@]+@[^\s@]+\.[^\s@]+$/, message: "邮箱格式不正确" },
  /** Natural number. */
  n: { regex: /^\d+$/, message: "请输入自然数" },
  /** English letters. */
  s: { regex: /^[A-Za-z]+$/, message: "请输入英文字母" },
  /** Landline, e.g. 010-12345678. */
  tel: { regex: /^(0\d{2,3}-?)?\d{7,8}(-\d{1,6})?$/, message: "请输入正确的座机号码" },
  /** Bank card: 10 to 20 digits. */
  bankCard: { regex: /^\d{10,20}$/, message: "请输入正确的银行卡号" },
  /** An identity or passport number: up to 50 letters and digits. */
  idNumber: { regex: /^[A-Za-z0-9]{1,50}$/, message: "请输入正确的证件号码" },
  /** Mainland resident ID card (18 characters, last may be X). */
  idCard: { regex: /^\d{17}[\dXx]$/, message: "请输入正确的身份证号码" },
  /** QQ number. */
  qq: { regex: /^[1-9]\d{4,10}$/, message: "请输入正确的QQ号码" },
  /** An http or https address. */
  url: { regex: /^https?:\/\/\S+$/, message: "请输入正确的网址" },
  /** Up to 20 letters and digits. */
  alnum20: { regex: /^[A-Za-z0-9]{1,20}$/, message: "请输入20位以内的字母或数字" },
  /** 2 to 100 Chinese or English characters and spaces (a person's name). */
  name: { regex: /^[\u4e00-\u9fa5A-Za-z ·.'-]{2,100}$/, message: "请输入2到100位中英文字符" },
  /** A code: letters, digits and `_` (the characters of 通用编码规则, whose check rule adds the rest). */
  code: { regex: /^[A-Za-z0-9_]+$/, message: "编码只能由字母、数字、下划线组成" },
} as const satisfies Record<string, ValuePattern>;

export type PatternName = keyof typeof NAMED_PATTERNS;
