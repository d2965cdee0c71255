// Backend settings, read once from the environment (README lists each variable).
import { DEFAULT_SIGNATURE_SECRET } from "#contract/sign";
import { DEFAULT_SCHOOL_TIME_ZONE } from "#contract/clock";
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
  /**
   * SCHOOL_TIMEZONE, an IANA zone (default Asia/Shanghai): the one clock of the product
   * (docs/decisions/133) — every date-time on the wire, shown, printed or mailed, cron expressions,
   * fill-rule dates and resets, the school's day and term.
   */
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
   * REPORT_COST_LIMIT: the planner's estimate (EXPLAIN's total cost, the count and the page together)
   * above which a report is refused before it runs; unset: 20000 on PGlite, 5000000 on PostgreSQL
   * (docs/decisions/142).
   */
  reportCostLimit?: number;
  /**
   * PASSWORD_AES_KEY / PASSWORD_AES_IV: the AES key and IV (16 characters each; the key may be 24 or
   * 32) the JeecgBoot Vue 3 client encrypts sign-in passwords with; JeecgBoot's public defaults.
   */
  passwordCipher: PasswordCipher;
  /** PASSWORD_MAX_AGE_DAYS: a password older than this must be changed at the next sign-in (default 180). */
  passwordMaxAgeDays: number;
  /**
   * PERSONAL_DATA_KEYS: `id:secret,…`, the keys of personal data at rest, the current one first
   * (docs/decisions/119); unset: a key generated once into DATA_DIR.
   */
  personalDataKeys?: string;
  /** PERSONAL_DATA_HASH_KEY: the secret of the search hashes of personal data (never changes). */
  personalDataHashKey?: string;
  /**
   * LOG_RETENTION_DAYS: 系统日志 entries older than this are purged by the nightly job (issue #34
   * item 5, docs/decisions/121); never below LOG_RETENTION_MIN_DAYS (等保: at least six months).
   */
  logRetentionDays: number;
  /** The failure budget of a client address across all user names (docs/decisions/132). */
  signInAddressBudget: AddressBudgetRules;
  /** CAPTCHA_IMAGES_PER_MINUTE: captcha pictures one client address may ask for in 60 seconds (30). */
  captchaImagesPerMinute: number;
}

export interface AddressBudgetRules {
  /** LOGIN_ADDRESS_SLOW_AFTER: from this many failures of one address in 10 minutes on, it must wait (10). */
  slowAfterFailures: number;
  /** LOGIN_ADDRESS_FIRST_WAIT_SECONDS: the first wait; each further failure doubles it (1 s). */
  firstWaitSeconds: number;
  /** LOGIN_ADDRESS_LOCK_AFTER: this many failures of one address in 10 minutes lock it out (50) … */
  lockAfterFailures: number;
  /** LOGIN_ADDRESS_LOCK_MINUTES: … for this long (30 minutes). */
  lockMinutes: number;
}

/** The shortest time 系统日志 is kept, whatever LOG_RETENTION_DAYS says. */
export const LOG_RETENTION_MIN_DAYS = 180;

export function readBackendConfig(env: NodeJS.ProcessEnv = process.env): BackendConfig {
  return {
    signatureSecret: env.SIGNATURE_SECRET || DEFAULT_SIGNATURE_SECRET,
    sessionIdleMinutes: positiveNumber(env.SESSION_IDLE_MINUTES, 720),
    tokenLifetimeSeconds: 7 * 24 * 60 * 60,
    safeMode: env.SAFE_MODE === "true",
    schoolTimeZone: env.SCHOOL_TIMEZONE || DEFAULT_SCHOOL_TIME_ZONE,
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
    reportCostLimit: env.REPORT_COST_LIMIT ? positiveNumber(env.REPORT_COST_LIMIT, 0) || undefined : undefined,
    passwordCipher: passwordCipher(env),
    passwordMaxAgeDays: positiveNumber(env.PASSWORD_MAX_AGE_DAYS, 180),
    personalDataKeys: env.PERSONAL_DATA_KEYS || undefined,
    personalDataHashKey: env.PERSONAL_DATA_HASH_KEY || undefined,
    signInAddressBudget: {
      slowAfterFailures: Math.floor(positiveNumber(env.LOGIN_ADDRESS_SLOW_AFTER, 10)),
      firstWaitSeconds: positiveNumber(env.LOGIN_ADDRESS_FIRST_WAIT_SECONDS, 1),
      lockAfterFailures: Math.floor(positiveNumber(env.LOGIN_ADDRESS_LOCK_AFTER, 50)),
      lockMinutes: positiveNumber(env.LOGIN_ADDRESS_LOCK_MINUTES, 30),
    },
    captchaImagesPerMinute: Math.floor(positiveNumber(env.CAPTCHA_IMAGES_PER_MINUTE, 30)),
    logRetentionDays: Math.max(LOG_RETENTION_MIN_DAYS, Math.floor(positiveNumber(env.LOG_RETENTION_DAYS, LOG_RETENTION_MIN_DAYS))),
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
