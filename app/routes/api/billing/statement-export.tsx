// GET /api/billing/statement-export?payerType=&payerId=&from=&to=: the statement's .xlsx, streamed
// from the backend (statement:export; logged as an export, docs/decisions/120 and 160).
import type { Route } from "./+types/statement-export";
import { Messages } from "#contract/messages";
import { getSignedIn } from "~/services/auth.server";
import { forwardedQuery, proxyDownload } from "~/services/download.server";

export async function loader(route: Route.LoaderArgs) {
  const { url } = route;
  const signedIn = await getSignedIn(route);
  if (!signedIn) return new Response(JSON.stringify({ ok: false, message: Messages.sessionExpired }), { status: 401, headers: { "Content-Type": "application/json; charset=utf-8" } });
  return proxyDownload(signedIn.api, "/billing/statement/exportXls", { query: forwardedQuery(url) });
}
