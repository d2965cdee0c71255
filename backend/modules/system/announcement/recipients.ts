// Who receives a notice (api-contract.md §8): USER notices get one read mark per listed user when
// they are written; ALL notices get theirs lazily, when a user of the tenant first asks
// (listByUser), as in the original. Every value here is a bound parameter (contract §10).
import { and, eq, exists, gte, inArray, isNull, notExists, notInArray, or, sql, type SQL } from "drizzle-orm";
import type { Orm } from "../../../db/client";
import { sysUser } from "../../../db/schema";
import { newId } from "../../../db/ids";
import { tenantListCondition } from "../../../crud/tenant";
import { ApiError } from "../../../http/envelope";
import { AnnouncementMessages, DelFlag, MAX_ID_LENGTH, MAX_RECIPIENTS, MsgType, ReadFlag, SendStatus } from "./constants";
import { sysAnnouncement, sysAnnouncementSend } from "./schema";

/** A new user does not inherit every old broadcast: only those in force when they joined (§8). */
const MAX_CATCH_UP = 1000;

/** `"id1,id2,"` → ["id1", "id2"]: the client's trailing comma (contract §0) and repeats dropped. */
export function parseIdList(text: string | null | undefined): string[] {
  return [
    ...new Set(
      (text ?? "")
        .split(",")
        .map((part) => part.trim())
        .filter((part) => part !== ""),
    ),
  ];
}

/** The stored form of `user_ids`, with the original's trailing comma (contract §0). */
export function joinIdList(ids: readonly string[]): string {
  return ids.map((id) => `${id},`).join("");
}

/**
 * The recipients of a USER notice: present users of the caller's tenant, or the whole request is
 * refused (an administrator cannot write into another campus's inbox).
 */
export async function checkedRecipients(orm: Orm, userIds: string | null | undefined, tenantId: number): Promise<string[]> {
  const ids = parseIdList(userIds);
  if (ids.length === 0) throw new ApiError(AnnouncementMessages.recipientsRequired);
  if (ids.length > MAX_RECIPIENTS) throw new ApiError(AnnouncementMessages.tooManyRecipients);
  if (ids.some((id) => id.length > MAX_ID_LENGTH)) throw new ApiError(AnnouncementMessages.recipientsUnknown);
  const found = await orm
    .select({ id: sysUser.id })
    .from(sysUser)
    .where(and(inArray(sysUser.id, ids), eq(sysUser.delFlag, 0), tenantListCondition(sql`${sysUser.relTenantIds}`, tenantId)));
  if (found.length !== ids.length) throw new ApiError(AnnouncementMessages.recipientsUnknown);
  return ids;
}

/**
 * Makes the read marks of a USER notice match its recipients: adds the missing ones, removes
 * those of users no longer listed (SysAnnouncementServiceImpl.upDateAnnouncement). Marks already
 * read stay read.
 */
export async function syncUserRecipients(orm: Orm, anntId: string, userIds: readonly string[], username: string): Promise<void> {
  if (userIds.length > 0) {
    const now = new Date();
    await orm
      .insert(sysAnnouncementSend)
      .values(userIds.map((userId) => ({ id: newId(), anntId, userId, readFlag: ReadFlag.unread, createBy: username, createTime: now })))
      .onConflictDoNothing();
  }
  await orm
    .delete(sysAnnouncementSend)
    .where(
      and(
        eq(sysAnnouncementSend.anntId, anntId),
        userIds.length > 0 ? notInArray(sysAnnouncementSend.userId, [...userIds]) : undefined,
      ),
    );
}

/** A published, present notice. */
export function isLive(): SQL {
  return and(eq(sysAnnouncement.sendStatus, SendStatus.published), eq(sysAnnouncement.delFlag, DelFlag.present))!;
}

/** ALL notices that ended before the user was created are not theirs; no end time: everyone's. */
function inForceSinceUserJoined(userId: string): SQL {
  return or(
    isNull(sysAnnouncement.endTime),
    gte(sysAnnouncement.endTime, sql`(select ${sysUser.createTime} from ${sysUser} where ${sysUser.id} = ${userId})`),
  )!;
}

/** A published ALL notice of one of `tenantIds` that reaches `userId`. */
export function broadcastReaching(userId: string, tenantIds: readonly number[]): SQL {
  return and(
    eq(sysAnnouncement.msgType, MsgType.all),
    inArray(sysAnnouncement.tenantId, [...tenantIds]),
    inForceSinceUserJoined(userId),
  )!;
}

/** The user has a read mark for the notice (read or not, `unreadOnly` narrows). */
export function hasMark(orm: Orm, userId: string, unreadOnly = false): SQL {
  return exists(
    orm
      .select({ one: sql`1` })
      .from(sysAnnouncementSend)
      .where(
        and(
          eq(sysAnnouncementSend.anntId, sysAnnouncement.id),
          eq(sysAnnouncementSend.userId, userId),
          unreadOnly ? eq(sysAnnouncementSend.readFlag, ReadFlag.unread) : undefined,
        ),
      ),
  );
}

/** The notice is addressed to the user: a read mark, or an ALL notice of one of their tenants. */
export function reachesUser(orm: Orm, userId: string, tenantIds: readonly number[]): SQL {
  return or(hasMark(orm, userId), broadcastReaching(userId, tenantIds))!;
}

/**
 * listByUser's first step (contract §8): unread marks for the published ALL notices of the tenant
 * that the user has none for yet. The unique (annt_id, user_id) absorbs two racing requests.
 */
export async function catchUpBroadcasts(orm: Orm, userId: string, tenantId: number): Promise<void> {
  const missing = await orm
    .select({ id: sysAnnouncement.id })
    .from(sysAnnouncement)
    .where(
      and(
        isLive(),
        broadcastReaching(userId, [tenantId]),
        notExists(
          orm
            .select({ one: sql`1` })
            .from(sysAnnouncementSend)
            .where(and(eq(sysAnnouncementSend.anntId, sysAnnouncement.id), eq(sysAnnouncementSend.userId, userId))),
        ),
      ),
    )
    .limit(MAX_CATCH_UP);
  if (missing.length === 0) return;
  const now = new Date();
  await orm
    .insert(sysAnnouncementSend)
    .values(missing.map(({ id }) => ({ id: newId(), anntId: id, userId, readFlag: ReadFlag.unread, createTime: now })))
    .onConflictDoNothing();
}

/** The users holding a read mark of the notice: the audience of a USER push. */
export async function markedUserIds(orm: Orm, anntId: string): Promise<string[]> {
  const rows = await orm
    .select({ userId: sysAnnouncementSend.userId })
    .from(sysAnnouncementSend)
    .where(eq(sysAnnouncementSend.anntId, anntId));
  return rows.map((row) => row.userId);
}
