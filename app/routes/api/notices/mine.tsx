// GET /api/notices/mine?pageNo&pageSize&titile&sender&readFlag&msgCategory — one page of the
// caller's notices (contract §8: GET /sys/sysAnnouncementSend/getMyAnnouncementSend).
import type { Route } from "./+types/mine";
import { requireSignedIn } from "~/services/auth.server";
import { parseListState } from "~/lib/list-query";
import type { MyNoticeRecord, NoticeAnswer } from "~/components/shell/notices/notice-types";
import { loadMyNotices, noticeFailure } from "./notices.server";

export async function loader(route: Route.LoaderArgs): Promise<NoticeAnswer<{ records: MyNoticeRecord[]; total: number }>> {
  const signedIn = await requireSignedIn(route);
  try {
    return { ok: true, ...(await loadMyNotices(signedIn.api, parseListState(route.url.searchParams))) };
  } catch (error) {
    return noticeFailure(error);
  }
}
