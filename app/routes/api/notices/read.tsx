// POST /api/notices/read (anntId) — marks one announcement read for the caller (docs/spec/app-shell.md
// §7: PUT /sys/sysAnnouncementSend/editByAnntIdAndUserId).
import type { Route } from "./+types/read";
import { requireSignedIn } from "~/services/auth.server";
import type { NoticeAnswer } from "~/components/shell/notices/notice-types";
import { announcementIdSchema, markNoticeRead, noticeFailure, refuseNotice } from "./notices.server";

export async function action(route: Route.ActionArgs) {
  const signedIn = await requireSignedIn(route);
  const anntId = announcementIdSchema.safeParse(String((await route.request.formData()).get("anntId") ?? ""));
  if (!anntId.success) return refuseNotice("参数错误");
  try {
    await markNoticeRead(signedIn.api, anntId.data);
    return { ok: true, anntId: anntId.data } satisfies NoticeAnswer<{ anntId: string }>;
  } catch (error) {
    return noticeFailure(error);
  }
}
