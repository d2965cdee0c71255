// What the JeecgBoot Vue 3 client's 通知公告 and 我的消息 call beyond the original contract (issue #31
// item 3, docs/decisions/124): 置顶, the page's visits, the Excel sheet of the tenant's notices, and
// one message of 我的消息 by its read mark's id. Every query is the caller's tenant's.
import { and, asc, desc, eq, gte, inArray, lt, or, sql } from "drizzle-orm";
import type { Orm } from "../../../db/client";
import { splitIds } from "../../../crud/crud-messages";
import { crudContext } from "../../../crud/context";
import { exportEndpointHandler } from "../../../crud/excel/export";
import { allOf } from "../../../crud/store";
import { endpoint, menuAccess, type Endpoint } from "../../../http/endpoint";
import { ApiError, failure, ok, okMessage } from "../../../http/envelope";
import { formatDateTime } from "../../../http/format";
import { userTenantIds } from "../../../crud/tenant";
import type { ListQueryParams } from "../../../crud";
import { buildListQuery } from "../../../crud";
import { ANNOUNCEMENT_MENU, AnnouncementButtons, AnnouncementMessages, DelFlag, ReadFlag } from "./constants";
import { announcementEntity } from "./entity";
import { isLive, reachesUser } from "./recipients";
import { sysAnnouncement, sysAnnouncementSend } from "./schema";
import { requestId, tenantRows, visibleToAdmin } from "./wire";
import { equalsWhenGiven, markAllRead, myMessageColumns, myMessages } from "./user-endpoints";
import { catchUpBroadcasts } from "./recipients";
import { pushToUsers } from "./push";
import { rangeOfKey } from "./range-date";
import { schoolClockZone } from "../../../clock";
import { buildPaging } from "../../../crud";

export const AnnouncementVue3Messages = {
  topChanged: "修改成功!",
  badTop: "置顶标记不正确",
  visited: "公告消息访问次数+1次",
  importRefused: "通知公告不支持导入，请在页面上新增",
  deleted: "删除成功!",
  notReadYet: "删除失败，该数据不存在或尚未标记为“已读”",
  badIds: "参数不识别！",
  readDeleted: "已阅读的消息删除成功!",
  starred: "编辑成功!",
  badStar: "标星标记不正确",
  unreadCleared: "清除未读消息成功",
} as const;

/** The pop-up asks 10 at a time (useSysMessage.ts); no request may ask for more than this. */
const POP_UP_DEFAULT_SIZE = 10;
const POP_UP_MAX_SIZE = 100;
/** The kinds of the v3.9 pop-up (系统, 流程, 日程, 知识): every message here is of the 系统 kind. */
const SYSTEM_NOTICE_TYPE = "system";

/**
 * Hides those of `sendIds` that are the caller's own read messages of his tenant from his 我的消息
 * (JeecgBoot deletes only read ones); the marks stay, hidden (docs/decisions/135). → how many.
 */
async function hideReadMessages(orm: Orm, userId: string, tenantId: number, sendIds: readonly string[]): Promise<number> {
  if (sendIds.length === 0) return 0;
  const hidden = await orm
    .update(sysAnnouncementSend)
    .set({ delFlag: DelFlag.deleted })
    .where(
      and(
        inArray(sysAnnouncementSend.id, [...sendIds]),
        eq(sysAnnouncementSend.userId, userId),
        eq(sysAnnouncementSend.readFlag, ReadFlag.read),
        eq(sysAnnouncementSend.delFlag, DelFlag.present),
        sql`${sysAnnouncementSend.anntId} in (select ${sysAnnouncement.id} from ${sysAnnouncement} where ${sysAnnouncement.tenantId} = ${tenantId})`,
      ),
    )
    .returning({ id: sysAnnouncementSend.id });
  return hidden.length;
}

export const announcementVue3Endpoints: Endpoint[] = [
  // DELETE ?id= (a read mark's id): 我的消息's 删除 of one read message.
  endpoint("DELETE", "/sys/sysAnnouncementSend/delete", "user", async (request) => {
    const context = crudContext(request);
    const id = requestId(request.query.id);
    const hidden = id ? await hideReadMessages(request.services.db.orm, context.auth.user.id, context.tenantId, [id]) : 0;
    return hidden > 0 ? okMessage(AnnouncementVue3Messages.deleted) : failure(AnnouncementVue3Messages.notReadYet);
  }, { doc: { summary: "删除我的一条消息" } }),

  // DELETE ?ids=a,b: 批量删除; unread ones among them stay.
  endpoint("DELETE", "/sys/sysAnnouncementSend/deleteBatch", "user", async (request) => {
    const context = crudContext(request);
    const ids = splitIds(request.query.ids);
    if (ids.length === 0) return failure(AnnouncementVue3Messages.badIds);
    await hideReadMessages(request.services.db.orm, context.auth.user.id, context.tenantId, ids);
    return okMessage(AnnouncementVue3Messages.readDeleted);
  }, { doc: { summary: "批量删除我的消息" } }),

  // POST {id, izTop}: pinned (1) or not (0); editing's business.
  endpoint(["PUT", "POST"], "/sys/annountCement/editIzTop", AnnouncementButtons.edit, async (request) => {
    const context = crudContext(request);
    const id = requestId(request.body.id);
    const izTop = Number(request.body.izTop ?? 0);
    if (izTop !== 0 && izTop !== 1) throw new ApiError(AnnouncementVue3Messages.badTop);
    if (!id) return failure(AnnouncementMessages.notFound);
    const changed = await request.services.db.orm
      .update(sysAnnouncement)
      .set({ izTop, updateBy: context.username.slice(0, 32), updateTime: new Date() })
      .where(visibleToAdmin(id, context.tenantId))
      .returning({ id: sysAnnouncement.id });
    return changed.length > 0 ? okMessage(AnnouncementVue3Messages.topChanged) : failure(AnnouncementMessages.notFound);
  }, { doc: { summary: "设置或取消通知置顶" } }),

  // GET ?id=: one more visit of a notice the caller may read (its administrators, or a recipient).
  endpoint("GET", "/sys/annountCement/addVisitsNumber", "user", async (request) => {
    const context = crudContext(request);
    const id = requestId(request.query.id);
    if (!id) return failure(AnnouncementMessages.notFound);
    const orm = request.services.db.orm;
    const admin = await request.services.permissions.hasMenu(context.auth, ANNOUNCEMENT_MENU);
    const readable = admin
      ? visibleToAdmin(id, context.tenantId)
      : and(eq(sysAnnouncement.id, id), eq(sysAnnouncement.tenantId, context.tenantId), isLive(), reachesUser(orm, context.auth.user.id, userTenantIds(context.auth.user.relTenantIds)))!;
    const counted = await orm
      .update(sysAnnouncement)
      .set({ visitsNum: sql`${sysAnnouncement.visitsNum} + 1` })
      .where(readable)
      .returning({ id: sysAnnouncement.id });
    return counted.length > 0 ? okMessage(AnnouncementVue3Messages.visited) : failure(AnnouncementMessages.notFound);
  }, { doc: { summary: "通知的访问次数加一" } }),

  // The tenant's present notices as the list filters them (selections=id,… for the ticked ones).
  endpoint(
    ["GET", "POST"],
    "/sys/annountCement/exportXls",
    "announcement:export",
    exportEndpointHandler({
      entity: announcementEntity,
      title: "通知公告",
      columns: [
        { property: "titile", title: "标题" },
        { property: "msgAbstract", title: "摘要" },
        { property: "sender", title: "发布人" },
        { property: "priority", title: "优先级" },
        { property: "msgCategory", title: "消息类型" },
        { property: "msgType", title: "通告对象类型" },
        { property: "sendStatus", title: "发布状态" },
        { property: "sendTime", title: "发布时间" },
        { property: "cancelTime", title: "撤销时间" },
        { property: "izTop", title: "是否置顶", options: [{ value: "0", text: "否" }, { value: "1", text: "是" }] },
        { property: "visitsNum", title: "访问次数" },
      ],
      where: (request) =>
        buildListQuery(announcementEntity, request.req.query as ListQueryParams, { conditions: [tenantRows(crudContext(request).tenantId)] }).where,
    }), { doc: { summary: "通知公告-导出Excel" } },
  ),

  // A notice is written, addressed and released on its page (its recipients, its push), not from a sheet.
  endpoint("POST", "/sys/annountCement/importExcel", "announcement:import", async () => failure(AnnouncementVue3Messages.importRefused), { doc: { summary: "通知公告-导入Excel" } }),

  // The bell's pop-up and its 标星 tab (useSysMessage.ts): the caller's messages of his tenant, a page at
  // a time, pinned first, then unread, newest first; filtered by sender (username), 标星, business type,
  // category, kind and date range. As in JeecgBoot the unread ones of the page are read once listed,
  // and the caller's other tabs are told to reload their counts (docs/decisions/151).
  endpoint("GET", "/sys/annountCement/vue3List", "user", async (request) => {
    const context = crudContext(request);
    const { services, query } = request;
    const orm = services.db.orm;
    const userId = context.auth.user.id;
    const noticeType = (query.noticeType ?? "").trim();
    if (noticeType !== "" && noticeType !== SYSTEM_NOTICE_TYPE) return ok([], "");
    await catchUpBroadcasts(orm, userId, context.tenantId);
    const { limit, offset } = buildPaging(request.req.query as ListQueryParams, { defaultPageSize: POP_UP_DEFAULT_SIZE, maxPageSize: POP_UP_MAX_SIZE });
    const range = rangeOfKey(query.rangeDateKey, new Date(), schoolClockZone(), query.beginDate, query.endDate);
    const rows = await orm
      .select({
        ...myMessageColumns,
        id: sysAnnouncement.id,
        sendId: sysAnnouncementSend.id,
        starFlag: sysAnnouncementSend.starFlag,
        msgType: sysAnnouncement.msgType,
        sendStatus: sysAnnouncement.sendStatus,
        izTop: sysAnnouncement.izTop,
        visitsNum: sysAnnouncement.visitsNum,
        createTime: sysAnnouncement.createTime,
      })
      .from(sysAnnouncementSend)
      .innerJoin(sysAnnouncement, eq(sysAnnouncement.id, sysAnnouncementSend.anntId))
      .where(
        allOf([
          ...myMessages(userId, context.tenantId),
          equalsWhenGiven(sysAnnouncement.sender, query.fromUser),
          equalsWhenGiven(sysAnnouncementSend.starFlag, query.starFlag),
          equalsWhenGiven(sysAnnouncement.busType, query.busType),
          equalsWhenGiven(sysAnnouncement.msgCategory, query.msgCategory),
          range.start ? gte(sysAnnouncement.sendTime, range.start) : undefined,
          range.end ? lt(sysAnnouncement.sendTime, range.end) : undefined,
        ]),
      )
      .orderBy(desc(sysAnnouncement.izTop), asc(sysAnnouncementSend.readFlag), sql`${sysAnnouncement.sendTime} desc nulls last`, asc(sysAnnouncementSend.id))
      .limit(limit)
      .offset(offset);
    const unread = rows.filter((row) => row.readFlag === ReadFlag.unread).map((row) => row.sendId);
    if (unread.length > 0) {
      const now = new Date();
      await orm
        .update(sysAnnouncementSend)
        .set({ readFlag: ReadFlag.read, readTime: now, updateBy: context.username, updateTime: now })
        .where(and(inArray(sysAnnouncementSend.id, unread), eq(sysAnnouncementSend.userId, userId)));
      await pushToUsers(services, [userId], { cmd: "topic", msgId: "", msgTxt: AnnouncementMessages.batchRead });
    }
    return ok(
      rows.map((row) => ({ ...row, sendTime: formatDateTime(row.sendTime), createTime: formatDateTime(row.createTime) })),
      "",
    );
  }, { doc: { summary: "消息弹窗的通知列表" } }),

  // PUT {id: sendId, starFlag}: 标星 of one of the caller's own messages (JeecgBoot's generic edit of a
  // read mark; only the star may change here).
  endpoint("PUT", "/sys/sysAnnouncementSend/edit", "user", async (request) => {
    const context = crudContext(request);
    const id = requestId(request.body.id ?? request.query.id);
    const starFlag = String(request.body.starFlag ?? request.query.starFlag ?? "");
    if (starFlag !== "0" && starFlag !== "1") return failure(AnnouncementVue3Messages.badStar);
    if (!id) return failure(AnnouncementMessages.notFound);
    const changed = await request.services.db.orm
      .update(sysAnnouncementSend)
      .set({ starFlag, updateBy: context.username.slice(0, 32), updateTime: new Date() })
      .where(
        and(
          eq(sysAnnouncementSend.id, id),
          eq(sysAnnouncementSend.userId, context.auth.user.id),
          eq(sysAnnouncementSend.delFlag, DelFlag.present),
          sql`${sysAnnouncementSend.anntId} in (select ${sysAnnouncement.id} from ${sysAnnouncement} where ${sysAnnouncement.tenantId} = ${context.tenantId})`,
        ),
      )
      .returning({ id: sysAnnouncementSend.id });
    return changed.length > 0 ? okMessage(AnnouncementVue3Messages.starred) : failure(AnnouncementMessages.notFound);
  }, { doc: { summary: "为我的一条消息标星或取消标星" } }),

  // POST: the v3.9 bell's 清空未读 — every unread message of the caller in his tenant is read.
  endpoint("POST", "/sys/annountCement/clearAllUnReadMessage", "user", async (request) => {
    const context = crudContext(request);
    await markAllRead(request.services.db.orm, context.auth.user.id, context.username, context.tenantId);
    return okMessage(AnnouncementVue3Messages.unreadCleared);
  }, { doc: { summary: "清空当前用户的未读消息" } }),

  // GET ?sendId=: one message of the caller's 我的消息 (its read mark's id), as getMyAnnouncementSend's rows.
  // A template message's busId is its own notice id (messageHref's jump, decision 151): that names the
  // caller's read mark of that notice.
  endpoint("GET", "/sys/sysAnnouncementSend/getOne", "user", async (request) => {
    const context = crudContext(request);
    const sendId = requestId(request.query.sendId);
    if (!sendId) return failure(AnnouncementMessages.notFound);
    const [row] = await request.services.db.orm
      .select({ ...myMessageColumns, izTop: sysAnnouncement.izTop, visitsNum: sysAnnouncement.visitsNum })
      .from(sysAnnouncementSend)
      .innerJoin(sysAnnouncement, eq(sysAnnouncement.id, sysAnnouncementSend.anntId))
      .where(
        allOf([
          or(eq(sysAnnouncementSend.id, sendId), eq(sysAnnouncementSend.anntId, sendId)),
          ...myMessages(context.auth.user.id, context.tenantId),
        ]),
      )
      .limit(1);
    return row ? ok({ ...row, sendTime: formatDateTime(row.sendTime) }) : failure(AnnouncementMessages.notFound);
  }, { doc: { summary: "查询我的一条消息" } }),
];
