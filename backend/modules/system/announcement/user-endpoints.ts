// Every signed-in user's side of the notices (api-contract.md §8; docs/spec/app-shell.md §2 Notices,
// §4): the bell's unread lists, marking read, and the 我的消息 page. A user only ever reads and
// marks their own rows, and only the notices of the tenant they are working in.
import { and, asc, count, eq, sql, type SQL } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { buildPaging, likePattern, selectRecords, type ListQueryParams } from "../../../crud";
import { crudContext } from "../../../crud/context";
import { userTenantIds } from "../../../crud/tenant";
import type { Orm } from "../../../db/client";
import { newId } from "../../../db/ids";
import { failure, ok, okWithoutCode } from "../../../http/envelope";
import { formatDateTime } from "../../../http/format";
import { endpoint, type Endpoint } from "../../../http/endpoint";
import { AnnouncementMessages, DelFlag, MsgCategory, ReadFlag } from "./constants";
import { announcementEntity } from "./entity";
import { broadcastReaching, catchUpBroadcasts, hasMark, isLive } from "./recipients";
import { sysAnnouncement, sysAnnouncementSend } from "./schema";
import { recipientView, requestId, toPage } from "./wire";

/** The bell asks for 5 of each kind (HeaderNotice.vue); no request may ask for more than this. */
const BELL_DEFAULT_SIZE = 5;
const BELL_MAX_SIZE = 100;
/** Longest search text of 我的消息 (titile is varchar(100)). */
const MAX_SEARCH_LENGTH = 100;

/**
 * The conditions of the user's messages in a tenant (a read mark joined to its notice): his own marks,
 * not hidden, of live notices of that tenant (我的消息, the Vue 3 pop-up, getOne).
 */
export function myMessages(userId: string, tenantId: number): SQL[] {
  return [eq(sysAnnouncementSend.userId, userId), eq(sysAnnouncementSend.delFlag, DelFlag.present), isLive(), eq(sysAnnouncement.tenantId, tenantId)];
}

/** The columns of one message of 我的消息 (a read mark joined to its notice), as the clients read them. */
export const myMessageColumns = {
  id: sysAnnouncementSend.id,
  anntId: sysAnnouncementSend.anntId,
  userId: sysAnnouncementSend.userId,
  titile: sysAnnouncement.titile,
  msgContent: sysAnnouncement.msgContent,
  sender: sysAnnouncement.sender,
  priority: sysAnnouncement.priority,
  readFlag: sysAnnouncementSend.readFlag,
  sendTime: sysAnnouncement.sendTime,
  msgCategory: sysAnnouncement.msgCategory,
  busId: sysAnnouncement.busId,
  busType: sysAnnouncement.busType,
  openType: sysAnnouncement.openType,
  openPage: sysAnnouncement.openPage,
  msgAbstract: sysAnnouncement.msgAbstract,
};

export const userAnnouncementEndpoints: Endpoint[] = [
  endpoint("GET", "/sys/annountCement/listByUser", "user", async (request) => {
    const context = crudContext(request);
    const { db } = request.services;
    const userId = context.auth.user.id;
    await catchUpBroadcasts(db.orm, userId, context.tenantId);
    const { pageSize } = buildPaging(request.req.query as ListQueryParams, { defaultPageSize: BELL_DEFAULT_SIZE, maxPageSize: BELL_MAX_SIZE });
    const unread = async (category: string) => {
      const where = and(
        isLive(),
        eq(sysAnnouncement.tenantId, context.tenantId),
        eq(sysAnnouncement.msgCategory, category),
        hasMark(db.orm, userId, true),
      )!;
      const [counted] = await db.orm.select({ total: count() }).from(sysAnnouncement).where(where);
      const records = await selectRecords(db, announcementEntity, {
        where,
        orderBy: sql`${sysAnnouncement.createTime} desc, ${sysAnnouncement.id} desc`,
        limit: pageSize,
      });
      return { records: records.map(recipientView), total: counted?.total ?? 0 };
    };
    const notices = await unread(MsgCategory.notice);
    const systemMessages = await unread(MsgCategory.system);
    // No dict translation and no code on this answer in the original (contract §8).
    return okWithoutCode({
      anntMsgList: notices.records,
      anntMsgTotal: notices.total,
      sysMsgList: systemMessages.records,
      sysMsgTotal: systemMessages.total,
    });
  }, { doc: { summary: "当前用户的通知公告和未读数" } }),

  // The Vue 3.9 client's bell badge (SysAnnouncementController.getUnreadMessageCount): unread notices
  // and system messages are its 系统 kind; this school has no flow, file or plan messages.
  endpoint("GET", "/sys/annountCement/getUnreadMessageCount", "user", async (request) => {
    const context = crudContext(request);
    const { db } = request.services;
    const userId = context.auth.user.id;
    await catchUpBroadcasts(db.orm, userId, context.tenantId);
    const [counted] = await db.orm
      .select({ total: count() })
      .from(sysAnnouncement)
      .where(and(isLive(), eq(sysAnnouncement.tenantId, context.tenantId), hasMark(db.orm, userId, true)));
    const systemCount = Number(counted?.total ?? 0);
    return ok({ systemCount, flowCount: 0, fileCount: 0, planCount: 0, count: systemCount }, "");
  }, { doc: { summary: "当前用户的未读消息数" } }),

  // `anntId` is a bound parameter here; the original concatenated it into SQL (contract §8, §10).
  endpoint("PUT", "/sys/sysAnnouncementSend/editByAnntIdAndUserId", "user", async (request) => {
    const context = crudContext(request);
    const orm = request.services.db.orm;
    const anntId = requestId(request.body.anntId);
    if (!anntId) return failure(AnnouncementMessages.anntIdRequired);
    const userId = context.auth.user.id;
    const now = new Date();
    const marked = await orm
      .update(sysAnnouncementSend)
      .set({ readFlag: ReadFlag.read, readTime: now, updateBy: context.username, updateTime: now })
      .where(and(eq(sysAnnouncementSend.anntId, anntId), eq(sysAnnouncementSend.userId, userId), eq(sysAnnouncementSend.readFlag, ReadFlag.unread)))
      .returning({ id: sysAnnouncementSend.id });
    // A broadcast opened from a push before the bell created its mark: record it as read.
    if (marked.length === 0) await markBroadcastRead(orm, anntId, userId, userTenantIds(context.auth.user.relTenantIds), now);
    return okWithoutCode(null);
  }, { doc: { summary: "把一条通知标记为已读" } }),

  endpoint("PUT", "/sys/sysAnnouncementSend/readAll", "user", async (request) => {
    const context = crudContext(request);
    await markAllRead(request.services.db.orm, context.auth.user.id, context.username, context.tenantId);
    return okWithoutCode(null, AnnouncementMessages.allRead);
  }, { doc: { summary: "把全部通知标记为已读" } }),

  endpoint("GET", "/sys/sysAnnouncementSend/getMyAnnouncementSend", "user", async (request) => {
    const context = crudContext(request);
    const { db } = request.services;
    const { query } = request;
    const userId = context.auth.user.id;
    await catchUpBroadcasts(db.orm, userId, context.tenantId);
    const { pageNo, pageSize, limit, offset } = buildPaging(request.req.query as ListQueryParams);
    const where = and(
      ...myMessages(userId, context.tenantId),
      contains(sysAnnouncement.titile, query.titile),
      contains(sysAnnouncement.sender, query.sender),
      equalsWhenGiven(sysAnnouncementSend.readFlag, query.readFlag),
      equalsWhenGiven(sysAnnouncement.busType, query.busType),
      equalsWhenGiven(sysAnnouncement.msgCategory, query.msgCategory),
    );
    const [counted] = await db.orm
      .select({ total: count() })
      .from(sysAnnouncementSend)
      .innerJoin(sysAnnouncement, eq(sysAnnouncement.id, sysAnnouncementSend.anntId))
      .where(where);
    const total = counted?.total ?? 0;
    const rows =
      total > offset
        ? await db.orm
            .select(myMessageColumns)
            .from(sysAnnouncementSend)
            .innerJoin(sysAnnouncement, eq(sysAnnouncement.id, sysAnnouncementSend.anntId))
            .where(where)
            // Unread first, newest first (contract §8); the id keeps pages from overlapping.
            .orderBy(asc(sysAnnouncementSend.readFlag), sql`${sysAnnouncement.sendTime} desc nulls last`, asc(sysAnnouncementSend.id))
            .limit(limit)
            .offset(offset)
        : [];
    const records = rows.map((row) => ({ ...row, sendTime: formatDateTime(row.sendTime) }));
    return okWithoutCode(toPage(records, total, pageNo, pageSize));
  }, { doc: { summary: "我的消息列表" } }),
];

/**
 * Marks every unread message of the user in the tenant read (全部已读, the Vue 3 bell's 清空未读).
 * Broadcasts the user has not listed yet are read as well, or they would pop up right after.
 */
export async function markAllRead(orm: Orm, userId: string, username: string, tenantId: number): Promise<void> {
  await catchUpBroadcasts(orm, userId, tenantId);
  const now = new Date();
  await orm
    .update(sysAnnouncementSend)
    .set({ readFlag: ReadFlag.read, readTime: now, updateBy: username, updateTime: now })
    .where(
      and(
        eq(sysAnnouncementSend.userId, userId),
        eq(sysAnnouncementSend.readFlag, ReadFlag.unread),
        sql`${sysAnnouncementSend.anntId} in (select ${sysAnnouncement.id} from ${sysAnnouncement} where ${sysAnnouncement.tenantId} = ${tenantId})`,
      ),
    );
}

/** `column` contains `text` (SysAnnouncementSendMapper: `LIKE %x%`), the user's wildcards literal. */
function contains(column: AnyPgColumn, text: string | undefined): SQL | undefined {
  const value = (text ?? "").trim().slice(0, MAX_SEARCH_LENGTH);
  if (value === "") return undefined;
  return sql`${column} ilike ${likePattern(value, "like")} escape '!'`;
}

export function equalsWhenGiven(column: AnyPgColumn, value: string | undefined): SQL | undefined {
  const text = (value ?? "").trim();
  return text === "" ? undefined : eq(column, text);
}

async function markBroadcastRead(orm: Orm, anntId: string, userId: string, tenantIds: number[], now: Date): Promise<void> {
  const [broadcast] = await orm
    .select({ id: sysAnnouncement.id })
    .from(sysAnnouncement)
    .where(and(eq(sysAnnouncement.id, anntId), isLive(), broadcastReaching(userId, tenantIds)))
    .limit(1);
  if (!broadcast) return;
  await orm
    .insert(sysAnnouncementSend)
    .values({ id: newId(), anntId, userId, readFlag: ReadFlag.read, readTime: now, createTime: now })
    .onConflictDoNothing();
}
