// Backend settings, read once from the environment (README lists each variable).
import { DEFAULT_SIGNATURE_SECRET } from "#contract/sign";
import { DEFAULT_CRON_TIMEZONE } from "#contract/cron";
import { JEECG_DEFAULT_AES, type PasswordCipher } from "./security/client-password";
import { parseProviders, type ProviderConfig } from "./modules/system/third-login/providers";

export interface BackendConfig {
  /** X-Sign secret shared with the clients (contract §3). */
  signatureSecret: string;
  /** A session ends after this many minutes without a request. */
  sessionIdleMinutes: number;
  /** Absolute token lifetime: the JWT `exp`, matching the web session cookie (7 days). */
  tokenLifetimeSeconds: number;
  /** `sysSafeMode` of the permission answer (jeecg.safeMode). */
  safeMode: boolean;
  /** The zone of the school's day (SCHOOL_TIMEZONE): cron expressions, fill-rule dates and resets. */
  schoolTimeZone: string;
  /** SMTP_URL, e.g. `smtp://user:pass@mail.example:587`; unset: mails are kept as 失败 (not configured). */
  smtpUrl?: string;
  /** MAIL_FROM, the sender of the school's mails. */
  mailFrom: string;
  /** DATA_SOURCE_KEY: the secret the data sources' passwords are encrypted with (any text). */
  dataSourceKey?: string;
  /** SMS_WEBHOOK_URL: 短信 messages are POSTed there as JSON; unset: they are only recorded (已记录). */
  smsWebhookUrl?: string;
  /** WECHAT_WEBHOOK_URL: the same for 微信 messages. */
  wechatWebhookUrl?: string;
  /** SELF_REGISTRATION=open: anyone may create an account at /user/register (closed by default). */
  selfRegistration: boolean;
  /** SELF_REGISTRATION_TENANT: the tenant (school) self-registered accounts join; 1 by default. */
  selfRegistrationTenant: number;
  /** THIRD_LOGIN_PROVIDERS: the OpenID Connect / OAuth2 providers of third-party sign-in (JSON array). */
  thirdLoginProviders: ProviderConfig[];
  /** CAS_URL, e.g. `https://cas.example/cas`: CAS single sign-on (tickets validated at its serviceValidate). */
  casUrl?: string;
  /** REPORT_TIMEOUT_MS: the statement timeout of an online report's queries (default 10 s). */
  reportTimeoutMs: number;
  /**
   * PASSWORD_AES_KEY / PASSWORD_AES_IV: the AES key and IV (16 characters each; the key may be 24 or
   * 32) the JeecgBoot Vue 3 client encrypts sign-in passwords with; JeecgBoot's public defaults.
   */
  passwordCipher: PasswordCipher;
  /** PASSWORD_MAX_AGE_DAYS: a password older than this must be changed at the next sign-in (default 180). */
  passwordMaxAgeDays: number;
}

export function readBackendConfig(env: NodeJS.ProcessEnv = process.env): BackendConfig {
  return {
    signatureSecret: env.SIGNATURE_SECRET || DEFAULT_SIGNATURE_SECRET,
    sessionIdleMinutes: positiveNumber(env.SESSION_IDLE_MINUTES, 720),
    tokenLifetimeSeconds: 7 * 24 * 60 * 60,
    safeMode: env.SAFE_MODE === "true",
    schoolTimeZone: env.SCHOOL_TIMEZONE || DEFAULT_CRON_TIMEZONE,
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM || "school@localhost",
    dataSourceKey: env.DATA_SOURCE_KEY || undefined,
    smsWebhookUrl: env.SMS_WEBHOOK_URL || undefined,
    wechatWebhookUrl: env.WECHAT_WEBHOOK_URL || undefined,
    selfRegistration: env.SELF_REGISTRATION === "open",
    selfRegistrationTenant: positiveNumber(env.SELF_REGISTRATION_TENANT, 1),
    thirdLoginProviders: parseProviders(env.THIRD_LOGIN_PROVIDERS),
    casUrl: env.CAS_URL || undefined,
    reportTimeoutMs: positiveNumber(env.REPORT_TIMEOUT_MS, 10_000),
    passwordCipher: passwordCipher(env),
    passwordMaxAgeDays: positiveNumber(env.PASSWORD_MAX_AGE_DAYS, 180),
  };
}

function passwordCipher(env: NodeJS.ProcessEnv): PasswordCipher {
  const cipher = { key: env.PASSWORD_AES_KEY || JEECG_DEFAULT_AES.key, iv: env.PASSWORD_AES_IV || JEECG_DEFAULT_AES.iv };
  if (![16, 24, 32].includes(Buffer.byteLength(cipher.key)) || Buffer.byteLength(cipher.iv) !== 16) {
    throw new Error("PASSWORD_AES_KEY must be 16, 24 or 32 bytes and PASSWORD_AES_IV 16 bytes");
  }
  return cipher;
}

function positiveNumber(text: string | undefined, fallback: number): number {
  const value = Number(text);
  return Number.isFinite(value) && value > 0 ? value : fallback;
}
