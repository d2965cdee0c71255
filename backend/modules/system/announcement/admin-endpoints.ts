// The administrators' side of /sys/annountCement (api-contract.md §6, §8): list, add, edit,
// delete, release, revoke and re-push. Every query is scoped to the caller's tenant; another
// tenant's id behaves as an unknown one.
import { and, desc, eq, inArray, type SQL } from "drizzle-orm";
import { ResultCode } from "#contract/envelope";
import { Messages } from "#contract/messages";
import { buildListQuery, runListQuery, selectRecords, type ListQueryParams, type ListRecord } from "../../../crud";
import { parseBody } from "../../../crud/body-schema";
import type { RowValues } from "../../../crud/store";
import { crudContext } from "../../../crud/context";
import { addDictText } from "../../../crud/dict-text";
import { userTenantIds } from "../../../crud/tenant";
import type { Orm } from "../../../db/client";
import { newId } from "../../../db/ids";
import type { BackendServices } from "../../../services";
import { ApiError, failure, okMessage, okWithoutCode } from "../../../http/envelope";
import { endpoint, menuAccess, type Endpoint } from "../../../http/endpoint";
import {
  ANNOUNCEMENT_MENU,
  AnnouncementButtons,
  AnnouncementMessages,
  DelFlag,
  MAX_BATCH_IDS,
  MsgType,
  SendStatus,
} from "./constants";
import { announcementBodies, announcementEntity } from "./entity";
import { pushAnnouncement, pushToUsers } from "./push";
import { checkedRecipients, isLive, joinIdList, parseIdList, reachesUser, syncUserRecipients } from "./recipients";
import { sysAnnouncement, type AnnouncementRow } from "./schema";
import { recipientView, requestId, tenantRows, visibleToAdmin } from "./wire";
import { addSenderNames } from "./sender-names";

type AnnouncementValues = Partial<typeof sysAnnouncement.$inferInsert>;

/**
 * The body schemas are derived from this very table (./entity.ts), so their validated values are
 * its insert values; this is the one place that says so to the type checker.
 */
function asAnnouncementValues(values: RowValues): AnnouncementValues {
  return values as AnnouncementValues;
}

/**
 * Only a draft may be edited (the list offers 编辑 on unreleased notices only): a published
 * notice is already in people's inboxes, a revoked one is kept as it was withdrawn.
 */
export const EditRefusals = {
  [SendStatus.published]: "已发布的通知不能编辑",
  [SendStatus.revoked]: "已撤销的通知不能编辑",
} as const;

function editRefusal(sendStatus: string): string | null {
  return sendStatus === SendStatus.published || sendStatus === SendStatus.revoked ? EditRefusals[sendStatus] : null;
}

function checkPeriod(startTime: Date | null | undefined, endTime: Date | null | undefined): void {
  if (startTime && endTime && endTime.getTime() < startTime.getTime()) throw new ApiError(AnnouncementMessages.endBeforeStart);
}

export const adminAnnouncementEndpoints: Endpoint[] = [
  endpoint("GET", "/sys/annountCement/list", menuAccess(ANNOUNCEMENT_MENU), async (request) => {
    const context = crudContext(request);
    const built = buildListQuery(announcementEntity, request.req.query as ListQueryParams, {
      conditions: [tenantRows(context.tenantId)],
    });
    const page = await runListQuery(request.services.db, announcementEntity, built);
    await addDictText(context, announcementEntity, page.records);
    await addSenderNames(request.services.db.orm, page.records);
    // 3.0's list never sets a code (contract §1).
    return okWithoutCode(page);
  }, { doc: { summary: "通知公告-分页列表查询" } }),

  endpoint("POST", "/sys/annountCement/add", AnnouncementButtons.add, async (request) => {
    const context = crudContext(request);
    const orm = request.services.db.orm;
    const values = asAnnouncementValues(parseBody(announcementBodies.add, request.body));
    checkPeriod(values.startTime, values.endTime);
    const recipients = values.msgType === MsgType.user ? await checkedRecipients(orm, values.userIds, context.tenantId) : [];
    const id = newId();
    await orm.transaction(async (tx) => {
      await tx.insert(sysAnnouncement).values({
        ...values,
        id,
        userIds: recipients.length > 0 ? joinIdList(recipients) : null,
        sendStatus: SendStatus.draft,
        delFlag: DelFlag.present,
        tenantId: context.tenantId,
        createBy: context.username,
        createTime: new Date(),
      });
      // USER notices get their read marks now, unread until released (contract §8 `add`).
      if (recipients.length > 0) await syncUserRecipients(tx, id, recipients, context.username);
    });
    return okMessage(AnnouncementMessages.added);
  }, { doc: { summary: "通知公告-添加" } }),

  endpoint(["PUT", "POST"], "/sys/annountCement/edit", AnnouncementButtons.edit, async (request) => {
    const context = crudContext(request);
    const orm = request.services.db.orm;
    const id = requestId(request.body.id);
    const values = asAnnouncementValues(parseBody(announcementBodies.edit, request.body));
    const [existing] = id ? await orm.select().from(sysAnnouncement).where(visibleToAdmin(id, context.tenantId)) : [];
    if (!id || !existing) return failure(AnnouncementMessages.notFound);
    const refusal = editRefusal(existing.sendStatus);
    if (refusal) return failure(refusal);
    checkPeriod(
      values.startTime === undefined ? existing.startTime : values.startTime,
      values.endTime === undefined ? existing.endTime : values.endTime,
    );
    // Recipients are checked again only when the edit touches them: a title fix must not fail
    // because a listed user has left the campus since.
    let recipients: string[] | null = null;
    if (values.msgType !== undefined || values.userIds !== undefined) {
      if ((values.msgType ?? existing.msgType) === MsgType.user) {
        recipients = await checkedRecipients(orm, values.userIds === undefined ? existing.userIds : values.userIds, context.tenantId);
        values.userIds = joinIdList(recipients);
      } else {
        values.userIds = null;
      }
    }
    await orm.transaction(async (tx) => {
      // Still a draft when written: a release between the check above and now wins.
      const changed = await tx
        .update(sysAnnouncement)
        .set({ ...values, updateBy: context.username, updateTime: new Date() })
        .where(and(visibleToAdmin(id, context.tenantId), eq(sysAnnouncement.sendStatus, SendStatus.draft)))
        .returning({ id: sysAnnouncement.id });
      if (changed.length === 0) throw new ApiError(EditRefusals[SendStatus.published]);
      if (recipients) await syncUserRecipients(tx, id, recipients, context.username);
    });
    return okMessage(AnnouncementMessages.edited);
  }, { doc: { summary: "通知公告-编辑" } }),

  endpoint("DELETE", "/sys/annountCement/delete", AnnouncementButtons.delete, async (request) => {
    const context = crudContext(request);
    const id = requestId(request.query.id);
    const deleted = id ? await softDelete(request.services.db.orm, [id], context.tenantId, context.username) : 0;
    return deleted > 0 ? okMessage(AnnouncementMessages.deleted) : failure(AnnouncementMessages.notFound);
  }, { doc: { summary: "通知公告-通过ID删除" } }),

  endpoint("DELETE", "/sys/annountCement/deleteBatch", AnnouncementButtons.batchDelete, async (request) => {
    const context = crudContext(request);
    const ids = parseIdList(request.query.ids).filter((id) => requestId(id) !== null);
    if (ids.length > MAX_BATCH_IDS) return failure(`一次最多删除${MAX_BATCH_IDS}条`);
    await softDelete(request.services.db.orm, ids, context.tenantId, context.username);
    return okMessage(AnnouncementMessages.batchDeleted);
  }, { doc: { summary: "通知公告-批量删除" } }),

  endpoint("GET", "/sys/annountCement/doReleaseData", AnnouncementButtons.release, async (request) => {
    const context = crudContext(request);
    const id = requestId(request.query.id);
    const now = new Date();
    const [row] = id
      ? await request.services.db.orm
          .update(sysAnnouncement)
          .set({ sendStatus: SendStatus.published, sendTime: now, sender: context.username, updateBy: context.username, updateTime: now })
          .where(visibleToAdmin(id, context.tenantId))
          .returning()
      : [];
    if (!row) return failure(AnnouncementMessages.notFound);
    await pushAnnouncement(request.services, row);
    return okMessage(AnnouncementMessages.released);
  }, { doc: { summary: "发布通知公告" } }),

  // `doReovkeData` (sic, contract §8).
  endpoint("GET", "/sys/annountCement/doReovkeData", AnnouncementButtons.revoke, async (request) => {
    const context = crudContext(request);
    const orm = request.services.db.orm;
    const id = requestId(request.query.id);
    const [before] = id ? await orm.select().from(sysAnnouncement).where(visibleToAdmin(id, context.tenantId)) : [];
    if (!id || !before) return failure(AnnouncementMessages.notFound);
    const now = new Date();
    const [row] = await orm
      .update(sysAnnouncement)
      .set({ sendStatus: SendStatus.revoked, cancelTime: now, updateBy: context.username, updateTime: now })
      .where(visibleToAdmin(id, context.tenantId))
      .returning();
    // listByUser only lists published notices, so the revoked one leaves every bell; the push
    // makes open clients reload now. A draft was never shown, so its revocation tells nobody.
    if (row && before.sendStatus === SendStatus.published) await pushAnnouncement(request.services, row);
    return okMessage(AnnouncementMessages.revoked);
  }, { doc: { summary: "撤销已发布的通知公告" } }),

  // Re-push a published notice of the caller's tenant (release permission); otherwise tell only the
  // caller's own sockets to reload. JeecgBoot answers success to everyone: the Vue 2 client calls it
  // after a reader opens a message, after "read all" (no anntId) and after 撤销, whose own push has
  // already reached the readers (docs/decisions/135). The original broadcast to every session.
  endpoint("GET", "/sys/annountCement/syncNotic", "user", async (request) => {
    const context = crudContext(request);
    const { services } = request;
    const id = requestId(request.query.anntId);
    if (id && (await services.permissions.hasButton(context.auth, AnnouncementButtons.release))) {
      const [row] = await services.db.orm.select().from(sysAnnouncement).where(visibleToAdmin(id, context.tenantId));
      if (row && row.sendStatus === SendStatus.published) {
        await pushAnnouncement(services, row);
        return okWithoutCode(null);
      }
    }
    await pushToUsers(services, [context.auth.user.id], { cmd: "topic", msgId: "", msgTxt: AnnouncementMessages.batchRead });
    return okWithoutCode(null);
  }, { doc: { summary: "重新推送通知公告" } }),

  // Administrators read any notice of their tenant; anyone else only a published notice addressed
  // to them (the bell's detail modal, docs/spec/app-shell.md §2 Notices), without its recipient list.
  endpoint("GET", "/sys/annountCement/queryById", "user", async (request) => {
    const context = crudContext(request);
    const { services } = request;
    const orm = services.db.orm;
    const userId = context.auth.user.id;
    const id = requestId(request.query.id);
    const admin = await services.permissions.hasMenu(context.auth, ANNOUNCEMENT_MENU);
    if (id && admin) {
      const [record] = await selectOne(services, visibleToAdmin(id, context.tenantId));
      if (record) return okWithoutCode(await withSenderName(orm, record));
    }
    if (id) {
      const tenants = userTenantIds(context.auth.user.relTenantIds);
      const [record] = await selectOne(
        services,
        and(eq(sysAnnouncement.id, id), isLive(), reachesUser(orm, userId, tenants))!,
      );
      if (record) return okWithoutCode(await withSenderName(orm, recipientView(record)));
    }
    if (admin) return failure(AnnouncementMessages.notFound);
    // To everyone else an unknown id and someone else's notice look the same.
    throw new ApiError(Messages.noPermission, ResultCode.noPermission);
  }, { doc: { summary: "通知公告-通过ID查询" } }),
];

/** The record with the sender's real name (`sender_dictText`, ./sender-names.ts). */
async function withSenderName(orm: Orm, record: ListRecord): Promise<ListRecord> {
  await addSenderNames(orm, [record]);
  return record;
}

/** At most one notice in wire form (dates formatted, no tenant column). */
function selectOne(services: BackendServices, where: SQL) {
  return selectRecords(services.db, announcementEntity, { where, orderBy: desc(sysAnnouncement.createTime), limit: 1 });
}

/** The recycle-bin delete of the original (del_flag '1'); answers how many rows it hid. */
async function softDelete(
  orm: Orm,
  ids: string[],
  tenantId: number,
  username: string,
): Promise<number> {
  if (ids.length === 0) return 0;
  const rows: Array<Pick<AnnouncementRow, "id">> = await orm
    .update(sysAnnouncement)
    .set({ delFlag: DelFlag.deleted, updateBy: username, updateTime: new Date() })
    .where(and(inArray(sysAnnouncement.id, ids), eq(sysAnnouncement.tenantId, tenantId), eq(sysAnnouncement.delFlag, DelFlag.present)))
    .returning({ id: sysAnnouncement.id });
  return rows.length;
}
