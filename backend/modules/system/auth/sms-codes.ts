// Codes sent by SMS (issue #17 parts 1 and 6; docs/decisions/049-phone-codes.md): 6 digits, one per
// phone per minute, valid 10 minutes, stored as a salted SHA-256 in sys_sms_code, each answering at
// most 5 checks and spent when used. Each rule is one SQL statement, so concurrent requests (and
// several backend instances on one database) agree. The SMS goes through the 短信 sender of the
// messages (message-senders.ts) and is kept as a sys_message row: 已记录, code readable by an
// administrator, while no sender is configured; 已发送 with the code masked once one is. A code is
// kept under the phone's keyed search hash, never the phone (docs/decisions/155).
import { createHash, randomBytes, randomInt, timingSafeEqual } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { MessageChannel, MessageStatus } from "#contract/modules/message";
import { PhoneTexts, SMS_CODE_RULES, type SmsModeCode } from "#contract/phone-auth";
import type { Database } from "../../../db/client";
import { newId } from "../../../db/ids";
import { sysMessage, sysSmsCode } from "../../../db/schema";
import type { BackendServices } from "../../../services";
import { notConfiguredText, senderFor } from "../../communication/message/message-senders";
import { receiverValues } from "../../communication/message/sms-receiver";
import { searchHash } from "../../../security/personal-data";

/**
 * The lockout key of a phone in sys_login_failure / sys_login_lock (not a possible username): the
 * phone's search hash, not the phone (docs/decisions/155).
 */
export function phoneLockKey(mobile: string): string {
  return `sms:${codeKey(mobile)}`;
}

function digest(salt: string, mobile: string, code: string): string {
  return createHash("sha256").update(`${salt}:${mobile}:${code}`).digest("hex");
}

/** The key of a phone's code in sys_sms_code: the phone's search hash (docs/decisions/155). */
function codeKey(mobile: string): string {
  return searchHash("phone", mobile) ?? "";
}

export type CodeCheck = "ok" | "wrong";

/**
 * A new code for `mobile`, or null while the phone's last code is younger than a minute. The
 * upsert's condition decides atomically: of concurrent requests exactly one gets a code.
 */
export async function issueCode(db: Database, mobile: string, mode: SmsModeCode): Promise<string | null> {
  const code = String(randomInt(0, 10 ** SMS_CODE_RULES.length)).padStart(SMS_CODE_RULES.length, "0");
  const salt = randomBytes(16).toString("hex");
  const hash = digest(salt, mobile, code);
  const rows = await db.rows<{ mobile_hash: string }>(sql`
    INSERT INTO sys_sms_code (mobile_hash, mode, code_hash, salt, attempts, sent_at, expires_at)
    VALUES (${codeKey(mobile)}, ${mode}, ${hash}, ${salt}, 0, now(), now() + make_interval(secs => ${SMS_CODE_RULES.ttlSeconds}))
    ON CONFLICT (mobile_hash) DO UPDATE SET
      mode = excluded.mode, code_hash = excluded.code_hash, salt = excluded.salt, attempts = 0,
      sent_at = excluded.sent_at, expires_at = excluded.expires_at
    WHERE sys_sms_code.sent_at <= now() - make_interval(secs => ${SMS_CODE_RULES.resendSeconds})
    RETURNING mobile_hash`);
  return rows.length > 0 ? code : null;
}

/** Forgets the phone's code (its SMS could not be sent: the user may ask again at once). */
export async function dropCode(db: Database, mobile: string): Promise<void> {
  await db.orm.delete(sysSmsCode).where(eq(sysSmsCode.mobileHash, codeKey(mobile)));
}

/**
 * Checks `code` for the phone and mode. Every check counts (atomically) against the code's 5; an
 * expired, spent or exhausted code is wrong whatever is typed. `spend` uses the code up: of
 * concurrent right answers only one succeeds.
 */
export async function checkCode(
  db: Database,
  mobile: string,
  mode: SmsModeCode,
  code: string,
  { spend }: { spend: boolean },
): Promise<CodeCheck> {
  const [row] = await db.rows<{ code_hash: string; salt: string }>(sql`
    UPDATE sys_sms_code SET attempts = attempts + 1
    WHERE mobile_hash = ${codeKey(mobile)} AND mode = ${mode} AND expires_at > now() AND attempts < ${SMS_CODE_RULES.maxAttempts}
    RETURNING code_hash, salt`);
  if (!row || !/^\d+$/.test(code)) return "wrong";
  const typed = Buffer.from(digest(row.salt, mobile, code));
  if (!timingSafeEqual(typed, Buffer.from(row.code_hash))) return "wrong";
  if (!spend) return "ok";
  const spent = await db.orm
    .delete(sysSmsCode)
    .where(and(eq(sysSmsCode.mobileHash, codeKey(mobile)), eq(sysSmsCode.codeHash, row.code_hash)))
    .returning({ mobile: sysSmsCode.mobileHash });
  return spent.length > 0 ? "ok" : "wrong";
}

/**
 * Sends the code by SMS and keeps the message (tenant `tenantId`, so that tenant's administrators
 * see it under 消息). False when the sender refused it.
 */
export async function sendCode(services: BackendServices, mobile: string, code: string, tenantId: number): Promise<boolean> {
  const sender = senderFor(MessageChannel.sms, services.config);
  const content = PhoneTexts.smsContent(code);
  const id = newId();
  const now = new Date();
  let status: string = MessageStatus.recorded;
  let result = notConfiguredText(MessageChannel.sms);
  if (sender) {
    try {
      await sender.send({ channel: MessageChannel.sms, receiver: mobile, title: PhoneTexts.smsTitle, content });
      status = MessageStatus.sent;
      result = sender.name;
    } catch (error) {
      status = MessageStatus.failed;
      result = `${sender.name}: ${error instanceof Error ? error.message : String(error)}`;
    }
  }
  await services.db.orm.insert(sysMessage).values({
    id,
    tenantId,
    templateCode: "sms_code",
    esType: MessageChannel.sms,
    ...receiverValues(MessageChannel.sms, mobile),
    esTitle: PhoneTexts.smsTitle,
    // Only a recorded (unsent) SMS keeps its code: the development reading of docs/decisions/049.
    esContent: status === MessageStatus.recorded ? content : PhoneTexts.smsContent("******"),
    esSendStatus: status,
    esSendTime: status === MessageStatus.sent ? now : null,
    esResult: result,
    createBy: "system",
    createTime: now,
  });
  return status !== MessageStatus.failed;
}
