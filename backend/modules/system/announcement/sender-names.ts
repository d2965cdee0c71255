// The sender's real name on the notice answers (docs/spec/app-shell.md §2 "Notices": the detail shows
// the sender's real name). `sender` holds the releasing administrator's username (contract §8);
// the real name is added as `sender_dictText`, as a table dictionary `sys_user,realname,username`
// would translate it, so that recipients without access to the user list see it too.
import { and, eq, inArray } from "drizzle-orm";
import type { ListRecord } from "../../../crud";
import type { Orm } from "../../../db/client";
import { sysUser } from "../../../db/schema";

export const SENDER_TEXT = "sender_dictText";

/** Adds `sender_dictText` to every record, in place: the real name, else the username itself. */
export async function addSenderNames(orm: Orm, records: ListRecord[]): Promise<void> {
  const usernames = [...new Set(records.map((record) => record.sender).filter((sender): sender is string => typeof sender === "string" && sender !== ""))];
  const names = new Map<string, string>();
  if (usernames.length > 0) {
    const rows = await orm
      .select({ username: sysUser.username, realname: sysUser.realname })
      .from(sysUser)
      .where(and(inArray(sysUser.username, usernames), eq(sysUser.delFlag, 0)));
    for (const row of rows) if (row.realname) names.set(row.username, row.realname);
  }
  for (const record of records) {
    const sender = typeof record.sender === "string" ? record.sender : null;
    record[SENDER_TEXT] = sender ? (names.get(sender) ?? sender) : sender;
  }
}
