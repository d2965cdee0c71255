// GET /sys/annountCement/show/{id}[?token=] (api-contract.md §2 anonymous URLs, §8): the original
// client's 查看 opens this page in a window of its own. As SysAnnouncementController.showContent:
// with a valid token the reader sees what queryById would show him (an administrator of the
// notice's tenant any notice of it, anyone else a published notice addressed to him); without one,
// only a published notice to everyone (msg_type ALL). Anything else is a 404 page. The body is
// cleaned again before it is served (docs/decisions/017, 042), under a CSP that runs no script.
import { and, eq, type SQL } from "drizzle-orm";
import { cleanRichText } from "#contract/rich-text";
import { authenticate, type AuthContext } from "../../../http/auth";
import { endpoint, type Endpoint, type EndpointRequest } from "../../../http/endpoint";
import { formatDateTime } from "../../../http/format";
import { userTenantIds } from "../../../crud/tenant";
import { ANNOUNCEMENT_MENU, MsgType } from "./constants";
import { isLive, reachesUser } from "./recipients";
import { sysAnnouncement, type AnnouncementRow } from "./schema";
import { requestId, visibleToAdmin } from "./wire";

const PAGE_POLICY = "default-src 'none'; img-src 'self' http: https: data:; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'self'";

const PRIORITY_TEXT: Record<string, string> = { L: "一般消息", M: "重要消息", H: "紧急消息" };

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}

/** The reader's session when the request carries a valid token; none otherwise (no error). */
async function optionalAuth(request: EndpointRequest): Promise<AuthContext | null> {
  try {
    return await authenticate(request.req, request.services);
  } catch {
    return null;
  }
}

async function readableNotice(request: EndpointRequest, id: string): Promise<AnnouncementRow | undefined> {
  const { orm } = request.services.db;
  const select = async (where: SQL) => (await orm.select().from(sysAnnouncement).where(where).limit(1))[0];
  const auth = await optionalAuth(request);
  if (auth) {
    if (await request.services.permissions.hasMenu(auth, ANNOUNCEMENT_MENU)) {
      const own = await select(visibleToAdmin(id, auth.tenantId || 1));
      if (own) return own;
    }
    const tenants = userTenantIds(auth.user.relTenantIds);
    const addressed = await select(and(eq(sysAnnouncement.id, id), isLive(), reachesUser(orm, auth.user.id, tenants))!);
    if (addressed) return addressed;
  }
  return select(and(eq(sysAnnouncement.id, id), isLive(), eq(sysAnnouncement.msgType, MsgType.all))!);
}

export function renderNoticePage(notice: AnnouncementRow): string {
  const title = escapeHtml(notice.titile ?? "");
  const meta = [notice.sender, formatDateTime(notice.sendTime ?? notice.createTime), PRIORITY_TEXT[notice.priority ?? ""]]
    .filter((part): part is string => Boolean(part))
    .map(escapeHtml)
    .join(" · ");
  return `<!DOCTYPE html>
<html lang="zh-CN">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title>
<style>
body { margin: 0; background: #f0f2f5; font: 14px/1.6 -apple-system, "PingFang SC", "Microsoft YaHei", sans-serif; color: rgba(0,0,0,.85); }
main { max-width: 800px; margin: 24px auto; padding: 24px 32px; background: #fff; border-radius: 4px; }
h1 { font-size: 22px; margin: 0 0 8px; }
.meta { color: rgba(0,0,0,.45); border-bottom: 1px solid #e8e8e8; padding-bottom: 12px; margin-bottom: 16px; }
img { max-width: 100%; }
</style>
</head>
<body>
<main>
<h1>${title}</h1>
<div class="meta">${meta}</div>
<article>${cleanRichText(notice.msgContent ?? "")}</article>
</main>
</body>
</html>`;
}

function sendHtml(request: EndpointRequest, status: number, html: string) {
  request.res.status(status).set({ "Content-Type": "text/html; charset=utf-8", "Content-Security-Policy": PAGE_POLICY, "Cache-Control": "no-store", "X-Content-Type-Options": "nosniff" }).send(html);
  return null;
}

const NOT_FOUND_PAGE = `<!DOCTYPE html><html lang="zh-CN"><head><meta charset="utf-8"><title>404</title></head><body><p>很抱歉，资源未找到!</p></body></html>`;

export const announcementShowEndpoints: Endpoint[] = [
  endpoint("GET", "/sys/annountCement/show/:id", "public", async (request) => {
    const id = requestId(request.params.id);
    const notice = id ? await readableNotice(request, id) : undefined;
    if (!notice) return sendHtml(request, 404, NOT_FOUND_PAGE);
    return sendHtml(request, 200, renderNoticePage(notice));
  }, { doc: { summary: "查看一条通知的内容页" } }),
];
