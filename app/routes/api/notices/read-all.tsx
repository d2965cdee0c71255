// POST /api/notices/read-all — 全部标注已读 (contract §8: PUT /sys/sysAnnouncementSend/readAll).
import type { Route } from "./+types/read-all";
import { requireSignedIn } from "~/services/auth.server";
import type { NoticeAnswer } from "~/components/shell/notices/notice-types";
import { markAllNoticesRead, noticeFailure } from "./notices.server";

export async function action(route: Route.ActionArgs): Promise<NoticeAnswer<{ message: string }>> {
  const signedIn = await requireSignedIn(route);
  try {
    return { ok: true, message: await markAllNoticesRead(signedIn.api) };
  } catch (error) {
    return noticeFailure(error);
  }
}
