// Pushing a notice to its recipients' sockets (api-contract.md §8): `topic` for ALL (every user of
// the notice's tenant), `user` for USER (the users holding a read mark). The push is a hint to
// reload: the release itself is already stored, so a failed push is logged, not answered as an
// error.
import type { BackendServices } from "../../../services";
import { noticeBusOf } from "../../../realtime/bus-registry";
import type { NoticeAudience, NoticeFrame } from "../../../realtime/notice-frames";
import { MsgType } from "./constants";
import { markedUserIds } from "./recipients";
import type { AnnouncementRow } from "./schema";

export type PushedAnnouncement = Pick<AnnouncementRow, "id" | "titile" | "msgType" | "tenantId">;

export async function pushAnnouncement(services: BackendServices, row: PushedAnnouncement): Promise<void> {
  const broadcast = row.msgType === MsgType.all;
  const audience: NoticeAudience = broadcast
    ? { kind: "tenant", tenantId: row.tenantId }
    : { kind: "users", userIds: await markedUserIds(services.db.orm, row.id) };
  await publish(services, audience, { cmd: broadcast ? "topic" : "user", msgId: row.id, msgTxt: row.titile ?? "" });
}

/** A frame for the named users only. */
export async function pushToUsers(services: BackendServices, userIds: string[], frame: NoticeFrame): Promise<void> {
  await publish(services, { kind: "users", userIds }, frame);
}

async function publish(services: BackendServices, audience: NoticeAudience, frame: NoticeFrame): Promise<void> {
  if (audience.kind === "users" && audience.userIds.length === 0) return;
  try {
    await noticeBusOf(services).publish({ audience, frame });
  } catch (error) {
    services.logger.error(`[notices] push of ${frame.msgId || frame.cmd} failed`, error);
  }
}
