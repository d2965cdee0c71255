// `npm run admin:reset-password [-- <username>]`: a lost administrator password, recovered from the
// machine the database lives on. Sets a new password for the account (default `admin`): the one
// in ADMIN_PASSWORD, or a generated one printed once. The account is unfrozen, its sign-in lock is
// lifted, and its open sessions end. Uses the same database settings as the server (DATABASE_URL,
// or the PGlite folder DATA_DIR, default ./data). Stop the server first when it runs on PGlite:
// a PGlite folder is one process's database.
import { sql } from "drizzle-orm";
import { openDatabase } from "../backend/db/client";
import { backendOptionsFromEnv } from "../backend/options";
import { generatePassword, hashPassword, legacySalt } from "../backend/security/password";
import { isRecentPassword, rememberPassword } from "../backend/security/password-history";
import { Messages } from "#contract/messages";

const username = process.argv[2] ?? "admin";
const chosen = process.env.ADMIN_PASSWORD;
const password = chosen || generatePassword();

const options = backendOptionsFromEnv();
const db = await openDatabase({
  databaseUrl: options.databaseUrl,
  dataDir: options.dataDir,
});
try {
  const users = await db.rows<{ id: string }>(sql`SELECT id FROM sys_user WHERE username = ${username} AND del_flag = 0`);
  if (users.length === 0) {
    console.error(`No account "${username}" in this database (${options.databaseUrl ? "DATABASE_URL" : `DATA_DIR ${options.dataDir}`}).`);
    process.exitCode = 1;
  } else {
    const [{ id }] = users as [{ id: string }];
    // A chosen password is one of the account's last five: refused, as on every path (docs/decisions/088).
    if (chosen && (await isRecentPassword(db, id, password))) {
      console.error(Messages.passwordReused);
      process.exitCode = 1;
    } else {
      const hash = await hashPassword(password);
      await db.orm.transaction(async (tx) => {
        await tx.execute(
          sql`UPDATE sys_user SET password = ${hash}, salt = ${legacySalt()}, status = 1, password_time = now(), update_time = now() WHERE id = ${id}`,
        );
        await tx.execute(sql`UPDATE sys_session SET ended_at = now(), end_reason = 'password' WHERE user_id = ${id} AND ended_at IS NULL`);
      });
      await rememberPassword(db, id, hash);
      console.log(chosen ? `The password of "${username}" is now the one in ADMIN_PASSWORD.` : `The new password of "${username}": ${password}`);
      console.log("The account is active again and its other sessions have ended. Sign in at /user/login.");
    }
  }
} finally {
  await db.close();
}
