// GET /api/notices/list — the bell's unread notices and system messages (docs/spec/app-shell.md §7:
// GET /sys/annountCement/listByUser).
import type { Route } from "./+types/list";
import { requireSignedIn } from "~/services/auth.server";
import type { NoticeAnswer, NoticeLists } from "~/components/shell/notices/notice-types";
import { loadNoticeLists, noticeFailure } from "./notices.server";

export async function loader(route: Route.LoaderArgs): Promise<NoticeAnswer<{ lists: NoticeLists }>> {
  const signedIn = await requireSignedIn(route);
  try {
    return { ok: true, lists: await loadNoticeLists(signedIn.api) };
  } catch (error) {
    return noticeFailure(error);
  }
}
