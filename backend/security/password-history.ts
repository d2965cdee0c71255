// Passwords that age and are not repeated (issue #34 item 3, docs/decisions/088): every path that
// sets a password (self-change, the first sign-in's change, an administrator's 密码, the phone's
// reset, `npm run admin:reset-password`) refuses one of the account's last PASSWORD_HISTORY_SIZE
// passwords and records the new one; a password older than PASSWORD_MAX_AGE_DAYS must be changed
// at the next sign-in by password (auth/sign-in.ts).
import { sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { newId } from "../db/ids";
import { verifyPassword } from "./password";

/** How many of an account's last passwords a new one may not repeat (its current one included). */
export const PASSWORD_HISTORY_SIZE = 5;

/** Is `plain` the account's current password or one of its last ones? */
export async function isRecentPassword(db: Pick<Database, "rows">, userId: string, plain: string): Promise<boolean> {
  const rows = await db.rows<{ password: string | null }>(sql`
    (SELECT password, 0 AS at, now() AS create_time FROM sys_user WHERE id = ${userId})
    UNION ALL
    (SELECT password, 1 AS at, create_time FROM sys_user_password_history WHERE user_id = ${userId} ORDER BY create_time DESC LIMIT ${PASSWORD_HISTORY_SIZE})
    ORDER BY at, create_time DESC`);
  const hashes = [...new Set(rows.map((row) => row.password).filter((hash): hash is string => Boolean(hash)))].slice(0, PASSWORD_HISTORY_SIZE);
  for (const hash of hashes) if (await verifyPassword(plain, hash)) return true;
  return false;
}

/** Keeps the new hash in the account's history (the last PASSWORD_HISTORY_SIZE only). */
export async function rememberPassword(db: Pick<Database, "rows">, userId: string, hash: string): Promise<void> {
  await db.rows(sql`INSERT INTO sys_user_password_history (id, user_id, password) VALUES (${newId()}, ${userId}, ${hash})`);
  await db.rows(sql`
    DELETE FROM sys_user_password_history WHERE user_id = ${userId} AND id NOT IN (
      SELECT id FROM sys_user_password_history WHERE user_id = ${userId} ORDER BY create_time DESC, id DESC LIMIT ${PASSWORD_HISTORY_SIZE})`);
}

/** Has a password set at `setAt` passed its maximum age? */
export function passwordExpired(setAt: Date | string | null | undefined, maxAgeDays: number, now = new Date()): boolean {
  if (!setAt || maxAgeDays <= 0) return false;
  return now.getTime() - new Date(setAt).getTime() > maxAgeDays * 24 * 60 * 60 * 1000;
}
