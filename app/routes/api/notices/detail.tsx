// GET /api/notices/detail?id= — one announcement for the notice modal, with the sender's real name
// (docs/spec/app-shell.md §2 "Notices", §7: GET /sys/annountCement/queryById and GET /sys/user/list).
import type { Route } from "./+types/detail";
import { requireSignedIn } from "~/services/auth.server";
import type { NoticeDetail, NoticeAnswer } from "~/components/shell/notices/notice-types";
import { announcementIdSchema, loadNoticeDetail, noticeFailure, refuseNotice } from "./notices.server";

export async function loader(route: Route.LoaderArgs) {
  const signedIn = await requireSignedIn(route);
  const id = announcementIdSchema.safeParse(route.url.searchParams.get("id") ?? "");
  if (!id.success) return refuseNotice("参数错误");
  try {
    return { ok: true, notice: await loadNoticeDetail(signedIn.api, id.data) } satisfies NoticeAnswer<{ notice: NoticeDetail }>;
  } catch (error) {
    return noticeFailure(error);
  }
}
